""""What will you do now?" / 那你打算怎么办？ / 你会去找柳娘算账吗？ is answered from my stance (agents/my_plans.py).

Found by the coordinator and the newcomers (C-4, N-14, N-37): Tobin and 小桃, hurt by a rumour, said "Can't
say I know, I'm afraid." / 这个我说不上来。; 石头, asked whether he would settle scores with 柳娘, denied a deed."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.my_plans import PLANS, asks_my_plan

NAMES = {"en": {"maud": "Maud", "wren": "Wren", "tobin": "Tobin", "esk": "Esk"},
         "zh": {"maud": "周掌柜", "wren": "李嫂", "tobin": "小桃", "esk": "阿水"}}
TOLD = {"en": "Maud says you are careless", "zh": "周掌柜嫌你马虎"}


def test_what_asks_my_plan() -> None:
    for q in ("What will you do now?", "What are you going to do?", "Will you have it out with Maud?"):
        assert asks_my_plan(q, "en"), q
    for q in ("那你打算怎么办？", "你会去找柳娘算账吗？", "那你怎么办？"):
        assert asks_my_plan(q, "zh"), q
    assert not asks_my_plan("What will you have?", "en") and not asks_my_plan("你打算几点走？", "zh")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_held_hurt_is_taken_up_with_its_sayer_and_no_scores_are_settled(lang: str) -> None:
    names = NAMES[lang]
    town = Town.from_scenario({
        "scenario": "plans", "language": lang, "seed": 4, "start": "2026-04-10T08:00", "tick": "1h",
        "characters": {**{k: {"name": n, "role": "worker"} for k, n in names.items()},
                       "p": {"name": "Rowan" if lang == "en" else "客人", "player": True}},
        "relationships": [{"from": "tobin", "to": "maud", "kind": "colleague", "strength": 0.7, "mutual": True}],
        "timeline": [{"at": 1, "say": {"speaker": "wren", "to": "tobin", "about": "maud", "text": TOLD[lang]}}]})
    town.advance(1)
    said = town.say("p", "tobin", "What will you do now?" if lang == "en" else "那你打算怎么办？").text
    assert any(said == o.format(who=names["maud"]) for o in PLANS[lang]["ask"]), said
    calm = town.say("p", "tobin", "Will you have it out with Esk?" if lang == "en" else "你会去找阿水算账吗？").text
    assert calm in PLANS[lang]["calm"], calm
