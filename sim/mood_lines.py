"""The timeline's mood lines: one per NPC whose mood moved by its own doing, one per place whose
shared mood turned.

Everyone in a place relaxes toward the place's shared (slow) mood, so when that mood crosses an
edge the whole crowd's labels follow within a tick or two. Writing a line per follower gave ten
thousand identical lines in one tick of a big town; a designer wants to read "the mood in the town
turned uneasy" once, and then the NPCs whose own experience moved them. `Minds.mood_shifts` tells
the two apart; this file only words them.
"""

from __future__ import annotations

from townsfolk.sim.log import LogEntry

DEFAULT_GROUP = "town"  # the affect group every NPC of a scenario shares when it names no place
TOWN_NAME = {"en": "the town", "zh": "镇上"}
# by the place's new shared label: 0 low, 1 calm, 2 cheerful
GROUP_TURNED = {
    "en": ("The mood {at} {place} turned uneasy.", "The mood {at} {place} settled.",
           "The mood {at} {place} brightened."),
    "zh": ("{place}的气氛变得不安了。", "{place}的气氛平静下来了。", "{place}的气氛变得轻松愉快了。"),
}


def place_phrase(language: str, group: str, name: str | None) -> tuple[str, str]:
    """(preposition, name) for a group as the world names it: "in the town", "at the Blue Boar 2",
    "in Millbrook" (a proper name reads "in", a common noun phrase "at")."""
    if name is None:
        name = TOWN_NAME.get(language, TOWN_NAME["en"]) if group == DEFAULT_GROUP else group
    if language == "zh":
        return "", name
    return ("in" if group == DEFAULT_GROUP and name == TOWN_NAME["en"] or name[:1].isupper() else "at"), name


def group_line(language: str, group: str, name: str | None, code: int) -> str:
    """One sentence for a place whose shared mood crossed into label `code`."""
    at, place = place_phrase(language, group, name)
    return GROUP_TURNED.get(language, GROUP_TURNED["en"])[code].format(at=at, place=place)


def mood_texts(changes: list[tuple[str, str, float]], names: dict[str, str]) -> list[tuple[str, str]]:
    """(npc, "Name: label (+0.00)") per mood change. NPCs moved by one event often share a valence,
    so each valence's tail is formatted once (a float format per line was half of a line's cost)."""
    tails: dict[float, str] = {}
    out = []
    for npc, label, valence in changes:
        tail = tails.get(valence) if valence else None  # 0.0 and -0.0 are one key but print apart
        if tail is None:
            tail = tails[valence] = f": {label} ({valence:+.2f})"
        out.append((npc, names.get(npc, npc) + tail))
    return out


def mood_entries(tick: int, time: str, language: str, own: list[tuple[str, str, float]],
                 groups: list[tuple[str, str | None, int, float]], names: dict[str, str]) -> list[LogEntry]:
    """A tick's mood lines: each place's turn first (who: nobody in particular; ids name the group),
    then each NPC's own change."""
    out = [LogEntry.trusted(tick, time, "mood", [], group_line(language, group, name, code),
                            {"group": group, "valence": round(valence, 2)})
           for group, name, code, valence in groups]
    if own:
        out += LogEntry.many(tick, time, "mood", mood_texts(own, names))
    return out
