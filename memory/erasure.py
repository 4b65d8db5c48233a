"""The player's right to erasure: forget one memory, all one NPC holds, or all the world holds.

What is erased is the player's words and identity, not what the NPCs then did among themselves.
Items about the player or holding their words (what they said, asked or confided, what was said
to them, beliefs they told or that are about them, impressions and summaries of them) go, with
the retellings of those words and summaries built on them. Events the player merely took part in
(a mediation, a meeting) stay, with the player made anonymous: "someone" (zh 有人) helped. Edge
changes stay where they are (a reconciliation the player brought about is not undone; a belief a
mediation corrected does not come back); their causes and reasons lose the link and the words.
Facts holding the player's words are redacted; a world-wide erasure also drops the player from
the facts' participants.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np
from pydantic import BaseModel, Field

from townsfolk.memory.beliefs import Belief
from townsfolk.memory.events import EventMemory
from townsfolk.memory.impressions import Impression, Summary
from townsfolk.memory.store import MemoryStore
from townsfolk.world.relationships import Cause
from townsfolk.world.world import World

REDACTED = "[erased]"
SOMEONE = {"zh": "有人", "en": "someone"}
# facts whose text is speech: with the player in them, the words are the player's (or said to them)
WORD_KINDS = frozenset({"ask", "reply", "tell", "say", "gossip", "retell", "confide", "message", "chat"})


class ErasureError(ValueError):
    """An erasure that cannot be carried out; nothing has been touched."""


class ErasureReport(BaseModel):
    player: str
    npc: str | None = None
    memory_id: str | None = None
    removed: dict[str, list[str]] = Field(default_factory=dict)
    redacted_facts: list[str] = Field(default_factory=list)
    reverted_edge_changes: int = 0  # always 0 now: erasure does not rewind the world (kept for callers)
    kept_edge_changes: int = 0  # edge changes caused by erased items, kept with cause and words removed
    anonymised: list[str] = Field(default_factory=list)  # items and facts kept, the player now "someone"
    reopened_events: list[str] = Field(default_factory=list)
    erased_texts: list[str] = Field(default_factory=list)
    shredded_keys: list[str] = Field(default_factory=list)

    @property
    def removed_ids(self) -> set[str]:
        return {i for ids in self.removed.values() for i in ids}

    @property
    def total(self) -> int:
        return len(self.removed_ids)


def _fact_of(world: World, item: object):  # noqa: ANN202
    fid = getattr(item, "fact_id", None)
    return world.facts.get(fid) if fid and fid in world.facts else None


def involves(world: World, item: EventMemory | Belief | Summary | Impression, player: str) -> bool:
    """Whether a memory item is about the player or holds their words: what `memories --about`
    lists and erasure removes. An event the player merely took part in (they mediated, they were
    met) is not; erasure keeps it with the player made anonymous."""
    if isinstance(item, EventMemory):
        if item.about == player:
            return True
        if player not in item.participants:
            return False
        fact = _fact_of(world, item)
        return fact is None or fact.kind in WORD_KINDS
    if isinstance(item, Belief):
        return item.concerns(player) or item.told_by == player
    return item.about == player


def mentions(world: World, item: object, player: str) -> bool:
    """Whether a kept item still names the player (as a participant or in its words)."""
    name = world.characters[player].name
    return player in (getattr(item, "participants", None) or []) or name in _texts_of(item)[0]  # type: ignore[arg-type]


def _validate(world: World, memory: MemoryStore, player: str, npc: str | None, memory_id: str | None) -> None:
    c = world.characters.get(player)
    if c is None:
        raise ErasureError(f"unknown player {player!r}")
    if not c.is_player:
        raise ErasureError(f"{player!r} is an NPC, not a player; erasure is a player's right")
    if npc is not None:
        n = world.characters.get(npc)
        if n is None:
            raise ErasureError(f"unknown NPC {npc!r}")
        if n.is_player:
            raise ErasureError(f"{npc!r} is a player, not an NPC")
    if memory_id is not None:
        try:
            item = memory.get(memory_id)
        except KeyError:
            raise ErasureError(f"no memory {memory_id!r}") from None
        if npc is not None and item.holder != npc:
            raise ErasureError(f"memory {memory_id!r} is held by {item.holder!r}, not {npc!r}")
        if not involves(world, item, player):
            raise ErasureError(f"memory {memory_id!r} is not about {player!r}; a player may erase only memories of them")


def _closure(world: World, memory: MemoryStore, seeds: set[str]) -> set[str]:
    """Everything derived from the seed items: descended beliefs, retelling events, built summaries."""
    gone = set(seeds)
    changed = True
    while changed:
        changed = False
        for b in list(memory.beliefs.values()):
            if b.id in gone:
                continue
            derived = (b.parent_id in gone) or any(
                b.via_fact_id == memory.get(i).fact_id and b.holder == memory.get(i).holder
                for i in gone if i in memory.events)
            if derived:
                gone.add(b.id)
                changed = True
        for e in list(memory.events.values()):
            if e.id in gone or e.fact_id is None or e.fact_id not in world.facts:
                continue
            fact = world.facts.get(e.fact_id)
            if fact.kind == "retell" and fact.meta.get("basis") in gone:
                gone.add(e.id)
                changed = True
    return gone


def anonymiser(world: World, player: str):  # noqa: ANN201
    """Text with the player's name replaced by the world's word for "someone"."""
    name = world.characters[player].name
    someone = SOMEONE.get(world.language, SOMEONE["en"])
    pattern = re.compile(re.escape(name) if world.language == "zh" else rf"(?<!\w)(?:the )?{re.escape(name)}(?!\w)",
                         re.IGNORECASE if world.language != "zh" else 0)

    def _swap(m: re.Match[str]) -> str:
        start = m.start() == 0 or m.string[:m.start()].rstrip().endswith((".", "!", "?", '"', "“"))
        return someone.capitalize() if start and world.language != "zh" else someone

    return lambda text: pattern.sub(_swap, text) if text else text


def _scrub_edge_changes(world: World, gone: set[str], facts_to_redact: set[str], texts: list[str],
                        anon: Callable[[str], str], world_wide: bool, someone: Cause,
                        holders: list[str] | None = None) -> int:
    """Unlink edge changes caused by erased items and scrub the player from their reasons, as one pass
    over the graph's change log: each distinct reason and cause id is judged once, not each change
    (a 10k town holds 500k). A change is rewritten when its cause was erased (or is a redacted
    fact), when its reason quotes erased words, or when it names the player (world-wide, caused, or on
    an edge of a holder the erasure is for: `forget --npc dora` left "Visitor brought Gus and me together"
    in Dora's why, though the memory it came from now says "Someone").
    Returns how many changes were caused by erased items (kept, with cause and words removed)."""
    graph = world.graph
    log = graph.log
    n = log.n
    if n == 0:
        return 0
    values = log.texts.values
    codes = np.arange(len(values))
    gone_code = np.isin(codes, [c for c, v in enumerate(values) if v in gone])
    fact_code = np.isin(codes, [c for c, v in enumerate(values) if v in facts_to_redact])
    fact_kind = [c for c, v in enumerate(values) if v == "fact"]
    reasons = np.unique(log.reason[:n])
    quoted_code = np.zeros(len(values), dtype=bool)
    named_code = np.zeros(len(values), dtype=bool)
    for c in reasons.tolist():
        quoted_code[c] = any(t in values[c] for t in texts)
        named_code[c] = anon(values[c]) != values[c]
    cid, reason = log.cause_id[:n], log.reason[:n]
    has_id = cid >= 0
    caused = has_id & (gone_code[np.where(has_id, cid, 0)]
                       | (np.isin(log.cause_kind[:n], fact_kind) & fact_code[np.where(has_id, cid, 0)]))
    quoted = quoted_code[reason]
    held = np.zeros(n, dtype=bool)
    if holders:
        node_row = graph.columns.node_row
        held = np.isin(graph.columns.src[log.edge[:n]], [node_row[h] for h in holders if h in node_row])
    touched = caused | quoted | (named_code[reason] & (world_wide | caused | held))
    for r in np.flatnonzero(touched).tolist():
        change = log.change(r)
        graph.rewrite_change(change, reason=REDACTED if quoted[r] else anon(change.reason),
                             cause=someone if caused[r] else None)
    return int(caused.sum())


def erase(world: World, memory: MemoryStore, *, player: str, npc: str | None = None,
          memory_id: str | None = None) -> ErasureReport:
    """Erase as asked and everything derived from it; raises ErasureError before touching anything."""
    _validate(world, memory, player, npc, memory_id)
    holders = [npc] if npc else [h for h in memory.holders() if not world.characters[h].is_player]
    if memory_id is not None and npc is None:
        # one memory: the player becomes "someone" to the NPC who held it, not to the whole town
        holders = [memory.get(memory_id).holder]
    world_wide = npc is None and memory_id is None
    if memory_id is not None:
        seeds = {memory_id}
    else:
        seeds = {item.id for h in holders for kind in ("event", "belief", "summary", "impression")
                 for item in memory._of(h, kind) if involves(world, item, player)}  # noqa: SLF001
    if not seeds:
        raise ErasureError(f"nothing to erase: {npc or 'no NPC'} holds no memory of {player!r}")
    gone = _closure(world, memory, seeds)
    report = ErasureReport(player=player, npc=npc, memory_id=memory_id)
    # summaries built on erased items are removed; their other events are reopened for refolding
    for s in list(memory.summaries.values()):
        if s.id not in gone and any(c in gone for c in s.covers):
            gone.add(s.id)
    for s in [memory.summaries[i] for i in gone if i in memory.summaries]:
        for c in s.covers:
            e = memory.events.get(c)
            if e is not None and c not in gone and e.status == "archived":
                e.status = "active"
                e.meta.pop("absorbed_by", None)
                memory.touch(e)
                report.reopened_events.append(c)
    for imp in list(memory.impressions.values()):
        if imp.id not in gone and any(src in gone for src in imp.sources):
            gone.add(imp.id)
    # the words themselves: texts to scrub, facts to redact
    facts_to_redact: set[str] = set()
    for i in sorted(gone):
        item = memory.get(i)
        report.erased_texts += _texts_of(item)
        fact_id = getattr(item, "fact_id", None) or getattr(item, "via_fact_id", None)
        if fact_id and fact_id in world.facts:
            fact = world.facts.get(fact_id)
            scope = {player, *(holders if npc else world.characters)}
            if fact.kind in WORD_KINDS and set(fact.participants) <= scope:
                facts_to_redact.add(fact_id)
    if world_wide:
        facts_to_redact |= {f.id for f in world.facts if player in f.participants and f.kind in WORD_KINDS}
    texts = sorted({t for t in report.erased_texts if t and t != REDACTED})
    # retellings among NPCs that quote the erased words are redacted too (the telling itself stays)
    facts_to_redact |= {f.id for f in world.facts if f.text and any(t in f.text for t in texts)}
    anon = anonymiser(world, player)
    someone_cause = Cause(kind="erased", id=None)
    # no rewind: what erased items did to relationships stays; the link and the words go
    report.kept_edge_changes += _scrub_edge_changes(world, gone, facts_to_redact, texts, anon, world_wide,
                                                    someone_cause, holders)
    for fact_id in sorted(facts_to_redact):
        report.erased_texts.append(world.facts.get(fact_id).text)
        world.facts.redact(fact_id, REDACTED)
    report.redacted_facts = sorted(facts_to_redact)
    for i in sorted(gone):
        kind = MemoryStore.kind_of(memory.get(i))
        memory.delete(kind, i)
        report.removed.setdefault(kind, []).append(i)
    # what remains keeps no pointer to what is gone, and is not undone: a corrected belief stays corrected
    for b in memory.beliefs.values():
        if b.superseded_by in gone:
            b.superseded_by = None
            b.superseded_reason = REDACTED if any(t in (b.superseded_reason or "") for t in texts) \
                else anon(b.superseded_reason or "") or None
            memory.touch(b)
    world.facts.drop_references(gone)
    # identity: in what the holders keep, the player becomes "someone"
    for h in holders:
        for kind in ("event", "belief", "summary", "impression"):
            for item in memory._of(h, kind):  # noqa: SLF001
                if _anonymise_item(item, player, anon):
                    memory.touch(item)
                    report.anonymised.append(item.id)
    if world_wide:
        for fact in list(world.facts):
            if player in fact.participants or player == fact.about:
                update = {"actor": None if fact.actor == player else fact.actor,
                          "to": tuple(x for x in fact.to if x != player),
                          "witnesses": tuple(x for x in fact.witnesses if x != player),
                          "about": None if fact.about == player else fact.about,
                          "text": fact.text if fact.id in facts_to_redact else anon(fact.text)}
                world.facts._facts[fact.id] = fact.model_copy(update=update)  # noqa: SLF001
                report.anonymised.append(fact.id)
    report.erased_texts = sorted({t for t in report.erased_texts if t and t != REDACTED})
    return report


def _anonymise_item(item: EventMemory | Belief | Summary | Impression, player: str, anon) -> bool:  # noqa: ANN001
    changed = False
    if isinstance(item, EventMemory):
        if player in item.participants:
            item.participants = [p for p in item.participants if p != player]
            item.player_involved = False
            changed = True
        what = anon(item.what)
        if what != item.what:
            item.what, changed = what, True
        topic = item.meta.get("topic")
        if isinstance(topic, str) and anon(topic) != topic:
            item.meta["topic"], changed = anon(topic), True
    else:
        text = anon(item.text)
        if text != item.text:
            item.text, changed = text, True
        if isinstance(item, Belief) and item.superseded_reason and anon(item.superseded_reason) != item.superseded_reason:
            item.superseded_reason, changed = anon(item.superseded_reason), True
    return changed


def _texts_of(item: EventMemory | Belief | Summary | Impression) -> list[str]:
    if isinstance(item, EventMemory):
        return [item.what]
    if isinstance(item, Belief):
        return [item.text, item.claim.quote or ""]
    return [item.text]
