"""Whose "you" a rumour's words had: the one they were first said to.

Mags said to Ole "Greta burnt your supper". Ole's belief keeps her words, and so does Ann's when Ole
passes them on; said by either to someone else, that "your" is still Ole's: "Greta burnt my supper"
in Ole's mouth, "Greta burnt Ole's supper" in Ann's (said to a stranger as it was, "your supper"
would be the stranger's). The first telling, the belief's origin fact, says who heard the words
first (zh: 秀姑把你的晚饭烧糊了 -> 秀姑把老林的晚饭烧糊了; the voice says my own name as 我).
"""

from __future__ import annotations

import re

from townsfolk.agents.addressee_words import told_by_me_en, told_to_me_en, without_address
from townsfolk.memory.beliefs import Belief
from townsfolk.memory.store import MemoryStore
from townsfolk.world.world import World

_YOU = {"en": re.compile(r"\byou", re.IGNORECASE), "zh": re.compile(r"你(?!们)")}
_SAID = ("say", "tell")


def first_heard_by(world: World, quote: str, said_by: str | None, origin_fact_id: str | None) -> tuple[str, ...]:
    """Who the quoted words were first said to: the listeners of the say beat they come from, or
    nobody known (a witness's words, a player's statement already put in names). Callers try the
    belief's origin, then the telling that brought it: a witness's own words to me have the deed they
    saw as their origin ("Finn's sheep got into your orchard", Owen to Nora, is Nora's orchard)."""
    if not quote or not said_by or not origin_fact_id or origin_fact_id not in world.facts:
        return ()
    fact = world.facts.get(origin_fact_id)
    if fact.kind not in _SAID or fact.actor != said_by:
        return ()
    spoken, kept = fact.text.strip().rstrip("。.!！"), quote.strip().rstrip("。.!！")
    if not spoken or (kept not in spoken and spoken not in kept):
        return ()
    return tuple(p for p in fact.to if p != said_by)


def turned_quote(world: World, quote: str, heard_by: tuple[str, ...], npc: str, listener: str,
                 said_by_name: str) -> tuple[str, bool]:
    """The words with their "you" put as the one they were said to, seen from the NPC speaking to
    `listener`; and whether their "you" became the NPC itself (English reports them, never quotes:
    "Mags told me, 'Greta burnt my supper'" would make it Mags's supper)."""
    lang = "zh" if world.language == "zh" else "en"
    if heard_by:  # "Dora, Cal keeps leaving the gate open.": said to Dora, not of her
        quote = without_address(quote, [world.name(p) for p in heard_by])
    if not heard_by or heard_by == (listener,) or not _YOU[lang].search(quote):
        return quote, False
    if lang == "zh":
        if len(heard_by) > 1:
            return quote, False  # 你 to several is theirs together: kept
        return _YOU["zh"].sub(world.name(heard_by[0]), quote), False
    if heard_by == (npc,):
        return told_to_me_en(quote, said_by_name), True
    names = " and ".join(world.name(p) for p in heard_by if p != npc) or world.name(npc)
    return told_by_me_en(quote, names), False


def retold_quote(world: World, memory: MemoryStore, text: str, basis_id: str | None, npc: str,
                 listener: str) -> str:
    """A retelling's words (`Mags says: "Greta burnt your supper."`) with the quotation inside them
    turned to whoever first heard it (the retold belief's origin); the rest as it was."""
    basis = memory.beliefs.get(basis_id) if basis_id else None
    quote = basis.claim.quote if isinstance(basis, Belief) and basis.claim.quote else ""
    if quote not in text:  # zh reports it without its stop: 麻婶说秀姑把你的晚饭烧糊了
        quote = quote.rstrip("。.!！")
    if not quote or quote not in text:
        return text
    assert basis is not None
    heard_by = first_heard_by(world, quote, basis.claim.said_by, basis.origin_fact_id) or \
        first_heard_by(world, quote, basis.claim.said_by, basis.via_fact_id)
    said_by_name = world.name(basis.claim.said_by) if basis.claim.said_by else ""
    turned, mine = turned_quote(world, quote, heard_by, npc, listener, said_by_name)
    if turned == quote:
        return text
    if mine:  # reported, not quoted: 'Mags says that Greta burnt my supper'
        for frame in (f': "{quote}"', f":“{quote}”", f'"{quote}"'):
            if frame in text:
                return text.replace(frame, " that " + turned.rstrip("."), 1)
    return text.replace(quote, turned, 1)
