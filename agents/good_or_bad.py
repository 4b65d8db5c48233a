""""Is he a bad lad?" / 他是不是坏人？ / "Is Dan honest?" asks my verdict on someone: answered from my own
impression of them first, then what I hold of them, and said with why.

Found by the newcomers (M-5): "Is he a bad lad?" met "Not that I know of." from an NPC whose impression of
him was "a sly one" and who believed he had lied about the coal (the words "bad lad" touched no memory, so
the question read as asking after a deed nobody told of); "Is he a good lad?" was "Not that I know of."
too. My impression is my judgement of them, so the verdict follows it; what I was told or saw that goes
the other way is said after it ("But Bea told me ..."), and with no impression the verdict is the lean of
what I hold (a told belief weighed by how far I believe it), or of my tie to them.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from townsfolk.agents.grammar_en import run_on
from townsfolk.agents.llm.protocol import GroundingItem
from townsfolk.memory.predicate_reader import read_by_cues
from townsfolk.memory.predicates import INVENTORY

_WORDS_EN = {
    "bad": r"bad|wicked|rotten|nasty|no good|no-good|a bad lot|a wrong 'un|a wrong'un|trouble|a troublemaker"
           r"|a villain|a rogue|a scoundrel|a rascal|a crook|a bad egg|up to no good",
    "good": r"good|decent|kind|nice|sound|fine|all right|alright|a good egg|a good sort",
}
_PEOPLE_EN = r"(?: (?:lad|man|woman|sort|one|person|fellow|chap|type|egg|girl|boy|lass|soul|lot|apple|'un|neighbour))?"
_ASKS = {
    "en": re.compile(r"\b(?:is|isn't|was|wasn't) (?:he|she|they|[A-Z][\w'-]*(?: [A-Z][\w'-]*)?) (?:really |actually |truly )?"
                     r"(?:(?:a|an|such a) )?(?:(?:really|truly|very|thoroughly) )?"
                     rf"(?:(?P<bad>{_WORDS_EN['bad']})|(?P<good>{_WORDS_EN['good']})){_PEOPLE_EN}\s*[?!.]*\s*$",
                     re.IGNORECASE),
    "zh": re.compile(r"(?:是不是|是|算不算|算)(?:个|一个)?(?:(?P<bad>坏人|坏蛋|恶人|歹人|坏东西|坏种|混蛋|不好的人)"
                     r"|(?P<good>好人|善人|老实人|厚道人|正派人|好东西))(?:吗|么|啊|呢|吧)?[？?。！!]*\s*$"
                     r"|(?:人)?(?:(?P<bad2>坏)不坏|(?P<good2>好)不好)[？?。！!]*\s*$"),
}
_A_NOT_A = re.compile(r"是不是|算不算")
ANSWERS = {
    "en": {"yes": ["As far as I know, yes.", "I'd say so, yes."],
           "no_good": ["I have my doubts.", "I wouldn't swear to it."],
           "no_bad": ["I wouldn't say so, no.", "No, I don't think so."],
           "unsure": ["Hard to say.", "I couldn't say either way."],
           "but": "But {line}"},
    "zh": {"yes": ["据我所知是的。", "我看是。"],
           "no_good": ["这个嘛，我有点怀疑。", "不好说，我心里有点打鼓。"],
           "no_bad": ["我看不是。", "我不这么看。"],
           "unsure": ["这可难说。", "说不好。"],
           "but": "不过{line}"},
}
# a trait word said of the listener by someone ("called you unreliable", 说你靠不住): a word reported, no verdict
_SAID_OF_YOU = {"en": re.compile(r"\b(?:call(?:ed|s)?|said|says|say|think|thinks|thought|told \w+)\s+(?:that\s+)?"
                                 r"(?:you|you're|you are|you were)\b", re.IGNORECASE),
                "zh": re.compile(r"(?:说|嫌|骂|讲)(?:你|您)")}
LEAN = 0.15  # a lean this far from nothing is a verdict
SURE = 0.6  # a told belief this credible is believed (believe_question.py)


def verdict_asked(question: str, language: str) -> int | None:
    """+1 when the question asks whether someone is good (or of a good trait: honest, kind), -1 when it
    asks whether they are bad (or of a bad trait: a liar); None when it asks no verdict on anyone."""
    lang = "zh" if language == "zh" else "en"
    m = _ASKS[lang].search(question.strip())
    if m is not None:
        return -1 if (m.group("bad") or (lang == "zh" and m.group("bad2"))) else 1
    if _SAID_OF_YOU[lang].search(question):
        return None  # "Do you still think Agatha called you unreliable?" asks after her word of me (K-22)
    asked = read_by_cues(_A_NOT_A.sub("", question) if lang == "zh" else question)
    if asked is None or asked.negated or asked.key not in INVENTORY or INVENTORY[asked.key].kind != "trait":
        return None
    return 1 if INVENTORY[asked.key].valence > 0 else -1


def _weight(g: GroundingItem) -> float:
    return float(g.meta.get("credibility", 1.0)) if g.kind == "belief" else 1.0


def lean_of(about: list[GroundingItem]) -> tuple[float | None, GroundingItem | None, list[GroundingItem]]:
    """How I lean on them (None: I hold nothing to judge by), the impression it comes from if any, and
    what I hold of them, strongest first."""
    impression = next((g for g in about if g.kind == "impression" and abs(g.valence) >= LEAN), None)
    held = sorted((g for g in about if g.kind in ("belief", "event", "summary") and not g.meta.get("from_listener")
                   and not g.meta.get("negated") and not g.meta.get("filler") and abs(g.valence) >= LEAN),
                  key=lambda g: -abs(g.valence) * _weight(g))
    if impression is not None:
        return impression.valence, impression, held
    if held:
        total = sum(_weight(g) for g in held)
        return sum(g.valence * _weight(g) for g in held) / total, None, held
    ties = [g.valence for g in about if g.kind == "tie"]
    return (sum(ties) / len(ties) if ties else None), None, []


def _lowered(line: str) -> str:
    """A sentence put after "But": its first word lower-cased unless it is a name or I."""
    return run_on(line)


def verdict_answer(about: list[GroundingItem], sign: int, language: str, pick: Callable[[list[str]], str],
                   say: Callable[[GroundingItem], str | None]) -> str | None:
    """Yes, no or hard to say, by my lean on them, then why: my impression, and the strongest thing I
    hold that goes against it (else the strongest I hold); None when I hold nothing to judge by."""
    lang = "zh" if language == "zh" else "en"
    lean, impression, held = lean_of(about)
    if lean is None:
        return None
    words = ANSWERS[lang]
    agree = sign * lean
    key = "yes" if agree >= LEAN else ("no_good" if sign > 0 else "no_bad") if agree <= -LEAN else "unsure"
    if impression is None and held and all(g.kind == "belief" and g.meta.get("source") in ("told", "account")
                                           and float(g.meta.get("credibility", 0.5)) < SURE for g in held):
        key = "unsure"  # only hearsay I half believe: no verdict on it, only what I was told
    lines = [line for line in [say(impression) if impression is not None else None] if line]
    against = next((g for g in held if g.valence * lean < 0), None) if impression is not None else None
    if against is not None and (line := say(against)):
        lines.append(words["but"].format(line=_lowered(line) if lang == "en" else line))
    elif held and (line := say(held[0])):  # the strongest thing I hold of them, with its source
        lines.append(line)
    return (("" if lang == "zh" else " ").join([pick(words[key]), *lines]))
