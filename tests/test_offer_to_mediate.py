"""A player's offer to speak to someone for the NPC ("I'll talk to Gideon for you." / 我帮你跟孙掌柜说说吧。) is
answered from what lies between them: Rowan, whose mix-up soured Gideon, said "Is that so? I ran into Gideon
and we chatted."; 老周, whom 孙掌柜 was cold with, 放心，这话我一定带给孙掌柜。 (a message he would carry)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of
from tests.test_sorry_asked import EN, ZH

MET_ZH = ZH + "  - {at: 3, meet: [sun, laozhou]}\n"


@pytest.mark.parametrize(("text", "player", "npc", "line", "want", "wrong"), [
    (EN, "wren", "rowan", "I'll talk to Gideon for you.", ("sorry",), ("we chatted", "Is that so")),  # my wrong
    (EN, "wren", "gideon", "I'll talk to Rowan for you.", ("explaining", "hear it from"), ("we chatted",)),  # my grievance
    (EN, "wren", "rowan", "Let me put in a word with Mabel.", ("nothing to mend", "good terms"), ()),
    (MET_ZH, "ke", "amu", "我去跟孙掌柜说说。", ("赔个不是", "对不住"), ("带给",)),
    (MET_ZH, "ke", "laozhou", "我帮你跟孙掌柜说说吧。", ("得罪", "怎么了"), ("带给",)),  # his puzzling coldness
    (MET_ZH, "ke", "sun", "我去跟老周说说。", ("自己说", "交代"), ("带给",)),
])
def test_an_offer_to_speak_for_me_is_answered_from_what_lies_between(
        tmp_path: Path, text: str, player: str, npc: str, line: str, want: tuple[str, ...], wrong: tuple[str, ...]) -> None:
    said = town_of(tmp_path, text, 4).say(player, npc, line).text
    assert any(w in said for w in want) and not any(w in said for w in wrong), said
