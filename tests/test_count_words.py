"""Counts read right for one ('1 telling', not '1 tellings') wherever a run's counts show, and an
offline play says no model was used rather than 'model calls 9 · tokens 0/0'."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from townsfolk.sim.cli import app
from townsfolk.sim.count_words import COUNT_WORDS, counted, model_calls_text, play_calls_text
from townsfolk.sim.messages import msg


@pytest.mark.parametrize("noun", sorted(COUNT_WORDS["en"]))
def test_one_is_singular_and_many_plural_in_english(noun: str) -> None:
    one, many = counted("en", 1, noun), counted("en", 2, noun)
    assert one.startswith("1 ") and many.startswith("2 ")
    if noun != "stifled":
        assert one != many.replace("2", "1"), (one, many)
    assert counted("en", 2000, noun).startswith("2,000 ")


def test_chinese_counts_keep_their_measure_word() -> None:
    assert counted("zh", 1, "telling") == "传话 1 次" and counted("zh", 3, "npc") == "3 个 NPC"
    assert counted("fr", 1, "event") == "1 event"  # any other language reads English


def test_model_calls_one_and_offline() -> None:
    assert model_calls_text("en", 1, offline=False) == "1 model call"
    assert play_calls_text("en", 9, 0, 0, offline=True) == "no model (offline)"
    assert play_calls_text("en", 3, 417, 168, offline=False) == "3 model calls · tokens in 417 / out 168"
    assert play_calls_text("zh", 9, 0, 0, offline=True) == "没有用模型（离线）"


def test_a_simulate_summary_with_counts_of_one() -> None:
    one = {k: counted("en", 1, k) for k in ("npc", "pair", "tick", "event", "telling", "stifled", "belief")}
    text = msg("en", "simulate.summary", title="T", npcs=one["npc"], ties=one["pair"], days=1, days_text="1 day",
               ticks=one["tick"], rate=1.0, events=one["event"], tellings=one["telling"], stifled=one["stifled"],
               beliefs=one["belief"], reached=one["npc"], model_calls="no model (offline)", build_s=0.1,
               run_s=0.1, target="x.db")
    for wrong in ("1 events", "1 tellings", "1 beliefs", "1 NPCs", "1 ticks", "1 tied pairs"):
        assert wrong not in text, (wrong, text)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_bar_says_one_telling(language: str) -> None:
    from townsfolk.sim.sim_progress import SimulateBar

    buf = io.StringIO()
    console = Console(file=buf, width=100, color_system=None, force_terminal=False)
    bar = SimulateBar(console, language=language, offline=False)
    bar.add_task("T", total=10, npcs=1, tellings=1, calls=1)
    console.print(bar.get_renderable())
    text = buf.getvalue()
    expected = ["1 NPC ", "1 telling ", "1 model call"] if language == "en" else ["1 个 NPC", "传话 1 次", "模型调用 1 次"]
    for word in expected:
        assert word in text + " ", (word, text)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_an_offline_play_summary_says_no_model(tmp_path: Path, language: str) -> None:
    scenario = tmp_path / "s.yaml"
    scenario.write_text(f"""\
scenario: s
language: {language}
characters:
  ann: {{name: Ann}}
  bo: {{name: Bo}}
  you: {{name: You, player: true}}
timeline:
  - {{at: 1, ask: {{player: you, npc: ann, text: "Hello"}}}}
""", encoding="utf-8")
    done = CliRunner().invoke(app, ["play", str(scenario), "--db", str(tmp_path / "s.db")])
    assert done.exit_code == 0, done.output[-1500:]
    said = " ".join(done.output.split())
    if language == "en":
        assert "no model (offline)" in said and "tokens" not in said and "model calls" not in said, said
    else:
        assert "没有用模型（离线）" in said and "词元" not in said and "模型调用" not in said, said
