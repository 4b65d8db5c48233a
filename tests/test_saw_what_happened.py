""""Did you see what happened?" / 你看见出什么事了吗？ names no happening: a witness says yes and what she saw,
one who only heard says no and whom he had it from (Mabel, who saw it, answered with the story and no yes;
Gideon told by her answered "Mabel told me..." with no no; a meeting is not the happening asked after)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of
from tests.test_own_words_defended import EN, ZH

MEET_EN = EN + "  - {at: 3, meet: [gideon, rowan]}\n"
MEET_ZH = ZH + "  - {at: 3, meet: [sun, amu]}\n"


@pytest.mark.parametrize(("text", "player", "npc", "line", "yes", "what"), [
    (MEET_EN, "wren", "mabel", "Did you see what happened?", ("I saw it", "I was there"), "jars"),
    (MEET_ZH, "ke", "liushen", "你看见发生什么事了吗？", ("看见了", "亲眼看见"), "锯短"),
])
def test_a_witness_says_she_saw_it(tmp_path: Path, text: str, player: str, npc: str, line: str,
                                   yes: tuple[str, ...], what: str) -> None:
    said = town_of(tmp_path, text, 4).say(player, npc, line).text
    assert any(y in said for y in yes) and what in said, said


@pytest.mark.parametrize(("text", "player", "npc", "line", "no", "teller"), [
    (MEET_EN, "wren", "gideon", "Did you see what happened?", ("wasn't there", "didn't see it"), "Mabel"),
    (MEET_ZH, "ke", "sun", "你看见出什么事了吗？", ("不在场", "没亲眼"), "刘婶"),
])
def test_one_who_only_heard_says_no_and_whom_from(tmp_path: Path, text: str, player: str, npc: str, line: str,
                                                  no: tuple[str, ...], teller: str) -> None:
    said = town_of(tmp_path, text, 4).say(player, npc, line).text
    assert any(n in said for n in no) and teller in said, said
