"""'Who twisted the words?' / 当初是谁把话传歪的？ / 谁添油加醋了？ after a mediation set me right: the teller of
the telling set right since, what they told me and what was really said (newcomer N-8: 阿全 said
我还真不知道; the shipped teahouse and bakery, played to their end); nobody, before anything was set right."""

from __future__ import annotations

from pathlib import Path

import pytest

from townsfolk import Town
from townsfolk.agents.twisted_asked import TWISTED, asks_who_twisted

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


@pytest.mark.parametrize(("file", "npc", "question", "teller", "really"), [
    ("teahouse.yaml", "xiaoliang", "当初是谁把话传歪的？", "老顾客", "迟到"),
    ("teahouse.yaml", "xiaoliang", "谁添油加醋了？", "老顾客", "迟到"),
    ("bakery.yaml", "tom", "Who twisted the words?", "Nell", "wrong flour"),
])
def test_the_one_who_twisted_it_is_named_with_what_was_really_said(file: str, npc: str, question: str,
                                                                   teller: str, really: str) -> None:
    town = Town.from_scenario(SCENARIOS / file)
    town.advance(town.scenario.last_tick + 1)
    player = next(c.id for c in town.world.characters.values() if c.is_player)
    said = town.say(player, npc, question).text
    assert said.startswith(TWISTED[town.world.language]["by"].format(teller=teller)), said
    assert really in said, said


def test_nothing_set_right_is_nobody_twisting() -> None:
    town = Town.from_scenario(SCENARIOS / "teahouse.yaml")
    town.advance(5)  # the harsher word has reached 小梁; nobody has set it right yet
    assert town.say("player", "xiaoliang", "当初是谁把话传歪的？").text == TWISTED["zh"]["none"]


def test_the_question_is_read() -> None:
    for q in ("Who twisted the words?", "Who made it sound worse?", "Who exaggerated?"):
        assert asks_who_twisted(q, "en"), q
    for q in ("当初是谁把话传歪的？", "谁添油加醋了？", "这话是谁传歪的？"):
        assert asks_who_twisted(q, "zh"), q
    assert not asks_who_twisted("Who told you?", "en") and not asks_who_twisted("谁跟你说的？", "zh")
