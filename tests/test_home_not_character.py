"""A generated town's persona "住在韩家" is where someone lives, not what they are like (newcomer L-30): "韩超是我家里
人，为人住在韩家" (为人 introduces a character; of one's own household it says nothing at all)."""

from __future__ import annotations

from pathlib import Path

from tests.small_world import town_of

ZH = """
scenario: 桑园
language: zh
characters:
  hanping: {name: 韩平, role: 蚕农, pronoun: he, persona: 住在韩家}
  hanchao: {name: 韩超, role: 蚕农, pronoun: he, persona: 住在韩家}
  zeng: {name: 曾刚顺, role: 蚕农, pronoun: he, persona: 住在曾家}
  ke: {name: 收丝客, player: true}
relationships:
  - {from: hanping, to: hanchao, kind: family, strength: 0.8, mutual: true}
  - {from: hanping, to: zeng, kind: colleague, strength: 0.6, mutual: true}
timeline:
  - {at: 1, happen: {what: 韩超喂了蚕, actor: hanchao, witnesses: [zeng], valence: 0.1}}
"""


def test_where_someone_lives_is_no_character(tmp_path: Path) -> None:
    town = town_of(tmp_path, ZH, 2)
    kin = town.say("ke", "hanping", "韩超是谁？").text
    assert "为人住在" not in kin and "住在韩家" not in kin and "家里人" in kin, kin
    work = town.say("ke", "hanping", "曾刚顺是谁？").text
    assert "为人住在" not in work and "住在曾家" in work, work
