"""A fire in one's keeping let drop is carelessness, not a fire: "Finn let the fire drop" was read as
"Finn suffered a fire" (a misfortune: pity, not blame), 把炉火看灭了 as nothing."""

from __future__ import annotations

import pytest

from townsfolk.memory.predicate_reader import read_by_cues


@pytest.mark.parametrize("text", ["Finn let the fire drop", "Finn let the furnace fire burn low",
                                  "She let the forge run cold", "阿福把炉火看灭了", "炉火没看住，一炉铁全废了",
                                  "他让炉子凉了"])
def test_fire_let_drop_is_careless(text: str) -> None:
    reading = read_by_cues(text)
    assert reading is not None and reading.key == "careless", (text, reading)


@pytest.mark.parametrize("text", ["There was a fire at the mill", "The barn caught fire", "他没把炉火看灭", "磨坊起火了"])
def test_a_fire_is_still_a_fire_or_nothing(text: str) -> None:
    reading = read_by_cues(text)
    assert reading is None or reading.key == "fire", (text, reading)
