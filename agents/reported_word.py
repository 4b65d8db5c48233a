"""What a third person says of another, heard from someone else, weighs less than a deed.

A loyal friend told "Agatha says Milo is unreliable" (hop 2) cooled toward Milo as much as for a
slip seen (friend 0.80 -> 0.72), the largest fall of the story, and for good. It is Agatha's word,
passed on: it moves the hearer's tie to Milo half as far. Heard from Agatha herself, it is her own
word to the hearer and weighs in full; a complaint about the hearer is held against whoever said
it, in full.
"""

from __future__ import annotations

from townsfolk.memory.claims import Claim

REPORTED_WEIGHT = 0.5


def reported_word(claim: Claim, holder: str, told_by: str | None) -> bool:
    """Whether the holder heard, from someone other than the speaker, what the speaker says of a
    third person."""
    said_by = claim.__dict__["said_by"]
    return bool(said_by) and said_by != told_by and said_by != holder and claim.__dict__["about"] not in (holder, said_by)
