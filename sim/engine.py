"""The tick engine: one world, one memory, one provider; beats in, timeline entries out.

A tick applies its beats in order (each: fact -> perception -> beliefs -> appraisal), then the
store of record commits everything that changed in one transaction.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel, Field

from townsfolk.agents.bonds import INTERACTION, fade_tensions, seed_bonds
from townsfolk.agents.bonds import axes as bond_axes
from townsfolk.agents.claim_extractor import model_claim_reader
from townsfolk.agents.dialogue import Reply
from townsfolk.agents.gate import Trigger
from townsfolk.agents.llm.breaker import HealthBreaker
from townsfolk.agents.llm.offline import OfflineProvider
from townsfolk.agents.llm.protocol import LLMProvider
from townsfolk.agents.llm.wrappers import AccountingProvider
from townsfolk.agents.memory_writer import llm_writers
from townsfolk.agents.pipeline import TurnAnalysis
from townsfolk.agents.reconnect import ReconnectState
from townsfolk.agents.reply_check import CheckedReplies
from townsfolk.agents.stage import StageHistory
from townsfolk.memory.embeddings import Embedder, make_embedder
from townsfolk.memory.impressions import Impression
from townsfolk.memory.predicates import active as active_predicates
from townsfolk.memory.predicates import inventory_for
from townsfolk.memory.relevance import Relevance
from townsfolk.memory.store import MemoryStore
from townsfolk.sim import actions
from townsfolk.sim.drive import IMPLIED_INTERACTIONS, Drive
from townsfolk.sim.drive import gate_inputs as gate_inputs
from townsfolk.sim.errand_run import ErrandRunner
from townsfolk.sim.heap import keep_survivors
from townsfolk.sim.log import LogEntry
from townsfolk.sim.maintenance import Maintenance, new_day, wake_pairs
from townsfolk.sim.mediation import mediate
from townsfolk.sim.messages import count, msg, stage_name
from townsfolk.sim.minds import Minds
from townsfolk.sim.mood_lines import mood_entries
from townsfolk.sim.mood_lines import mood_texts as mood_texts
from townsfolk.sim.private_lines import redact as redact_private
from townsfolk.sim.scenario import Beat, Scenario
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock, parse_duration
from townsfolk.world.relation_kinds import kinds_for
from townsfolk.world.relationships import Cause
from townsfolk.world.world import World


class Usage(BaseModel):
    """Model calls and tokens spent by a run, and the failures it rode through."""

    model_calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    failures: list[str] = Field(default_factory=list)
    failures_by_reason: dict[str, int] = Field(default_factory=dict)
    breaker_trips: int = 0  # times the model health breaker opened (agents/llm/breaker.py)
    calls_skipped: int = 0  # calls answered offline while it was open

    def plus(self, other: Usage) -> Usage:
        reasons = dict(self.failures_by_reason)
        for k, v in other.failures_by_reason.items():
            reasons[k] = reasons.get(k, 0) + v
        return Usage(model_calls=self.model_calls + other.model_calls, tokens_in=self.tokens_in + other.tokens_in,
                     tokens_out=self.tokens_out + other.tokens_out, failures=[*self.failures, *other.failures],
                     failures_by_reason=reasons, breaker_trips=self.breaker_trips + other.breaker_trips,
                     calls_skipped=self.calls_skipped + other.calls_skipped)


def build_world(scenario: Scenario, *, seed: int | None = None) -> tuple[World, MemoryStore]:
    """A fresh world and memory from a validated scenario, at tick 0."""
    clock = SimClock(start=scenario.start, tick_length=parse_duration(scenario.tick))
    world = World(clock=clock, seed=scenario.seed if seed is None else seed, language=scenario.language,
                  title=scenario.scenario)
    world.relation_kinds = kinds_for(scenario.relationship_kinds)  # the world's own kinds of tie, beside ours
    for cid, spec in scenario.characters.items():
        world.add_character(Character(id=cid, name=spec.name, role=spec.role, persona=spec.persona,
                                      pronoun=spec.pronoun or "", traits=dict(spec.traits), is_player=spec.player,
                                      sells=[s.model_dump() for s in spec.sells]))
    for r in scenario.relationships:
        pairs = [(r.from_, r.to)] + ([(r.to, r.from_)] if r.mutual else [])
        for a, b in pairs:
            world.graph.set_edge(a, b, r.kind, r.strength, tick=0, time=world.now, cause=Cause(kind="seed"),
                                 reason="scenario" if world.language == "en" else "场景设定")
    for edge in list(world.graph.edges()):
        seed_bonds(world, edge)
    memory = MemoryStore()
    memory.predicates = inventory_for(scenario.predicates)  # the world's own predicates, for this world only
    for imp in scenario.impressions:
        memory.put(Impression(id=world.new_id("i"), holder=imp.holder, about=imp.about, text=imp.text,
                              valence=imp.valence, confidence=imp.confidence, tick=0, time=world.now,
                              sources=["scenario"]))
    return world, memory


T = TypeVar("T")


def with_world_predicates(method: Callable[..., T]) -> Callable[..., T]:
    """Run a Simulation method with its world's predicate inventory active (never another world's)."""

    @functools.wraps(method)
    def run(self: Simulation, *args: Any, **kwargs: Any) -> T:
        with active_predicates(self.memory.predicates):
            return method(self, *args, **kwargs)

    return run


class Simulation:
    """Runs beats against a world. Deterministic: all randomness is the world's rng."""

    def __init__(self, world: World, memory: MemoryStore, provider: LLMProvider | None = None, *,
                 embedder: Embedder | None = None, place: str | None = None, drive: bool = False,
                 settled_days: float = 0.0, model_claims: bool = False) -> None:
        self.world = world
        self.memory = memory
        # every call any part of the mind makes goes through one accountant, so the run's report is whole
        # replies a person could not say count as failures; a model failing again and again is rested
        backend = provider or OfflineProvider()
        self.accountant = AccountingProvider(backend if backend.name == "offline" else CheckedReplies(backend))
        self.breaker = HealthBreaker(self.accountant)
        self.provider: LLMProvider = self.breaker
        self.offline = self.provider.name == "offline"
        # the model reads what happens and is said into claims: asked here, or by the provider itself
        # (`townsfolk play --llm-claims`, or `provider.reads_claims = True` before Town.from_scenario)
        if (model_claims or getattr(backend, "reads_claims", False)) and not self.offline:
            memory.claim_reader = model_claim_reader(self.provider, world)
        self.relevance = Relevance(memory, embedder or make_embedder("auto"))
        self.earlier = Usage()  # what a resumed run had already spent
        self.standin_calls = 0  # gate decisions the offline stand-in made where a model would be asked
        self.replies: list[tuple[int, Reply]] = []
        self.last_turn: tuple[Reply, TurnAnalysis] | None = None  # the latest answer and its analysis
        self.minds = Minds(world, memory, place or "town", settled_days=settled_days)
        self.drive_on = drive
        self.drive = Drive(self)
        self.errands = ErrandRunner(self)  # task dialogues; specs come from the scenario (load_specs)
        self._players_spoke = False
        if self.offline:
            self.maintenance = Maintenance()
        else:
            self.maintenance = Maintenance(*llm_writers(self.provider))

    @property
    def usage(self) -> Usage:
        """Calls, tokens and failures so far (a resumed run's earlier spending included)."""
        acc = self.accountant.usage
        now = Usage(model_calls=acc.calls + self.standin_calls, tokens_in=acc.tokens_in, tokens_out=acc.tokens_out,
                    failures=[f"{task}: {error}" for task, error in self.accountant.failures],
                    failures_by_reason=dict(acc.failures_by_reason), breaker_trips=self.breaker.state.trips,
                    calls_skipped=self.breaker.state.skipped)
        return self.earlier.plus(now)

    # --- one beat ----------------------------------------------------------------------------
    @with_world_predicates
    def apply(self, beat: Beat) -> list[LogEntry]:
        """Carry out one timeline beat at the current tick."""
        w, m, b = self.world, self.memory, beat.body
        if beat.kind == "happen":
            return actions.happen(w, m, what=b.what, actor=b.actor, about=b.about, witnesses=b.witnesses,
                                  valence=b.valence, place=b.place, private=b.private, predicate=b.predicate)
        if beat.kind in ("say", "tell"):
            return actions.say(w, m, speaker=b.speaker, listeners=b.listeners, about=b.about, text=b.text,
                               private=b.private)
        if beat.kind == "gossip":
            return actions.gossip(w, m, teller=b.teller, listener=b.to, about=b.about, text=b.text)
        if beat.kind == "meet":
            return actions.meet(w, m, list(b))
        if beat.kind == "ask":
            return self.converse(speaker=b.player, npc=b.npc, text=b.text, via="ask", private=b.private)
        if beat.kind == "mediate":
            return mediate(w, m, player=b.player, a=b.between[0], b=b.between[1])
        raise ValueError(f"unknown beat kind {beat.kind!r}")

    def stage_history(self, npc: str, other: str) -> StageHistory:
        """What npc and other have been through, counted from the graph and the minds' state."""
        w = self.world
        edges = w.graph.edges_between(npc, other)
        fam = w.graph.get(npc, other, "familiarity")
        tension = w.graph.get(npc, other, "tension")
        key = f"{npc}|{other}"
        implied = 0
        if fam is not None and fam.history and fam.history[0].cause.kind == "seed":
            implied = round(IMPLIED_INTERACTIONS * fam.history[0].after)  # a tie the scenario began with
        days = max(0.0, (w.now - min(e.since for e in edges)).total_seconds() / 86400) if edges else 0.0
        return StageHistory(
            interaction_count=implied + (sum(1 for c in fam.history if c.reason.startswith(INTERACTION)) if fam else 0),
            days_known=days + (self.minds.settled_days if implied else 0.0),
            recent_conflicts=1 if tension is not None and tension.strength > 0.3 else 0,
            dependency_signals=self.minds.dependency.get(key, 0),
            previous_stage=self.minds.stages.get(key),  # type: ignore[arg-type]
        )

    @with_world_predicates
    def converse(self, *, speaker: str, npc: str, text: str, via: str, private: bool | None = None) -> list[LogEntry]:
        """Someone addresses an NPC: through the gate (addressed: always answered unless rate-limited),
        then the dialogue pipeline; the stage, budget, reconnect and follow-up states follow."""
        w, minds = self.world, self.minds
        log: list[LogEntry] = []
        speaker_is_player = w.character(speaker).is_player
        if speaker_is_player:
            self._players_spoke = True
        trigger = Trigger(kind="addressed", npc=npc, at=w.now, place=minds.place, from_whom=speaker, salience=1.0)
        inputs = gate_inputs(w, minds, npc, False, 1.0, {speaker: bond_axes(w, npc, speaker)})
        decision = self.drive._decide(trigger, inputs, [])  # noqa: SLF001
        minds.record(decision)
        if not decision.speak:
            return [LogEntry(tick=w.tick, time=w.now.isoformat(timespec="minutes"), kind="hold", who=[npc],
                             text=f"{w.name(npc)}: {decision.outcome} ({', '.join(decision.level1.reasons)})")]
        key = f"{npc}|{speaker}"
        history = self.stage_history(npc, speaker)
        turn_log, reply, analysis, responses = actions.ask(
            w, self.memory, self.provider, player=speaker, npc=npc, text=text, relevance=self.relevance,
            history=history, affect_effects=minds.effects_of(npc), show_question=via == "ask",
            errands=self.errands.hook(npc, speaker), private=private)
        log += turn_log
        log += self.errands.after_turn()
        self.replies.append((w.tick, reply))
        self.last_turn = (reply, analysis)
        if "emotional_dependency" in analysis.safety.categories:
            minds.dependency[key] = minds.dependency.get(key, 0) + 1
        stage = analysis.stage.state.stage
        if minds.stages.get(key) != stage:
            h, b = history, bond_axes(w, npc, speaker)
            lang = w.language
            reasons = "; ".join(analysis.stage.reasons) or msg(
                lang, "stage.reasons", interactions=count(lang, h.interaction_count, "interaction"),
                days=count(lang, round(h.days_known), "day"), familiarity=b.familiarity, trust=b.trust,
                tension=b.tension)
            if lang != "zh":
                reasons = f"{analysis.stage.source}: {reasons}"
            log.append(LogEntry(tick=w.tick, time=w.now.isoformat(timespec="minutes"), kind="stage",
                                who=[npc, speaker], text=f"{w.name(npc)} → {w.name(speaker)}: "
                                f"{stage_name(lang, minds.stages.get(key, '—'))} → {stage_name(lang, stage)} "
                                f"({reasons})"))
            minds.stages[key] = stage
        minds.last_spoke[npc] = w.now
        minds.budget.spend(minds.place, None, w.now, force=True)
        if speaker_is_player:
            minds.quiet[key] = ReconnectState(npc=npc, other=speaker, quiet_since=w.now)
            for msg_id, fu in list(minds.followups.items()):
                if fu.npc == npc and fu.to == speaker and not fu.answered:
                    minds.followups[msg_id] = fu.replied()
        return log

    @with_world_predicates
    def step(self, beat: Beat) -> list[LogEntry]:
        """One beat at the current tick and what it wakes: dormant pairs, and (drive on) nearby NPCs."""
        before = len(self.world.facts)
        log = self.apply(beat)
        new_facts = list(self.world.facts)[before:]
        log += wake_pairs(self.world, new_facts)
        if self.drive_on and beat.kind == "happen" and not new_facts[0].private:  # a private moment sets no one talking
            log += self.drive.nearby(new_facts[0])
        return redact_private(self.world, self.memory, log)  # private words stay off the timeline

    # --- one tick ----------------------------------------------------------------------------
    @with_world_predicates
    def run_tick(self, tick: int, beats: list[Beat]) -> list[LogEntry]:
        """Move the clock to `tick`, apply its beats, let minds act and settle, keep memory in shape."""
        self.world.clock.tick = tick
        self._players_spoke = False
        # only a paused errand can expire: a town without one skips building the errand view
        paused = any(e.status == "paused" for e in self.errands.book.errands)
        log: list[LogEntry] = self.errands.expire() if paused else []
        for beat in beats:
            log += self.step(beat)
        if self.drive_on and tick > 0:
            log += self.drive.tick(players_speaking=self._players_spoke)
        log += self.maintenance.after_tick(self.world, self.memory)  # (public by construction: see after_tick)
        if new_day(self.world):
            fade_tensions(self.world)
        self.minds.settle(self.world.clock.tick_length.total_seconds())
        shifts = self.minds.mood_shifts(self.world.language)  # own changes, and one line per group's turn
        if shifts.own or shifts.groups:
            log += mood_entries(tick, self.world.now.isoformat(timespec="minutes"), self.world.language,
                                shifts.own, shifts.groups, self.world.names() if shifts.own else {})
        keep_survivors()  # a headless run's tick leftovers join its long-lived heap (sim/heap.py)
        return log

