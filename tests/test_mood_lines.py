"""Mood lines: an NPC's own change is its own line; a crowd following its place's shared mood is one
line for the place (not one per follower), in both languages, and each follower's label still moves."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from townsfolk.memory.embeddings import LexicalEmbedder
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.engine import Simulation
from townsfolk.sim.log import LogEntry
from townsfolk.sim.minds import Minds
from townsfolk.sim.mood_lines import group_line
from townsfolk.sim.scenario import Beat, HappenSpec
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.world import World

N, WITNESSES = 120, 12
MISFORTUNE = {"en": "the well ran dry", "zh": "井干了"}
TURNED_UNEASY = {"en": "The mood in the town turned uneasy.", "zh": "镇上的气氛变得不安了。"}
LOW = {"en": "low", "zh": "低落"}


def town(language: str, n: int = N) -> Simulation:
    world = World(clock=SimClock(start=datetime(2026, 3, 2, 9), tick_length=timedelta(minutes=5)), seed=4,
                  language=language)
    for i in range(n):
        world.add_character(Character(id=f"n{i}", name=f"Npc{i}" if language == "en" else f"阿{i}"))
    return Simulation(world, MemoryStore(), embedder=LexicalEmbedder())


def misfortune(sim: Simulation, witnesses: list[str]) -> Beat:
    return Beat(at=sim.world.tick, happen=HappenSpec(what=MISFORTUNE[sim.world.language], witnesses=witnesses,
                                                     valence=-0.9))


def run(sim: Simulation, ticks: range, witnesses: list[str] | None = None) -> list[LogEntry]:
    log: list[LogEntry] = []
    for tick in ticks:
        sim.world.clock.tick = tick
        log += sim.run_tick(tick, [misfortune(sim, witnesses)] if witnesses else [])
    return log


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_town_wide_drift_is_one_line_and_each_own_upset_its_own(language):
    sim = town(language)
    witnesses = [f"n{i}" for i in range(WITNESSES)]
    log = run(sim, range(0, 6), witnesses)  # the same few see a misfortune tick after tick: the town's mood sinks
    log += run(sim, range(6, 10))  # and everyone else follows it down
    moods = [e for e in log if e.kind == "mood"]
    town_lines = [e for e in moods if not e.who]
    assert [e.text for e in town_lines] == [TURNED_UNEASY[language]], [e.text for e in town_lines]
    assert town_lines[0].ids["group"] == "town" and town_lines[0].ids["valence"] < -0.2
    labels = sim.minds.moods
    bystanders = [f"n{i}" for i in range(WITNESSES, N)]
    assert all(labels[b] == LOW[language] for b in bystanders), "every bystander's own label followed the town"
    # ...but not one of them has a line: they did not see anything, they only caught the town's mood
    assert not [e for e in moods if e.who and e.who[0] in bystanders]
    own = [e for e in moods if e.who]
    assert {e.who[0] for e in own} == set(witnesses), "each witness's own upset is still its own line"
    assert all(e.text.startswith(sim.world.name(e.who[0]) + (": " if language == "en" else ": ")) for e in own)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_an_upset_and_its_fading_are_the_npcs_own_lines_in_a_calm_town(language):
    sim = town(language, n=40)
    log = run(sim, range(0, 1), ["n3"])
    log += run(sim, range(1, 12))
    lines = [(e.tick, e.text) for e in log if e.kind == "mood"]
    calm = "calm" if language == "en" else "平静"
    assert [t for t, _ in lines] == [0, lines[1][0]] and len(lines) == 2, lines
    assert f": {LOW[language]} (" in lines[0][1] and f": {calm} (" in lines[1][1]  # down, then back: both hers
    assert all(sim.world.name("n3") in text for _, text in lines)


def test_the_fading_stays_the_npcs_own_across_a_save_and_resume():
    sim = town("en", n=30)
    run(sim, range(0, 1), ["n5"])
    resumed = town("en", n=30)
    resumed.minds.restore(sim.minds.state())  # the run reopened from its saved minds
    resumed.world.clock.tick = 1
    lines = [e for e in run(resumed, range(1, 12)) if e.kind == "mood"]
    assert [e.who for e in lines] == [["n5"]] and ": calm (" in lines[0].text


def test_a_place_is_named_as_the_world_names_it():
    assert group_line("en", "tavern2", "the Blue Boar 2", 0) == "The mood at the Blue Boar 2 turned uneasy."
    assert group_line("en", "Millbrook", None, 2) == "The mood in Millbrook brightened."
    assert group_line("en", "town", None, 1) == "The mood in the town settled."
    assert group_line("zh", "town", None, 0) == "镇上的气氛变得不安了。"
    assert group_line("zh", "teahouse", "老街茶馆", 2) == "老街茶馆的气氛变得轻松愉快了。"


def test_an_empty_place_turning_has_no_line_and_a_crowded_one_has_one():
    world = World(clock=SimClock(start=datetime(2026, 3, 2, 21), tick_length=timedelta(minutes=5)), seed=1)
    for i in range(50):
        world.add_character(Character(id=f"n{i}", name=f"Npc{i}"))
    minds = Minds(world, MemoryStore())
    minds.group_names.update({"inn": "the Blue Boar", "mill": "the mill"})
    minds.affect.join([f"n{i}" for i in range(20)], "inn")
    minds.affect.add_group("mill")
    for g in ("inn", "mill"):  # both places were tense; five days on, both have settled
        minds.affect.group_slow[minds.affect.group_index[g], 0] = -0.3
    minds._stimuli["n30"] = [-0.9, 0.0, 0.0]  # noqa: SLF001  (and one townsman has had bad news)
    minds.settle(5 * 86_400.0)
    shifts = minds.mood_shifts("en")
    assert [(g, name, code) for g, name, code, _v in shifts.groups] == [("inn", "the Blue Boar", 1)]  # nobody at the mill
    assert group_line("en", *shifts.groups[0][:3]) == "The mood at the Blue Boar settled."
    assert [(npc, label) for npc, label, _v in shifts.own] == [("n30", "low")]
    assert minds.mood_shifts("en") == type(shifts)(), "asked again with nothing new: nothing"
