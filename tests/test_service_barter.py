"""A thing offered for some work is answered as a bargain (agents/service_barter.py), en and zh: "A jug of ale
if you'll feed my horse?" said to a groom was small talk ("Quiet day so far."), and 一壶好酒换你帮我喂马 to a 马夫
was a request put off. The one whose work it is takes it, asks a little on top or names its price; one whose
work it is not says so, and names who does it."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.service_barter import PHRASES, read_service_offer

EN = {"scenario": "Inn", "language": "en", "seed": 5, "start": "2026-10-14T10:00", "tick": "1h",
      "characters": {"groom": {"name": "Hob", "role": "ostler"}, "smith": {"name": "Wat", "role": "smith"},
                     "cook": {"name": "Meg", "role": "cook"}, "p": {"name": "Jun", "player": True}}}
ZH = {"scenario": "店", "language": "zh", "seed": 5, "start": "2026-10-14T10:00", "tick": "1h",
      "characters": {"groom": {"name": "老马", "role": "马夫"}, "cook": {"name": "王嫂", "role": "厨娘"},
                     "p": {"name": "阿远", "player": True}}}


def _starts(said: str, lang: str, *keys: str) -> bool:
    heads = [o.split("{")[0] for k in keys for o in PHRASES[lang][k]]
    return any(said.startswith(h[:1].upper() + h[1:] if lang == "en" else h) for h in heads if h)


def test_the_offer_is_read_and_a_plain_trade_is_not() -> None:
    offer = read_service_offer("A jug of ale if you'll feed my horse?", zh=False)
    assert offer is not None and offer.thing == "A jug of ale" and "horse" in offer.work
    assert read_service_offer("I'll give you a penny for a pie.", zh=False) is None  # a thing for a thing
    assert read_service_offer("Lovely weather today.", zh=False) is None
    offer = read_service_offer("一壶好酒换你帮我喂马", zh=True)
    assert offer is not None and "喂马" in offer.work


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_one_whose_work_it_is_answers_the_bargain(lang: str) -> None:
    town = Town.from_scenario(EN if lang == "en" else ZH)
    said = town.say("p", "groom", "A jug of ale if you'll feed my horse?" if lang == "en" else "一壶好酒换你帮我喂马").text
    assert _starts(said, lang, "accept", "accept_warm", "top_up", "price"), said
    assert ("your horse" in said) if lang == "en" else ("喂马" in said), said


def test_one_whose_work_it_is_not_names_who_does_it() -> None:
    town = Town.from_scenario(EN)
    said = town.say("p", "cook", "A jug of ale if you'll feed my horse?").text
    assert said.startswith("That's not my work") and "Hob" in said and "ostler" in said, said


def test_a_coin_offer_below_the_work_is_priced() -> None:
    town = Town.from_scenario(EN)
    said = town.say("p", "smith", "A farthing if you'll shoe my horse?").text
    assert _starts(said, "en", "top_up", "price", "accept", "accept_warm"), said


def test_the_thing_is_said_back_mid_sentence_in_lower_case() -> None:
    town = Town.from_scenario(EN)
    said = town.say("p", "smith", "A farthing if you'll shoe my horse?").text
    assert "a farthing" in said.lower() and " A farthing" not in said, said
