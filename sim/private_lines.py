"""Private words stay off the timeline: every line that grew from a private fact hides its words.

A private `tell` (or a player's line the engine judged private) shows as "(said in private)" on its
say line; the belief it formed, the edge moves that belief caused (their reason quotes it), a
revision of it, or a summary folding it would print those words again. The play output, `--json`,
HTTP advance and the stream all read these entries, so the words are hidden here, once, by the ids
each entry already carries. `why` and `inspect` read the memory itself: the designer may see them.
"""

from __future__ import annotations

from townsfolk.memory.store import MemoryStore
from townsfolk.sim.log import LogEntry
from townsfolk.world.world import World

SAID = {"zh": "（私下说的话）", "en": "(said in private)"}
HAPPENED = {"zh": "（私下发生的事）", "en": "(happened in private)"}
_BELIEF_KEYS = ("belief", "superseded", "basis")


def _marker(language: str, seen: bool) -> str:
    return (HAPPENED if seen else SAID)["zh" if language == "zh" else "en"]


def _private_texts(world: World, memory: MemoryStore, ids: dict) -> list[tuple[str, bool]]:
    """The words of every private fact, belief or summary the entry points at (longest first), each
    with whether it was seen happen (else said)."""
    found: dict[str, bool] = {}
    beliefs = memory.beliefs
    belief_ids = [ids[k] for k in _BELIEF_KEYS if isinstance(ids.get(k), str)]
    cause = ids.get("cause")
    if isinstance(cause, str) and cause.startswith("belief:"):
        belief_ids.append(cause[7:])
    for belief_id in belief_ids:
        b = beliefs.get(belief_id)
        if b is not None and b.private:
            found[b.text] = b.source == "witnessed"
    fact_id = ids.get("fact")
    if isinstance(fact_id, str) and fact_id in world.facts:
        fact = world.facts.get(fact_id)
        if fact.private and fact.text:
            found[fact.text] = fact.kind == "happen"
    summary_id = ids.get("summary")
    s = memory.summaries.get(summary_id) if isinstance(summary_id, str) else None
    if s is not None:
        if s.private:
            found[s.text] = False
        for covered in s.covers:
            item = memory.get_or_none(covered)
            if item is not None and getattr(item, "private", False):
                words = getattr(item, "text", None) or getattr(item, "what", "")
                found[words] = getattr(item, "source", "") == "witnessed"
    return sorted(((t, seen) for t, seen in found.items() if t), key=lambda p: -len(p[0]))


def redact(world: World, memory: MemoryStore, entries: list[LogEntry]) -> list[LogEntry]:
    """The same entries, with the words of anything private replaced by the marker (in place);
    an entry that hid something says so (`private: true` among its ids)."""
    for entry in entries:
        ids = entry.ids
        if not ids or ids.get("private") is True:
            continue  # nothing to point at, or already written without the words
        texts = _private_texts(world, memory, ids)
        if not texts:
            continue
        text = entry.text
        for words, seen in texts:
            text = text.replace(words, _marker(world.language, seen))
        if text != entry.text:  # (a line that only points at something private, without its words, stays)
            entry.text = text
            ids["private"] = True
    return entries
