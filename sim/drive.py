"""The drive tick: every NPC weighs, each tick, whether to speak up or reach out.

One trigger path for everything (being addressed, a drive tick, reconnecting, following up):
level 1 is a numpy pass over all NPCs at once (no model); only those who pass go to level 2
(the model, or its offline stand-in), and only those who then speak cost a dialogue. Every
decision is kept as a snapshot.
"""

from __future__ import annotations

import numpy as np

from townsfolk.agents.bond_axes import BondAxes
from townsfolk.agents.bonds import BOND_KINDS, axes, record_interaction
from townsfolk.agents.cold_start import unlock_level
from townsfolk.agents.gate import (
    AffectReading,
    Candidate,
    GateInputs,
    Level2Verdict,
    Trigger,
    bond_pull,
    decide,
    level1,
    level1_batch,
    level2_many,
)
from townsfolk.agents.gate_context import gate_context
from townsfolk.agents.openers import npc_opener, reach_out_message
from townsfolk.agents.reconnect import FollowUpState, bond_strength, reconnect_trigger
from townsfolk.memory.perception import remember
from townsfolk.sim.drive_script import held_back
from townsfolk.sim.log import LogEntry
from townsfolk.sim.minds import Minds
from townsfolk.sim.sorted_unique import sorted_unique, sorted_unique_inverse
from townsfolk.world.facts import Fact
from townsfolk.world.relationships import Cause
from townsfolk.world.world import World

DRIVE_SALIENCE = 0.35
MIN_INTERVAL_S = 5.0
AWAKE_FROM, AWAKE_UNTIL = 7, 22  # hours of the simulated day when NPCs may speak up unprompted
IMPLIED_INTERACTIONS = 20  # interactions a seeded familiarity of 1.0 stands for (cold start)
STORE_EVERY_DECISION_UP_TO = 200  # NPCs; bigger worlds keep level-2 decisions and counts only


def _entry(world: World, kind: str, who: list[str], text: str, **ids: object) -> LogEntry:
    return LogEntry(tick=world.tick, time=world.now.isoformat(timespec="minutes"), kind=kind, who=who, text=text,
                    ids={k: v for k, v in ids.items() if v})


def awake(world: World) -> bool:
    """NPCs take no initiative at night (being addressed is still answered)."""
    return AWAKE_FROM <= world.now.hour < AWAKE_UNTIL


class RankedPulls:
    """Each NPC's bonded others ranked by pull (strongest first, then by id). Pairs arrive grouped
    by source; one NPC's span is ranked only when asked for (the drive tick asks only for the NPCs
    that passed level 1), so no sort over all pairs runs per tick."""

    def __init__(self, nodes: list[str], name_rank: np.ndarray, spans: dict[int, tuple[int, int]],
                 tgt: np.ndarray, pull: np.ndarray, node_row: dict[str, int]) -> None:
        self.nodes, self.name_rank, self.spans, self.tgt, self.pull = nodes, name_rank, spans, tgt, pull
        self._row = node_row  # the edge columns' own node -> row index (a dict over all nodes per tick cost 4 ms at 10k)

    def get(self, npc: str, default: list | None = None) -> list[tuple[float, str]]:
        span = self.spans.get(self._row.get(npc, -1))
        if span is None:
            return [] if default is None else default
        a, b = span
        tgt, pull = self.tgt[a:b], self.pull[a:b]
        order = np.lexsort((self.name_rank[tgt], -pull))
        return [(float(pull[i]), self.nodes[int(tgt[i])]) for i in order]


class _PairTable:
    """The bond rows grouped into (source, target) pairs; rebuilt only when edges are added. Between
    rebuilds it keeps each pair's axes and pull and each NPC's pull and interaction count, and
    `update` moves only what the edge change log says changed since (every strength or tag change
    of an edge appends a row there: `RelationshipGraph._record`)."""

    def __init__(self, cols, to_npc: np.ndarray) -> None:  # noqa: ANN001
        self.n_edges, self.n_nodes = cols.n, len(cols.nodes)
        rows = cols.rows_of(BOND_KINDS)
        self.rows = rows = rows[to_npc[cols.src[rows]] >= 0]
        src, tgt = cols.src[rows].astype(np.int64), cols.tgt[rows].astype(np.int64)
        kind = cols.kind[rows]
        self.fam = rows[kind == cols.kind_code.get("familiarity", -1)]
        self.fam_npc = to_npc[cols.src[self.fam]]
        pairs, self.inverse = sorted_unique_inverse(src * self.n_nodes + tgt)  # sorted: grouped by source
        axis_of = np.full(len(cols.kinds), -1, dtype=np.int64)
        for i, k in enumerate(BOND_KINDS):
            if k in cols.kind_code:
                axis_of[cols.kind_code[k]] = i
        self.axis = axis_of[kind]
        self.psrc, self.ptgt = pairs // self.n_nodes, pairs % self.n_nodes
        self.starts = np.flatnonzero(np.r_[True, self.psrc[1:] != self.psrc[:-1]]) if len(pairs) else np.zeros(0, int)
        ends = np.r_[self.starts[1:], len(pairs)]
        self.start_npc = to_npc[self.psrc[self.starts]] if len(pairs) else np.zeros(0, int)
        self.spans = {int(self.psrc[a]): (int(a), int(e)) for a, e in zip(self.starts, ends, strict=True)}
        self.base = np.tile(BondAxes().as_array(), (len(pairs), 1))
        self.ends = ends
        self.slot = np.full(cols.n, -1, dtype=np.int64)  # edge row -> its place in `rows` (-1: not a bond row)
        self.slot[rows] = np.arange(len(rows))
        order = np.argsort(self.fam_npc, kind="stable")  # each NPC's familiarity rows, in row order
        self.fam_by_npc, self.fam_starts = order, np.searchsorted(self.fam_npc[order], np.arange(len(to_npc) + 1))
        self.log_seen = -1  # change-log rows read so far (-1: nothing computed yet)

    def fresh(self, cols) -> bool:  # noqa: ANN001
        return self.n_edges == cols.n and self.n_nodes == len(cols.nodes)

    def compute(self, cols, n: int, log_n: int) -> None:  # noqa: ANN001
        """Everything from the columns, in whole-array passes (after a rebuild)."""
        self.interactions = np.bincount(self.fam_npc, weights=self.fam_weights(cols, self.fam), minlength=n)[:n] \
            if len(self.fam) else np.zeros(n)
        self.table = self.base.copy()
        self.table[self.inverse, self.axis] = cols.strength[self.rows]
        self.p = np.asarray(bond_pull(self.table), dtype=float).reshape(-1)
        self.pull = np.zeros(n)
        if len(self.p):
            self.pull[self.start_npc] = np.maximum(np.maximum.reduceat(self.p, self.starts), 0.0)
        self.log_seen = log_n

    @staticmethod
    def fam_weights(cols, fam: np.ndarray) -> np.ndarray:  # noqa: ANN001
        # a seeded tie implies a history of interactions (cold start)
        return cols.tagged[fam] + IMPLIED_INTERACTIONS * cols.seed_start[fam]

    def update(self, cols, edge_rows: np.ndarray) -> None:  # noqa: ANN001
        """Move the pairs and NPCs of the changed edges only: the same float steps as `compute` for
        them (bond_pull is per pair, a max is exact, a count is summed in row order as bincount does)."""
        slots = self.slot[edge_rows[edge_rows < len(self.slot)]]
        slots = slots[slots >= 0]
        if not len(slots):
            return
        pairs = sorted_unique(self.inverse[slots])
        self.table[self.inverse[slots], self.axis[slots]] = cols.strength[self.rows[slots]]
        self.p[pairs] = np.asarray(bond_pull(self.table[pairs]), dtype=float).reshape(-1)
        spans = sorted_unique(np.searchsorted(self.starts, pairs, side="right") - 1)
        for k in spans.tolist():
            self.pull[self.start_npc[k]] = max(float(self.p[self.starts[k]:self.ends[k]].max()), 0.0)
        changed = self.rows[slots]
        fam_changed = changed[cols.kind[changed] == cols.kind_code.get("familiarity", -1)]
        for npc in sorted_unique(self.fam_npc[np.searchsorted(self.fam, fam_changed)]).tolist():
            total = 0.0  # bincount's own order: the NPC's familiarity rows in row order, added one by one
            mine = self.fam[self.fam_by_npc[self.fam_starts[npc]:self.fam_starts[npc + 1]]]
            for w in self.fam_weights(cols, mine).tolist():
                total += w
            self.interactions[npc] = total


def bond_pulls(world: World, minds: Minds) -> tuple[np.ndarray, np.ndarray, RankedPulls]:
    """Each NPC's strongest pull toward anyone it has a bond with, its interaction count, and its
    ranked candidates: array passes over the graph's edge columns, not a walk over Edge objects."""
    n = len(minds.npcs)
    cols = world.graph.columns
    # node row -> affect row (-1 for players and anyone not an NPC of this run)
    to_npc = getattr(minds, "_node_to_npc", None)
    if to_npc is None or len(to_npc) != len(cols.nodes):
        to_npc = np.array([minds.affect.index.get(node, -1) for node in cols.nodes], dtype=np.int64)
        minds._node_to_npc = to_npc  # noqa: SLF001  (nodes are only ever appended)
    t = getattr(minds, "_pair_table", None)
    if t is None or not t.fresh(cols):
        t = minds._pair_table = _PairTable(cols, to_npc)  # noqa: SLF001
    log = world.graph.log
    if t.log_seen < 0:
        t.compute(cols, n, log.n)
    elif t.log_seen != log.n:  # only the edges changed since the last call (a tick's tellings: a few dozen)
        t.update(cols, sorted_unique(log.edge[t.log_seen:log.n]))
        t.log_seen = log.n
    # copies: the caller may keep them while a later tick moves the table's own arrays
    return t.pull.copy(), t.interactions.copy(), RankedPulls(cols.nodes, cols.name_rank(), t.spans, t.ptgt,
                                                             t.p.copy(), cols.node_row)


def gate_inputs(world: World, minds: Minds, npc: str, player_speaking: bool, unlock: float,
            bonds: dict) -> GateInputs:
    eff = minds.effects_of(npc)
    v = minds.affect_of(npc)
    reading = AffectReading(valence=v[0], energy=v[1], dominance=v[2],
                            gate_threshold_offset=eff.get("gate_threshold_offset", 0.0))
    return GateInputs(affect=reading, budget_tokens=minds.budget.remaining(minds.place, None, world.now),
                      bonds=bonds, unlock=unlock, player_speaking=player_speaking,
                      last_spoke_at=minds.last_spoke.get(npc), min_interval_s=MIN_INTERVAL_S)


class Drive:
    """Runs the drive tick for a simulation (kept apart from the engine so the engine stays small)."""

    def __init__(self, sim: object) -> None:
        self.sim = sim
        self._contexts: dict[tuple, tuple[str, list]] = {}  # level-2 context, computed once per NPC and trigger
        self.scripted: dict[tuple[str, str], list[tuple[int, str]]] = {}  # what beats to come tell (drive_script.py)

    @property
    def gate_model(self):  # noqa: ANN201
        sim = self.sim
        return None if sim.offline else sim.provider  # type: ignore[attr-defined]

    def _decide(self, trigger: Trigger, inputs: GateInputs, candidates: list[Candidate],  # noqa: ANN202
                verdict: Level2Verdict | None = None):
        sim = self.sim
        world = sim.world  # type: ignore[attr-defined]
        if trigger.kind == "addressed" and trigger.from_whom in world.characters \
                and world.character(trigger.from_whom).is_player:
            inputs = inputs.model_copy(update={"answer_owed": True})  # a player's turn is always answered
        context, memories = self.gate_context(trigger, candidates) if (
            trigger.kind != "addressed" and level1(trigger, inputs).passed) else ("", [])
        decision = decide(self.gate_model, trigger, inputs, candidates=candidates, context=context,
                          memories=memories, speaker=world.name(trigger.npc), language=world.language,
                          level2_verdict=verdict)
        if decision.level2 is not None and decision.level2.source != "rule" and sim.offline:  # type: ignore[attr-defined]
            # the offline stand-in answers where a model would be asked: count it as that call
            sim.standin_calls += 1  # type: ignore[attr-defined]
        return decision

    def gate_context(self, trigger: Trigger, candidates: list[Candidate]) -> tuple[str, list]:
        """What level 2 sees (agents/gate_context.py): full for events, light for drive ticks."""
        sim = self.sim
        world, minds = sim.world, sim.minds  # type: ignore[attr-defined]
        key = (trigger.npc, trigger.at, trigger.kind)
        if key not in self._contexts:
            v = minds.affect_of(trigger.npc)
            mood = f"{v[0]:+.2f}"
            pending = [f"{world.name(fu.to)}" for fu in minds.followups.values()
                       if fu.npc == trigger.npc and not fu.answered]
            fact = next((f for f in reversed(list(world.facts)) if f.tick == world.tick and f.kind == "happen"),
                        None) if trigger.kind == "nearby_event" else None
            self._contexts = {k: v for k, v in self._contexts.items() if k[1] == trigger.at}
            self._contexts[key] = gate_context(world, sim.memory, trigger, candidates,  # type: ignore[attr-defined]
                                               relevance=sim.relevance, mood=mood, pending=pending,  # type: ignore[attr-defined]
                                               query=fact.text if fact is not None else None)
        return self._contexts[key]

    def tick(self, players_speaking: bool) -> list[LogEntry]:
        sim = self.sim
        world, minds = sim.world, sim.minds  # type: ignore[attr-defined]
        log: list[LogEntry] = []
        if not minds.npcs or not awake(world):
            return log
        now = world.now
        n = len(minds.npcs)
        eff = minds.affect.effects()
        pull, interactions, ranked = bond_pulls(world, minds)
        # cold start: an NPC's initiative unlocks with time in the world and real contact
        days = np.full(n, (now - world.clock.start).total_seconds() / 86400 + minds.settled_days)
        unlock = np.asarray(unlock_level(days, interactions), dtype=float)
        since = minds.seconds_since_spoke(now)
        budget = minds.budget.remaining(minds.place, None, now)
        passed = level1_batch("drive_tick", np.full(n, DRIVE_SALIENCE), eff["gate_threshold_offset"],
                              np.full(n, budget), unlock, np.full(n, players_speaking), since,
                              np.full(n, MIN_INTERVAL_S), pull)
        keep_all = n <= STORE_EVERY_DECISION_UP_TO
        rows = range(n) if keep_all else np.flatnonzero(passed)  # big worlds: only who passed level 1
        if not keep_all:
            minds.counts["drive_tick:hold"] = minds.counts.get("drive_tick:hold", 0) + int(n - passed.sum())
        jobs = []
        for row in rows:
            npc = minds.npcs[int(row)]
            cands = [Candidate(id=t, name=world.name(t), bond=axes(world, npc, t))
                     for _, t in ranked.get(npc, [])[:3]]
            trigger = Trigger(kind="drive_tick", npc=npc, at=now, place=minds.place, salience=DRIVE_SALIENCE)
            inputs = gate_inputs(world, minds, npc, players_speaking, float(unlock[row]), {c.id: c.bond for c in cands})
            jobs.append((trigger, inputs, cands, bool(passed[row])))
        # level 2 for everyone who passed, at once: a model server answers them concurrently
        asked = [(t, c, world.name(t.npc)) for t, _i, c, ok in jobs if ok]
        contexts = [self.gate_context(t, c) for t, _i, c, ok in jobs if ok]
        verdicts = iter(level2_many(self.gate_model, asked, language=world.language, contexts=contexts))
        for trigger, inputs, cands, ok in jobs:
            decision = self._decide(trigger, inputs, cands, next(verdicts) if ok else None)
            minds.record(decision)
            if decision.speak:
                target = decision.addressed[0] if decision.addressed else (cands[0].id if cands else None)
                if target:
                    log += self.initiate(trigger.npc, target,
                                         reason=decision.level2.why if decision.level2 else "")
        log += self.reconnect(players_speaking)
        return log

    def nearby(self, fact: Fact) -> list[LogEntry]:
        """Something notable happened: those who saw it weigh telling someone (a nearby_event trigger)."""
        sim = self.sim
        world, minds = sim.world, sim.minds  # type: ignore[attr-defined]
        log: list[LogEntry] = []
        salience = min(1.0, 0.3 + abs(fact.valence))
        _pull, _interactions, ranked = bond_pulls(world, minds)
        present = {fact.actor, *fact.witnesses}
        for npc in fact.witnesses:
            if npc not in minds.affect.index:
                continue
            cands = [Candidate(id=t, name=world.name(t), bond=axes(world, npc, t))
                     for _, t in ranked.get(npc, []) if t not in present][:3]
            trigger = Trigger(kind="nearby_event", npc=npc, at=world.now, place=minds.place,
                              from_whom=fact.actor, salience=salience)
            decision = self._decide(trigger, gate_inputs(world, minds, npc, False, 1.0, {c.id: c.bond for c in cands}),
                                    cands)
            minds.record(decision)
            if decision.speak and decision.addressed:
                log += self.initiate(npc, decision.addressed[0], reason=decision.level2.why if decision.level2 else "")
        return log

    def reconnect(self, players_speaking: bool) -> list[LogEntry]:
        """NPCs weigh reaching out to players who went quiet, and following up an unanswered message."""
        sim = self.sim
        world, minds = sim.world, sim.minds  # type: ignore[attr-defined]
        log: list[LogEntry] = []
        now = world.now
        for key in sorted(minds.quiet):
            state = minds.quiet[key]
            bond = bond_strength(axes(world, state.npc, state.other))
            trigger = reconnect_trigger(state, now, bond, place=minds.place)
            if trigger is not None and self._toward(trigger, state.npc, state.other, players_speaking):
                log += self.message(state.npc, state.other, follow_up_of=None)
                minds.quiet[key] = state.after_attempt(now, bond, answered=False)
        for msg_id in sorted(minds.followups):
            fu = minds.followups[msg_id]
            trigger = fu.trigger(now)
            if trigger is not None and self._toward(trigger, fu.npc, fu.to, players_speaking):
                minds.followups[msg_id] = fu.record_follow_up(now)
                log += self.message(fu.npc, fu.to, follow_up_of=msg_id)
        return log

    def _toward(self, trigger: Trigger, npc: str, other: str, players_speaking: bool) -> bool:
        """Put a trigger aimed at one person through the gate; record the decision; speak or not."""
        world, minds = self.sim.world, self.sim.minds  # type: ignore[attr-defined]
        bond = axes(world, npc, other)
        cand = [Candidate(id=other, name=world.name(other), bond=bond)]
        decision = self._decide(trigger, gate_inputs(world, minds, npc, players_speaking, 1.0, {other: bond}), cand)
        minds.record(decision)
        return decision.speak

    def message(self, npc: str, player: str, *, follow_up_of: str | None) -> list[LogEntry]:
        """An NPC reaches out to a player (expects a reply; at most one follow-up if ignored)."""
        sim = self.sim
        world, minds = sim.world, sim.minds  # type: ignore[attr-defined]
        zh = world.language == "zh"
        name = world.name(player)
        text = reach_out_message(world, npc, player, follow_up=follow_up_of is not None)
        fact = world.record("message", actor=npc, to=(player,), text=text,
                            meta={"expects_reply": True, "follow_up_of": follow_up_of})
        remember(world, sim.memory, npc, fact,  # type: ignore[attr-defined]
                 f"我给{name}捎了话：“{text}”" if zh else f'I sent {name} a message: "{text}"',
                 source="said", about=player, importance=0.35, meta={"message": True})
        state = FollowUpState(message_id=fact.id, npc=npc, to=player, sent_at=world.now, expects_reply=True)
        minds.followups[fact.id] = (minds.followups[follow_up_of].follow_up_message(fact.id, world.now)
                                    if follow_up_of else state)
        minds.last_spoke[npc] = world.now
        minds.budget.spend(minds.place, None, world.now, force=True)
        return [_entry(world, "message", [npc, player], f"{world.name(npc)} → {name}：“{text}”" if zh
                       else f'{world.name(npc)} → {name}: "{text}"', fact=fact.id, follow_up_of=follow_up_of)]

    def initiate(self, npc: str, target: str, *, reason: str) -> list[LogEntry]:
        """An NPC speaks up to someone: passes on what it has heard, or just says hello."""
        sim = self.sim
        world, memory, minds = sim.world, sim.memory, sim.minds  # type: ignore[attr-defined]
        if world.character(target).is_player:
            return self.message(npc, target, follow_up_of=None)
        from townsfolk.sim.actions import (
            gossip,  # one floor, one module: avoid a cycle at import time
        )

        # on its own an NPC has news to pass on, not a story this listener already had from it (N-63)
        # nor what a beat still to come has it tell this listener: the script's telling happens as written (K-50)
        held = held_back(self.scripted, npc, target, world.tick) if self.scripted else frozenset()
        log = gossip(world, memory, teller=npc, listener=target, about=None, text=None, fresh_only=True, held=held)
        zh = world.language == "zh"
        if log and log[0].ids.get("fact"):
            opener = next((f.text for f in world.facts if f.id == log[0].ids["fact"]), "")
        else:
            opener = npc_opener(world, memory, npc, target, held)
            fact = world.record("say", actor=npc, to=(target,), text=opener)
            record_interaction(world, npc, target, cause=Cause(kind="fact", id=fact.id), valence=0.1,
                               note="寒暄" if zh else "small talk")
            log = [_entry(world, "say", [npc, target], f"{world.name(npc)} 对 {world.name(target)} 说：“{opener}”"
                          if zh else f'{world.name(npc)} to {world.name(target)}: "{opener}"', fact=fact.id)]
        minds.last_spoke[npc] = world.now
        minds.budget.spend(minds.place, None, world.now, force=True)
        log += sim.converse(speaker=npc, npc=target, text=opener, via="npc")  # type: ignore[attr-defined]
        return log
