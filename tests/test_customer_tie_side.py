"""A `customer` tie is said from the side that trades (agents/dialogue.py `_who_sells`), en and zh: scenarios
tie a shop and its regular both ways, and every holder said "{X} buys from me" / "X是我的老主顾": 老顾客 called
the tea-house keeper his regular customer, Dora called the printer she orders from her customer. And a
persona that names the one speaking is said from its side: Tom of Jem, "he buys his flour from me", not
"from Tom"."""

from __future__ import annotations

from townsfolk import Town

EN = {"scenario": "Print shop", "language": "en", "seed": 3, "start": "2026-05-11T07:00", "tick": "1h",
      "characters": {"gus": {"name": "Gus", "role": "sells handbills and calling cards"}, "dora": {"name": "Dora", "role": "schoolteacher"},
                     "jem": {"name": "Jem", "role": "clerk", "persona": "Buys his paper from Gus."},
                     "p": {"name": "Sam", "player": True}},
      "relationships": [{"from": "dora", "to": "gus", "kind": "customer", "strength": 0.7, "mutual": True},
                        {"from": "jem", "to": "gus", "kind": "customer", "strength": 0.7, "mutual": True}]}


def test_the_buyer_says_it_buys() -> None:
    town = Town.from_scenario(EN)
    said = town.say("p", "dora", "What do you think of Gus?").text
    assert said.startswith("I buy from Gus"), said
    said = town.say("p", "gus", "What do you think of Dora?").text
    assert said.startswith("Dora buys from me"), said


def test_a_persona_naming_the_speaker_is_said_from_its_side() -> None:
    said = Town.from_scenario(EN).say("p", "gus", "What do you think of Jem?").text
    assert "from me" in said and "from Gus" not in said, said


def test_teahouse_regular_is_not_the_keeper_s_seller() -> None:
    town = Town.from_scenario("scenarios/teahouse.yaml")
    said = town.say("player", "guke", "你觉得阿青怎么样？").text
    assert "阿青是我的老主顾" not in said and said.startswith("我常照顾阿青的生意"), said
    said = town.say("player", "aqing", "你觉得老顾客怎么样？").text
    assert said.startswith("老顾客是我的老主顾"), said


def test_a_schoolteacher_sells_no_tea() -> None:
    from townsfolk.agents.trade_goods import trade_of

    assert trade_of("schoolteacher") is None and trade_of("tea seller") is not None and trade_of("teahouse keeper") is not None
