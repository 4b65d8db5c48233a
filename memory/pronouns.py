"""Whose "his" it is once a name has become I / you: "Barnaby scraped the gate with his barge",
retold by Barnaby, is "I scraped the gate with my barge", not "... with his barge".

A description names its actor and then refers back to them with his / her / 他的 / 她的. When the
name is replaced by a pronoun of the holder (I, 我) or the listener (you, 你), the pronouns that
pointed back to that name must follow it. Only the clear case is changed: the name comes before
the pronoun and nobody else is named in between, so "Tom said Barnaby broke his cart" is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_EN_POSSESSIVE = re.compile(r"\b(his|her)\b(?=\s+([A-Za-z'-]+))")
_EN_REFLEXIVE = re.compile(r"\b(himself|herself)\b")
# after these, "her" is an object ("gave her a scarf", "with her to"), not a possessive
_EN_NOT_NOUN = {"to", "with", "and", "at", "in", "on", "for", "from", "about", "a", "an", "the", "that", "but",
                "or", "as", "by", "of", "off", "up", "down", "out", "over", "again", "back", "away", "some", "any"}
_ZH_POSSESSIVE = re.compile(r"(他|她)(?=的)")
_ZH_REFLEXIVE = re.compile(r"(他|她)(?=自己)")
_WORDS = {"en": {"I": ("my", "myself"), "you": ("your", "yourself")},
          "zh": {"我": ("我", "我"), "你": ("你", "你")}}


def follow_name(text: str, name: str, pronoun: str, language: str, others: Iterable[str] = ()) -> str:
    """Replace `name` by `pronoun` (I / you / 我 / 你) and make the possessives and reflexives that
    referred back to the name agree with it."""
    if not name or name not in text:
        return text
    zh = language == "zh"
    first = text.find(name)
    named_others = [(text.find(o), o) for o in others if o and o != name and o not in name and o in text]
    if zh:
        out = text.replace(name, pronoun)
    else:
        possessive = _WORDS["en"].get(pronoun, (pronoun, pronoun))[0]
        out = text.replace(f"{name}'s", possessive)
        out = _en_person(out, name, pronoun) if pronoun == "I" else out.replace(name, pronoun)
    start = out.find(pronoun) if first >= 0 else -1
    if not zh and pronoun == "I":  # where "I" (or "me") first stands, whichever comes first
        at = [m.start() for m in (re.search(r"\bI\b", out), re.search(r"\bme\b", out)) if m]
        start = min(at) if at and first >= 0 else -1
    if start < 0 or pronoun not in _WORDS["zh" if zh else "en"]:
        return out
    possessive, reflexive = _WORDS["zh" if zh else "en"][pronoun]
    # the first other person named after our name: pronouns past them may be theirs
    stop = len(out)
    for _, other in sorted(named_others):
        at = out.find(other)
        if at > start:
            stop = min(stop, at)
        elif at >= 0:
            return out  # someone else is named first: the pronoun is more likely theirs
    head, tail = out[:stop], out[stop:]
    if zh:
        return head[:start] + _ZH_REFLEXIVE.sub(reflexive, _ZH_POSSESSIVE.sub(possessive, head[start:])) + tail

    def poss(m: re.Match[str]) -> str:
        if m.group(1) == "her" and m.group(2).lower() in _EN_NOT_NOUN:
            return m.group(0)
        return possessive

    body = _EN_REFLEXIVE.sub(reflexive, _EN_POSSESSIVE.sub(poss, head[start:]))
    return head[:start] + body + tail


# after these (or at the start, after punctuation) a name stands as the subject: "I"; anywhere else it is
# an object ("chatted with me", "gave me a jar"), never "chatted with I"
_EN_SUBJECT_AFTER = {"and", "or", "but", "that", "when", "because", "while", "if", "then", "so", "as", "before",
                     "after", "until", "since", "though", "although", "where", "whether", "once"}


# a name followed by one of these (or by a past form in -ed) is the subject of its clause: "Tom said I broke"
EN_FINITE = {"is", "was", "has", "had", "did", "does", "will", "would", "can", "could", "should", "must", "may",
              "might", "never", "always", "didn't", "wasn't", "isn't", "hasn't", "won't", "can't", "couldn't",
              "broke", "stole", "took", "gave", "ate", "lost", "left", "sold", "told", "threw", "hit", "ran", "came",
              "went", "said", "saw", "fell", "made", "got", "kept", "found", "brought", "bought", "spent", "sent",
              "forgot", "wrote", "drank", "hid", "tore", "won", "lied", "paid", "met", "spoke", "sang", "swore",
              "knew", "thought", "felt", "stood", "sat", "let", "put", "cut", "shut", "burnt", "spilt", "owes"}


def past_form(word: str) -> bool:
    return len(word) >= 5 and word.endswith("ed") and word not in {"sacred", "hundred", "kindred", "naked", "wicked"}


def _en_person(text: str, name: str, pronoun: str) -> str:
    """`name` as "I" where it is a subject and "me" where it is an object."""
    def person(m: re.Match[str]) -> str:
        after = re.match(r"\s+([A-Za-z']+)", text[m.end():])
        if after and (after.group(1).lower() in EN_FINITE or past_form(after.group(1).lower())):
            return pronoun
        before = text[:m.start()].rstrip()
        if not before or before[-1] in ".,;:!?\"“‘(—-":
            return pronoun
        word = re.search(r"([A-Za-z']+)$", before)
        return pronoun if word is None or word.group(1).lower() in _EN_SUBJECT_AFTER else "me"

    return re.sub(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])", person, text)


_ANY_BACK = re.compile(r"\b(?:his|her|himself|herself)\b|[他她](?:的|自己)")


def refers_back(text: str) -> bool:
    """Whether a text has a pronoun that might point back to a name (cheap, checked first)."""
    return bool(_ANY_BACK.search(text))


_ZH_PERSON = re.compile(r"[我你您](?!们)")  # (您 is the polite 你: "泼在您的书上" said to the teacher is his book)
_ZH_QUOTE_MARKS = ("“", "”", "：", ":", "「", "」", "『", "』")


def can_report_zh(quote: str) -> bool:
    """Whether a quotation can become reported speech as it is: one plain clause, no quotation or
    colon of its own (those keep their quotation marks)."""
    body = quote.strip().rstrip("。！？!?")
    return bool(body) and not any(m in body for m in _ZH_QUOTE_MARKS) and not any(e in body for e in "。！？")


def reported_zh(quote: str, *, to_me: bool = False, name: str | None = None) -> str:
    """Someone else's words as reported speech: their 我 is the speaker, so it becomes 自己 where it
    is the subject (小芳说：“我好像看见了” -> 小芳说自己好像看见了) and their name elsewhere
    (“你欠我的钱” -> 我欠小芳的钱); told to me (`to_me`), their 你 is me."""
    said = quote.strip().rstrip("。！？!?")

    def swap(m: re.Match[str]) -> str:
        if m.group(0) in ("你", "您"):
            return "我" if to_me else m.group(0)
        return "自己" if m.start() == 0 or not name else name

    return _ZH_PERSON.sub(swap, said)


def unsaid_self(clause: str) -> str:
    """A reported clause without its leading 自己 (小芳跟我说好像看见了): after 听小芳说， a 自己
    would read as the one speaking."""
    return clause[2:] if clause.startswith("自己") and len(clause) > 2 else clause
