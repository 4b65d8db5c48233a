"""What an NPC sells, in worlds we did not write: a scenario's `sells:` key prices its wares as written; the
wares a role's own words name (秦嫂, 驿站厨娘，卖热汤面和馒头) are priced, never another ware (asked 热汤面,
she answered 烧饼啊，一个2文); "a room and a bowl of soup?" prices both, not the room alone."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.sim.scenario import ScenarioError, parse_scenario
from townsfolk.world.characters import Sale


def _town(lang: str, role: str) -> Town:
    town = Town.from_scenario({"scenario": "wares", "language": lang, "seed": 9, "start": "2026-05-02T08:00",
                               "tick": "1h", "place": "x", "timeline": [],
                               "characters": {"mae": {"name": "秦嫂" if lang == "zh" else "Mae", "role": role},
                                              "kit": {"name": "沈郎" if lang == "zh" else "Kit", "player": True}}})
    town.advance(1)
    return town


def test_the_ware_asked_is_the_ware_priced_when_the_role_names_it() -> None:
    town = _town("zh", "驿站厨娘，卖热汤面和馒头")
    said = town.say("kit", "mae", "秦嫂，一碗热汤面多少钱？").text
    assert "热汤面" in said and "一碗" in said and "烧饼" not in said, said
    said = town.say("kit", "mae", "馒头多少钱？").text
    assert "馒头" in said and "烧饼" not in said, said


def test_a_baker_asked_for_noodles_does_not_price_bread() -> None:
    said = _town("zh", "卖烧饼的").say("kit", "mae", "一碗热汤面多少钱？").text
    # no bread priced; since N-19 (session 23) the noodles are said not kept, beside what she does sell
    assert "文" not in said and "不卖热汤面" in said, said


def test_two_wares_asked_are_both_priced() -> None:
    said = _town("en", "innkeeper who sells rooms and hot soup").say(
        "kit", "mae", "Evening, Mae. How much for a room and a bowl of soup?").text
    assert "a night" in said and "soup" in said and "a bowl" in said, said


@pytest.mark.parametrize("lang,sale,asked,want", [
    ("en", Sale(ware="stew", price=3, per="bowl"), "How much for the stew?", ("3 pence", "a bowl")),
    ("en", Sale(ware="passage", price=40, per="head", words=["fare", "berth"]), "What's the price of a berth?",
     ("40 pence", "a head")),
    ("zh", Sale(ware="热汤面", price=8, per="碗"), "热汤面多少钱？", ("热汤面", "一碗8文")),
])
def test_a_scenario_says_what_a_character_sells(lang: str, sale: Sale, asked: str, want: tuple[str, ...]) -> None:
    town = _town(lang, "porter")  # a role no trade knows: only `sells:` says what it sells
    town.world.character("mae").sells = [sale]
    said = town.say("kit", "mae", asked).text
    assert all(w in said for w in want), said


_YAML = """scenario: s
language: en
seed: 1
start: 2026-05-02T08:00
tick: 1h
place: x
characters:
  mae: {name: Mae, role: cook, sells: [{ware: stew, price: 3, per: bowl}, {ware: passage, prize: 40}]}
timeline: []
"""


def test_sells_is_validated_and_read() -> None:
    ok = parse_scenario(_YAML.replace("prize: 40", "price: 40"), "w.yaml")
    assert [s.ware for s in ok.characters["mae"].sells] == ["stew", "passage"]
    with pytest.raises(ScenarioError) as exc:
        parse_scenario(_YAML, "w.yaml")
    said = str(exc.value)
    assert "w.yaml:8" in said and "sells[1]" in said, said
    assert "prize" in said, said
    with pytest.raises(ScenarioError) as exc:
        parse_scenario(_YAML.replace("prize: 40", "price: -1"), "w.yaml")
    assert "price" in str(exc.value), str(exc.value)


@pytest.mark.parametrize(("lang", "sells", "asked", "want"), [
    ("en", [{"ware": "stew", "price": 3, "per": "bowl"}], "How much for the stew?", ("Stew", "3", "bowl")),
    ("zh", [{"ware": "热汤面", "price": 8, "per": "碗"}], "热汤面多少钱？", ("热汤面", "8文")),
])
def test_a_played_scenario_prices_what_its_sells_key_says(lang: str, sells: list, asked: str, want: tuple) -> None:
    """The key reaches play: the world built from the scenario holds it (sim/engine.build_world)."""
    town = Town.from_scenario({"scenario": "wares", "language": lang, "seed": 9, "start": "2026-05-02T08:00",
                               "tick": "1h", "place": "x", "timeline": [],
                               "characters": {"mae": {"name": "秦嫂" if lang == "zh" else "Mae", "role": "porter",
                                                      "sells": sells},
                                              "kit": {"name": "沈郎" if lang == "zh" else "Kit", "player": True}}})
    town.advance(1)
    said = town.say("kit", "mae", asked).text
    assert all(w in said for w in want), said
