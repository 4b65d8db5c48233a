""""王婶嘴可真快" / "Wren has a loose tongue, that one": a remark on someone's gossiping, met as a remark from what
I hold of them (agents/tongue_remark.py), never as news to weigh (session 26: 小梅 said 真的？, Tess "Oh, is that so?")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of
from tests.smithy_world import CAST_EN, CAST_ZH
from townsfolk.agents.tongue_remark import is_tongue_remark

EN = CAST_EN + """\
timeline:
  - {at: 1, say: {speaker: wren, to: bram, about: tobin, text: "Tobin rushed the hinge again"}}
"""
ZH = CAST_ZH + """\
timeline:
  - {at: 1, say: {speaker: sao, to: lao, about: xiao, text: "小顺又把豆腐点老了"}}
"""


def test_what_is_a_tongue_remark() -> None:
    assert is_tongue_remark("She has a loose tongue, that one", "en")
    assert is_tongue_remark("Wren is a terrible gossip.", "en") and is_tongue_remark("王婶嘴可真快", "zh")
    assert is_tongue_remark("阿根爱传闲话", "zh")
    assert not is_tongue_remark("You've a loose tongue.", "en") and not is_tongue_remark("你嘴真快", "zh")
    assert not is_tongue_remark("Who has a loose tongue here?", "en") and not is_tongue_remark("Wren spoiled the charcoal", "en")


@pytest.mark.parametrize(("text", "player", "gossip", "remark", "told"), [
    (EN, "visitor", ("bram", "Wren has a loose tongue, that one."), ("tobin", "Hal is a terrible gossip."),
     "rushed"),
    (ZH, "ke", ("lao", "王嫂嘴可真快"), ("xiao", "阿根爱传闲话"), "点老")])
def test_a_tongue_remark_is_met_as_a_remark(tmp_path: Path, text: str, player: str, gossip: tuple[str, str],
                                            remark: tuple[str, str], told: str) -> None:
    town = town_of(tmp_path, text, 2)
    said = town.say(player, *gossip).text  # she carried a tale to me: agreed, and the tale
    assert told in said and ("not wrong" in said or "true enough" in said if player == "visitor"
                             else "嘴是快" in said or "不假" in said), said
    said = town.say(player, *remark).text  # my friend: his part taken
    assert ("no malice" in said or "no harm" in said) if player == "visitor" else ("坏心" in said or "不坏" in said), said
    said = town.say(player, "bram" if player == "visitor" else "lao", remark[1]).text  # one I hardly know: can't say
    assert ("wouldn't know" in said or "Can't say" in said) if player == "visitor" else "说不好" in said, said
