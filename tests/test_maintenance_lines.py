"""Maintenance's timeline lines are public by construction, so the tick does not redact them: a
fold takes only public events, so a private event, however strongly felt, is neither covered by a
summary nor quoted in its line, and redacting the lines would change nothing (en and zh)."""

from __future__ import annotations

import copy
from datetime import datetime, timedelta

import pytest

from townsfolk.memory.events import EventMemory
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.maintenance import Maintenance
from townsfolk.sim.private_lines import redact
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.world import World

T0 = datetime(2026, 3, 2, 8, 0)
WORDS = {"en": ("Bo mended the fence", "Bo told me the secret recipe"), "zh": ("阿波修好了篱笆", "阿波告诉我秘方")}


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_fold_beside_a_private_event_leaves_nothing_to_redact(language):
    world = World(clock=SimClock(start=T0, tick_length=timedelta(minutes=5)), seed=1, language=language, title="t")
    world.add_character(Character(id="ida", name="Ida" if language == "en" else "艾达"))
    world.add_character(Character(id="bo", name="Bo" if language == "en" else "阿波"))
    world.add_character(Character(id="p1", name="Pat", is_player=True))
    memory = MemoryStore()
    public, private = WORDS[language]
    world.clock.tick = 3
    for i in range(3):
        memory.put(EventMemory(id=f"e{i}", holder="ida", tick=i, time=T0 + timedelta(minutes=5 * i), what=public,
                               about="bo", importance=0.5, valence=0.2, source="witnessed", fact_id=f"f{i}"))
    memory.put(EventMemory(id="e9", holder="ida", tick=2, time=T0 + timedelta(minutes=10), what=private, about="bo",
                           importance=0.9, valence=-0.9, source="witnessed", private=True, fact_id="f9"))
    memory.put(EventMemory(id="e10", holder="p1", tick=2, time=T0, what=public, about="bo", importance=0.9,
                           valence=0.2, source="witnessed"))  # a player's memory: never folded
    lines = Maintenance().after_tick(world, memory)
    assert [e.kind for e in lines] == ["summary", "impression"]
    summary = memory.summaries[lines[0].ids["summary"]]
    assert "e9" not in summary.covers and not summary.private
    assert all(private not in e.text for e in lines)
    assert redact(world, memory, copy.deepcopy(lines)) == lines  # nothing the tick would have hidden
