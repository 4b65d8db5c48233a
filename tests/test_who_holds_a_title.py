"""Who holds a title, asked by it (newcomer L-27): "Who is the schoolmistress?", "Who's the vicar?", 谁是掌柜？,
谁是绣娘？ got "Only what I said: ..." / "I haven't heard anything about that." / 这个我不太清楚, in worlds where one
NPC holds each; a role said with what its holder does ("vicar who sits on the school board") was titled by its
last word ("the board"). And "Where can I get my washing done?" / "Who sells firewood?" find the seller."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of

EN = """
scenario: school
language: en
characters:
  agatha: {name: Agatha, role: schoolmistress, pronoun: she}
  ned: {name: Ned, role: school caretaker who chops the firewood, pronoun: he, sells: [{ware: firewood, price: 2, per: bundle}]}
  bessie: {name: Bessie, role: laundress whose two boys are in the school, pronoun: she, sells: [{ware: washing, price: 3, per: basket}]}
  hale: {name: Reverend Hale, role: vicar who sits on the school board, pronoun: he}
  kit: {name: Kit, player: true}
relationships:
  - {from: ned, to: agatha, kind: colleague, strength: 0.7, mutual: true}
timeline:
  - {at: 1, happen: {what: Ned swept the schoolroom, actor: ned, witnesses: [agatha], valence: 0.1}}
"""

ZH = """
scenario: 染坊
language: zh
characters:
  zhou: {name: 周师傅, role: 染坊掌柜, pronoun: he}
  xiaoman: {name: 小满, role: 染坊学徒, pronoun: he}
  liu: {name: 刘婶, role: 隔壁绣娘, pronoun: she}
  ke: {name: 客商, player: true}
relationships:
  - {from: zhou, to: xiaoman, kind: mentor, strength: 0.7}
timeline:
  - {at: 1, happen: {what: 小满晾好了绸子, actor: xiaoman, witnesses: [zhou], valence: 0.1}}
"""


@pytest.mark.parametrize(("text", "player", "npc", "line", "want"), [
    (EN, "kit", "ned", "Who is the schoolmistress?", "That's Agatha"),
    (EN, "kit", "ned", "Who's the vicar?", "That's Reverend Hale"),
    (EN, "kit", "ned", "Who's the caretaker?", "That's me"),
    (ZH, "ke", "xiaoman", "谁是掌柜？", "是周师傅"),
    (ZH, "ke", "xiaoman", "谁是绣娘？", "是刘婶"),
    (ZH, "ke", "xiaoman", "谁是学徒？", "就是我"),
])
def test_who_holds_a_title(tmp_path: Path, text: str, player: str, npc: str, line: str, want: str) -> None:
    said = town_of(tmp_path, text, 2).say(player, npc, line).text
    assert said.startswith(want) or f"，{want}" in said or f". {want}" in said, said


@pytest.mark.parametrize(("line", "want", "wrong"), [
    ("Where can I get my washing done?", "Bessie", "not my line"),
    ("Who sells firewood?", "I do", "haven't heard"),
])
def test_where_to_get_a_ware(tmp_path: Path, line: str, want: str, wrong: str) -> None:
    said = town_of(tmp_path, EN, 2).say("kit", "ned", line).text
    assert want in said and wrong not in said and "whose two boys" not in said, said
