"""Forgetting over a season: trivia fades, what the player did stays, silent pairs go dormant and
wake, and an NPC's memory stays bounded however long the run goes on.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import townsfolk.sim.playback as playback
from townsfolk.memory.embeddings import LexicalEmbedder
from townsfolk.sim.engine import Simulation, build_world
from townsfolk.sim.playback import play
from townsfolk.sim.scenario import load_scenario, parse_scenario

SEASON = Path(__file__).resolve().parent.parent / "scenarios" / "teahouse_season.yaml"


class SeasonRun:
    """The season played once, with what each holder wrote counted and the dormant moment seen."""

    def __init__(self) -> None:
        self.written: Counter[str] = Counter()
        self.memory = None
        self.world = None
        self.at_dormant: dict | None = None

    def build(self, scenario, *, seed=None):
        world, memory = build_world(scenario, seed=seed)
        memory.on_put.append(lambda kind, item: kind == "event" and self.written.update([item.holder]))
        self.world, self.memory = world, memory
        return world, memory

    def on_entry(self, entry) -> None:
        if entry.kind == "dormant" and self.at_dormant is None:
            a, b = entry.who
            self.at_dormant = {
                "tick": entry.tick,
                "dormant_since": [e.dormant_since for e in self.world.graph.edges_between(a, b, both_ways=True)],
                "events_between": [e.id for e in self.memory.events_of(a) if b in e.participants or e.about == b]
                + [e.id for e in self.memory.events_of(b) if a in e.participants or e.about == a],
            }


@pytest.fixture(scope="module")
def season():
    run = SeasonRun()
    mp = pytest.MonkeyPatch()
    mp.setattr(playback, "build_world", run.build)
    try:
        result = play(load_scenario(SEASON), on_entry=run.on_entry)
    finally:
        mp.undo()
    assert result.sim.memory is run.memory
    return run, result


def test_season_expectations_all_pass(season):
    _, result = season
    assert result.finished and result.ticks == 951
    assert len(result.results) == 4
    assert not result.failed, [(r.description, r.found) for r in result.failed]


def test_trivia_is_forgotten_over_the_season(season):
    run, result = season
    forgets = [e for e in result.log if e.kind == "forget"]
    assert len(forgets) >= 10, len(forgets)
    assert forgets[0].tick < 951 // 2  # forgetting starts early, not only at the end
    written = run.written["aqing"]
    kept = run.memory.count("aqing", "event")
    assert written >= 80, written
    assert kept * 3 < written, (kept, written)
    # the routine greetings of the first weeks are gone
    early_meets = [e for e in run.memory.events_of("aqing") if e.tick < 400 and "碰了个面" in e.what]
    assert early_meets == []


def test_the_travellers_roof_repair_is_still_remembered(season):
    run, result = season
    roof = [e for e in run.memory.events_of("aqing") if "屋顶" in e.what and e.source == "witnessed"]
    assert len(roof) == 1, [e.what for e in run.memory.events_of("aqing")]
    [e] = roof
    assert e.tick == 50 and e.player_involved and e.status == "active"
    # and she can still say so when the traveller asks at the end
    tick, reply = result.sim.replies[-1]
    assert tick == 950 and "屋顶" in reply.text
    assert e.id in reply.grounding_ids


def test_a_silent_pair_goes_dormant_and_wakes(season):
    run, result = season
    pair = {"xiaoliang", "guke"}
    dormant = [e for e in result.log if e.kind == "dormant" and set(e.who) == pair]
    wake = [e for e in result.log if e.kind == "wake" and set(e.who) == pair]
    assert len(dormant) == 1 and len(wake) == 1, ([e.text for e in dormant], [e.text for e in wake])
    assert 30 * 24 <= dormant[0].tick < wake[0].tick == 940
    # while dormant: the bond is marked and only the compressed record remains
    assert run.at_dormant is not None and run.at_dormant["tick"] == dormant[0].tick
    assert run.at_dormant["dormant_since"] and all(run.at_dormant["dormant_since"])
    assert run.at_dormant["events_between"] == []
    # the bond itself survived the silence, and after the meeting it is awake again
    edges = run.world.graph.edges_between("xiaoliang", "guke", both_ways=True)
    assert edges and all(e.dormant_since is None for e in edges)
    ties = [e for e in edges if e.kind == "acquaintance"]  # the scenario's tie, both ways
    assert len(ties) == 2 and all(e.strength > 0.3 for e in ties), ties


# --- bounded memory under steady input ----------------------------------------------------------
def _steady(days: int) -> str:
    last = days * 4  # 6h ticks
    return f"""
scenario: steady
language: zh
seed: 5
start: 2026-03-01T08:00
tick: 6h
characters:
  aqing: {{name: 阿青}}
  xiaoliang: {{name: 小梁}}
  guke: {{name: 老顾客}}
relationships:
  - {{from: aqing, to: xiaoliang, kind: partner, strength: 0.8, mutual: true}}
  - {{from: guke, to: aqing, kind: customer, strength: 0.6, mutual: true}}
timeline:
  - {{at: 1, every: 4, until: {last}, happen: {{what: 小梁送货时顺手帮阿青搬了茶叶, actor: xiaoliang, witnesses: [aqing], valence: 0.3}}}}
  - {{at: 2, every: 4, until: {last}, meet: [aqing, guke]}}
  - {{at: 3, every: 12, until: {last}, happen: {{what: 小梁的货晚到了, actor: xiaoliang, witnesses: [aqing], valence: -0.2}}}}
  - {{at: 3, every: 8, until: {last}, happen: {{what: 老顾客来喝茶，夸阿青的茶好, actor: guke, witnesses: [aqing], valence: 0.2}}}}
  - {{at: 4, every: 16, until: {last}, say: {{speaker: aqing, to: guke, about: xiaoliang, text: 小梁送货挺勤快}}}}
"""


def _play_counting(days: int) -> tuple[list[int], list[int], int]:
    scenario = parse_scenario(_steady(days))
    world, memory = build_world(scenario)
    written = Counter()
    memory.on_put.append(lambda kind, item: kind == "event" and written.update([item.holder]))
    sim = Simulation(world, memory, embedder=LexicalEmbedder())
    beats = scenario.beats_by_tick()
    events, summaries = [], []
    for tick in range(scenario.last_tick + 1):
        sim.run_tick(tick, beats.get(tick, []))
        events.append(memory.count("aqing", "event"))
        summaries.append(memory.count("aqing", "summary"))
    return events, summaries, written["aqing"]


def test_event_memory_stays_bounded_under_steady_input():
    events, _, written = _play_counting(60)
    n = len(events)
    first, second = events[: n // 2], events[n // 2:]
    assert written > 150, written  # steady input: well over a hundred events written
    assert max(second) <= 40, max(second)
    assert max(second) <= max(first) + 5, (max(first), max(second))  # no growth in the second half
    q2 = sum(events[n // 4: n // 2]) / len(events[n // 4: n // 2])
    q4 = sum(events[3 * n // 4:]) / len(events[3 * n // 4:])
    assert q4 <= 1.2 * q2, (q2, q4)  # linear growth would roughly double it


def test_all_layers_level_off_over_a_longer_run():
    events, summaries, _ = _play_counting(120)
    n = len(events)
    total = [e + s for e, s in zip(events, summaries, strict=True)]
    # summaries outlive events but are dropped after about two unused half-lives: the total plateaus
    third, last = total[2 * n // 3: 5 * n // 6], total[5 * n // 6:]
    assert max(last) <= max(third) + 3, (max(third), max(last))
    assert max(total) < 100, max(total)
