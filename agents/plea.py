"""A plea for someone: "Could you go easy on Pell? It was an accident." / "你就别怪他了，他不是故意的".

The player is mediating: asking the NPC to think better of a third person, usually with a claim in
their favour. The claim is testimony (sim/mediation.py `hear_plea` makes it a belief with the player
as its teller, credibility from the NPC's trust in them); the reply weighs it against what the NPC
already holds against that person: the player's word carries it when it is more credible than
as the blame, otherwise the NPC says who told it otherwise and that it will think on it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np

from townsfolk.agents.llm.protocol import GroundingItem

PLEA = {"en": re.compile(r"\b(?:go (?:easy|easier) on|don'?t be (?:so |too )?hard on|(?:give|cut) \w+ (?:another chance|a second chance|"
                         r"some slack|a break)|forgive \w+|don'?t blame|do not blame|don'?t hold it against|let \w+ off|"
                         r"be kind to|think better of|not be (?:so |too )?hard on|don'?t punish|do not punish)\b", re.IGNORECASE),
        "zh": re.compile(r"别(?:再)?怪|不要(?:再)?怪|别怨|别跟.{1,6}计较|别和.{1,6}计较|原谅(?!我)|饶了|放过|别为难|多担待|"
                         r"别生.{1,6}的气|别记恨|宽容(?:一下|点)|别(?:再)?(?:罚|责罚|惩罚|骂|打)|不要(?:再)?(?:罚|责罚|惩罚|骂)|别赶.{1,4}走|"
                         r"别辞了?")}
CLEARING = {"en": re.compile(r"\b(?:accident|accidental|by mistake|didn'?t mean|did not mean|never meant|not (?:his|her|their) fault|"
                             r"wasn'?t (?:his|her|their) fault|meant well|honest mistake|couldn'?t help it|didn'?t know|"
                             # "It was the sheep, not him.", "a good lad", "means no harm": a word for the person
                             r"(?:was|did)n?'?t (?:him|her|them)|not (?:him|her|them)|good (?:lad|lass|boy|girl|man|woman|kid|sort|soul)|"
                             r"mean[st]? (?:no harm|well)|no harm in (?:him|her|them)|(?:was|is) (?:so )?(?:sorry|scared|frightened))\b",
                             re.IGNORECASE),
            "zh": re.compile(r"不是故意|不是有心|不是存心|不是成心|没有恶意|无心|意外|不是(?:他|她)的错|不怪(?:他|她)|失手|一时糊涂|好心|没想到会|"
                             r"不是(?:他|她)(?:干|弄)的|(?:是个)?好孩子|人(?:不坏|挺好)|(?:他|她)也吓坏了|(?:他|她)也很后悔")}
_NOT_HIM = re.compile(r"\bnot (?:him|her|them)\b", re.IGNORECASE)
_CLAUSES = re.compile(r"[^。！？!?.;；]+[。！？!?.;；]?")
PHRASES = {
    "en": {"convinced": ["Well, if it was an accident, I'll go easier on {about}.",
                         "All right. If you say so, I'll not hold it against {about}."],
           "unconvinced": ["Maybe so. But {teller} told me {claim}. I'll think on it.",
                           "Perhaps. Still, {teller} told me {claim}. I'll see."],
           "nothing_held": ["I've nothing against {about}.", "I don't hold anything against {about}."],
           "plea_only": ["I'll see. {about} has to earn it.", "We'll see about {about}."],
           "seen": ["Maybe so. But I saw it myself: {line}. I'll think on it.",
                    "Perhaps. Still, I saw it with my own eyes: {line}. I'll see."],
           "impression": ["Perhaps. I've always thought {about} {line}, though. We'll see.",
                          "Maybe. But I've always found {about} {line}. I'll see."]},
    "zh": {"convinced": ["好吧，要真是无心的，我就不跟{about}计较了。", "既然你这么说，我就不怪{about}了。"],
           "unconvinced": ["也许吧。可{teller}跟我说{claim}。我再想想。", "话是这么说，可{teller}跟我说{claim}。我再看看吧。"],
           "nothing_held": ["我本来也没怪{about}。", "我对{about}没什么意见。"],
           "plea_only": ["再看吧，{about}得自己争口气。", "看{about}以后怎么做吧。"],
           "seen": ["也许吧。可我亲眼看见{line}。我再想想。", "这个嘛……{line}，是我亲眼看见的。我再看看吧。"],
           "impression": ["也许吧。不过我一向觉得{about}{line}。再看吧。", "这个嘛……我一直觉得{about}{line}。我再看看。"]},
}


# a bare excuse for someone is a plea too: "她也不是有心的。", "He didn't mean it." (newcomer N-39: 好，我记下了。)
_EXCUSE = {"en": re.compile(r"^\W*(?:he|she|[A-Z][\w'-]+) (?:really |just |only )?(?:didn'?t|did not|never) mean"
                           r"(?: it| to| any harm| anything by it)?\b", re.IGNORECASE),
           "zh": re.compile(r"^(?:[他她]|[\u4e00-\u9fff]{2,4}?)(?:也|又|可|真|其实)?(?:不是|并非|并不是)(?:故意|有心|存心|成心)")}


def is_plea(text: str, language: str) -> bool:
    """Whether the words plead for someone (go easy on them, don't blame them, or a bare excuse for them)."""
    lang = "zh" if language == "zh" else "en"
    return bool(PLEA[lang].search(text) or PLEA["en"].search(text) or _EXCUSE[lang].search(text.strip()))


def clearing_words(text: str, language: str) -> str | None:
    """The claim in the plea that speaks for the person ("It was an accident"), or None."""
    lang = "zh" if language == "zh" else "en"
    found: list[str] = []
    for m in _CLAUSES.finditer(text):
        clause = m.group(0).strip()
        if CLEARING[lang].search(clause):
            parts = re.split(r"[，,]" if lang == "zh" or not _NOT_HIM.search(clause) else r"[;；]", clause)
            # "你就别怪他了，他不是故意的": the clause that clears him; "It was the sheep, not him" whole
            found += [p.strip().rstrip("。！？!?.;；") for p in parts if CLEARING[lang].search(p)][-2:]
    return ("，" if lang == "zh" else ". ").join(found[:2]) or None  # "Colm is a good lad. It was the sheep, not him"


def answer_plea(items: list[GroundingItem], subjects: set[str], language: str, seed: int,
                clause: Callable[[str], str], *, named: str = "") -> str:
    """The NPC's answer to a plea for one of `subjects`: the player's fresh word (a from-listener
    belief) weighed against the blame held from others. `clause` says a claim as a clause; `named` is
    the subject's name when no memory of them is at hand (never "them" of Cal: second newcomer M-13)."""
    lang = "zh" if language == "zh" else "en"
    rng = np.random.default_rng(seed)

    def pick(key: str, **slots: str) -> str:
        options = PHRASES[lang][key]
        return options[int(rng.integers(len(options)))].format(**slots)

    about_items = [g for g in items if g.about in subjects]
    name = next((g.meta.get("about_name") for g in about_items if g.meta.get("about_name")), "")
    name = name or named or ("他" if lang == "zh" else "them")
    theirs = [g for g in about_items if g.kind == "belief" and g.meta.get("from_listener")]
    # what they said against me is blame of them too ("Cal told me I'm a fool": a belief about me)
    said_by_them = [g for g in items if g.kind == "belief" and g.meta.get("said_by") in subjects
                    and g.meta.get("toward_me") and g.valence < -0.1 and not g.meta.get("negated")]
    blame = [g for g in about_items if g.kind == "belief" and not g.meta.get("from_listener") and g.valence < -0.1
             and g.meta.get("teller_name") and not g.meta.get("negated")] + said_by_them
    # a wrong of theirs I saw, and my own cold impression, are held against them as much as a tale (the
    # grounding drew on them, the reply did not: "I've nothing against Cal" of one I saw kick my pails over)
    seen = [g for g in about_items if g.kind in ("event", "belief") and g.valence < -0.1 and not g.meta.get("negated")
            and g.meta.get("source") in ("witnessed", "participated") and not g.meta.get("filler")
            and not g.meta.get("dialogue") and not g.meta.get("my_deed")
            and g.meta.get("fact_kind") != "meet"]  # a meeting is no deed of theirs (my coldness at it least of all)
    cold = next((g for g in about_items if g.kind == "impression" and g.valence < -0.1), None)
    if seen:
        worst = min(seen, key=lambda g: g.valence)
        return pick("seen", line=clause(worst.text))
    if not blame and cold is not None:
        return pick("impression", about=name, line=cold.text.rstrip("。."))
    if not blame:  # nothing against them held: never "they have to earn it" of one nobody blamed (N-39)
        return pick("nothing_held", about=name)
    held = max(blame, key=lambda g: float(g.meta.get("credibility") or 0.0))
    word = max((float(g.meta.get("credibility") or 0.0) for g in theirs), default=0.0)
    if theirs and word > float(held.meta.get("credibility") or 0.0):  # a tie: the blame heard first stands
        return pick("convinced", about=name)
    return pick("unconvinced", teller=held.meta["teller_name"], claim=clause(held.meta.get("claim_text") or held.text))
