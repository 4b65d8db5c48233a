"""The boatman asked to take you across takes you, with the fare (newcomer K-36: 能带我过河吗？ got "这事我没听说过",
"Can you take me across?" "Can't help you there, I'm only the ferryman")."""

from __future__ import annotations

from pathlib import Path

import pytest

from townsfolk import Town


@pytest.mark.parametrize(("lang", "role", "asks", "yes"), [
    ("zh", "船工", ("能带我过河吗？", "可以送我过河吗？"), "上船"),
    ("en", "ferryman", ("Can you take me across?", "Will you ferry me over?"), "aboard"),
])
def test_boatman_takes_you_across(tmp_path: Path, lang: str, role: str, asks: tuple[str, ...], yes: str) -> None:
    path = tmp_path / "w.yaml"
    path.write_text(f"scenario: ferry\nlanguage: {lang}\ncharacters:\n  hob: {{name: Hob, role: {role}}}\n"
                    "  kit: {name: Kit, player: true}\n", encoding="utf-8")
    town = Town.from_scenario(path)
    town.advance(1)
    for ask in asks:
        said = town.say("kit", "hob", ask).text
        assert yes in said and any(c.isdigit() for c in said), (ask, said)
