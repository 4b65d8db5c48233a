"""Reading an utterance for an errand: global intents, slot values, errands started, yes or no.

The model understands, code decides. This file only *reads*: it returns an `ErrandReading`
(pydantic, validated) and never touches an errand. The offline reader is the default and the
fallback: values by each slot's `values`, aliases and type (numbers in zh and en: 三位, 3, three),
errands started by meaning with the bundled embedder (nearest example among the errands' `starts`
and neutral lines), and the ten global intents by cue words (English at word boundaries). A model
may read instead; its answer is validated and every value it claims must be in the words, else
the offline reading is used.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
from pydantic import BaseModel, Field

from townsfolk.agents.errand_spec import ErrandSpec, SlotSpec
from townsfolk.agents.llm.protocol import LLMProvider, LLMRequest, Message
from townsfolk.agents.llm.structured import complete_structured
from townsfolk.memory.embeddings import Embedder

GlobalIntent = Literal["SKIP", "INSERT", "RESUME", "SWITCH", "CORRECT", "SUPPLEMENT", "PAUSE", "RESUME_TASK",
                       "ESCALATE", "CANCEL"]
GLOBAL_INTENTS: tuple[str, ...] = GlobalIntent.__args__  # type: ignore[attr-defined]


class SlotReading(BaseModel):
    """A value the words give a slot; `old` is the value a correction says was wrong."""

    slot: str
    value: str | int
    quote: str = ""
    old: str | int | None = None


class ErrandReading(BaseModel):
    """What one utterance says to the errand machinery (several intents at once are normal)."""

    intents: list[GlobalIntent] = Field(default_factory=list)
    slots: list[SlotReading] = Field(default_factory=list)
    starts: list[str] = Field(default_factory=list)  # errand ids the words start or name
    answer: Literal["yes", "no"] | None = None
    escalate_to: str | None = None  # a character named as who should take over
    source: Literal["offline", "model"] = "offline"

    @property
    def empty(self) -> bool:
        return not (self.intents or self.slots or self.starts or self.answer or self.escalate_to)


@dataclass
class ReadingContext:
    """What the reader may know: the errands on offer, the one in focus and what it is waiting for."""

    specs: dict[str, ErrandSpec]  # errands this NPC runs (id -> spec)
    focus: str | None = None  # the errand id in focus, if any
    pending_slot: str | None = None  # the slot the NPC just asked for
    filled: dict[str, object] = field(default_factory=dict)  # the focus errand's current values
    names: dict[str, str] = field(default_factory=dict)  # character id -> name, NPCs who could take over
    waiting: list[str] = field(default_factory=list)  # errand ids set aside, whose answers may come now
    language: str = "zh"


# --- numbers -------------------------------------------------------------------------------------
_ZH_DIGIT = {"零": 0, "一": 1, "二": 2, "两": 2, "俩": 2, "三": 3, "仨": 3, "四": 4, "五": 5, "六": 6, "七": 7,
             "八": 8, "九": 9}
_EN_NUM = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}
_EN_NUM.update({"a couple": 2, "a couple of": 2, "a dozen": 12, "half a dozen": 6, "thirty": 30, "forty": 40,
                "fifty": 50})
_ZH_NUM_RX = r"[零一二两俩三仨四五六七八九十百]+"
_EN_NUM_RX = r"half a dozen|a dozen|a couple(?: of)?|" + "|".join(sorted((w for w in _EN_NUM if " " not in w),
                                                                          key=len, reverse=True))


def zh_number(text: str) -> int | None:
    """三 -> 3, 十二 -> 12, 二十五 -> 25, 一百 -> 100; None if it is not a number."""
    if not text or any(c not in _ZH_DIGIT and c not in "十百" for c in text):
        return None
    total, current = 0, 0
    for c in text:
        if c == "百":
            total += (current or 1) * 100
            current = 0
        elif c == "十":
            total += (current or 1) * 10
            current = 0
        else:
            current = current * 10 + _ZH_DIGIT[c] if current else _ZH_DIGIT[c]
    return total + current


def parse_number(text: str) -> int | None:
    """A whole number written as digits, in Chinese or in English words."""
    t = text.strip().lower()
    if t.isdigit():
        return int(t)
    return _EN_NUM.get(t) if t in _EN_NUM else zh_number(t)


@dataclass(frozen=True)
class _Number:
    value: int
    start: int
    end: int
    unit: str | None  # the word after it, if it is one of some slot's units
    bare: bool  # nothing noun-like follows it


def _numbers(text: str, units: list[str]) -> list[_Number]:
    out: list[_Number] = []
    unit_rx = "|".join(re.escape(u) for u in sorted(units, key=len, reverse=True))
    rx = re.compile(rf"(\d+|{_ZH_NUM_RX}|\b(?:{_EN_NUM_RX})\b)\s*({unit_rx})?" if unit_rx
                    else rf"(\d+|{_ZH_NUM_RX}|\b(?:{_EN_NUM_RX})\b)", re.IGNORECASE)
    for m in rx.finditer(text):
        value = parse_number(m.group(1))
        if value is None:
            continue
        unit = m.group(2) if unit_rx and m.lastindex and m.lastindex >= 2 else None
        rest = text[m.end():].lstrip()
        nxt = re.match(r"[A-Za-z]+|[\u4e00-\u9fff]", rest)
        follower = nxt.group(0).lower() if nxt else ""
        bare = unit is None and (not follower or follower in {"please", "then", "now", "instead", "of", "吧", "啊",
                                                               "呀", "吗", "了", "就", "对", "哦", "嘛", "呢"})
        if m.group(1) in ("一", "两") and unit is None and not bare:
            continue  # 一壶, 两碟: a measure word, not an answer
        out.append(_Number(value, m.start(), m.end(), unit, bare))
    return out


# --- cue words -----------------------------------------------------------------------------------
def _rx(*parts: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in parts), re.IGNORECASE)


_CUES: dict[str, re.Pattern[str]] = {
    "CANCEL": _rx(r"不要了|不点了|不用了|不喝了|不办了|不做了|别忙了|取消|算了吧?[，,]?\s*不",
                  r"\bcancel\b|\bcall it off\b|\bforget (?:the whole thing|all of it|about it all)\b|\bdon'?t bother\b"
                  r"|\bscrap (?:it|that|the)\b|\bnever ?mind the whole\b"),
    "PAUSE": _rx(r"等一下|等一等|稍等|等会儿?(?:再|回来)|待会儿?(?:再|回来)|我先(?:去|跟|和|招呼|打个)|回头再|先放一放|暂停",
                 r"\bhold on\b|\bone (?:moment|sec(?:ond)?)\b|\bbe right back\b|\bgive me a (?:minute|moment|sec)\b"
                 r"|\bwait a (?:moment|minute|sec(?:ond)?)\b|\bexcuse me a (?:moment|minute)\b"),
    "RESUME_TASK": _rx(r"好了[，,]?\s*继续|继续吧|接着(?:说|来)|咱们继续|我回来了|说到哪(?:儿|了)|刚才说到",
                       r"\bi'?m back\b|\bwhere were we\b|\blet'?s (?:continue|carry on|go on)\b|\bcarry on\b|\bgo on\b"
                       r"|^\s*(?:ok(?:ay)?,?\s*)?continue\b"),
    "RESUME": _rx(r"说回|回到刚才|还是说刚才|还是(?:先)?办刚才|刚才那个(?:事|吧)|接着刚才",
                  r"\bback to (?:the|my|that|our)\b|\bgoing back to\b|\bwhere we left (?:off|the)\b"),
    "SWITCH": _rx(r"先(?:帮我|给我|替我)|先(?:办|弄|说说|看看)|先不说这个|换个事",
                  r"\bfirst,? (?:can|could) you\b|\bbefore that\b|\b(?:can|could) we do\b.*\bfirst\b"
                  r"|\bsomething else first\b|\bswitch to\b|\bactually,? (?:can|could) you\b"),
    "INSERT": _rx(r"^\s*(?:对了|还有|另外|顺便)|等下还(?:要|得)",
                  r"^\s*(?:also|oh,? and|and also|by the way|btw|one more thing)\b|\bwhile you'?re at it\b"
                  r"|\bafter that\b"),
    "SUPPLEMENT": _rx(r"再加|再来|也要|还要|加一|补充|另外加",
                      r"\balso add\b|\badd (?:some|a|an|one|two)\b|\bas well\b|\bplus\b|\btoo\b|\band some\b"),
    "CORRECT": _rx(r"不是.{1,12}?[，,]?\s*(?:而)?是|说错了|记错了|搞错了|改成|改为|换成|更正|其实是|应该是",
                   r"\bi meant\b|\bactually\b|\bnot [\w' ]{1,20}?,? but\b|\bmake (?:it|that)\b"
                   r"|\bchange (?:it|that) to\b|\bcorrection\b|\bscratch that\b|\bsorry,? (?:i|it'?s)\b"),
    "SKIP": _rx(r"跳过|先不管|随便|都行|无所谓|不用问|你看着办|不讲究",
                r"\bskip\b|\bdoesn'?t matter\b|\bwhatever\b|\bany(?:one|thing)? (?:is|will do) fine\b"
                r"|\bno preference\b|\bdon'?t mind\b|\byou choose\b|\bup to you\b"),
    "ESCALATE": _rx(r"(?:叫|找|请|让|跟|和)(?:你们|你家)?的?(?:老板|掌柜|店主|管事的?|负责人|别人)",
                    r"\b(?:talk|speak) to (?:the|your) (?:manager|boss|owner|master|person in charge)\b"
                    r"|\b(?:talk|speak) to someone else\b|\bget (?:me )?(?:the|your) (?:manager|boss|owner|master)\b"),
}
_YES = _rx(r"^\s*(?:对|对的|对了|是的|是|没错|嗯|好|好的|行|可以|没问题|就这样|正是)(?:[，,。！!\s]|$)",
           r"^\s*(?:yes|yeah|yep|yup|right|correct|that'?s right|exactly|sure|ok|okay|fine|sounds good)\b")
_NO = _rx(r"^\s*(?:不对|不是|错了|不行|不)(?:[，,。！!\s]|$)", r"^\s*(?:no|nope|not quite|wrong|that'?s wrong)\b")
_CORRECTION_PAIR = [
    re.compile(r"不是\s*(?P<old>[^，,。！？!?；;]+?)\s*[，,]?\s*(?:而)?是\s*(?P<new>[^，,。！？!?；;]+)"),
    re.compile(r"(?P<old>[^，,。！？!?；;\s]+?)\s*(?:改成|改为|换成)\s*(?P<new>[^，,。！？!?；;]+)"),
    re.compile(r"\bnot\s+(?P<old>[\w' ]+?),?\s+but\s+(?P<new>[\w' ]+)", re.IGNORECASE),
    re.compile(r"\b(?P<new>[\w' ]+?),\s*not\s+(?P<old>[\w' ]+)", re.IGNORECASE),
]


def _spans(text: str, needle: str, zh: bool) -> list[tuple[int, int]]:
    if not needle:
        return []
    if re.search(r"[A-Za-z]", needle):
        return [(m.start(), m.end()) for m in re.finditer(rf"\b{re.escape(needle)}\b", text, re.IGNORECASE)]
    return [(m.start(), m.end()) for m in re.finditer(re.escape(needle), text)]


def _value_hits(text: str, slot: SlotSpec) -> list[tuple[str, int, int]]:
    """(value, start, end) for each value of the slot the text names, by its words or its aliases."""
    hits: list[tuple[str, int, int]] = []
    for value in slot.values:
        for word in [value, *slot.aliases.get(value, [])]:
            for a, b in _spans(text, word, True):
                if not any(a < e and s < b for _, s, e in hits):
                    hits.append((value, a, b))
    return sorted(hits, key=lambda h: h[1])


# --- meaning --------------------------------------------------------------------------------------
_NEUTRAL = {
    "zh": ["你好", "谢谢", "好的", "今天天气不错", "最近怎么样", "你和他最近怎么了", "人多吗", "多少钱", "是的", "不对"],
    "en": ["hello", "thanks", "okay", "nice weather today", "how have you been", "what happened between you two",
           "is it busy today", "how much is it", "yes", "no"],
}
START_FLOOR = 0.86  # below this an utterance is too far from every example to start anything
INTENT_FLOOR, INTENT_MARGIN = 0.86, 0.01  # a meaning match must also beat the nearest neutral line
# what the control intents sound like without their cue words; matched only when nothing else was read
_INTENT_EXAMPLES: dict[str, list[str]] = {
    "PAUSE": ["我先离开一会儿", "我去去就回", "你先等我一下", "I'll be back in a minute", "wait for me a moment"],
    "RESUME_TASK": ["我们接着来", "咱们继续刚才的", "回来了，接着弄", "let's pick up where we left off",
                    "carry on with it"],
    "CANCEL": ["这个我不要了", "那就别做了", "不用麻烦了", "forget the order", "I don't want it any more"],
    "SKIP": ["这个问题不重要", "这个你定吧", "哪个都可以", "that doesn't matter to me", "any of them is fine"],
}


# by the embedder's name (one model, one set of vectors), never by id(): an id is reused once an
# embedder is freed, and vectors of another model would then be compared with this one's
_EXAMPLES: dict[str, dict[tuple, tuple[np.ndarray, list[str]]]] = {}
_QUERIES: dict[str, dict[str, np.ndarray]] = {}


class StartMatcher:
    """Which errand (if any) an utterance starts, by its nearest example in meaning.

    Examples are embedded once; a clause starts errand E when its nearest example belongs to E
    (not to the neutral lines or to slot answers) and is close enough. Deterministic: the same
    embedder gives the same vectors.
    """

    def __init__(self, embedder: Embedder | None) -> None:
        self.embedder = embedder
        model = getattr(embedder, "name", type(embedder).__name__)
        self._cache = _EXAMPLES.setdefault(model, {})  # shared by every run of this process
        self._queries = _QUERIES.setdefault(model, {})

    def _examples(self, specs: dict[str, ErrandSpec], language: str) -> tuple[np.ndarray, list[str]]:
        key = (language, tuple((k, tuple(s.starts)) for k, s in specs.items()))
        if key not in self._cache:
            texts, labels = [], []
            for eid, spec in specs.items():
                texts += spec.starts
                labels += [eid] * len(spec.starts)
                for slot in spec.slots.values():  # the NPC's own questions are not starts
                    if slot.ask:
                        texts.append(slot.ask)
                        labels.append("")
            for text in _NEUTRAL.get(language, _NEUTRAL["en"]):
                texts.append(text)
                labels.append("")
            assert self.embedder is not None
            self._cache[key] = (self.embedder.embed_passages(texts), labels)
        return self._cache[key]

    def starts(self, text: str, specs: dict[str, ErrandSpec], language: str) -> list[str]:
        found: list[str] = []
        lowered = text.lower()
        for eid, spec in specs.items():  # an example said word for word needs no model
            if any(s and s.lower() in lowered for s in spec.starts):
                found.append(eid)
        if self.embedder is None or not specs:
            return found
        vectors, labels = self._examples(specs, language)
        values = sorted({w for spec in specs.values() for slot in spec.slots.values()
                         for v in slot.values for w in [v, *slot.aliases.get(v, [])]}, key=len, reverse=True)
        clauses = [c.strip() for c in re.split(r"[，,。！？!?；;]+|\.(?=\s|$)", text) if c.strip()]
        for clause in clauses or [text]:
            for v in values:  # "来壶龙井" starts an order because of 来壶, not because 龙井 is an answer
                clause = re.sub(rf"\b{re.escape(v)}\b" if re.search(r"[A-Za-z]", v) else re.escape(v), "",
                                clause, flags=re.IGNORECASE).strip()
            if not re.search(r"[\w\u4e00-\u9fff]", clause):
                continue
            q = self._queries.get(clause)
            if q is None:
                q = self._queries[clause] = self.embedder.embed_query(clause)
                if len(self._queries) > 4096:
                    self._queries.pop(next(iter(self._queries)))
            scores = vectors @ q
            best = int(np.argmax(scores))
            if labels[best] and scores[best] >= START_FLOOR and labels[best] not in found:
                found.append(labels[best])
        return found

    def intent(self, text: str) -> str | None:
        """A control intent by meaning alone (no cue word): the nearest example's, if clearly nearest."""
        if self.embedder is None:
            return None
        key = ("intents",)
        if key not in self._cache:
            texts = [t for k in _INTENT_EXAMPLES for t in _INTENT_EXAMPLES[k]]
            labels = [k for k in _INTENT_EXAMPLES for _ in _INTENT_EXAMPLES[k]]
            texts += _NEUTRAL["zh"] + _NEUTRAL["en"]
            labels += [""] * (len(_NEUTRAL["zh"]) + len(_NEUTRAL["en"]))
            self._cache[key] = (self.embedder.embed_passages(texts), labels)
        vectors, labels = self._cache[key]
        q = self._queries.get(text)
        if q is None:
            q = self._queries[text] = self.embedder.embed_query(text)
        scores = vectors @ q
        best = int(np.argmax(scores))
        neutral = max(float(scores[i]) for i, lab in enumerate(labels) if not lab)
        if labels[best] and scores[best] >= INTENT_FLOOR and scores[best] - neutral >= INTENT_MARGIN:
            return labels[best]
        return None


# --- the offline reader ---------------------------------------------------------------------------
def _intents(text: str) -> list[str]:
    found = [k for k, rx in _CUES.items() if rx.search(text)]
    if "PAUSE" in found:
        found = [k for k in found if k != "RESUME_TASK"]  # "等会儿再继续" pauses
    if "RESUME" in found and "RESUME_TASK" in found:
        found.remove("RESUME_TASK")
    if "CANCEL" in found:
        found = [k for k in found if k not in ("SKIP",)]
    return found


def _handover_to(text: str, ctx: ReadingContext) -> str | None:
    """An NPC named as the one to take over: 让老周来 / 我跟掌柜说 / talk to Mara / let Mara handle it."""
    for cid, name in ctx.names.items():
        for n in {name, cid}:
            e = re.escape(n)
            if re.search(rf"(?:叫|找|请|让)\s*{e}|(?:跟|和|同)\s*{e}\s*(?:说|谈|商量|定|办)", text) or re.search(
                    rf"\b(?:talk|speak|go) to {e}\b|\b(?:ask|get|fetch|let|have) {e}\b|\b{e} (?:can |could |will )?"
                    rf"(?:handle|deal|decide|settle|sort)", text, re.IGNORECASE):
                return cid
    return None


def _escalation_target(text: str, ctx: ReadingContext) -> str | None:
    lowered = text.lower()
    hits = [(lowered.find(n.lower()), cid) for cid, n in ctx.names.items() if n and n.lower() in lowered]
    hits += [(lowered.find(cid.lower()), cid) for cid in ctx.names if re.search(rf"\b{re.escape(cid)}\b", lowered)]
    return min(hits)[1] if hits else None


def read_offline(text: str, ctx: ReadingContext, matcher: StartMatcher | None = None) -> ErrandReading:
    """The deterministic reading: cue words, slot values and types, starts by meaning."""
    intents = _intents(text)
    handover = _handover_to(text, ctx) if ctx.focus else None
    if handover and "ESCALATE" not in intents and "PAUSE" not in intents:  # "等一下，我去叫老周" steps away
        intents.append("ESCALATE")
    # in the middle of an errand, only words that turn away from it are read for a new one
    turning = not ctx.focus or bool(set(intents) & {"INSERT", "SWITCH", "RESUME", "SUPPLEMENT", "CANCEL"})
    starts = matcher.starts(text, ctx.specs, ctx.language) if matcher and turning else []
    spec_ids = [ctx.focus] if ctx.focus else []
    spec_ids += [s for s in [*starts, *ctx.waiting] if s not in spec_ids and s in ctx.specs]
    pairs = [m for rx in _CORRECTION_PAIR for m in [rx.search(text)] if m]
    old_span = pairs[0].span("old") if pairs else None
    readings: list[SlotReading] = []
    taken: list[tuple[int, int]] = []

    def free(a: int, b: int) -> bool:
        return not any(a < e and s < b for s, e in taken)

    for eid in spec_ids:
        spec = ctx.specs[eid]
        units = [u for s in spec.slots.values() for u in s.units]
        numbers = _numbers(text, units)
        for name, slot in spec.slots.items():
            if slot.type == "int":
                for n in numbers:
                    mine = (n.unit is not None and n.unit in slot.units) or (
                        n.unit is None and n.bare and ctx.pending_slot == name and eid == ctx.focus)
                    if not mine or not free(n.start, n.end):
                        continue
                    if old_span and old_span[0] <= n.start < old_span[1]:
                        continue
                    old = None
                    if old_span:
                        olds = [o for o in numbers if old_span[0] <= o.start < old_span[1]]
                        old = olds[0].value if olds else None
                    readings.append(SlotReading(slot=name, value=n.value, quote=text[n.start:n.end], old=old))
                    taken.append((n.start, n.end))
                    break
                continue
            for value, a, b in _value_hits(text, slot):
                if not free(a, b):
                    continue
                if old_span and old_span[0] <= a < old_span[1]:
                    continue
                old = None
                if old_span:
                    olds = [v for v, s_, _e in _value_hits(text, slot) if old_span[0] <= s_ < old_span[1]]
                    old = olds[0] if olds else None
                readings.append(SlotReading(slot=name, value=value, quote=text[a:b], old=old))
                taken.append((a, b))
                if not slot.incremental:
                    break
    # a free-text answer to the question just asked
    if ctx.focus and ctx.pending_slot and not any(r.slot == ctx.pending_slot for r in readings):
        slot = ctx.specs[ctx.focus].slots.get(ctx.pending_slot)
        if slot is not None and slot.type == "text" and not slot.values:
            answer = _strip_cues(text)
            if answer and not (set(intents) & {"PAUSE", "CANCEL", "SKIP", "RESUME_TASK", "ESCALATE", "SWITCH"}) \
                    and not starts:
                readings.append(SlotReading(slot=ctx.pending_slot, value=answer, quote=answer))
    answer_yn: Literal["yes", "no"] | None = None
    if _NO.search(text):
        answer_yn = "no"
    elif _YES.search(text):
        answer_yn = "yes"
    if "CORRECT" in intents and answer_yn == "no" and readings:
        answer_yn = "no"
    target = handover or (_escalation_target(text, ctx) if "ESCALATE" in intents else None)
    if "ESCALATE" not in intents and ctx.names and re.search(r"^\s*(?:找|请|让|叫)?\s*\S{1,8}\s*(?:吧|来)?\s*$|^\s*\w+,? please",
                                                             text, re.IGNORECASE):
        target = _escalation_target(text, ctx)  # a bare name, answering "whom shall I ask?"
    # INSERT or SUPPLEMENT for a connector: code knows which from what the words carry
    if "INSERT" in intents and not [s for s in starts if s != ctx.focus]:
        intents.remove("INSERT")
        if readings and "SUPPLEMENT" not in intents:
            intents.append("SUPPLEMENT")
    if "SUPPLEMENT" in intents and not readings and [s for s in starts if s != ctx.focus] and "INSERT" not in intents:
        intents[intents.index("SUPPLEMENT")] = "INSERT"
    if "CORRECT" in intents and not readings and not pairs:
        intents.remove("CORRECT")  # "actually" with nothing to correct is just talk
    if ctx.focus and matcher and not (intents or readings or starts or answer_yn or target):
        meant = matcher.intent(text)  # no cue and no value: what does it mean?
        if meant:
            intents.append(meant)
    return ErrandReading(intents=[i for i in GLOBAL_INTENTS if i in intents], slots=readings, starts=starts,  # type: ignore[misc]
                         answer=answer_yn, escalate_to=target)


_FILLER = re.compile(r"^(?:嗯|呃|那个|就是|我想|我要|要|是|就|please|um|uh|well|i'?d like|i want|it'?s)[，,\s]*", re.IGNORECASE)


def _strip_cues(text: str) -> str:
    t = text.strip().rstrip("。！？!?.，, ")
    prev = None
    while prev != t:
        prev, t = t, _FILLER.sub("", t).strip()
    return t


# --- the model's reading --------------------------------------------------------------------------
def reading_request(text: str, ctx: ReadingContext) -> LLMRequest:
    """Ask a model to read the utterance into an ErrandReading (it must not answer the player)."""
    slots = {eid: {name: {"type": s.type, "values": s.values, "ask": s.ask} for name, s in spec.slots.items()}
             for eid, spec in ctx.specs.items()}
    system = ("You read what a player says to a townsperson running errands. Do not reply to the player. "
              "Return JSON with: intents (any of " + ", ".join(GLOBAL_INTENTS) + "), slots (each {slot, value, "
              "quote, old}: quote is the exact words that give the value), starts (ids of errands the words start), "
              "answer (yes/no to a read-back, or null), escalate_to (a character id, or null).")
    user = json.dumps({"utterance": text, "errands": {k: s.title for k, s in ctx.specs.items()}, "slots": slots,
                       "focus": ctx.focus, "asked_for": ctx.pending_slot, "known": ctx.filled,
                       "people": ctx.names}, ensure_ascii=False, default=str)
    return LLMRequest(task="errand_reading", language=ctx.language,  # type: ignore[arg-type]
                      messages=[Message(role="system", content=system), Message(role="user", content=user)],
                      json_schema=ErrandReading.model_json_schema(), max_tokens=300)


def checked(reading: ErrandReading, text: str, ctx: ReadingContext) -> ErrandReading:
    """Keep only what code can verify: known errands and slots, values allowed and said in the words."""
    slots: list[SlotReading] = []
    specs = [ctx.specs[e] for e in [ctx.focus, *reading.starts] if e and e in ctx.specs]
    for r in reading.slots:
        spec = next((s for s in specs if r.slot in s.slots), None)
        if spec is None:
            continue
        slot = spec.slots[r.slot]
        quote = r.quote if r.quote and r.quote in text else ""
        if slot.type == "int":
            value = r.value if isinstance(r.value, int) else parse_number(str(r.value))
            if value is None or not quote or not any(n.value == value for n in _numbers(quote, slot.units)):
                continue
        else:
            value = str(r.value)
            if slot.values:
                if value not in slot.values:
                    value = next((v for v, al in slot.aliases.items() if value in al), "")
                if not value or value not in {v for v, _a, _b in _value_hits(text, slot)}:
                    continue  # a value the words do not name is the model's guess, not the player's answer
            elif not quote:
                continue
        slots.append(r.model_copy(update={"value": value, "quote": quote}))
    starts = [s for s in reading.starts if s in ctx.specs]
    target = reading.escalate_to if reading.escalate_to in ctx.names else None
    return reading.model_copy(update={"slots": slots, "starts": starts, "escalate_to": target, "source": "model"})


def read_errand(text: str, ctx: ReadingContext, *, model: LLMProvider | None = None,
                matcher: StartMatcher | None = None) -> ErrandReading:
    """The model's validated reading when one is configured and usable; the offline reading otherwise."""
    if model is not None:
        reading, _ = complete_structured(model, reading_request(text, ctx), ErrandReading)
        if reading is not None:
            return checked(reading, text, ctx)
    return read_offline(text, ctx, matcher)
