"""What an English predicate says after its subject: a world's own written bare ("en: burn food") is
said in the past like the built-in ones ("paid a New Year call"): "Greta burned food", never "Greta
burn food". Words already fit to follow a subject (a past, a third person, "is", "can", an adverb
before one) are left as they are.
"""

from __future__ import annotations

import re
from functools import lru_cache

# bare verb -> its past, where it is not made by adding -ed
_IRREGULAR_PAST = {
    "be": "was", "have": "had", "do": "did", "go": "went", "come": "came", "make": "made", "take": "took",
    "give": "gave", "get": "got", "keep": "kept", "steal": "stole", "break": "broke", "pay": "paid", "say": "said",
    "tell": "told", "sell": "sold", "buy": "bought", "bring": "brought", "eat": "ate", "drink": "drank",
    "win": "won", "lose": "lost", "hide": "hid", "throw": "threw", "write": "wrote", "spend": "spent",
    "forget": "forgot", "leave": "left", "hold": "held", "fall": "fell", "run": "ran", "burn": "burnt",
    "spill": "spilt", "spoil": "spoilt", "lend": "lent", "send": "sent", "lie": "lied", "cut": "cut", "put": "put",
    "let": "let", "shut": "shut", "hit": "hit", "hurt": "hurt", "set": "set", "beat": "beat", "bite": "bit",
    "blow": "blew", "catch": "caught", "teach": "taught", "fight": "fought", "think": "thought", "feel": "felt",
    "find": "found", "meet": "met", "sing": "sang", "sit": "sat", "stand": "stood", "swear": "swore",
    "tear": "tore", "wear": "wore", "wake": "woke", "drive": "drove", "ride": "rode", "shoot": "shot",
    "sleep": "slept", "speak": "spoke", "sweep": "swept", "weep": "wept", "wind": "wound", "grind": "ground",
    "dig": "dug", "hang": "hung", "freeze": "froze", "forgive": "forgave", "mislay": "mislaid", "overcharge":
    "overcharged", "sink": "sank", "shake": "shook", "slide": "slid", "stick": "stuck", "sting": "stung",
    "strike": "struck", "swing": "swung", "build": "built", "bend": "bent", "deal": "dealt", "mean": "meant",
    "read": "read", "lead": "led", "feed": "fed", "flee": "fled", "light": "lit", "quit": "quit", "rise": "rose",
    "see": "saw", "show": "showed", "shine": "shone", "slay": "slew", "understand": "understood",
}
# first words that already follow a subject: to be, to have, modals, adverbs before a verb
_FITS = frozenset({
    "is", "was", "are", "were", "has", "had", "can", "could", "will", "would", "should", "may", "might", "must",
    "never", "always", "often", "once", "still", "just", "also", "rarely", "seldom", "sometimes", "keeps", "got",
    "owes", "did", "does", "lives", "seems", "looks",
})
_PAST_FORMS = frozenset(_IRREGULAR_PAST.values())
_VOWELS = "aeiou"


def past(verb: str) -> str:
    """The past of a bare verb: burn -> burnt, steal -> stole, cheat -> cheated, try -> tried, stop -> stopped."""
    low = verb.lower()
    if low in _IRREGULAR_PAST:
        return _IRREGULAR_PAST[low]
    if low.endswith("e"):
        return verb + "d"
    if low.endswith("y") and len(low) > 1 and low[-2] not in _VOWELS:
        return verb[:-1] + "ied"
    if (len(low) in (3, 4) and low[-1] not in _VOWELS + "wxy" and low[-2] in _VOWELS
            and low[-3] not in _VOWELS):  # one short syllable: stop -> stopped, rob -> robbed
        return verb + verb[-1] + "ed"
    return verb + "ed"


@lru_cache(maxsize=4096)  # a world's few predicates, said in every telling
def told_after_subject(en: str, kind: str = "deed") -> str:
    """A predicate's words as they follow its subject: a deed "burn food" -> "burnt food" (said as
    done, like the built-ins), a trait of one bare word "lazy" -> "is lazy"; anything already fit
    ("stole something", "is lazy", "never pays") as it is."""
    words = en.strip()
    first, _, rest = words.partition(" ")
    low = first.lower()
    if not re.fullmatch(r"[a-z]+", first) or low in _FITS or low in _PAST_FORMS or low.endswith(("ed", "s")):
        return en
    if kind != "deed":  # not something done: a bare quality is what someone is, a habit what they do
        return f"is {words}" if not rest else f"{present(first)} {rest}"
    return f"{past(first)} {rest}".strip()


def present(verb: str) -> str:
    """The third person present of a bare verb: drink -> drinks, fuss -> fusses, worry -> worries."""
    low = verb.lower()
    if low in ("be", "have", "do", "go"):
        return {"be": "is", "have": "has", "do": "does", "go": "goes"}[low]
    if low.endswith("y") and len(low) > 1 and low[-2] not in _VOWELS:
        return verb[:-1] + "ies"
    return verb + ("es" if low.endswith(("s", "sh", "ch", "x", "z", "o")) else "s")
