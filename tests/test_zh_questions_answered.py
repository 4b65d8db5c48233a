"""Questions a newcomer put that were answered as something else: "你还记得我吗？" from one who told
the NPC a rumour and talked with it ("不太记得了" because the rumour, carried by its belief, was the
one memory picked), "你和小虎和好了吗？" read as an accusation ("没有，不是我干的。"), and
"马是你放跑的吗？" denied by the one whose untied horse ran off (the deed tells only the result)."""

from __future__ import annotations

from townsfolk import Town

ZH = """
scenario: 驿站
language: zh
seed: 3
start: 2026-11-10T07:00
tick: 1h
characters:
  laoqin: {name: 老秦, role: 驿丞, traits: {candour: 0.8}}
  xiaohu: {name: 小虎, role: 马夫, traits: {candour: 0.6}}
  ahua: {name: 阿花, role: 茶棚老板, traits: {candour: 0.7}}
  yunniang: {name: 云娘, player: true}
  shitou: {name: 石头, player: true}
relationships:
  - {from: laoqin, to: xiaohu, kind: mentor, strength: 0.8, mutual: true}
timeline:
  - {at: 1, happen: {what: 小虎夜里忘了拴马，驿站的一匹马跑到了山坡上, actor: xiaohu, witnesses: [laoqin], valence: -0.3}}
  - {at: 1, ask: {player: yunniang, npc: ahua, text: 我叫云娘，刚到这儿。来碗热茶，多少钱？}}
  - {at: 2, tell: {speaker: yunniang, to: ahua, about: laoqin, text: 老秦给人算错了账}}
"""

EN = """
scenario: Ferry
language: en
seed: 3
characters:
  tomas: {name: Tomas, role: ferryman}
  bram: {name: Bram, role: miller}
  lin: {name: Lin, player: true}
relationships:
  - {from: tomas, to: bram, kind: friend, strength: 0.7, mutual: true}
"""


def _town(text: str, seed: int) -> Town:
    town = Town.from_scenario(text.replace("seed: 3", f"seed: {seed}"))
    town.advance(3)
    return town


def test_one_who_talked_with_me_and_told_me_a_rumour_is_remembered() -> None:
    for seed in range(3):
        town = _town(ZH, seed)
        said = town.say("yunniang", "ahua", "你还记得我吗？").text
        assert "记得" in said and "见过" not in said and "不是我" not in said, said
        assert "见过" in town.say("shitou", "ahua", "你还记得我吗？").text  # never met: honestly not


def test_a_question_about_making_up_is_answered_from_the_tie() -> None:
    for seed in range(3):
        town = _town(ZH, seed)
        for words in ("你和小虎和好了吗？", "你跟小虎已经和好了没有？", "你和小虎讲和了吗"):
            said = town.say("shitou", "laoqin", words).text
            assert "不是我" not in said and "小虎" in said, (words, said)
        town = _town(EN, seed)
        for words in ("Have you made up with Bram?", "Did you and Bram make up?", "Have you and Bram made up yet?"):
            said = town.say("lin", "tomas", words).text
            assert "Bram" in said and "didn't" not in said and "wasn't me" not in said.lower(), (words, said)


def test_the_thing_let_run_off_is_owned_up_to_by_its_result() -> None:
    for seed in range(3):
        town = _town(ZH, seed)
        said = town.say("yunniang", "xiaohu", "马是你放跑的吗？").text
        assert "不是我" not in said and "是我" in said, said
        # another thing that ran off is still not his doing
        assert "不是我" in town.say("yunniang", "xiaohu", "鸡是你放跑的吗？").text
