"""A daily life for a generated town: where everyone is each hour, who meets whom, who speaks.

Each tick the daily life turns the hour into beats for the one tick engine (`Simulation.run_tick`,
the same code a scenario plays through): things that happen (the spec's event generators), people
who meet, and people who pass something on. Positions are one array (a place index per person);
encounters are drawn per place group in one vectorised step; the gate's level 1 runs as one numpy
pass over every would-be speaker, and those who pass go to level 2 together (one `complete_many`).

Maki-Thompson in the engine: under `rule: maki_thompson`, a teller who finds the listener already
knows a rumour (same origin fact) loses interest in it and never tells it again.
"""

from __future__ import annotations

import numpy as np

from townsfolk.agents.bonds import axes
from townsfolk.agents.cold_start import unlock_level
from townsfolk.agents.gate import Candidate, Trigger, bond_pull, level1_batch, level2_many
from townsfolk.memory.beliefs import Belief
from townsfolk.sim.drive import AWAKE_FROM, AWAKE_UNTIL, MIN_INTERVAL_S
from townsfolk.sim.gossip import confided
from townsfolk.sim.minds import pack, unpack
from townsfolk.sim.scenario import Beat, GossipSpec, HappenSpec
from townsfolk.sim.worldgen import Town

SMALL_TALK_SALIENCE = 0.3
NOWHERE = -1
SEED_VALENCE = -0.6
# a visiting player's chat with someone where they walk: a chat, said as it was (read as a remark, in
# its own words), not a visit to someone's house ("游客来串门" was what a market stroll became)
PLAYER_MEETING = {"en": "{player} stopped at {place} and chatted with {npc}",
                  "zh": "{player}在{place}跟{npc}聊了几句"}
PLAYER_MEETING_VALENCE = 0.1
SLEEP_AFTER_SHIFT = 8  # hours a worker whose shift ends outside the waking day sleeps after it


def _small(places: np.ndarray) -> dict:
    """Place indices packed in the smallest integer type that holds them (int16 in any town with
    fewer than 32,768 places): saved with every commit, so a 10,000-NPC town's two arrays are
    40 KB, not 160 KB; read back as int64, the same values."""
    top = int(places.max(initial=0))
    return pack(places.astype(np.int16 if top < 2**15 else np.int32 if top < 2**31 else np.int64))


class DailyLife:
    """Turns each tick of a generated town into beats; keeps the rumour state (who stopped telling)."""

    def __init__(self, town: Town, sim: object) -> None:
        self.town = town
        self.sim = sim
        self.spec = town.spec
        n = len(town.npcs)
        self.n = n
        self.people = town.npcs + town.players
        self.row = {cid: i for i, cid in enumerate(self.people)}
        self.evening_place = np.array(town.home, copy=True)
        self.day_place = np.full(n, NOWHERE, dtype=np.int64)
        self.player_place = np.full(len(town.players), NOWHERE, dtype=np.int64)
        self.stifled: dict[str, set[str]] = {}  # teller -> origin facts it has lost interest in (Maki-Thompson)
        self.told: set[tuple[str, str, str]] = set()  # (teller, listener, origin): nobody tells one person twice
        self._told_order: list[tuple[str, str, str]] = []  # the same, as told: what a resumed run reads back
        self.stifle_log: list[tuple[int, str, str]] = []  # (tick, teller, origin) as each lost interest
        self.counts = {"encounters": 0, "tellings": 0, "stifled": 0, "small_talk": 0, "events": 0, "held": 0}
        self._planned_day = -1
        self.seeded = False
        self.seed_tick: int | None = None
        self.seed_count = 0
        self.seed_origins: list[str] = []  # the facts the seeded rumour started from (filled by the runner)
        self.backlog: dict[str, int] = {}  # event id -> occurrences drawn that no place could hold yet
        self._seeded_now: dict[str, set[int]] = {}  # event id -> who acted its seeded occurrence this tick
        self._shares: dict[int, float] | None = None  # hour -> its share of a day's events (_awake_share)
        # event id -> who may act it, by NPC row, for an event tied to roles (`roles: [rigger]`): the
        # rigger frays the trapeze rope, not the groom who happens to be up at 05:00 (K-21)
        role_ids = [r.id for r in town.spec.roles]
        self._may_act = {e.id: np.isin(town.role, [role_ids.index(r) for r in e.roles])
                         for e in town.spec.events if e.roles}
        kinds = town.place_kind
        self._by_kind = {k: np.flatnonzero(kinds == k) for k in set(kinds.tolist())}
        self._capacity = np.array([p.capacity for p in town.places], dtype=np.int64)
        # mood is shared where people are: each place is an affect group (one row per place)
        affect = sim.minds.affect  # type: ignore[attr-defined]
        for p in town.places:
            affect.add_group(p.id)
            sim.minds.group_names[p.id] = p.name  # type: ignore[attr-defined]  (mood lines name the place)
        self._group_row = np.array([affect.group_index[p.id] for p in town.places], dtype=np.int64)

    # --- where everyone is ---------------------------------------------------------------------
    def _plan_day(self, rng: np.random.Generator) -> None:
        """Once a day: where each NPC goes this evening, where the jobless go by day, players' rounds."""
        t, ev = self.town, self.spec.evening
        kinds = [k for k in ev.weights if k == "home" or len(self._by_kind.get(k, []))]
        w = np.array([ev.weights[k] for k in kinds], dtype=float)
        choice = rng.choice(len(kinds), size=self.n, p=w / w.sum())
        evening = np.array(t.home, copy=True)
        for k_idx, kind in enumerate(kinds):
            if kind == "home":
                continue
            rows = np.flatnonzero(choice == k_idx)
            options = self._by_kind[kind]
            evening[rows] = options[rng.integers(len(options), size=len(rows))]
        self.evening_place = self._cap(evening, t.home, rng)
        market = self._by_kind.get("market", np.array([], dtype=np.int64))
        day = np.where(t.work >= 0, t.work, t.home)
        if len(market):
            idle = np.flatnonzero((t.work < 0) & (rng.random(self.n) < 0.4))
            day[idle] = market[rng.integers(len(market), size=len(idle))]
        self.day_place = self._cap(day, t.home, rng)

    def _cap(self, where: np.ndarray, fallback: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        """A place over its capacity sends the excess (chosen at random) to their fallback (home)."""
        order = rng.permutation(len(where))
        placed = where[order]
        # rank of each person among those headed to the same place, in random order
        sort = np.argsort(placed, kind="stable")
        ranks = np.empty(len(placed), dtype=np.int64)
        _, first, counts = np.unique(placed[sort], return_index=True, return_counts=True)
        ranks[sort] = np.arange(len(placed)) - np.repeat(first, counts)
        over = ranks >= self._capacity[placed]
        out = where.copy()
        out[order[over]] = fallback[order[over]]
        return out

    def positions(self, hour: int) -> np.ndarray:
        """Place index for every person (NPCs, then players) at this hour; -1 for nowhere."""
        t, ev = self.town, self.spec.evening
        day_shift = t.work_from < t.work_until
        at_work = np.where(day_shift, (hour >= t.work_from) & (hour < t.work_until),  # a night shift wraps midnight
                           (hour >= t.work_from) | (hour < t.work_until))
        pos = np.where(at_work, self.day_place, t.home)
        evening = (hour >= ev.start) & (hour < ev.bedtime) & ~at_work
        pos = np.where(evening, self.evening_place, pos)
        return np.concatenate([pos, self.player_place if AWAKE_FROM <= hour < AWAKE_UNTIL
                               else np.full(len(t.players), NOWHERE)])

    def awake(self, hour: int) -> np.ndarray:
        """Who among the NPCs is up at this hour: everyone on shift (the night watch at 3 in the
        morning), and in the waking day everyone else but those sleeping off a night's shift."""
        t = self.town
        day_shift = t.work_from < t.work_until
        on_shift = np.where(day_shift, (hour >= t.work_from) & (hour < t.work_until),
                            (hour >= t.work_from) | (hour < t.work_until))
        night_worker = ~day_shift | (t.work_until > AWAKE_UNTIL)  # a shift over midnight, or past bedtime
        sleeping_off = night_worker & (((hour - t.work_until) % 24) < SLEEP_AFTER_SHIFT) & (t.work >= 0)
        return on_shift & (t.work >= 0) | ((AWAKE_FROM <= hour < AWAKE_UNTIL) & ~sleeping_off)

    def _awake_share(self, hour: int) -> float:
        """This tick's share of a day's events: the town's NPCs up at this hour over those up summed
        across the day's ticks. A rate per day spread evenly over 24 h put a third of a town's thefts
        and gifts on the few awake at night (N2: pump men, 5% of the town, acted 12 of 35 events)."""
        if self._shares is None:
            world = self.sim.world  # type: ignore[attr-defined]
            per_day = self.spec.ticks_per_day
            hours = [(world.clock.start + k * world.clock.tick_length).hour for k in range(per_day)]
            up = {h: float(self.awake(h).sum()) for h in set(hours)}
            total = sum(up[h] for h in hours)
            self._shares = {h: (up[h] / total if total > 0 else 1.0 / per_day) for h in up}
        return self._shares.get(hour, 1.0 / self.spec.ticks_per_day)

    def _plan_players(self, rng: np.random.Generator) -> None:
        for i, p in enumerate(self.spec.players):
            options = np.concatenate([self._by_kind.get(k, np.array([], dtype=np.int64)) for k in p.visits])
            self.player_place[i] = options[rng.integers(len(options))] if len(options) else NOWHERE

    # --- one tick ------------------------------------------------------------------------------
    def plan(self, tick: int) -> list[Beat]:
        """The beats of this tick: events, the first rumour, tellings and meetings. Uses the world's rng."""
        world = self.sim.world  # type: ignore[attr-defined]
        world.clock.tick = tick
        rng = world.rng
        if tick == 0:
            return []
        now = world.now
        day = (now - world.clock.start).days
        if day != self._planned_day:
            self._plan_day(rng)
            self._planned_day = day
        if AWAKE_FROM <= now.hour < AWAKE_UNTIL:
            self._plan_players(rng)
        pos = self.positions(now.hour)
        self._settle_groups(pos)
        beats: list[Beat] = []
        # those awake, where they are: by day the town, by night whoever works a night shift
        up = np.where(np.concatenate([self.awake(now.hour), np.ones(len(self.town.players), bool)]), pos, NOWHERE)
        self._seeded_now = {}
        if not self.seeded:
            beats += self._seed_rumour(tick, up, rng)
        beats += self._events(tick, pos, rng)
        beats += self._encounters(tick, up, rng)
        if AWAKE_FROM <= now.hour < AWAKE_UNTIL:
            beats += self._player_meetings(tick, pos, rng)
        return beats

    def _player_meetings(self, tick: int, pos: np.ndarray, rng: np.random.Generator) -> list[Beat]:
        """A visiting player talks to people where they walk: each meeting is a small happening the
        NPC witnesses (it remembers the player, and may mention the visit), so `memories --about
        PLAYER` has something to show without a scripted event."""
        world = self.sim.world  # type: ignore[attr-defined]
        hours = world.clock.tick_length.total_seconds() / 3600
        template = PLAYER_MEETING[self.spec.language]
        beats: list[Beat] = []
        for i, player in enumerate(self.spec.players):
            where = int(pos[self.n + i])
            if where == NOWHERE or player.meets_per_hour <= 0:
                continue
            count = int(rng.poisson(player.meets_per_hour * hours))
            here = np.flatnonzero(pos[:self.n] == where)
            if count == 0 or len(here) == 0:
                continue
            place = self.town.places[where].name
            for npc in np.sort(rng.choice(here, size=min(count, len(here)), replace=False)):
                text = template.format(player=world.name(player.id), npc=world.name(self.people[int(npc)]),
                                       place=place)
                beats.append(Beat(at=tick, happen=HappenSpec(what=text, actor=player.id,
                                                             witnesses=[self.people[int(npc)]],
                                                             valence=PLAYER_MEETING_VALENCE, place=place)))
            self.counts["player_meetings"] = self.counts.get("player_meetings", 0) + min(count, len(here))
        return beats

    def _settle_groups(self, pos: np.ndarray) -> None:
        """Everyone's affect reads the mood of the place they are in (one array write, no loop)."""
        affect = self.sim.minds.affect  # type: ignore[attr-defined]
        rows = affect.rows(self.town.npcs) if len(affect.ids) != self.n else np.arange(self.n)
        here = pos[:self.n]
        affect.group_of[rows] = np.where(here >= 0, self._group_row[np.clip(here, 0, None)], -1)
        affect.pair_row[rows] = -1

    def _present(self, pos: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """People grouped by place: sorted rows, group starts, group sizes, each row's group."""
        order = np.argsort(pos, kind="stable")
        order = order[pos[order] != NOWHERE]
        places, first, sizes = np.unique(pos[order], return_index=True, return_counts=True)
        del places
        group_of = np.repeat(np.arange(len(first)), sizes)
        return order, first, sizes, group_of

    def _seed_rumour(self, tick: int, up: np.ndarray, rng: np.random.Generator) -> list[Beat]:
        """The rumour the run follows: one seeded event, witnessed first-hand by seed_fraction of the town,
        where its actor and witnesses are at this hour (awake, at a place of the event's kinds): the
        first hour such a place exists (a theft at the salt pans when the shift starts, not at 01:00
        by a fisher who works elsewhere, seen by children asleep at home). Waits (returns nothing,
        not yet seeded) while no place fits; after a day, seeds the events that can happen."""
        r = self.spec.rumour
        k = int(round(r.seed_fraction * self.n))
        events = {e.id: e for e in self.spec.events}
        chosen = [events[e] for e in r.seed_events] or [e for e in self.spec.events if e.valence < 0 and e.actor == "npc"][:1]
        if k <= 0 or not chosen:
            self.seeded, self.seed_tick = True, tick
            return []
        order, first, sizes, _ = self._present(up)
        fits = [self._fitting_groups(ev, up, order, first, sizes, witnessed=True) for ev in chosen]
        waited_a_day = tick > self.spec.ticks_per_day
        if not all(len(f) for f in fits) and not (waited_a_day and any(len(f) for f in fits)):
            return []
        self.seeded, self.seed_tick = True, tick
        beats = []
        for ev, groups in zip(chosen, fits, strict=True):
            if not len(groups):
                continue
            big = groups[sizes[groups] >= k + 1]  # a place holding the actor and every witness, else the fullest
            pick = big if len(big) else groups[sizes[groups] == sizes[groups].max()]
            g = int(pick[rng.integers(len(pick))])
            actor, other, seen = self._cast(ev, order[first[g]:first[g] + sizes[g]], k, rng, any_player=True)
            self._seeded_now.setdefault(ev.id, set()).add(actor)
            witnesses = np.sort(np.concatenate([[other], seen]).astype(np.int64) if other is not None else seen)
            beats.append(self._beat(ev, tick, up, actor, other, witnesses, ev.valence if ev.valence else SEED_VALENCE))
        self.seed_count = len(beats)
        return beats

    def _fitting_groups(self, ev: object, pos: np.ndarray, order: np.ndarray, first: np.ndarray,
                        sizes: np.ndarray, *, witnessed: bool = False) -> np.ndarray:
        """The place groups an event can happen in now (one array pass, no loop over places): of its
        kinds (`at:`; with `{other}` and no `at:`, out of the house), its actor there (a player for a
        player's event), an `{other}` from another household (a housemate only at home) and, for the
        seeded rumour (`witnessed`), someone to see it."""
        if len(order) == 0:
            return np.array([], dtype=np.int64)
        is_npc = order < self.n
        hh = self.town.home[np.minimum(order, self.n - 1)]
        npcs = np.add.reduceat(is_npc.astype(np.int64), first)
        players = sizes - npcs
        lo = np.minimum.reduceat(np.where(is_npc, hh, np.iinfo(np.int64).max), first)
        hi = np.maximum.reduceat(np.where(is_npc, hh, -1), first)
        kinds_here = self.town.place_kind[pos[order[first]]]
        by_player = ev.actor == "player"  # type: ignore[attr-defined]
        ok = players >= 1 if by_player else npcs >= 1
        may = self._may_act.get(ev.id)  # type: ignore[attr-defined]
        if may is not None:  # someone of the event's roles is there
            ok &= np.add.reduceat((is_npc & may[np.minimum(order, self.n - 1)]).astype(np.int64), first) >= 1
        if ev.at:  # type: ignore[attr-defined]
            ok &= np.isin(kinds_here, ev.at)  # type: ignore[attr-defined]
        elif ev.other:  # type: ignore[attr-defined]
            ok &= kinds_here != "home"
        if ev.other:  # type: ignore[attr-defined]
            if by_player or "home" in ev.at:  # type: ignore[attr-defined]
                ok &= npcs >= (1 if by_player else 2)
            else:
                ok &= lo != hi  # two households among the NPCs there
        if witnessed:
            ok &= sizes >= 2
        return np.flatnonzero(ok)

    def _cast(self, ev: object, members: np.ndarray, k: int, rng: np.random.Generator, *,
              any_player: bool = False, acted: set[int] | None = None) -> tuple[int, int | None, np.ndarray]:
        """Who an event happens to among the people at one place: its actor (an NPC drawn; for a
        player's event the first player there, or one drawn with `any_player`; none of `acted`), its
        `{other}`, and up to `k` onlookers in all, the other counted (the draws in the order both
        callers made them)."""
        npcs_here = members[members < self.n]
        if ev.actor == "player":  # type: ignore[attr-defined]
            players = self._not_acted(members[members >= self.n], acted)
            actor = int(players[rng.integers(len(players))]) if any_player or acted else int(players[0])
        else:
            pool = self._not_acted(self._of_roles(ev, npcs_here), acted)
            actor = int(pool[rng.integers(len(pool))])
        rest = npcs_here[npcs_here != actor]
        other = self._other(ev, actor, rest, rng)
        if other is not None:
            rest = rest[rest != other]
        return actor, other, rng.permutation(rest)[:max(k - (other is not None), 0)]

    def _of_roles(self, ev: object, npcs: np.ndarray) -> np.ndarray:
        """Those of `npcs` who may act the event: all, or those of its `roles`."""
        may = self._may_act.get(ev.id)  # type: ignore[attr-defined]
        return npcs if may is None else npcs[may[npcs]]

    @staticmethod
    def _not_acted(people: np.ndarray, acted: set[int] | None) -> np.ndarray:
        return people[~np.isin(people, np.fromiter(acted, np.int64))] if acted else people

    def _free_members(self, ev: object, groups: np.ndarray, order: np.ndarray, first: np.ndarray,
                      sizes: np.ndarray, acted: set[int], g: int) -> np.ndarray | None:
        """The people at place group `g`, else at the first fitting one, where someone who may act
        has not yet acted this occurrence's event this hour; None when there is nobody left."""
        for h in [g, *(int(x) for x in groups if int(x) != g)]:
            members = order[first[h]:first[h] + sizes[h]]
            may = members[members >= self.n] if ev.actor == "player" else self._of_roles(ev, members[members < self.n])  # type: ignore[attr-defined]
            if len(self._not_acted(may, acted)):
                return members
        return None

    def _beat(self, ev: object, tick: int, pos: np.ndarray, actor: int, other: int | None,
              witnesses: np.ndarray, valence: float) -> Beat:
        """The happening as a beat, in the world's language, at the actor's place."""
        name = self.sim.world.name  # type: ignore[attr-defined]
        place = self.town.places[int(pos[actor])].name
        text = ev.text[self.spec.language].format(  # type: ignore[attr-defined]
            actor=name(self.people[actor]), other=name(self.people[other]) if other is not None else "", place=place)
        return Beat(at=tick, happen=HappenSpec(what=text, actor=self.people[actor],
                                               witnesses=[self.people[int(w)] for w in witnesses],
                                               valence=valence, place=place,
                                               predicate=ev.predicate))  # type: ignore[attr-defined]

    def _other(self, ev: object, actor: int, rest: np.ndarray, rng: np.random.Generator) -> int | None:
        """`{other}`: someone there from another household (a housemate only for an event at home)."""
        if not ev.other:  # type: ignore[attr-defined]
            return None
        kin_ok = "home" in ev.at  # type: ignore[attr-defined]
        strangers = rest if kin_ok or actor >= self.n else rest[self.town.home[rest] != self.town.home[actor]]
        return int(strangers[rng.integers(len(strangers))]) if len(strangers) else None

    def note_seed_facts(self, tick: int, facts: list) -> None:
        """After the seeding tick ran: its first happenings are the rumour's origin facts."""
        if tick == self.seed_tick and not self.seed_origins:
            self.seed_origins = [f.id for f in facts if f.kind == "happen"][:self.seed_count]

    def _events(self, tick: int, pos: np.ndarray, rng: np.random.Generator) -> list[Beat]:
        """The spec's event generators: Poisson counts per tick, at places where people are. An event
        no place can hold this hour (a theft out of the house at night, everyone home) waits for the
        first hour one can (`backlog`), so `rate_per_day` is what happens in a day, not an upper bound."""
        if not self.spec.events:
            return []
        hour = self.sim.world.clock.time_at(tick).hour  # type: ignore[attr-defined]
        share = self._awake_share(hour)
        order, first, sizes, _ = self._present(pos)
        awake = np.concatenate([self.awake(hour), np.ones(len(self.town.players), bool)])
        beats: list[Beat] = []
        for ev in self.spec.events:
            count = int(rng.poisson(ev.rate_per_day * share)) + self.backlog.get(ev.id, 0)
            if count == 0:
                continue
            groups = self._fitting_groups(ev, pos, order, first, sizes)
            if len(groups) == 0:
                self.backlog[ev.id] = count
                continue
            self.backlog.pop(ev.id, None)
            # a place is drawn in proportion to the people up there: ten pump men in a shaft are not a market
            up_here = np.add.reduceat(awake[order].astype(np.int64), first)[groups] + 1
            cum = np.cumsum(up_here)
            # one actor per occurrence this hour: a day's queued tavern occurrences fired together and
            # drew the same man drunk twice at the same tea shed, seen twice by the same people (K-33)
            # nor again by the seeded occurrence's actor: 崔志云 mixed up the same two salt accounts twice
            # at 08:00, once as the seed and once drawn, seen by two sets of clerks
            acted: set[int] = set(self._seeded_now.get(ev.id, ()))
            for done in range(count):
                g = int(groups[min(int(np.searchsorted(cum, rng.random() * cum[-1], side="right")), len(groups) - 1)])
                members = order[first[g]:first[g] + sizes[g]]
                actor, other, seen = self._cast(ev, members, ev.witnesses, rng)
                if actor in acted:
                    members = self._free_members(ev, groups, order, first, sizes, acted, g)
                    if members is None:  # everyone who could has done it this hour: the rest wait
                        self.backlog[ev.id] = count - done
                        break
                    actor, other, seen = self._cast(ev, members, ev.witnesses, rng, acted=acted)
                acted.add(actor)
                if other is not None:
                    seen = np.concatenate([[other], seen]).astype(np.int64)
                beats.append(self._beat(ev, tick, pos, actor, other, seen, ev.valence))
                self.counts["events"] += 1
        return beats

    def _tellable(self, teller: str, listener: str) -> Belief | None:
        """What the teller would pass on to this listener (as `gossip.pick_belief` picks it: nothing
        private or told in confidence), minus
        what a Maki-Thompson teller has lost interest in."""
        memory = self.sim.memory  # type: ignore[attr-defined]
        dull = self.stifled.get(teller, set())
        if self.spec.rumour.rule == "maki_thompson":
            # every contact counts: meeting one's own teller, or someone told before, is meeting a knower
            pool = [b for b in memory.beliefs_of(teller)
                    if not b.private and listener not in (b.claim.about, b.claim.said_by) and b.origin_fact_id not in dull]
        else:
            pool = [b for b in memory.beliefs_of(teller)
                    if not b.private and b.told_by != listener and listener not in (b.claim.about, b.claim.said_by)
                    and (teller, listener, str(b.origin_fact_id)) not in self.told]
        while pool:
            best = max(pool, key=lambda b: (b.claim.severity * b.credibility, b.tick, b.id))
            if not confided(best):  # told under "keep this between us": never passed on (sim/gossip.py)
                return best
            pool.remove(best)
        return None

    def _knows(self, listener: str, origin: str | None) -> bool:
        memory = self.sim.memory  # type: ignore[attr-defined]
        return origin is not None and any(b.origin_fact_id == origin for b in memory.beliefs_of(listener, held_only=False))

    def _encounters(self, tick: int, pos: np.ndarray, rng: np.random.Generator) -> list[Beat]:
        """Who starts talking to whom at each place, and whether the gate lets them speak."""
        sim, world = self.sim, self.sim.world  # type: ignore[attr-defined]
        minds = sim.minds  # type: ignore[attr-defined]
        npc_pos = pos[:self.n]
        order, first, sizes, group_of = self._present(npc_pos)
        if len(order) == 0:
            return []
        g_size = sizes[group_of]
        hours = world.clock.tick_length.total_seconds() / 3600
        starts = (g_size >= 2) & (rng.random(len(order)) < min(1.0, self.spec.rumour.meetings_per_hour * hours))
        initiators = order[starts]
        k = np.flatnonzero(starts)
        g = group_of[k]
        offset = 1 + (rng.random(len(k)) * (sizes[g] - 1)).astype(np.int64)  # someone else in the same place
        partners = order[first[g] + (k - first[g] + offset) % sizes[g]]
        if len(initiators) == 0:
            return []
        self.counts["encounters"] += len(initiators)
        # what each would-be speaker has to say, and their pull toward the one they met
        tellers = [self.people[i] for i in initiators]
        listeners = [self.people[j] for j in partners]
        basis = [self._tellable(a, b) for a, b in zip(tellers, listeners, strict=True)]
        salience = np.array([max(SMALL_TALK_SALIENCE, min(1.0, b.claim.severity * b.credibility + 0.3)) if b else
                             SMALL_TALK_SALIENCE for b in basis])
        bonds = [axes(world, a, b) for a, b in zip(tellers, listeners, strict=True)]
        pull = np.array([float(bond_pull(b)) for b in bonds])
        rows = np.array([minds.affect.index[a] for a in tellers])
        offset_aff = minds.affect.effects()["gate_threshold_offset"][rows]
        now = world.now
        budget = np.array([minds.budget.remaining(self.town.places[int(p)].id, None, now) for p in npc_pos[initiators]])
        days = (now - world.clock.start).total_seconds() / 86400 + minds.settled_days
        unlock = np.asarray(unlock_level(np.full(len(k), days), np.full(len(k), 20.0)), dtype=float)
        since = minds.seconds_since_spoke(now)[rows]
        passed = level1_batch("nearby_event", salience, offset_aff, budget, unlock, np.zeros(len(k), dtype=bool),
                              since, np.full(len(k), MIN_INTERVAL_S), pull)
        self.counts["held"] += int(len(k) - passed.sum())
        minds.counts["meeting:hold"] = minds.counts.get("meeting:hold", 0) + int(len(k) - passed.sum())
        jobs = []
        chosen = np.flatnonzero(passed)
        for r in chosen:
            trigger = Trigger(kind="nearby_event", npc=tellers[r], at=now, place=self.town.places[int(npc_pos[initiators[r]])].id,
                              from_whom=listeners[r], salience=float(salience[r]))
            jobs.append((trigger, [Candidate(id=listeners[r], name=world.name(listeners[r]), bond=bonds[r])],
                         world.name(tellers[r])))
        gate_model = sim.drive.gate_model  # type: ignore[attr-defined]
        verdicts = level2_many(gate_model, jobs, language=world.language) if jobs else []
        if gate_model is None:
            sim.standin_calls += len(jobs)  # type: ignore[attr-defined]
        beats: list[Beat] = []
        p_tell = self.spec.rumour.tell_probability
        mt = self.spec.rumour.rule == "maki_thompson"
        told_now: set[tuple[str, str]] = set()
        for r, verdict in zip(chosen, verdicts, strict=True):
            teller, listener, b = tellers[r], listeners[r], basis[r]
            if not verdict.speak:
                minds.counts["meeting:silent"] = minds.counts.get("meeting:silent", 0) + 1
                continue
            minds.counts["meeting:speak"] = minds.counts.get("meeting:speak", 0) + 1
            minds.last_spoke[teller] = now
            minds.budget.spend(self.town.places[int(npc_pos[initiators[r]])].id, None, now, force=True)
            if b is not None and rng.random() < p_tell and (teller, listener) not in told_now:
                if mt and self._knows(listener, b.origin_fact_id):
                    self.stifled.setdefault(teller, set()).add(str(b.origin_fact_id))
                    self.stifle_log.append((tick, teller, str(b.origin_fact_id)))
                    self.counts["stifled"] += 1
                    continue
                told_now.add((teller, listener))
                told = (teller, listener, str(b.origin_fact_id))
                if told not in self.told:
                    self.told.add(told)
                    self._told_order.append(told)
                beats.append(Beat(at=tick, gossip=GossipSpec(teller=teller, to=listener, about=b.claim.about)))
                self.counts["tellings"] += 1
            elif (teller, listener) not in told_now:
                told_now.add((teller, listener))
                beats.append(Beat(at=tick, meet=[teller, listener]))
                self.counts["small_talk"] += 1
        return beats

    # --- saving --------------------------------------------------------------------------------
    def state(self) -> dict:
        """Everything the next tick's plan reads besides the world and minds (today's places, who told
        whom what, the seeding), so `simulate --resume` goes on exactly as an uninterrupted run."""
        return {"counts": dict(self.counts), "seed_origins": self.seed_origins,
                "stifled": {k: sorted(v) for k, v in sorted(self.stifled.items())},
                "resume": {"evening_place": _small(self.evening_place), "day_place": _small(self.day_place),
                           "player_place": _small(self.player_place), "planned_day": self._planned_day,
                           "seeded": self.seeded, "seed_tick": self.seed_tick, "seed_count": self.seed_count,
                           "told": self._told_order, "backlog": dict(sorted(self.backlog.items()))}}

    def restore(self, state: dict) -> None:
        """The daily life as `state()` saved it (the world, memory and minds come back on their own)."""
        saved = state.get("resume")
        if not saved:
            raise ValueError("the run saved no daily-life state to resume from (made by an older townsfolk)")
        self.counts = dict(state["counts"])
        self.seed_origins = list(state["seed_origins"])
        self.stifled = {k: set(v) for k, v in state["stifled"].items()}
        self.evening_place = unpack(saved["evening_place"], np.int64)
        self.day_place = unpack(saved["day_place"], np.int64)
        self.player_place = unpack(saved["player_place"], np.int64)
        self._planned_day = int(saved["planned_day"])
        self.seeded, self.seed_tick, self.seed_count = bool(saved["seeded"]), saved["seed_tick"], int(saved["seed_count"])
        self._told_order = [(a, b, c) for a, b, c in saved["told"]]
        self.told = set(self._told_order)
        self.backlog = {k: int(v) for k, v in saved.get("backlog", {}).items()}
