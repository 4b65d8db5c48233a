"""A model option left out or pointing nowhere is one line naming the option to fix, not an OSError."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from townsfolk.sim.cli import app

FERRY = Path(__file__).resolve().parent.parent / "scenarios" / "ferry.yaml"


def test_a_missing_cassette_and_a_bare_openai_name_their_options(tmp_path: Path) -> None:
    for extra, words in ((["--llm", "replay", "--cassette", str(tmp_path / "none.jsonl")], ["--cassette", "no such file"]),
                         (["--llm", "openai"], ["--llm-url", "--model"])):
        done = CliRunner().invoke(app, ["play", str(FERRY), "--db", str(tmp_path / "r.db"), "--overwrite", *extra])
        said = " ".join(done.output.split())
        assert done.exit_code == 2 and all(w in said for w in words), said
        assert "Errno" not in said and "Traceback" not in said
