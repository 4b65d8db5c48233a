"""A sorry carried from someone else softens what the NPC holds against them; it erases nothing seen.

Told "Cal wanted me to say he's sorry", Dora answered the messenger "Let's say no more about it." (en)
and, told 老周让我跟你说对不起, 春嫂 later said 没生气 of the man she had watched smash her bowl: two
relayed apologies outweighed, in the mean of what she held, the wrong she saw. Here the answer takes
the word as its source's ("So Cal is sorry. Well, that's something.") and keeps what was seen ("I saw
it with my own eyes, mind: ..."); asked if still cross, a wrong seen with one's own eyes answers
"less than I was" once amends are heard of, and "yes, a bit" before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from townsfolk.agents.llm.protocol import GroundingItem
from townsfolk.agents.saw_it import FIRST_HAND

AMENDS = ("apologised", "reconciled")

SORRY_RELAYED = {
    "en": ["So {about} is sorry. Well, that's something.", "{about}'s sorry, is that so? Well, that's something."],
    "zh": ["{about}肯道歉？也算有这份心。", "{about}知道不对了？那也算有点良心。"],
}
NOTHING_TO_FORGIVE = {
    "en": ["Sorry? Whatever for? {about}'s done me no wrong that I know of.", "Sorry for what? I've nothing against {about}."],
    "zh": ["跟我道歉？{about}又没做什么对不起我的事啊。", "道什么歉？我跟{about}没什么过不去的。"],
}
STILL_SAW = {
    "en": ["I saw it with my own eyes, mind: {line}", "All the same, I saw it myself: {line}"],
    "zh": ["不过那事我是亲眼看见的：{line}", "可我是亲眼看见的：{line}"],
}
SOFTER = {
    "en": ["Less than I was. But I saw what {about} did with my own eyes.", "A little less, now. I saw it myself, mind."],
    "zh": ["气消了些，可{about}那事我是亲眼看见的。", "好些了，不过那事我是亲眼看见的。"],
}


def wrongs_i_saw(items: Iterable[GroundingItem], subjects: set[str]) -> list[GroundingItem]:
    """The bad things I saw (or took part in) done by those asked about, events before beliefs."""
    seen = [g for g in items if g.kind in ("event", "belief") and g.about in subjects and g.valence < -0.2
            and g.meta.get("source") in FIRST_HAND and not g.meta.get("retracted")]
    return sorted(seen, key=lambda g: g.kind != "event")


def grudge_held(items: Iterable[GroundingItem], subjects: set[str]) -> bool:
    """Whether anything I hold of them is bad (a wrong seen or heard of, a poor opinion)."""
    return any(g.about in subjects and g.kind in ("belief", "event", "summary", "impression") and g.valence < -0.2
               and not g.meta.get("retracted") for g in items)


def amends_heard(items: Iterable[GroundingItem], subjects: set[str]) -> bool:
    """Whether I hold that one of them apologised or made it up (told or seen), or heard them say sorry."""
    return any(g.about in subjects and (g.meta.get("predicate") in AMENDS or sorry_to_my_face(g)) for g in items)


IN_PERSON = {"en": "{name} came and said sorry to me.", "zh": "{name}当面跟我道了歉。"}


def sorry_to_my_face(item: GroundingItem) -> bool:
    """Whether this memory is someone's own sorry said to me ("I'm sorry I broke your jug, Dora.")."""
    from townsfolk.agents.intent import detect_intents, kinds_of
    from townsfolk.agents.reported_apology import relayed_sorry, reported_sorry

    quote = str(item.meta.get("quote") or "")
    if item.kind != "event" or item.meta.get("source") != "heard" or item.meta.get("fact_kind") != "say" or not quote:
        return False
    if reported_sorry(quote) or relayed_sorry(quote):
        return False
    return "apology" in kinds_of(detect_intents(quote, "zh" if any("\u4e00" <= c <= "\u9fff" for c in quote) else "en"))


def relayed_answer(lang: str, name: str, seen_line: str, pick: Callable[[list[str]], str], *, grudge: bool = True) -> str:
    """My word on a sorry carried to me: taken as theirs, and what I saw kept beside it; puzzled when I
    hold nothing against them."""
    if not grudge and not seen_line:
        return pick(NOTHING_TO_FORGIVE[lang]).format(about=name)
    ack = pick(SORRY_RELAYED[lang]).format(about=name)
    if not seen_line:
        return ack
    return ack + ("" if lang == "zh" else " ") + pick(STILL_SAW[lang]).format(line=seen_line)


def still_cross(lang: str, name: str, amends: bool, pick: Callable[[list[str]], str]) -> str:
    """Asked if I am still cross with someone I saw do wrong: softer once amends are heard of, never "no"."""
    return pick(SOFTER[lang]).format(about=name) if amends else ""
