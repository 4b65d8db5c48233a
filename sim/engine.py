"""The tick engine: one world, one memory, one provider; beats in, timeline entries out.

A tick applies its beats in order (each: fact -> perception -> beliefs -> appraisal), then the
store of record commits everything that changed in one transaction.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from agents.dialogue import Reply
from agents.llm.offline import OfflineProvider
from agents.llm.protocol import LLMProvider, LLMResponse
from agents.memory_writer import llm_writers
from memory.embeddings import Embedder, make_embedder
from memory.impressions import Impression
from memory.relevance import Relevance
from memory.store import MemoryStore
from sim import actions
from sim.log import LogEntry
from sim.maintenance import Maintenance, wake_pairs
from sim.mediation import mediate
from sim.scenario import Beat, Scenario
from world.characters import Character
from world.clock import SimClock, parse_duration
from world.relationships import Cause
from world.world import World


class Usage(BaseModel):
    """Model calls and tokens spent by a run, and the failures it rode through."""

    model_calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    failures: list[str] = Field(default_factory=list)

    def add(self, responses: list[LLMResponse]) -> None:
        for r in responses:
            self.model_calls += 1
            self.tokens_in += r.tokens_in
            self.tokens_out += r.tokens_out
            if r.error:
                self.failures.append(r.error)


def build_world(scenario: Scenario, *, seed: int | None = None) -> tuple[World, MemoryStore]:
    """A fresh world and memory from a validated scenario, at tick 0."""
    clock = SimClock(start=scenario.start, tick_length=parse_duration(scenario.tick))
    world = World(clock=clock, seed=scenario.seed if seed is None else seed, language=scenario.language,
                  title=scenario.scenario)
    for cid, spec in scenario.characters.items():
        world.add_character(Character(id=cid, name=spec.name, role=spec.role, persona=spec.persona,
                                      traits=dict(spec.traits), is_player=spec.player))
    for r in scenario.relationships:
        pairs = [(r.from_, r.to)] + ([(r.to, r.from_)] if r.mutual else [])
        for a, b in pairs:
            world.graph.set_edge(a, b, r.kind, r.strength, tick=0, time=world.now, cause=Cause(kind="seed"),
                                 reason="scenario" if world.language == "en" else "场景设定")
    memory = MemoryStore()
    for imp in scenario.impressions:
        memory.put(Impression(id=world.new_id("i"), holder=imp.holder, about=imp.about, text=imp.text,
                              valence=imp.valence, confidence=imp.confidence, tick=0, time=world.now,
                              sources=["scenario"]))
    return world, memory


class Simulation:
    """Runs beats against a world. Deterministic: all randomness is the world's rng."""

    def __init__(self, world: World, memory: MemoryStore, provider: LLMProvider | None = None, *,
                 embedder: Embedder | None = None) -> None:
        self.world = world
        self.memory = memory
        self.provider: LLMProvider = provider or OfflineProvider()
        self.relevance = Relevance(memory, embedder or make_embedder("auto"))
        self.usage = Usage()
        self.replies: list[tuple[int, Reply]] = []
        if isinstance(self.provider, OfflineProvider):
            self.maintenance = Maintenance()
        else:
            self.maintenance = Maintenance(*llm_writers(self.provider, self.usage.add))

    def apply(self, beat: Beat) -> list[LogEntry]:
        """Carry out one timeline beat at the current tick."""
        w, m, b = self.world, self.memory, beat.body
        if beat.kind == "happen":
            return actions.happen(w, m, what=b.what, actor=b.actor, about=b.about, witnesses=b.witnesses,
                                  valence=b.valence, place=b.place)
        if beat.kind in ("say", "tell"):
            return actions.say(w, m, speaker=b.speaker, listeners=b.listeners, about=b.about, text=b.text,
                               private=b.private)
        if beat.kind == "gossip":
            return actions.gossip(w, m, teller=b.teller, listener=b.to, about=b.about, text=b.text)
        if beat.kind == "meet":
            return actions.meet(w, m, list(b))
        if beat.kind == "ask":
            log, reply, responses = actions.ask(w, m, self.provider, player=b.player, npc=b.npc, text=b.text,
                                                relevance=self.relevance)
            self.usage.add(responses)
            self.replies.append((w.tick, reply))
            return log
        if beat.kind == "mediate":
            return mediate(w, m, player=b.player, a=b.between[0], b=b.between[1])
        raise ValueError(f"unknown beat kind {beat.kind!r}")

    def run_tick(self, tick: int, beats: list[Beat]) -> list[LogEntry]:
        """Move the clock to `tick` and apply its beats in order."""
        self.world.clock.tick = tick
        log: list[LogEntry] = []
        for beat in beats:
            before = len(self.world.facts)
            log += self.apply(beat)
            log += wake_pairs(self.world, list(self.world.facts)[before:])
        log += self.maintenance.after_tick(self.world, self.memory)
        return log
