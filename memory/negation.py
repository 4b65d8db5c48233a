"""Where a negation reaches in a sentence, so a negated cue word does not fire its predicate.

A cue word right after "didn't" was already read as negated; a negation further off was not: "Dov
ruined Ysolde's rope and never said sorry" read as an apology (the longest cue, "said sorry", won),
and retold as "Dov always apologises". A negation here reaches from its word to the end of its
clause (a punctuation mark, or a word that starts another clause: "and", "but" / 还, 又, 却), and
no further than a few words: "ruined" stays a ruin, "said sorry" is negated.

English negators: not, never, n't, no longer, refused to, without, hardly, stop / quit / give up before
a doing ("Stop spreading gossip") (and "no" right before the cue). Chinese: 没 / 没有 / 不 / 从不 / 从没 / 不肯 / 也不 / 未 / 别 / 并非 ..., except where the
character is part of a word that is no negation at all (不小心 is an accident, 没想到 a surprise,
不久 a time, 忍不住 a failure to hold back).

A refusal of amends is a reading of its own: a negated apology is coldness (`unapologetic`),
and beside a wrong it makes the wrong colder (`cold_refusal`).
"""

from __future__ import annotations

import re
from functools import lru_cache

EN_NEGATOR = re.compile(r"\b(?:not(?! only\b)|never|cannot|no longer|refused to|refuses to|refusing to|without|hardly|"
                        r"nor|neither)\b|n't\b"
                        # a doing told to stop ("Stop spreading gossip", "Quit spreading lies about Tom": said to a
                        # gossip, they read as Tom spreading gossip, Tom lying) or given up ("stopped drinking")
                        r"|\b(?:stop|stops|stopped|quit|quits|give up|gave up|given up)\b(?=\s+\w+ing\b)")
EN_NO = re.compile(r"\bno\s+(?:\w+\s+)?$")  # "no apology", "no real help": only right before the cue
EN_CLAUSE_END = re.compile(r"[.!?;:,]|\b(?:and|but|yet|so|then|because|though|although|while|when|after|before|"
                           r"until|which|who)\b")
EN_REACH = 7  # words a negation reaches at most

ZH_NEGATORS = ("从来没有", "从来没", "从来不", "从没有", "从没", "从不", "也没有", "也没", "也不", "不肯", "不愿", "没有", "没",
               "不", "未", "别", "并非", "不是", "不算", "哪是", "拒不", "拒绝")
# words that begin with a negator's character and negate nothing (an accident, a surprise, a time, "can't help")
ZH_NOT_NEGATION = ("不小心", "不留神", "不注意", "一不留神", "没留神", "没注意", "没留意", "没想到", "没料到", "不料", "不久",
                   "没多久", "没过多久", "不一会", "不由得", "不由", "不知不觉", "不得不", "忍不住", "禁不住", "不停", "不断",
                   "不住", "不少", "不错", "了不起", "不过", "不管", "不光", "不仅", "不但", "不如", "要不", "不然", "差不多",
                   "不用", "没准", "不知道", "没事", "不一样", "不好意思", "对不起", "不由自主", "不禁", "不小", "不大",
                   "不一定", "没法", "没办法", "不得了", "不像话", "不要脸", "不讲理", "不客气")
ZH_CLAUSE_END = re.compile(r"[，。！？；、,.!?;]|还|又|却|但|可是|结果|而且|然后|就")
ZH_REACH = 12  # characters a negation reaches at most


@lru_cache(maxsize=8192)
def en_scopes(lowered: str) -> tuple[tuple[int, int, int], ...]:
    """(negator start, scope start, scope end) of every English negation in lower-cased text."""
    out = []
    for m in EN_NEGATOR.finditer(lowered):
        start = m.end()
        end_m = EN_CLAUSE_END.search(lowered, start)
        end = end_m.start() if end_m else len(lowered)
        words = list(re.finditer(r"\S+", lowered[start:end]))
        if len(words) > EN_REACH:
            end = start + words[EN_REACH - 1].end()
        out.append((m.start(), start, end))
    return tuple(out)


def _zh_not_negation(text: str, pos: int) -> bool:
    """Whether the negator's character at `pos` belongs to a word that negates nothing."""
    for word in ZH_NOT_NEGATION:
        ch = text[pos]
        offset = word.find(ch)
        while offset >= 0:
            at = pos - offset
            if at >= 0 and text.startswith(word, at):
                return True
            offset = word.find(ch, offset + 1)
    return False


@lru_cache(maxsize=8192)
def zh_scopes(text: str) -> tuple[tuple[int, int, int], ...]:
    """(negator start, scope start, scope end) of every Chinese negation in the text."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text[i] not in "从也不没未别并哪拒":
            i += 1
            continue
        word = next((w for w in ZH_NEGATORS if text.startswith(w, i)), None)
        if word is None or _zh_not_negation(text, i + len(word) - 1) or _zh_not_negation(text, i):
            i += 1
            continue
        start = i + len(word)
        end_m = ZH_CLAUSE_END.search(text, start + 1)  # 没还: the word right after is what is negated
        end = min(end_m.start() if end_m else n, start + ZH_REACH)
        out.append((i, start, end))
        i = start
    return tuple(out)


def negated_at(text: str, lowered: str, pos: int, cue: str) -> bool:
    """Whether the cue found at `pos` lies inside a negation that starts before it (a cue that
    itself begins with a negation, "can't be trusted" / 不老实, is not negated by its own word)."""
    if cue.isascii():
        if EN_NO.search(lowered[:pos]):
            return True
        return any(neg < pos and start <= pos < end for neg, start, end in en_scopes(lowered))
    if cue.startswith(("不", "没")):
        return False
    if ZH_UNSAID_AFTER.match(text, pos + len(cue)):
        return True  # 连句对不起都没说: the word said was never said
    return any(neg < pos and start <= pos < end for neg, start, end in zh_scopes(text))


# a denial that something was said: what follows it is the words denied, not a deed of the one who did not say
# them. "小梅从来没说过老陈不老实" read as 小梅 being dishonest (a cue that begins with 不 is never negated by a
# negation before it), and cooled the hearer toward 小梅; the scope runs to the end of the clause
ZH_UNSAID = re.compile(r"(?:从来|从|也|并|可|根本|压根儿?)?(?:没有|没|未曾|不曾|从未)(?:有)?(?:说|讲|提|讲起|说起)(?:过|起过)?")
EN_UNSAID = re.compile(r"\b(?:never|didn't|did not|hasn't|has not|haven't|have not|wasn't|was not|not)\s+(?:once\s+|ever\s+)?"
                       r"(?:said|say|says|claimed|claim|told (?:anyone|anybody|me|us|people|you|him|her|them)|called)\b")


def unsaid_at(text: str, lowered: str, pos: int, cue: str) -> bool:
    """Whether the cue at `pos` is inside words someone is said never to have said ("never said Rowan
    was dishonest", 没说过老陈不老实), a cue beginning with a negation (不老实) included."""
    if cue.isascii():
        if "said" not in lowered and "say" not in lowered and "told" not in lowered and "claim" not in lowered \
                and "called" not in lowered:
            return False
        scopes = [(m.end(), EN_CLAUSE_END.search(lowered, m.end())) for m in EN_UNSAID.finditer(lowered)]
    else:
        if not any(w in text for w in ("说", "讲", "提")):
            return False
        scopes = [(m.end(), ZH_CLAUSE_END.search(text, m.end())) for m in ZH_UNSAID.finditer(text)]
    return any(start <= pos < (end.start() if end else len(text)) for start, end in scopes)


# a zh negation that follows what it negates: 连句对不起都没说 / 道歉的话一句也没讲
ZH_UNSAID_AFTER = re.compile(r"[^，。！？；,.!?;]{0,4}?(?:都|也)(?:没有|没|不)(?:说|讲|道|提)")


# a negated apology or reconciliation: not made up, and cold for it
AMENDS = ("apologised", "reconciled")
UNAPOLOGETIC = "unapologetic"


# an apology for a wrong names the wrong only as what it is for: "Cal apologised to me for breaking
# your jug" / 老周为打碎碗的事道了歉 is his apology, not news of a jug broken (which cooled the tie)
_AMENDS_FOR = re.compile(r"\bapologi[sz](?:ed|es|ing)\b[^.!?;]{0,20}?\bfor\b|\bsorry (?:for|about)\b"
                         r"|为[^，。！？；]{1,12}(?:道了?歉|赔了?不是|赔罪)|(?:道了?歉|赔了?不是)[^，。！？；]{0,4}说")


def amends_head(key: str, hits: list[tuple[str, bool]], text: str) -> str:
    """The apology, when the words are an apology made for a wrong they also name."""
    if key not in AMENDS and any(k == "apologised" and not neg for k, neg in hits) and _AMENDS_FOR.search(text):
        return "apologised"
    return key


def settle(key: str, negated: bool, hits: list[tuple[str, bool]], inventory) -> tuple[str, bool, bool]:  # noqa: ANN001
    """The reading once negations are weighed: (predicate, negated, cold). A negated apology alone
    is coldness (`unapologetic`, not "apologised" said the other way round, which a retelling turned
    back into "always apologises"); a negated apology beside a wrong said outright keeps the wrong,
    made colder."""
    refused = any(k in AMENDS and neg for k, neg in hits)
    if negated and key in AMENDS and UNAPOLOGETIC in inventory:
        return UNAPOLOGETIC, False, False
    if not negated and refused:
        spec = inventory.get(key)
        if spec is not None and spec.valence < 0 and spec.blames_subject:
            return key, False, True
    return key, negated, False
