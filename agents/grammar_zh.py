"""A small Chinese grammar for the offline voice: reported speech without nested quotes.

Memories keep direct speech (`我跟老顾客说：“他又迟到了”`); inside a reply that the timeline
wraps in quotation marks again this reads as `说：“他又迟到了”。”`. Spoken, it becomes reported
speech: `我跟老顾客说过小梁又迟到了。`
"""

from __future__ import annotations

import re

from townsfolk.memory.pronouns import can_report_zh, reported_zh, unsaid_self

_QUOTED = re.compile(r"[：:]?\s*“([^”]*)”")
_LEAD_PRONOUN = re.compile(r"^(他|她)(?!们)")
_ENDS = "。！？"
_MARKS = re.compile("[“”]")


def sentence(text: str) -> str:
    """With a closing stop, and no stray commas or spaces at the end."""
    text = text.strip().rstrip("，,、 ")
    if not text:
        return text
    return text if text[-1] in _ENDS else text + "。"


def clause(text: str) -> str:
    """Ready to be embedded: the closing stop removed."""
    return text.strip().rstrip("。！.!，, ")


def first_sentence(text: str) -> str:
    m = re.search(r"[。！？!?]", text)
    return text[: m.end()] if m else text


def reported(quote: str, *, subject_name: str | None = None) -> str:
    """A quotation as reported speech: first sentence, a leading 他/她 named, no quote marks."""
    said = first_sentence(re.sub(r"[：:]\s*“", "", quote).replace("“", "").replace("”", "").strip())
    if subject_name:
        said = _LEAD_PRONOUN.sub(subject_name, said, count=1)
    return clause(said)


def unquote(text: str) -> str:
    """`X跟我说：“Y”` -> `X跟我说Y`; other quotation marks dropped."""
    text = _QUOTED.sub(lambda m: _their_words(text[:m.start()], m.group(1)), text, count=1)
    return text.replace("“", "").replace("”", "").replace('"', "")


def heard_from(said: str, name: str | None = None) -> str:
    """What someone told me, reported by me: their 我 is them, their 你 is me; a leading 自己 is
    left unsaid (小芳跟我说好像看见了: who saw it is plain, and 听小芳说，自己… would read as me)."""
    return unsaid_self(reported_zh(said, to_me=True, name=name)) if can_report_zh(said) else said



def _their_words(frame: str, quote: str) -> str:
    """The quotation reported: said by someone else (`小芳跟我说：“我…”`), their 我 is not mine."""
    said = reported(quote)
    if frame.startswith("我") or not frame or not can_report_zh(said):
        return said
    teller = re.match(r"^([^，。：:]{1,8}?)(?:跟我|对我|告诉我|和我|说)", frame)
    return reported_zh(said, to_me=any(w in frame for w in ("跟我", "对我", "告诉我", "和我")),
                       name=teller.group(1) if teller else None)


def is_reported(text: str) -> bool:
    """Whether a clause is itself someone's words (`老张说赵哥……`), so framing it needs a pause."""
    return bool(re.match(r"^[^，。]{1,8}(?:说|讲|提过)", text))


def inner_quotes(text: str) -> str:
    """Quotation marks inside a quotation become 『』, so a timeline line never nests ““ ””."""
    if text.count("“") < 2:  # nothing is nested: every mark stays as it is
        return text
    out, depth, done = [], 0, 0  # only the quotation marks are looked at; the text between is copied
    for m in _MARKS.finditer(text):
        i = m.start()
        out.append(text[done:i])
        if text[i] == "“":
            out.append("“" if depth == 0 else "『")
            depth += 1
        elif depth > 0:
            depth -= 1
            out.append("”" if depth == 0 else "』")
        else:
            out.append("”")
        done = i + 1
    out.append(text[done:])
    return "".join(out)
