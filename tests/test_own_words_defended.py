"""Words of my own put to me, defended: never "I only passed on what I heard" of words nobody told me.
Mabel saw Rowan mix up two jars and told Gideon "Rowan nearly poisoned you"; asked "Why did you tell
Gideon that?" she said "I just said what I'd been told; I didn't make it up." (sentences of my own world)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of

EN = """
scenario: apothecary
language: en
characters:
  rowan: {name: Rowan, role: apprentice, pronoun: he}
  mabel: {name: Mabel, role: washerwoman, pronoun: she, traits: {candour: 0.2, exaggeration: 0.9}}
  gideon: {name: Gideon, role: miller, pronoun: he}
  wren: {name: Wren, player: true}
relationships:
  - {from: mabel, to: gideon, kind: neighbour, strength: 0.6, mutual: true}
timeline:
  - {at: 1, happen: {what: Rowan mixed up two jars and the cough syrup came out bitter, actor: rowan, witnesses: [mabel], valence: -0.4}}
  - {at: 2, say: {speaker: mabel, to: gideon, about: rowan, text: Rowan nearly poisoned you with that syrup}}
"""

ZH = """
scenario: 木匠铺
language: zh
characters:
  amu: {name: 阿木, role: 徒弟, pronoun: he}
  liushen: {name: 刘婶, role: 邻居, pronoun: she, traits: {candour: 0.2, exaggeration: 0.9}}
  sun: {name: 孙掌柜, role: 茶馆掌柜, pronoun: he}
  ke: {name: 客人, player: true}
relationships:
  - {from: liushen, to: sun, kind: neighbour, strength: 0.6, mutual: true}
timeline:
  - {at: 1, happen: {what: 阿木把方桌的桌腿锯短了一截, actor: amu, witnesses: [liushen], valence: -0.4}}
  - {at: 2, say: {speaker: liushen, to: sun, about: amu, text: 阿木偷工减料，糊弄你}}
"""


@pytest.mark.parametrize(("text", "player", "npc", "line", "false_defence"), [
    (EN, "wren", "mabel", "Why did you tell Gideon that?", ("passed on what I heard", "what I'd been told")),
    (ZH, "ke", "liushen", "你为什么跟孙掌柜那么说？", ("听来的话", "听人说的")),
])
def test_my_own_words_are_not_defended_as_hearsay(tmp_path: Path, text: str, player: str, npc: str, line: str,
                                                  false_defence: tuple[str, ...]) -> None:
    town = town_of(tmp_path, text, 3)
    said = town.say(player, npc, line).text
    assert not any(f in said for f in false_defence), said


@pytest.mark.parametrize("line", ["你把话说重了。", "你这话说过头了。"])
def test_zh_you_made_it_sound_worse_is_put_to_my_words(tmp_path: Path, line: str) -> None:
    """你把话说重了 (you made it sound worse) was small talk: 天气不错啊。"""
    town = town_of(tmp_path, ZH, 3)
    said = town.say("ke", "liushen", line).text
    assert "孙掌柜" in said and "天气" not in said, said
