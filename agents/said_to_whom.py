"""What an NPC said is tracked per listener, not per NPC.

Two rules a player notices at once:
- "As I said, ..." / "就像我刚才说的，..." is only for a listener who heard it; a second player asking
  the same thing gets the line afresh.
- After a whisper only the whisperer's words are private. What the NPC itself said in that turn was
  its own news (it knew it before), so other players may still hear it.
"""

from __future__ import annotations

import re

from townsfolk.world.world import World

RECAP_LEAD = {"en": "As I said, ", "zh": "就像我刚才说的，"}

_PRONOUN_I = ("I", "I'm", "I've", "I'd", "I'll")


def said_to(text: str, said_to_listener: list[str]) -> bool:
    """Whether this very line was said to this listener already today (lower-cased list)."""
    core = text.strip().lower()
    return bool(core) and core in said_to_listener


def with_recap_lead(text: str, zh: bool, names: set[str]) -> str:
    """'As I said, ' glued to a line: the line's first word goes lower case unless it is 'I' or a
    name ('As I said, busy morning', not 'As I said, Busy morning')."""
    if zh:
        return RECAP_LEAD["zh"] + text
    first = re.split(r"[\s,.;:!?']", text, maxsplit=1)[0]
    if text[:1].isupper() and first not in _PRONOUN_I and first not in names:
        text = text[0].lower() + text[1:]
    return RECAP_LEAD["en"] + text


def own_reply(world: World, event: object, npc: str) -> bool:
    """An event that is the NPC's own spoken line (its reply in a private turn): not another
    player's secret, so it is no private snippet to guard."""
    fact_id = getattr(event, "fact_id", None)
    if getattr(event, "source", None) != "said" or not fact_id or fact_id not in world.facts:
        return False
    return world.facts.get(fact_id).actor == npc
