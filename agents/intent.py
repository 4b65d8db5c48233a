"""Intent: what a player's utterance is trying to do, possibly several things at once.

"不是三杯，是两杯，另外再加一碟瓜子" corrects an order *and* adds to it; answering only one half
reads as not listening. So detection works clause by clause and returns every intent it finds,
each with the span of words that carries it. Besides social moves (ask, tell, request, promise,
apology, ...) it knows the global conversation-control intents (correct, supplement, pause,
resume, skip, switch, escalate): they steer the conversation rather than add to it, and code,
not the model, has to act on them.

The heuristic is a zh+en cue lexicon (both always run: players mix languages). A model may
propose intents instead; its proposal is validated, spans are located in the real text, and
unambiguous cues the model missed are kept, because code has the last word.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from townsfolk.agents.llm.protocol import Language, LLMProvider, LLMRequest, Message
from townsfolk.agents.llm.structured import complete_structured
from townsfolk.agents.my_plans import asks_my_plan
from townsfolk.agents.plea import is_plea
from townsfolk.agents.reported_apology import relayed_sorry, reported_sorry
from townsfolk.agents.small_talk import GREETING_LEAD, small_talk_topic
from townsfolk.agents.sorry_asked import asks_if_i_will_apologise, asks_if_sorry

IntentKind = Literal[
    "chat",
    "ask_about",
    "tell",
    "request",
    "promise",
    "disclose",
    "conflict",
    "apology",
    "greet",
    "farewell",
    "correct",
    "supplement",
    "pause",
    "resume",
    "skip",
    "switch",
    "escalate",
]
INTENT_KINDS: tuple[str, ...] = IntentKind.__args__  # type: ignore[attr-defined]
GLOBAL_INTENTS: frozenset[str] = frozenset(
    {"correct", "supplement", "pause", "resume", "skip", "switch", "escalate"}
)
HEURISTIC_KEEP = 0.85  # a cue this sure is kept even when the model's proposal leaves it out
DEFAULT_CONFIDENCE = 0.5


class Span(BaseModel):
    """The words carrying an intent: ``text == utterance[start:end]``."""

    model_config = ConfigDict(frozen=True)

    start: int = Field(ge=0)
    end: int = Field(ge=0)
    text: str


class Intent(BaseModel):
    """One thing the utterance does; ``detail`` holds slots such as a correction's old/new value."""

    model_config = ConfigDict(frozen=True)

    kind: IntentKind
    confidence: float = Field(ge=0.0, le=1.0)
    span: Span
    detail: dict[str, str] = Field(default_factory=dict)


def kinds_of(intents: list[Intent]) -> set[str]:
    """The set of intent kinds present (the usual question downstream)."""
    return {i.kind for i in intents}


# --- the cue lexicon -----------------------------------------------------------------------------


def _rx(*parts: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in parts), re.IGNORECASE)


_MEASURE = r"[杯碟碗份个盘瓶壶块斤两袋包串张把]"
_NUM = r"(?:[一二两三四五六七八九十半几]|\d+)"

# Each kind: (pattern, confidence). Patterns run on one clause including its trailing punctuation.
_CUES: dict[str, list[tuple[re.Pattern[str], float]]] = {
    "greet": [
        (_rx(r"(?<![对待跟和给为让])(?:你好|您好)|早上好|早安|下午好|晚上好|哈喽|哈啰|好久不见|早啊|^\s*嗨"), 0.9),
        (_rx(r"^\s*(?:hi|hello|hey|howdy|greetings|good (?:morning|afternoon|evening)|morning|evening)\b"), 0.9),
        (_rx(r"\blong time no see\b"), 0.9),
    ],
    "farewell": [
        (_rx(r"再见|拜拜|回头见|明天见|下次见|先走了|先走啦|告辞|晚安|(?<![要得])保重|一路(?:平安|顺风)"), 0.9),
        (_rx(r"(?:^|[，,。！!\s])\s*(?:好了[，,]?\s*)?我(?:先|这就|该)?走(?:了|啦)\s*[。！!~～]?\s*$"), 0.85),
        (_rx(r"\b(?:bye|goodbye|good-bye|see you|see ya|farewell|good night|gotta go|take care)\b"), 0.9),
    ],
    "pause": [
        (_rx(r"(?:等会儿?|待会儿?|一会儿?)(?:再|继续|回来|聊|说)|我先(?:去|忙)|稍等|等一下|暂停|回头再(?:说|聊)"), 0.85),
        (_rx(r"\bhold on\b|\bone (?:moment|sec(?:ond)?)\b|\bbe right back\b|\bbrb\b|\bgive me a (?:minute|moment|sec)\b"), 0.85),
        (_rx(r"\b(?:let'?s )?(?:pause|continue later|talk later|pick this up later)\b"), 0.8),
    ],
    "resume": [
        (_rx(r"继续|接着(?:说|聊)|说回|回到(?:刚才|之前)|刚才说到|我回来了"), 0.85),
        (_rx(r"\bwhere were we\b|\bback to\b|\bas i was saying\b|\blet'?s continue\b|\bgo on\b|\bi'?m back\b|^\s*continue\b"), 0.85),
    ],
    "skip": [
        (_rx(r"先不管|跳过|不说这个了|算了|先放一放|不提了|无所谓"), 0.8),
        (_rx(r"\bskip\b|\bnever ?mind\b|\bforget (?:it|about it)\b|\blet'?s not\b|\bdoesn'?t matter\b"), 0.8),
    ],
    "switch": [
        (_rx(r"换个话题|说点别的|聊点别的|先(?:帮我)?(?:看看|说说|聊聊)|^\s*话说"), 0.8),
        (_rx(r"\bchange the subject\b|\bon another note\b|\bspeaking of\b|\blet'?s talk about\b|\bswitching gears\b|\bsomething else\b"), 0.8),
    ],
    "escalate": [
        (_rx(r"(?:叫|找|让|请)(?:你们|你家)?的?(?:老板|掌柜|店主|管事的?|负责人|人工|村长|镇长|上司|经理)"), 0.9),
        (_rx(r"\b(?:let me|i want to|i need to|can i) (?:talk|speak) to (?:the|your|a) (?:manager|boss|owner|supervisor|human|mayor|person in charge)\b"), 0.9),
        (_rx(r"\b(?:get|call) (?:me )?(?:the|your) (?:manager|boss|owner|supervisor|mayor)\b"), 0.9),
    ],
    "correct": [
        (_rx(r"说错了|记错了|搞错了|更正|纠正一下|刚才那个不对|我的意思是"), 0.85),
        (_rx(r"应该是"), 0.6),
        (_rx(r"\bi meant\b|\bi mean,|\bcorrection\b|\bscratch that\b|\bmake (?:it|that) \w+|\bi said it wrong\b|\bactually,? (?:it'?s|it was)\b"), 0.85),
    ],
    "supplement": [
        (_rx(r"^\s*(?:另外|还有|顺便|对了|补充(?:一下)?|再说一句)|再加|再来|也要|加上"), 0.85),
        (_rx(r"^\s*(?:also|plus|oh,? and|and also|additionally|btw|by the way|one more thing)\b|\bon top of that\b|\bas well\b"), 0.85),
    ],
    "request": [
        (_rx(r"请你|帮(?:我|忙)|能不能|能否|可以帮|可不可以|麻烦你?|给我|替我|我(?:要|想要)(?!投诉|走|去|说|告诉)"), 0.8),
        (_rx(rf"(?:来|要|加){_NUM}?{_MEASURE}|送(?:到|去|给)|带(?:给|去)|拿(?:给|来)"), 0.8),
        (_rx(r"\b(?:please|can you|could you|would you|will you|help me|bring me|get me|give me|i'?d like|i want|i need you to|fetch|deliver|pass me)\b"), 0.8),
        (_rx(r"^\s*(?:add|bring|get|give|make|fetch|send|take|put)\b"), 0.7),
    ],
    "promise": [
        (_rx(r"我(?:保证|答应|发誓|一定会|肯定会)|说好了|包在我身上|放心[吧，,]?\s*我(?:会|来)|下次一定"), 0.85),
        (_rx(r"\bi promise\b|\bi swear\b|\byou have my word\b|\bi give you my word\b|\bi'?ll make sure\b|\bcount on me\b|\bi will definitely\b|\bi'?ll definitely\b|\bi won'?t let you down\b|\bi'?ll pay you back\b"), 0.85),
    ],
    "disclose": [
        (_rx(r"(?:跟|和)你说个秘密|(?:从来|从)?没(?:跟|和|对)(?:别人|任何人)(?:说|讲)过|说实话[，,]?\s*我|其实我"), 0.85),
        (_rx(r"我(?:好|很|特别|一直|有点|真的|总是|非常){0,3}(?:害怕|孤独|寂寞|自卑|焦虑|抑郁)|我(?:得了|有)(?:抑郁症|病|癌)|我(?:失业|离婚|分手|被裁|被开除)了|我暗恋|我家(?:里)?(?:出事|欠债)"), 0.8),
        (_rx(r"\bi'?ve never told anyone\b|\bcan i tell you a secret\b|\bbetween you and me\b|\bto be honest,? i\b|\bhonestly,? i\b|\bthe truth is,? i\b"), 0.85),
        (_rx(r"\bi'?m (?:so |really |very )?(?:scared|lonely|depressed|anxious|ashamed|afraid)\b|\bi (?:got|was|have been) (?:fired|dumped|divorced|diagnosed)\b|\bi have (?:cancer|depression)\b|\bmy secret\b"), 0.8),
    ],
    "tell": [
        (_rx(r"我听说|听说|你知道吗[，,]|告诉你|跟你说(?!过|了|(?:些)?(?:什么|啥))|据说|我(?:看见|看到|发现)|我刚(?:看见|看到|遇到)"), 0.8),
        (_rx(r"\bi heard\b|\bdid you hear\b|\bdid you know\b|\bguess what\b|\blet me tell you\b|\bi saw\b|\bapparently\b|\brumou?r has it\b|\bfyi\b|\bi noticed\b|\bi found out\b"), 0.8),
    ],
    "ask_about": [
        (_rx(r"你(?:知道|认识|听说过?|觉得|见过)(?!吗[，,])|告诉我|是谁|怎么样|怎么了|为什么|什么时候|在哪|哪里|哪儿|多少|谁"
             r"|(?:你|您)(?:是)?(?:怎么|咋)(?:看|想)|如何|咋样|咋了|什么样"), 0.8),  # "你怎么看周先生" asks, with no ？
        (_rx(r"\btell me about\b|\bwhat do you think (?:of|about)\b|\bdo you know\b|\bhave you (?:heard|seen)\b|^\s*(?:who|what|where|when|why|how|which|whose)\b"), 0.8),
    ],
    "conflict": [
        (_rx(r"傻[瓜子逼]|你(?:真|好|太)?傻|蠢|笨蛋|白痴|废物|滚(?:蛋|开|出去)|给我滚|讨厌你|太过分|凭什么|骗子|你骗|骗我|气死|烦死|受够了|闭嘴"), 0.85),
        (_rx(r"太差|难吃|难喝|太贵|坑人|黑店|不满|投诉|什么破|你怎么(?:能|可以|又)|你(?:总是|老是|从来不)"), 0.75),
        (_rx(r"\b(?:idiot|stupid|dumb|moron|liar|you lied|hate you|shut up|how dare you|fed up|sick of|useless)\b"), 0.85),
        (_rx(r"\b(?:terrible|awful|disgusting|unacceptable|rip-?off|ripped me off|complain|worst|you always|you never)\b"), 0.75),
    ],
    "apology": [
        (_rx(r"对不起|抱歉|我错了|原谅我|是我不好|怪我"), 0.9),
        (_rx(r"不好意思"), 0.7),
        (_rx(r"\bsorry\b|\bi apologi[sz]e\b|\bmy apologies\b|\bmy bad\b|\bforgive me\b|\bmy fault\b"), 0.9),
    ],
}

_QUESTION_END = re.compile(r"[？?]\s*$|(?:吗|呢)\s*[？?。]?\s*$")
_QUESTION_CONFIDENCE = 0.6
_TAG_QUESTION = re.compile(r"^\s*(?:(?:is|was|does|do|did|are|were|has|have|will|would|can|could)n'?t (?:it|he|she|they|you|we|there|that)"
                           r"(?: just)?|(?:don'?t you think|eh|right)|(?:是吧|对吧|是不是|不是吗|对不对|是不|是吗|你说是不是))\s*[？?。!！]*\s*$",
                           re.IGNORECASE)

# Corrections that name both values span clauses, so they run on the whole utterance.
_CORRECTION_PAIRS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"(?<!是)不是\s*([^，,。！？!?；;\s]+?)\s*[，,]?\s*而?是\s*([^，,。！？!?；;]+)"), "old_new"),
    (re.compile(r"(?<![不还])是\s*([^，,。！？!?；;]+?)\s*[，,]\s*(?:而)?不是\s*([^，,。！？!?；;]+)"), "new_old"),
    (re.compile(r"\bnot\s+([\w' ]+?),?\s+but\s+([\w' ]+)", re.IGNORECASE), "old_new"),
    (re.compile(r"\b(?:it'?s|it is|i meant|i mean|make it|make that)\s+([\w' ]+?),?\s+not\s+([\w' ]+)", re.IGNORECASE), "new_old"),
]

_SPLIT = re.compile(
    r"[，,。！？!?；;：:\n…~～]+|\.(?=\s|$)"
    r"|(?=另外|顺便|补充一下)"
    r"|(?=\b(?:by the way|btw|oh,? and|one more thing|and also|additionally)\b)",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class _Clause:
    start: int
    end: int  # end of the words, before trailing punctuation
    stop: int  # end including trailing punctuation


# A clause that is only a connector ("另外，", "by the way,") belongs to the clause after it.
_BARE_LEAD = re.compile(
    r"^(?:另外|还有|顺便(?:说一句)?|对了|补充(?:一下)?|你知道吗|你猜怎么着|说实话|老实说|also|plus|btw"
    r"|by the way|oh,? and|and also|additionally|one more thing|guess what|you know what|honestly"
    r"|to be honest)$",
    re.IGNORECASE,
)
_HOW_ARE_YOU = re.compile(
    # (not "How are you related to Ned?": what the tie is, tie_question.py)
    r"\bhow are you\b(?! (?:related|connected|acquainted|kin)\b)|\bhow'?s it going\b|\bhow have you been\b|(?:^|[，,。！!\s])\s*(?:你|您)好吗|^\s*(?:你)?最近(?:怎么样|好吗|还好吗)",
    re.IGNORECASE,
)


def _clauses(text: str) -> list[_Clause]:
    """Clauses with their offsets (trimmed); a bare connector is joined to the clause after it."""
    out: list[_Clause] = []
    for c in _raw_clauses(text):
        if out and _BARE_LEAD.match(text[out[-1].start:out[-1].end]):
            out[-1] = _Clause(out[-1].start, c.end, c.stop)
        else:
            out.append(c)
    return out


def _raw_clauses(text: str) -> list[_Clause]:
    out: list[_Clause] = []
    prev = 0
    for m in [*_SPLIT.finditer(text), None]:
        cut, stop = (len(text), len(text)) if m is None else (m.start(), m.end())
        if cut < prev:
            continue
        raw = text[prev:cut]
        start = prev + (len(raw) - len(raw.lstrip()))
        end = prev + len(raw.rstrip())
        if end > start:
            out.append(_Clause(start, end, stop))
        prev = stop
    return out


_STATEMENT_CONFIDENCE = 0.55
# a request to make it right with someone (say sorry, make up, have a word): asked of the NPC as a
# person, answered from what it holds of them (my_tellings.py, plea.py), never as an errand it cannot run
_SOCIAL_ASK = re.compile(r"\b(?:apologi[sz]e|say (?:you'?re |you are )?sorry|make (?:it )?up|make peace|patch (?:it|things) up|"
                         r"talk to|speak to|speak with|talk with|have a word with)\b"  # (forgive, go easy on: a plea, plea.py)
                         r"|道(?:个)?歉|赔(?:个)?不是|赔礼|认(?:个)?错|和好|讲和|(?:跟|和|找)[\u4e00-\u9fff]{1,4}?(?:说说|谈谈|聊聊)",
                         re.IGNORECASE)
_CJK = re.compile(r"[\u4e00-\u9fff]")
_SAID_OF_YOU_BY_ALL = re.compile(
    r"\b(?:everyone|everybody|people|folk|folks|they|the whole (?:town|village)|all the (?:town|village)|the village|the town)\s+"
    r"(?:says?|are saying|is saying|thinks?|reckons?|knows?|whispers?)\s+(?:that\s+)?you(?:'re| are| were|\b)"
    r"|(?:大家|人家|别人|街坊|街坊们|村里人|镇上的人|人人)(?:都|全)?(?:说|讲|传|议论|在说|在传)(?:你|您)", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z']+")
# a clause that is only thanks, a filler or an interjection says nothing about anyone
_NOT_A_STATEMENT = re.compile(r"^(?:谢谢|多谢|好的|好吧|嗯+|哦+|啊+|对|是的|没事|行|ok|okay|yes|no|thanks|thank you|"
                              r"sure|right|well|oh|hm+)\b", re.IGNORECASE)


# thanks said first, whatever follows it ("谢谢你刚才告诉我的事", "辛苦你了，告诉我这么多", "thanks for the news")
_THANKS_LEAD = re.compile(r"^\s*(?:谢谢|多谢|感谢|谢啦|谢了|辛苦(?:你|您)?了|thanks?\b|thank you\b|cheers\b)", re.IGNORECASE)
_THIRD_PERSON = re.compile(r"他|她|\b(?:he|she|they|him|her|them)\b", re.IGNORECASE)
_SECOND_PERSON = re.compile(r"你|您|\b(?:you|your|you're|yours)\b", re.IGNORECASE)


def _is_statement(words: str, names: tuple[str, ...] = ()) -> bool:
    """A clause that asserts something about someone else (and asks nothing).

    It must name a third person (he / 他, or one of ``names``; "你太让我伤心了" is about the two
    speaking, and goes to repair, not to news) and be long enough to say who did what:
    four Chinese characters or three English words, so a bare vocative ("老李，") is not one, nor is
    "今天天气不错" (about no one). A question ends in ？/?/吗/呢.
    """
    stripped = words.strip()
    if not stripped or _QUESTION_END.search(stripped) or _NOT_A_STATEMENT.match(stripped):
        return False
    if not (_THIRD_PERSON.search(stripped) or any(n and n in stripped for n in names)):
        return False
    cjk = len(_CJK.findall(stripped))
    return cjk >= 4 if cjk else len(_WORD.findall(stripped)) >= 3


def _clause_intents(text: str, clause: _Clause, names: tuple[str, ...] = ()) -> dict[str, float]:
    """Kind -> confidence for one clause, after resolving cues that compete."""
    words = text[clause.start:clause.stop]
    found: dict[str, float] = {}
    for kind, cues in _CUES.items():
        conf = max((c for pattern, c in cues if pattern.search(words)), default=0.0)
        if conf:
            found[kind] = conf
    if any(n and n in words and re.match(rf"\s*{re.escape(n)}[，,\s]*(?:好|早|早啊|早上好|你好|您好)[呀啊！!。.，,\s]*$", words)
           for n in names) or GREETING_LEAD.match(words + "，"):
        found["greet"] = max(found.get("greet", 0.0), 0.9)  # "春嫂好" / "王伯早": a name or title, then 好
        found.pop("chat", None)
    if _HOW_ARE_YOU.search(words):
        found["greet"] = max(found.get("greet", 0.0), 0.8)
        found.pop("ask_about", None)  # "how are you?" is a greeting, not a question about someone
    asked_explicitly = "ask_about" in found
    vocative = any(n and re.fullmatch(rf"\s*{re.escape(n)}\s*[？?！!。.]*\s*", words) for n in names)
    tag = bool(_TAG_QUESTION.match(words))  # "..., isn't it?" / "……是吧？": it asks for agreement with the clause before
    if _QUESTION_END.search(words) and "ask_about" not in found and not vocative and not tag:
        found["ask_about"] = _QUESTION_CONFIDENCE  # (not the "Brin?" closing "How are you, Brin?": a name called)
    if small_talk_topic(words, "zh" if _CJK.search(words) else "en"):
        found.pop("ask_about", None)  # "今天生意好吗？" chats about the trade; it asks after nobody
        found["chat"] = 0.8
    if "pause" in found:
        found.pop("resume", None)  # "等会继续" pauses; it does not resume
    if {"pause", "resume", "skip"} & found.keys():
        found.pop("ask_about", None)  # "where were we?" steers the talk; it asks about no one
    if "escalate" in found:
        found.pop("request", None)  # "get me your boss" is not an errand
    if "tell" in found and not asked_explicitly:
        found.pop("ask_about", None)  # "你知道吗，..." introduces news
    if {"request", "greet"} & found.keys() and not asked_explicitly:
        found.pop("ask_about", None)  # "can you ...?" / "how are you?" are not questions about someone
    if "conflict" in found and not _SECOND_PERSON.search(words) and _is_statement(words, names):
        found.pop("conflict")  # "Hanna says Tomas is a liar" / "老王是个骗子": news of others, no quarrel with me
        found["tell"] = _STATEMENT_CONFIDENCE
    elif "conflict" in found and not _SECOND_PERSON.search(words) and _QUESTION_END.search(words.strip()) and (
            _THIRD_PERSON.search(words) or any(n and n in words for n in names)):
        found.pop("conflict")  # "Is Bea a liar?" asks about her: no quarrel with me ("I'm sorry you feel that way.")
    lang = "zh" if _CJK.search(words) else "en"
    if "apology" in found and (asks_if_sorry(words, lang) or asks_if_i_will_apologise(words, lang)):
        found.pop("apology")  # "Are you sorry?", "Will you say sorry to Gideon?": my regret asked (sorry_asked.py)
        found.pop("request", None)
        found["ask_about"] = max(found.get("ask_about", 0.0), _QUESTION_CONFIDENCE)
    if "apology" in found and reported_sorry(words):
        found.pop("apology")  # "Osk never said sorry": news of Osk (reported_apology.py)
    elif "apology" in found and relayed_sorry(words):
        found.pop("apology")  # "Cal wanted me to say he's sorry": news of Cal, not mine (reported_apology.py)
        found["tell"] = _STATEMENT_CONFIDENCE
    if not found and _is_statement(words, names):
        found["tell"] = _STATEMENT_CONFIDENCE  # "老李，王婶好像在生你的气" tells him something
    if _SAID_OF_YOU_BY_ALL.search(words) and not _QUESTION_END.search(words.strip()):
        found.pop("chat", None)  # "Everyone says you're a thief." / 大家都说你手脚不干净: a tale about me going round
        found["tell"] = max(found.get("tell", 0.0), _STATEMENT_CONFIDENCE)  # (was small talk: newcomer L-36)
    if asked_explicitly and "request" in found and re.search(
        r"告诉我|tell me about|do you know", words, re.IGNORECASE
    ):
        found.pop("request", None)  # "can you tell me about Mara?" asks about Mara
    if "request" in found and _SOCIAL_ASK.search(words):
        found.pop("request")  # "Will you apologise to Milo?", 你跟二柱道个歉吧: a word with someone, no errand (K-8)
        found["ask_about"] = max(found.get("ask_about", 0.0), _QUESTION_CONFIDENCE)
    if "request" in found and asks_my_plan(words, "zh" if _CJK.search(words) else "en"):
        found.pop("request")  # "What will you do now?", "Will you have it out with Maud?": a plan asked (my_plans.py)
        found["ask_about"] = max(found.get("ask_about", 0.0), _QUESTION_CONFIDENCE)
    return found


def _span(text: str, start: int, end: int) -> Span:
    return Span(start=start, end=end, text=text[start:end])


def _corrections(text: str) -> list[Intent]:
    out: list[Intent] = []
    for pattern, order in _CORRECTION_PAIRS:
        for m in pattern.finditer(text):
            a, b = m.group(1).strip(), m.group(2).strip()
            old, new = (a, b) if order == "old_new" else (b, a)
            if not old or not new or old == new:
                continue
            out.append(
                Intent(
                    kind="correct",
                    confidence=0.9,
                    span=_span(text, m.start(), m.end()),
                    detail={"old": old, "new": new},
                )
            )
    return out


def _overlaps(a: Span, b: Span) -> bool:
    return a.start < b.end and b.start < a.end


_GAP = re.compile(r"[\s，,。！？!?；;：:…~～.]*")


def _merge(text: str, intents: list[Intent]) -> list[Intent]:
    """One intent per run of words: overlapping or back-to-back same-kind spans become one.

    "再见，明天见" is one farewell, not two; the surest confidence and any slots are kept.
    """
    order = {k: n for n, k in enumerate(INTENT_KINDS)}
    merged: list[Intent] = []
    for intent in sorted(intents, key=lambda i: (order[i.kind], i.span.start, -i.span.end)):
        last = merged[-1] if merged else None
        if (
            last is not None
            and last.kind == intent.kind
            and (
                _overlaps(last.span, intent.span)
                or _GAP.fullmatch(text, last.span.end, max(last.span.end, intent.span.start))
            )
        ):
            start, end = min(last.span.start, intent.span.start), max(last.span.end, intent.span.end)
            merged[-1] = Intent(
                kind=last.kind,
                confidence=max(last.confidence, intent.confidence),
                span=_span(text, start, end),
                detail={**intent.detail, **last.detail},
            )
        else:
            merged.append(intent)
    return sorted(merged, key=lambda i: (i.span.start, order[i.kind]))


def _chat(text: str) -> list[Intent]:
    stripped = text.strip()
    start = text.find(stripped) if stripped else 0
    conf = DEFAULT_CONFIDENCE if stripped else 0.0
    return [Intent(kind="chat", confidence=conf, span=_span(text, start, start + len(stripped)))]


def detect_intents(text: str, language: Language = "zh", *, names: tuple[str, ...] = ()) -> list[Intent]:
    """Every intent in ``text``, in the order the words appear; ``chat`` when nothing else fits.

    ``language`` is accepted for symmetry with the model variant; both lexicons always run.
    ``names`` are the characters of the world: a clause that asserts something about one of them
    (or about you / 你 / 他) is a ``tell``, so a statement is answered, not small-talked.
    """
    del language
    intents = _corrections(text)
    for clause in _clauses(text):
        for kind, conf in _clause_intents(text, clause, names).items():
            intents.append(Intent(kind=kind, confidence=conf, span=_span(text, clause.start, clause.end)))
    if is_plea(text, "zh" if _CJK.search(text) else "en"):
        # "Could you go easy on Pell? It was an accident.": a plea for someone (agents/plea.py), not an
        # errand; its claim is testimony the plea itself weighs, not news to pass on
        intents = [i for i in intents if i.kind not in ("request", "tell", "errand")] or _chat(text)
    if _THANKS_LEAD.match(text) and not re.search(r"[？?]", text):
        # "谢谢你刚才告诉我的事" / "辛苦你了，告诉我这么多" thank for a telling or a help already given: no ask, no errand
        intents = [i for i in intents if i.kind not in ("ask_about", "request")]
    merged = _merge(text, intents)
    return merged or _chat(text)


# --- the model's proposal ------------------------------------------------------------------------


class ProposedIntent(BaseModel):
    """One intent as a model proposes it: the kind and the exact words (quote) that carry it."""

    kind: IntentKind
    confidence: float = Field(0.7, ge=0.0, le=1.0)
    quote: str = ""
    detail: dict[str, str] = Field(default_factory=dict)


class IntentProposal(BaseModel):
    """The structured answer asked of the model."""

    intents: list[ProposedIntent] = Field(min_length=1, max_length=8)


_KIND_HELP = (
    "chat (small talk), ask_about (asks about someone or something), tell (shares news or "
    "information), request (a favour, errand or order), promise, disclose (a sensitive personal "
    "disclosure), conflict (insult or complaint), apology, greet, farewell, correct (fixes "
    "something said earlier), supplement (adds to it), pause, resume, skip, switch (changes the "
    "topic), escalate (asks for someone in charge)"
)


def intent_request(text: str, language: Language = "zh") -> LLMRequest:
    """The structured request asking a model to label ``text``; it must not answer the player."""
    system = (
        "You label what a player's utterance does in a conversation with a townsperson. Do not "
        "reply to the player. One utterance may do several things: list each, quoting the exact "
        f"words that carry it. Kinds: {_KIND_HELP}. For a correction put the old and new values "
        'in detail as {"old": ..., "new": ...}.'
    )
    user = json.dumps({"language": language, "utterance": text}, ensure_ascii=False)
    return LLMRequest(
        task="intent",
        language=language,
        messages=[Message(role="system", content=system), Message(role="user", content=user)],
        max_tokens=300,
    )


def _locate(text: str, quote: str, cursor: int) -> tuple[int, int]:
    quote = quote.strip()
    if quote:
        for start_at in (cursor, 0):
            pos = text.find(quote, start_at)
            if pos >= 0:
                return pos, pos + len(quote)
    stripped = text.strip()
    start = text.find(stripped) if stripped else 0
    return start, start + len(stripped)


def from_proposal(text: str, proposal: IntentProposal) -> list[Intent]:
    """Turn a validated proposal into intents with real spans, keeping unmissable heuristic cues."""
    intents: list[Intent] = []
    cursor = 0
    for p in proposal.intents:
        start, end = _locate(text, p.quote, cursor)
        cursor = max(cursor, end)
        intents.append(
            Intent(kind=p.kind, confidence=p.confidence, span=_span(text, start, end), detail=p.detail)
        )
    proposed = kinds_of(intents)
    for h in detect_intents(text):
        if h.confidence >= HEURISTIC_KEEP and h.kind not in proposed:
            intents.append(h)
    merged = _merge(text, intents)
    if len(merged) > 1:
        merged = [i for i in merged if i.kind != "chat"] or merged
    return merged


def detect_intents_with_model(
    provider: LLMProvider, text: str, language: Language = "zh"
) -> list[Intent]:
    """The model proposes, code disposes: an unusable answer falls back to :func:`detect_intents`."""
    proposal, _ = complete_structured(provider, intent_request(text, language), IntentProposal)
    if proposal is None:
        return detect_intents(text, language)
    return from_proposal(text, proposal)
