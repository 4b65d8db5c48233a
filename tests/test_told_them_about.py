""""What did you tell Wren about Hal?" / 你跟王嫂说了阿根什么？ asks after my telling of one person to another
(session 26: Tess, who told Dorrit only of Milo, answered "What did you tell Dorrit about Agnes?" with her telling
of Milo). The telling of the one asked after, or that I told them nothing of them (agents/my_tellings.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of
from tests.smithy_world import CAST_EN, CAST_ZH
from townsfolk.agents.my_tellings import told_about

EN = CAST_EN + """\
timeline:
  - {at: 1, say: {speaker: bram, to: wren, about: tobin, text: "Tobin rushed the hinge again. Careless work."}}
  - {at: 2, say: {speaker: bram, to: hal, about: wren, text: "Wren brought wet charcoal"}}
"""
ZH = CAST_ZH + """\
timeline:
  - {at: 1, say: {speaker: lao, to: sao, about: xiao, text: "小顺又把豆腐点老了，干活太马虎。"}}
  - {at: 2, say: {speaker: lao, to: gen, about: sao, text: "王嫂送来的黄豆是潮的"}}
"""


def test_the_one_asked_after() -> None:
    names = ["Wren", "Tobin", "Hal"]
    assert told_about("What did you tell Wren about Tobin?", "en", names, "Wren") == "Tobin"
    assert told_about("What did you tell Wren?", "en", names, "Wren") is None
    assert told_about("你跟王嫂说了阿根什么？", "zh", ["王嫂", "阿根"], "王嫂") == "阿根"
    assert told_about("关于阿根，你跟王嫂说过什么？", "zh", ["王嫂", "阿根"], "王嫂") == "阿根"
    assert told_about("你跟王嫂说了什么？", "zh", ["王嫂", "阿根"], "王嫂") is None


@pytest.mark.parametrize(("text", "npc", "told", "other", "nothing", "told_words"), [
    (EN, "bram", "What did you tell Wren about Tobin?", "What did you tell Wren about Hal?",
     "I haven't told Wren anything about Hal.", "rushed"),
    (ZH, "lao", "你跟王嫂说了小顺什么？", "你跟王嫂说了阿根什么？", "我没跟王嫂说过阿根什么。", "点老")])
def test_what_i_told_them_of_someone(tmp_path: Path, text: str, npc: str, told: str, other: str, nothing: str,
                                     told_words: str) -> None:
    town = town_of(tmp_path, text, 3)
    player = "visitor" if npc == "bram" else "ke"
    said = town.say(player, npc, other).text
    assert said.startswith(nothing), said
    said = town.say(player, npc, told).text
    assert told_words in said and "charcoal" not in said and "黄豆" not in said, said
