""""Do you blame Finn?" / 你怪阿福吗 asks the NPC's own feeling toward someone as fault: answered yes or
no from what it holds of them, in words of blame (it was answered with the story alone, no yes or no;
in zh with 我知道的就这些了)."""

from __future__ import annotations

from pathlib import Path

from tests.small_world import town_of
from townsfolk import Town
from townsfolk.agents.voice import question_kind

EN = """
scenario: bell foundry
language: en
characters:
  bram: {name: Bram, role: foundry master}
  tess: {name: Tess, role: bell tuner}
  finn: {name: Finn, role: furnace keeper}
  pilgrim: {name: Pilgrim, player: true}
relationships:
  - {from: tess, to: bram, kind: colleague, strength: 0.7}
timeline:
  - {at: 1, happen: {what: Finn let the furnace go cold and the new bell cracked, actor: finn, witnesses: [tess], valence: -0.5}}
"""

ZH = """
scenario: 戏班
language: zh
characters:
  laozhou: {name: 老周, role: 班主}
  hongyu: {name: 红玉, role: 花旦}
  afu: {name: 阿福, role: 琴师}
  ke: {name: 看客, player: true}
relationships:
  - {from: hongyu, to: laozhou, kind: colleague, strength: 0.7}
timeline:
  - {at: 1, happen: {what: 阿福拉错了调，红玉当众出了丑, actor: afu, witnesses: [hongyu], valence: -0.5}}
"""


def _town(tmp_path: Path, text: str) -> Town:
    return town_of(tmp_path, text, 2)


def test_blame_is_a_feeling_question() -> None:
    assert question_kind("Do you blame Finn?", "en") == "feeling"
    assert question_kind("你怪阿福吗？", "zh") == "feeling"
    assert question_kind("你奇怪吗？", "zh") != "feeling"


def test_en_blame_answered_yes_or_no(tmp_path: Path) -> None:
    town = _town(tmp_path, EN)
    yes = town.say("pilgrim", "tess", "Do you blame Finn?").text
    assert yes.startswith(("I do", "Some of it, yes")), yes
    assert "furnace" in yes
    no = town.say("pilgrim", "tess", "Do you blame Bram?").text
    assert no.startswith(("No, I don't blame Bram", "Not really, no")), no


def test_zh_blame_answered_yes_or_no(tmp_path: Path) -> None:
    town = _town(tmp_path, ZH)
    yes = town.say("ke", "hongyu", "你怪阿福吗？").text
    assert "怪" in yes and not yes.startswith(("不", "没")), yes
    no = town.say("ke", "hongyu", "你怪老周吗？").text
    assert no.startswith(("不，我不怪老周", "不怪")), no


COOL = """
scenario: cool meeting
language: {lang}
characters:
  bram: {{name: {bram}}}
  finn: {{name: {finn}}}
  olly: {{name: {olly}}}
  pilgrim: {{name: Pilgrim, player: true}}
relationships:
  - {{from: bram, to: finn, kind: colleague, strength: 0.7, mutual: true}}
timeline:
  - {{at: 1, say: {{speaker: olly, to: bram, about: finn, text: "{claim}"}}}}
  - {{at: 2, meet: [bram, finn]}}
"""


def test_their_coolness_seen_is_not_denied(tmp_path: Path) -> None:
    """"Is Bram angry with you?" of an NPC Bram was cool with: "Not that I know of. ... Bram was cool with
    me today" denied what it then told; now "Could be." (zh 说不定), the coolness after it."""
    for lang, names, claim, ask in (("en", ("Bram", "Finn", "Olly"), "Finn is lazy", "Is Bram angry with you?"),
                                    ("zh", ("老周", "阿福", "豆子"), "阿福干活马虎", "老周生你的气了吗？")):
        path = tmp_path / f"cool_{lang}.yaml"
        path.write_text(COOL.format(lang=lang, bram=names[0], finn=names[1], olly=names[2], claim=claim), encoding="utf-8")
        town = Town.from_scenario(path)
        town.advance(3)
        text = town.say("pilgrim", "finn", ask).text
        assert text.startswith(("Could be", "Maybe so", "说不定", "兴许")), text
        assert names[0] in text, text
