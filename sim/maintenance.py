"""Maintenance after each tick: consolidation, and once a simulated day, forgetting and dormancy.

Dormant pairs keep only their compressed record; the first contact between them wakes it.
"""

from __future__ import annotations

from datetime import timedelta
from functools import partial

from townsfolk.agents.bonds import tie_prior
from townsfolk.memory.consolidation import (
    ImpressionWriter,
    SummaryWriter,
    fold_holders,
    offline_impression,
    offline_summary,
    ripe_holders,
)
from townsfolk.memory.forgetting import compress_dormant, forget_pass, last_contacts
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.log import LogEntry
from townsfolk.world.facts import Fact
from townsfolk.world.world import World

FORGET_EVERY = timedelta(days=1)


def _entry(world: World, kind: str, who: list[str], text: str, **ids: object) -> LogEntry:
    return LogEntry.trusted(world.tick, world.now.isoformat(timespec="minutes"), kind, who, text,
                            {k: v for k, v in ids.items() if v})


def new_day(world: World) -> bool:
    """True on the first tick of each simulated day since the start (stateless, so resumes agree)."""
    if world.tick == 0:
        return False
    since = world.now - world.clock.start
    before = since - world.clock.tick_length
    return since // FORGET_EVERY != before // FORGET_EVERY


class Maintenance:
    """Keeps memory compact and layered as a run goes on."""

    def __init__(self, summary_writer: SummaryWriter = offline_summary,
                 impression_writer: ImpressionWriter = offline_impression) -> None:
        self.summary_writer = summary_writer
        self.impression_writer = impression_writer
        self._players: tuple[int, frozenset[str]] = (-1, frozenset())  # (cast version, players' ids)

    def _players_of(self, world: World) -> frozenset[str]:
        """The players' ids, found once per change of the cast (a character's attribute read costs
        several of a set's, and every ripe holder was asked)."""
        version = getattr(world.characters, "version", None)
        if version is None or self._players[0] != version:
            found = frozenset(cid for cid, c in world.characters.items() if c.is_player)
            if version is None:
                return found
            self._players = (version, found)
        return self._players[1]

    def after_tick(self, world: World, memory: MemoryStore) -> list[LogEntry]:
        """The tick's folds (a summary line and an impression line each), then once a day forgetting
        and dormancy. Nothing private is in these lines, so they need no redaction: a fold takes only
        public events (`memory/fold_bound.folds`) and its summary is public; dormancy and forgetting
        lines name only who and how many (tests/test_maintenance_lines.py)."""
        log: list[LogEntry] = []
        zh = world.language == "zh"
        names, tick, now = world.names(), world.tick, world.now
        players = self._players_of(world)
        stamp = now.isoformat(timespec="minutes")
        colon = "：" if zh else ": "
        trusted, language, new_id = LogEntry.trusted, world.language, world.new_id
        summary_writer, impression_writer = self.summary_writer, self.impression_writer

        prior = partial(tie_prior, world)  # where a first impression starts (h, a)

        # a holder with nothing that could fold is skipped here, before the fold (what `consolidate`
        # itself would find first): after a telling that is nearly every holder
        ripe = [h for h in ripe_holders(memory, memory.touched_holders) if h not in players]
        folded = fold_holders(memory, ripe, names=names, language=language, tick=tick, now=now, new_id=new_id,
                              summary_writer=summary_writer, impression_writer=impression_writer, prior=prior)
        for holder, summaries, impressions in folded:
            name = names[holder]
            # a summary and its impression in pairs (zip's strict check costs more than its body here)
            # (their fields from the instance dicts: a model's attribute read goes through pydantic's hook)
            for s, imp in zip(summaries, impressions):  # noqa: B905
                sd, im = s.__dict__, imp.__dict__
                log.append(trusted(tick, stamp, "summary", [holder], f"{name}{colon}{sd['text']}",
                                   {"summary": sd["id"], "covers": len(sd["covers"])}))
                log.append(trusted(tick, stamp, "impression", [holder, im["about"]],
                                   f"{name} → {names[im['about']]}: {im['text']} ({im['valence']:+.2f})",
                                   {"impression": im["id"]}))
        memory.touched_holders.clear()
        if new_day(world):
            contacts = last_contacts(memory)
            report = forget_pass(memory, world.now, last_contact=contacts)
            pairs = compress_dormant(memory, world.now, contacts)
            for a, b in pairs:
                if a in world.characters and b in world.characters and world.graph.set_dormant(a, b, world.now):
                    log.append(_entry(world, "dormant", [a, b], f"{names[a]} — {names[b]}: "
                                      + ("久未往来，只留下关系和印象" if zh else "long silent; only the bond and impression remain")))
            if report.removed_events or report.removed_summaries or report.faded_impressions:
                log.append(_entry(world, "forget", [], (f"遗忘了 {len(report.removed_events)} 条事件、"
                                                        f"{len(report.removed_summaries)} 条摘要；"
                                                        f"{len(report.faded_impressions)} 个印象变淡") if zh else
                                  (f"forgot {len(report.removed_events)} events and {len(report.removed_summaries)} "
                                   f"summaries; {len(report.faded_impressions)} impressions faded")))
        return log


def wake_pairs(world: World, facts: list[Fact]) -> list[LogEntry]:
    """Contact between characters whose bond lay dormant wakes it. The graph indexes its dormant
    edges, so a fact with thousands of witnesses costs the dormant pairs among them, not every pair."""
    log: list[LogEntry] = []
    dormant = world.graph.dormant_pairs() if world.graph.dormant_edges else set()
    for fact in facts:
        if not dormant:
            break
        people = list(fact.participants)
        order = {p: i for i, p in reversed(list(enumerate(people)))}  # first place each one appears
        if len(order) * (len(order) - 1) // 2 <= len(dormant):
            found = [(i, j) for i, a in enumerate(people) for j in range(i + 1, len(people))
                     if frozenset((a, people[j])) in dormant]
        else:  # in the order a pass over all pairs would meet them
            found = sorted((min(order[p] for p in pair), max(order[p] for p in pair)) for pair in dormant
                           if len(pair) == 2 and all(p in order for p in pair))
        for i, j in found:
            a, b = people[i], people[j]
            if frozenset((a, b)) in dormant and world.graph.set_dormant(a, b, None):
                dormant.discard(frozenset((a, b)))
                log.append(_entry(world, "wake", [a, b], f"{world.name(a)} — {world.name(b)}: "
                                  + ("重新联系上了" if world.language == "zh" else "back in touch"), fact=fact.id))
    return log
