""""小满怎么样？" — the commonest way to ask after someone — is what they are like (newcomer L-7: 周师傅 answered
就像我刚才说的，就这些了，别的我也不知道 of his own apprentice; "小满这人怎么样？" worked), and "你徒弟小满" is 小满, not
the other apprentice the master holds more of."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of

ZH = """
scenario: 染坊
language: zh
characters:
  zhou: {name: 周师傅, role: 染坊掌柜, pronoun: he}
  axiu: {name: 阿秀, role: 染工, pronoun: she, persona: 手巧，心细}
  xiaoman: {name: 小满, role: 学徒, pronoun: he, persona: 老实，话少}
  ke: {name: 客商, player: true}
relationships:
  - {from: zhou, to: axiu, kind: mentor, strength: 0.8}
  - {from: zhou, to: xiaoman, kind: mentor, strength: 0.7}
timeline:
  - {at: 1, happen: {what: 阿秀把一匹布染花了, actor: axiu, witnesses: [zhou], valence: -0.3}}
"""


@pytest.mark.parametrize("line", ["小满怎么样？", "小满这孩子怎么样？", "你徒弟小满怎么样？"])
def test_how_is_someone_is_what_they_are_like(tmp_path: Path, line: str) -> None:
    said = town_of(tmp_path, ZH, 2).say("ke", "zhou", line).text
    assert "小满" in said and "老实" in said and "就这些" not in said and "阿秀" not in said, said
