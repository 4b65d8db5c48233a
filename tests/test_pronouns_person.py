"""An NPC's own memory of an event names it "I" as a subject and "me" as an object: a headless run's
player-visit memory read "the Salt Trader ... chatted with I" in every English world."""

from __future__ import annotations

import pytest

from townsfolk.memory.pronouns import follow_name


@pytest.mark.parametrize(("text", "kept"), [
    ("Rowan stopped at the market and chatted with Edith", "Rowan stopped at the market and chatted with me"),
    ("Edith gave Pell a jar", "I gave Pell a jar"),
    ("Pell gave Edith her jar back", "Pell gave me my jar back"),
    ("Pell gave Edith a jar and Edith thanked him", "Pell gave me a jar and I thanked him"),
    ("Pell told Edith that Edith was late", "Pell told me that I was late"),
    ("Editha waved at Edith", "Editha waved at me"),
    ("Pell gave Edith red apples", "Pell gave me red apples"),
    ("Tom said Edith broke the cart", "Tom said I broke the cart"),
    ("Tom thinks Edith cheated him", "Tom thinks I cheated him"),
])
def test_the_holder_is_i_as_subject_and_me_as_object(text: str, kept: str) -> None:
    assert follow_name(text, "Edith", "I", "en") == kept


def test_zh_and_you_are_as_before() -> None:
    assert follow_name("客人跟王伯聊了几句", "王伯", "我", "zh") == "客人跟我聊了几句"
    assert follow_name("Pell gave Edith a jar", "Edith", "you", "en") == "Pell gave you a jar"


def test_an_event_memory_with_no_pronoun_to_follow_says_me_too() -> None:
    from datetime import datetime

    from townsfolk.memory.perception import first_person
    from townsfolk.world.characters import Character
    from townsfolk.world.clock import SimClock
    from townsfolk.world.world import World

    world = World(clock=SimClock(start=datetime(2026, 1, 1, 8, 0)), seed=1, language="en")
    world.add_character(Character(id="edith", name="Edith Wheeler"))
    world.add_character(Character(id="trader", name="the Salt Trader", is_player=True))
    kept = first_person(world, "edith", "the Salt Trader stopped at market and chatted with Edith Wheeler")
    assert kept == "the Salt Trader stopped at market and chatted with me", kept
