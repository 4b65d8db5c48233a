"""Appraisal: a belief or event about someone moves the holder's edges toward them.

The sign comes from what happened: the claim's valence (a gift warms, a theft cools; a remark the
inventory cannot name moves nothing unless the scenario said how it felt), weighted up when it
was done to the holder. Misfortunes and occasions (a fire, an illness, a wedding) blame nobody and
move no tie.

Every change records its cause (the belief or event id), so `why` can walk it back. Impressions
bias the reading: the same lateness costs a neighbour thought reliable less than one thought
unreliable.
"""

from __future__ import annotations

from typing import NamedTuple

from townsfolk.agents.reported_word import REPORTED_WEIGHT, reported_word
from townsfolk.agents.weighed_before import unweighed_share
from townsfolk.memory.beliefs import Belief
from townsfolk.memory.claims import Claim
from townsfolk.memory.store import MemoryStore
from townsfolk.world.relationships import Cause, EdgeChange
from townsfolk.world.world import World

FLATTERY_CAP = 0.05  # all a stranger player's good words can warm a tie (to the one praised, or to the listener)
SENSITIVITY = 0.25  # bad news weighs more ...
POSITIVE_SENSITIVITY = 0.1  # ... than good news: trust is slow to build and quick to lose
PERSONAL_WEIGHT = 1.5


def impression_bias(memory: MemoryStore, holder: str, about: str) -> float:
    """Multiplier on bad news about someone: < 1 for a good impression, > 1 for a bad one."""
    imp = memory.impression(holder, about)
    if imp is None:
        return 1.0
    return max(0.25, 1.0 - 0.6 * imp.valence * imp.confidence)


def responsible_party(belief: Belief) -> str | None:
    """Whom the holder will hold this against: the one with the attitude, else the subject."""
    return responsible_for(belief.claim, belief.holder)


def responsible_for(claim: Claim, holder: str) -> str | None:
    """`responsible_party` of a claim the holder is about to believe (a tick's tellings decide it
    before their beliefs are built)."""
    if claim.is_attitude:
        return claim.about if claim.about != holder else None
    if claim.about == holder:
        # a complaint about me: I hold it against whoever said it
        return claim.said_by if claim.said_by and claim.said_by != holder else None
    return claim.about


def room(strength: float, delta: float) -> float:
    """Scale a move by the room left: near 1 good news adds little, near 0 bad news takes little."""
    return delta * ((1.0 - strength) if delta > 0 else strength)


class EdgeMove(NamedTuple):
    """One edge appraisal moved: holder -> other of this kind, and the change it made (for the timeline,
    which used to find it again by scanning all of the holder's edges)."""

    source: str
    target: str
    kind: str
    change: EdgeChange


def _move_warm_edges(world: World, holder: str, other: str, delta: float, cause: Cause,
                     reason: str) -> list[EdgeMove]:
    changes: list[EdgeMove] = []
    graph = world.graph
    strength = graph.columns.strength
    for kind, row in graph.rows_between(holder, other):  # by kind, as edges_between lists them
        if not world.warm_tie(kind):
            continue
        moved = graph.adjust_row(row, round(room(float(strength[row]), delta), 4), tick=world.tick, time=world.now,
                                 cause=cause, reason=reason)
        # the change just made, read alone from the change log (not the edge's whole history)
        changes.append(EdgeMove(holder, other, kind, graph.log.change(moved)))
    return changes


def appraise_belief(world: World, memory: MemoryStore, belief: Belief) -> list[EdgeChange]:
    """Move the holder's warm edges toward whoever the belief makes look good or bad."""
    return [m.change for m in appraise_belief_moves(world, memory, belief)]


def appraise_belief_moves(world: World, memory: MemoryStore, belief: Belief) -> list[EdgeMove]:
    """`appraise_belief`, saying which edge each change moved."""
    if not belief.claim.blames_subject:
        return []  # a fire, an illness, a wedding: it happened to them; nobody is to blame or thank
    other = responsible_party(belief)
    if other is None or other not in world.characters:
        return []
    delta = appraisal_delta(memory, belief.holder, other, belief.claim, belief.credibility, belief=belief)
    if delta > 0 and belief.told_by is not None and _flattery(world, belief.holder, belief.told_by):
        delta = max(0.0, min(delta, FLATTERY_CAP - _praised_by(world, memory, belief.holder, other, belief.told_by)))
    if abs(delta) < 1e-4:
        return []
    return _move_warm_edges(world, belief.holder, other, delta,
                            Cause(kind="belief", id=belief.id), appraisal_reason(world.language, belief))


def has_goodwill(world: World, holder: str, other: str) -> bool:
    """Whether the holder has a tie of goodwill to the other (a friend, a neighbour; not the bond axes,
    which talk itself grows)."""
    return any(world.warm_tie(kind) for kind, _ in world.graph.rows_between(holder, other))


def _flattery(world: World, holder: str, teller: str) -> bool:
    """Good words from a player the holder has no goodwill toward: a stranger's say, capped (a player
    could otherwise praise someone to an NPC ten times over and warm the tie ten times)."""
    character = world.characters.get(teller)
    return character is not None and character.is_player and not has_goodwill(world, holder, teller)


def _praised_by(world: World, memory: MemoryStore, holder: str, other: str, teller: str) -> float:
    """How far the teller's word has already warmed the holder's warmest-moved tie to the other."""
    told = {b.id for b in memory.beliefs_of(holder, other, held_only=False) if b.told_by == teller}
    return max((sum(c.delta for c in edge.history if c.delta > 0 and c.cause.kind == "belief" and c.cause.id in told)
                for edge in world.graph.edges_between(holder, other)), default=0.0)


def appraisal_delta(memory: MemoryStore, holder: str, other: str, claim: Claim, credibility: float,
                    valence: float | None = None, *, belief: Belief | None = None) -> float:
    """How far a belief of this claim moves the holder's warm edges toward the one responsible
    (`valence`: the claim's, when the caller has it already). With the `belief`, a fact the holder
    already weighed (seen, or heard from someone else) moves the edges only by what the new belief
    adds to it (agents/weighed_before.py)."""
    valence = claim.valence if valence is None else valence
    bias = impression_bias(memory, holder, other) if valence < 0 else 1.0
    # done to me (a gift to me, a theft from me) counts more than done to someone else
    personal = PERSONAL_WEIGHT if claim.obj == holder else 1.0
    delta = (SENSITIVITY if valence < 0 else POSITIVE_SENSITIVITY) * valence * credibility * bias * personal
    if belief is not None and reported_word(claim, holder, belief.told_by):
        delta *= REPORTED_WEIGHT  # her word, passed on: not a deed seen (agents/reported_word.py)
    if belief is not None and delta:
        delta *= unweighed_share(memory, belief, other, valence, PERSONAL_WEIGHT, responsible_for)
    return delta


def appraisal_reason(language: str, belief: Belief) -> str:
    """The words an appraisal's edge change carries: heard or saw, and what."""
    if language == "zh":
        return f"{'听说' if belief.source != 'witnessed' else '亲眼看到'}：{belief.text}"
    return f"{'heard' if belief.source != 'witnessed' else 'saw'}: {belief.text}"


def undo_belief_moves(world: World, holder: str, other: str, belief_id: str, *, cause: Cause, reason: str,
                      share: float = 1.0, undone_by: frozenset[str] = frozenset()) -> list[EdgeMove]:
    """Take back what one belief did to the holder's edges toward `other` (a rumour cleared by a
    mediation, a player's retraction): each edge moved by the belief gets the opposite step, citing
    what cleared it, so `why` shows both. `share` < 1 takes back only that part (a rumour weakened by
    a word less credible than it, not cleared); `undone_by`: the beliefs whose changes already took
    back part of it (an earlier weakening), which is not taken back twice. Returns the moves made."""
    graph = world.graph
    moves: list[EdgeMove] = []
    for edge in graph.edges_between(holder, other):
        history = edge.history
        undo = -share * sum(c.delta for c in history if c.cause.kind == "belief" and c.cause.id == belief_id)
        if undone_by:
            undo -= sum(c.delta for c in history if c.cause.kind == "belief" and c.cause.id in undone_by)
        if abs(undo) > 1e-9:
            row = graph.row_of(holder, other, edge.kind)
            if row is None:
                continue
            moved = graph.adjust_row(row, undo, tick=world.tick, time=world.now, cause=cause, reason=reason)
            moves.append(EdgeMove(holder, other, edge.kind, graph.log.change(moved)))
    return moves
