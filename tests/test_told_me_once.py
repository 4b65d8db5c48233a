""""What did Maud tell you?" after Maud passed on a tale: her telling said once (session 26: Pip said it twice, once
from the belief it brought and once from his memory of hearing it; agents/voice.py `_told_me_what`)."""

from __future__ import annotations

from pathlib import Path

from tests.small_world import town_of
from tests.smithy_world import CAST_EN

EN = CAST_EN + """\
timeline:
  - {at: 1, say: {speaker: bram, to: wren, about: tobin, text: "Tobin let the fire go out. Careless boy."}}
  - {at: 2, gossip: {teller: wren, to: hal, about: tobin}}
"""


def test_a_passed_on_tale_is_said_once(tmp_path: Path) -> None:
    town = town_of(tmp_path, EN, 3)
    said = town.say("visitor", "hal", "What did Wren tell you?").text
    assert said.count("fire") == 1, said
