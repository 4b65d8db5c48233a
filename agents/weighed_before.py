"""A deed is weighed once: how much of a new belief's weight its holder has not already felt.

The same fact reached a holder twice and moved the tie twice in full: told by two people ("Joan
Fowler is always stealing", f17, friend 0.63 -> 0.57 -> 0.49), or seen first and then heard about
(the victim who watched his salt go, cooled again by the rumour of it). Beliefs keep the fact they
descend from (`origin_fact_id`), so the holder's earlier beliefs of the same fact that blame the
same person say how much of it was already weighed: a new telling moves the tie only by what it
adds (a more credible teller, a graver retelling), never the deed again.
"""

from __future__ import annotations

from collections.abc import Callable

from townsfolk.agents.reported_word import REPORTED_WEIGHT, reported_word
from townsfolk.memory.beliefs import Belief
from townsfolk.memory.claims import Claim
from townsfolk.memory.store import MemoryStore


def weight(claim: Claim, credibility: float, holder: str, valence: float | None = None,
           personal: float = 1.5, told_by: str | None = None) -> float:
    """How hard a belief of this claim lands: its valence, as believed, done to the holder or not,
    someone's word passed on or not (agents/reported_word.py)."""
    valence = claim.valence if valence is None else valence
    w = abs(valence) * credibility * (personal if claim.obj == holder else 1.0)
    return w * REPORTED_WEIGHT if reported_word(claim, holder, told_by) else w


def unweighed_share(memory: MemoryStore, belief: Belief, other: str, valence: float, personal: float,
                    responsible: Callable[[Claim, str], str | None]) -> float:
    """The share (0..1) of this belief's weight the holder has not felt yet from the same fact
    blaming (or crediting) the same person in the same direction: 1 when it is news
    (`responsible`: appraisal's responsible_for, whom a claim is held against)."""
    origin = belief.origin_fact_id
    if not origin:
        return 1.0
    holder = belief.holder
    new = weight(belief.claim, belief.credibility, holder, valence, personal, belief.told_by)
    if new <= 0.0:
        return 1.0
    felt = 0.0
    for earlier in memory.beliefs_of(holder, other):
        if earlier.id == belief.id or earlier.origin_fact_id != origin:
            continue
        claim = earlier.claim
        if not claim.blames_subject or responsible(claim, holder) != other:
            continue
        before = claim.valence
        if before * valence <= 0.0:
            continue  # the other way round (a denial, a defence) is news of its own
        felt = max(felt, weight(claim, earlier.credibility, holder, before, personal, earlier.told_by))
    return max(0.0, new - felt) / new

