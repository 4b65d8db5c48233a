"""After my answer to "Wren only said the hinge was late." (agents/only_said.py), "Who told you?" and "Is it true?"
are of the harsher word I was told (session 26: Tess answered them with Milo's tale that only named her teller):
that reply's grounding is the story, the asker's own words are no source, and "I had it from Hal." is Hal's telling."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of
from tests.smithy_world import CAST_EN, CAST_ZH

EN = CAST_EN + """\
timeline:
  - {at: 1, say: {speaker: hal, to: bram, about: tobin, text: "Wren says Tobin is a lazy good-for-nothing"}}
  - {at: 2, say: {speaker: tobin, to: bram, about: hal, text: "Hal broke the anvil"}}
"""
ZH = CAST_ZH + """\
timeline:
  - {at: 1, say: {speaker: gen, to: lao, about: xiao, text: "王嫂说小顺是个懒骨头"}}
  - {at: 2, say: {speaker: xiao, to: lao, about: gen, text: "阿根把水桶摔破了"}}
"""


@pytest.mark.parametrize(("text", "player", "npc", "account", "source", "true", "teller", "other"), [
    (EN, "visitor", "bram", "Wren only said the hinge was late.", "Who told you?", "Is it true?", "Hal", "anvil"),
    (ZH, "ke", "lao", "王嫂只说了豆腐晚了。", "谁跟你说的？", "是真的吗？", "阿根", "水桶")])
def test_the_story_after_an_only_said_account(tmp_path: Path, text: str, player: str, npc: str, account: str,
                                              source: str, true: str, teller: str, other: str) -> None:
    town = town_of(tmp_path, text, 3)
    said = town.say(player, npc, account).text
    assert teller in said, said
    for asked in (source, true):
        said = town.say(player, npc, asked).text
        assert teller in said and other not in said, said
