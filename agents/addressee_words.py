"""Whose "you" it was: a line repeated to someone else keeps its persons straight.

Dot said to Rufus "I saw Agnes take your net". Retold by Dot to the player it was "I did say to Rufus
that I saw Agnes take your net" (the player's net?), and by Rufus "Dot said to me that I saw Agnes
take your net" (Rufus saw it?). Reported speech re-voices the quote's persons: told by me to someone,
their "you" is that someone (zh 你 -> the name); told to me by someone, their "I" is them and their
"you" is me (zh has `memory.pronouns.reported_zh` for the second).
"""

from __future__ import annotations

import re

_GENERIC_YOU = re.compile(r"\byou (?:know|see|never know|can't win)\b", re.IGNORECASE)
_ZH_YOU = re.compile(r"你(?!们)|您")


def without_address(said: str, names: list[str]) -> str:
    """Words said to someone, without their calling that someone by name ("Dora, Cal keeps leaving the gate
    open." / "I'll mend your fence tomorrow, Bea, I promise." / 春嫂，对不起): reported speech has no
    vocative, and re-voiced it read "I heard from Bea that I, Cal keeps ..." or "... my fence tomorrow, me"."""
    for name in sorted({n for full in names if full for n in (full, full.split()[0])}, key=len, reverse=True):
        n = re.escape(name)
        if re.search(r"[\u4e00-\u9fff]", name):
            said = re.sub(rf"^\s*{n}\s*[，,：:！!]\s*|[，,]\s*{n}\s*(?=[，,。！!？?]|$)", "", said)
            continue
        lead = re.match(rf"^\s*(?:(?:oh|look|listen|hey|well)\s*,?\s+)?{n}\s*[,:!]\s*(?=\S)", said, re.I)
        if lead is not None:
            rest = said[lead.end():]
            said = rest[:1].upper() + rest[1:] if not re.match(r"I\b|[A-Z]", rest) else rest
        said = re.sub(rf",\s*{n}\s*(?=[,.!?;]|$)", "", said)
    return said


def _many(names: str) -> bool:
    return " and " in names or "," in names or "、" in names or "和" in names


def told_by_me_en(said: str, to: str) -> str:
    """My own words to `to`, retold to another: their "you"/"your" is `to`."""
    if _GENERIC_YOU.search(said) or not re.search(r"\byou", said, re.IGNORECASE):
        return said
    owner, obj, are = ("theirs", "them", "they are") if _many(to) else (f"{to}'s", to, f"{to} is")
    said = re.sub(r"\byours\b", owner, said, flags=re.IGNORECASE)
    said = re.sub(r"\byour\b", owner.removesuffix("s") if _many(to) else owner, said, flags=re.IGNORECASE)
    said = re.sub(r"\byou(?:'re| are)\b", are, said, flags=re.IGNORECASE)
    return re.sub(r"\byou\b", obj, said, flags=re.IGNORECASE)


def told_by_me_zh(said: str, to: str) -> str:
    """zh: 我跟刘大叔说过孙掌柜多收你的钱 -> 多收刘大叔的钱 (one listener; several keep 你)."""
    return said if _many(to) else _ZH_YOU.sub(to, said)


_THEIR_I = ((r"\bI am\b|\bI'm\b", "{s} is"), (r"\bI was\b", "{s} was"), (r"\bI have\b|\bI've\b", "{s} has"),
            (r"\bI\b", "{s}"), (r"\bmy\b", "{s}'s"), (r"\bmine\b", "{s}'s"), (r"\bme\b", "{s}"))
_THEIR_YOU = ((r"\byou are\b|\byou're\b", "I am"), (r"\byou were\b", "I was"), (r"\byour\b", "my"),
              (r"\byours\b", "mine"),
              # an object after a verb that takes one ("saw you take it", "told you that")
              (r"\b(saw|see|seen|heard|watched|let|made|make|helped|help|told|tell|asked|ask|gave|give|showed|"
               r"show|want|wanted|like|thank|thanked|found|caught|met|know|knew|trust|believe|blame|blamed|for|to|with) "
               r"you\b", r"\1 me"),
              # an object where what follows is no verb ("gave you the net", "saw you.") else the subject
              (r"\byou\b(?=\s+(?:the|a|an|to|for|with|at|in|on|of|about|and|or|but|his|her|my|their|it|them|him|"
               r"home|back|up|down|out|off|too|again|now|here|there|yesterday|today|last|this|that)\b|\s*[,.!?;:]|\s*$)",
               "me"),
              (r"\byou\b", "I"))


_PRONOUN_I = {"he": ("he", "his", "him", "his", "is", "was", "has"), "she": ("she", "her", "her", "hers", "is", "was", "has"),
              "they": ("they", "their", "them", "theirs", "are", "were", "have")}
# a verb after their "I" takes their person: "I promise" -> "he promises", "I'll" -> "he'll"
_I_VERB = r"promise|swear|mean|think|guess|reckon|suppose|hope|know|want|need|like|say|wish|bet|admit|owe"


def _their_i(said: str, pron: str) -> str:
    """Their "I" as the pronoun of one the frame has just named ("Cal told me that he'll mend my fence")."""
    subj, poss, obj, own, be, was, have = _PRONOUN_I[pron]
    s3 = pron != "they"
    said = re.sub(rf"\bI ({_I_VERB})\b", lambda m: f"{subj} {m.group(1)}{'s' if s3 else ''}", said)
    for pattern, put in ((r"\bI am\b|\bI'm\b", f"{subj} {be}"), (r"\bI was\b", f"{subj} {was}"),
                         (r"\bI have\b|\bI've\b", f"{subj} {have}"), (r"\bI'll\b|\bI will\b", f"{subj}'ll"),
                         (r"\bI'd\b", f"{subj}'d"), (r"\bI\b", subj), (r"\bmy\b", poss), (r"\bmine\b", own),
                         (r"\bme\b", obj), (r"\bmyself\b", "themselves" if not s3 else obj + "self")):
        said = re.sub(pattern, put, said)
    return said


def told_to_me_en(said: str, speaker: str, pron: str = "") -> str:
    """Someone's words to me, retold by me: their "I" is them (their pronoun when the frame names them,
    else their name), their "you" is me."""
    if _GENERIC_YOU.search(said):
        return said
    if pron in _PRONOUN_I:
        said = _their_i(said, pron)
    for pattern, put in _THEIR_I:
        said = re.sub(pattern, put.format(s=speaker), said)
    for pattern, put in _THEIR_YOU:
        said = re.sub(pattern, put, said, flags=re.IGNORECASE)
    return said
