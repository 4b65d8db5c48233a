"""The plainest ways to say a secret are confidences (newcomer L-34, privacy): "This is a secret: ...", "Don't say
anything to Ned, but ...", "... Don't let Ned know.", 这是秘密, 别让周师傅知道, 别跟周师傅说 were not, and went word
for word to another player ("Kit said to me, 'This is a secret: Bessie took my scarf'")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of
from townsfolk.memory.privacy import asks_to_keep_secret

EN = """
scenario: school
language: en
characters:
  agatha: {name: Agatha, role: schoolmistress, pronoun: she}
  bessie: {name: Bessie, role: laundress, pronoun: she}
  ned: {name: Ned, role: caretaker, pronoun: he}
  kit: {name: Kit, player: true}
  tam: {name: Tam, player: true}
relationships:
  - {from: agatha, to: ned, kind: colleague, strength: 0.8, mutual: true}
timeline:
  - {at: 1, happen: {what: Ned swept the schoolroom, actor: ned, witnesses: [agatha], valence: 0.1}}
"""

ZH = """
scenario: 染坊
language: zh
characters:
  zhou: {name: 周师傅, role: 染坊掌柜, pronoun: he}
  axiu: {name: 阿秀, role: 染工, pronoun: she}
  liu: {name: 刘婶, role: 绣娘, pronoun: she}
  ke: {name: 客商, player: true}
  huo: {name: 货郎, player: true}
timeline:
  - {at: 1, happen: {what: 阿秀晾好了绸子, actor: axiu, witnesses: [zhou], valence: 0.1}}
"""


@pytest.mark.parametrize(("text", "teller", "other", "npc", "secret", "ask", "words"), [
    (EN, "kit", "tam", "agatha", "This is a secret: Bessie took my scarf.", "What did Kit tell you?", "scarf"),
    (EN, "kit", "tam", "agatha", "Don't say anything to Ned, but Bessie took my scarf.", "What did Kit tell you?", "scarf"),
    (EN, "kit", "tam", "agatha", "Bessie took my scarf. Don't let Ned know.", "What did Kit tell you?", "scarf"),
    (ZH, "ke", "huo", "axiu", "这是秘密：刘婶拿了我的帕子。", "客商跟你说什么了？", "帕子"),
    (ZH, "ke", "huo", "axiu", "别让周师傅知道，刘婶拿了我的帕子。", "客商跟你说什么了？", "帕子"),
    (ZH, "ke", "huo", "axiu", "别跟周师傅说，我觉得刘婶拿了我的帕子。", "客商跟你说什么了？", "帕子"),
])
def test_a_secret_said_plainly_never_reaches_another_player(tmp_path: Path, text: str, teller: str, other: str,
                                                            npc: str, secret: str, ask: str, words: str) -> None:
    town = town_of(tmp_path, text, 2)
    town.say(teller, npc, secret)
    said = town.say(other, npc, ask).text
    assert words not in said, said


@pytest.mark.parametrize("line", ["Don't tell me you forgot the stove!", "Don't tell lies about Tom.", "别跟他说谎",
                                  "别跟我说这些", "Don't let me down.", "It's no secret that Ned is late."])
def test_no_secret_where_none_is_asked(line: str) -> None:
    assert not asks_to_keep_secret(line)
