""""Do you believe it?" / 你信吗？ after my recap of what I saw myself: I saw it, no hearsay to weigh (session 26:
Tess, who saw Milo drop the rope and said so, answered "I haven't heard anything about that."; agents/last_story.py,
agents/believe_question.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of
from tests.smithy_world import CAST_EN, CAST_ZH

EN = CAST_EN + """\
timeline:
  - {at: 1, happen: {what: "Tobin forged the gate hinge with a crack in it", actor: tobin, witnesses: [bram], valence: -0.3}}
  - {at: 2, say: {speaker: wren, to: bram, about: hal, text: "Hal lamed the grey mare"}}
"""
ZH = CAST_ZH + """\
timeline:
  - {at: 1, happen: {what: "小顺点卤点多了，一板豆腐点老了", actor: xiao, witnesses: [lao], valence: -0.3}}
  - {at: 2, say: {speaker: sao, to: lao, about: gen, text: "阿根把水桶摔破了"}}
"""


@pytest.mark.parametrize(("text", "npc", "player", "recap", "asked", "story", "seen"), [
    (EN, "bram", "visitor", "What did you see?", "Do you believe it?", "crack", "saw it"),
    (ZH, "lao", "ke", "你看见什么了？", "你信吗？", "点老", "亲眼")])
def test_what_i_saw_is_seen_not_believed(tmp_path: Path, text: str, npc: str, player: str, recap: str, asked: str,
                                        story: str, seen: str) -> None:
    town = town_of(tmp_path, text, 3)
    said = town.say(player, npc, recap).text
    assert story in said, said
    said = town.say(player, npc, asked).text
    assert seen in said, said
    assert "heard" not in said and "Hal" not in said and "阿根" not in said and "听说" not in said, said
