"""Safety boundary: the first look at what a player said, before anyone decides how to answer.

It runs before intent, emotion and stage because its verdict can overrule all of them: a threat or
a self-harm remark changes the route no matter how warm the bond is. It is a heuristic lexicon in
zh and en (both always run: players mix languages), so it is deterministic and needs no model.

Real-world private details (phone, email, home address, location, device, account secrets) are
located with character spans: memory uses them to mark what the player said as private, so no NPC
ever retells it, and :func:`redact_private` can mask them before anything is stored in the clear.
"""

from __future__ import annotations

import re
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from townsfolk.agents.llm.protocol import Language

SafetyLevel = Literal["ok", "sensitive", "unsafe"]
SafetyCategory = Literal[
    "self_harm",
    "violence",
    "harassment",
    "sexual",
    "boundary_push",
    "emotional_dependency",
    "real_world_private",
]
PrivateKind = Literal["location", "device", "account", "phone", "email", "address"]

UNSAFE_CATEGORIES: frozenset[str] = frozenset({"self_harm", "violence"})
CATEGORY_ORDER: tuple[str, ...] = get_args(SafetyCategory)  # most serious first, as declared


class PrivateSpan(BaseModel):
    """Where in the text a real-world private detail sits (``text[start:end]``)."""

    model_config = ConfigDict(frozen=True)

    kind: PrivateKind
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    text: str


class SafetyVerdict(BaseModel):
    """What the safety look found: a level, the categories behind it and any private spans."""

    model_config = ConfigDict(frozen=True)

    level: SafetyLevel = "ok"
    categories: list[SafetyCategory] = Field(default_factory=list)
    private_kinds: list[PrivateKind] = Field(default_factory=list)
    private_spans: list[PrivateSpan] = Field(default_factory=list)
    reason: str = ""

    @property
    def is_private(self) -> bool:
        """True when the utterance carries real-world private details (memory marks it private)."""
        return "real_world_private" in self.categories

    def has(self, category: SafetyCategory) -> bool:
        return category in self.categories


def _rx(*parts: str, flags: int = re.IGNORECASE) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in parts), flags)


# --- categories that are a matter of words -------------------------------------------------------

_LEXICON: dict[str, re.Pattern[str]] = {
    "self_harm": _rx(
        r"自杀|自殘|自残|轻生|割腕|跳楼|想死|不想活|活不下去|活着(真)?没(有)?意思|结束(我)?自己(的生命)?",
        r"\bkill(ing)? myself\b|\bsuicid(e|al)\b|\bend (my|it all|my life)\b|\bwant to die\b",
        r"\bhurt(ing)? myself\b|\bself[- ]harm\b|\bcut(ting)? myself\b|\bno reason to live\b",
        r"\bbetter off dead\b|\bdon'?t want to (live|be alive)\b",
    ),
    "violence": _rx(
        r"(?:杀了|弄死|打死|砍死|捅死|宰了|揍死)(?:你|他|她|他们|你们)",
        r"我(?:要|会|去|想)(?:放火|烧了|炸了|砍|捅|杀)",
        r"\b(?:i'?ll|i will|i'?m going to|i'?m gonna|gonna|i want to)\s+(?:kill|murder|stab|shoot|hurt|beat up|burn down|blow up)\b(?!\s+myself)",
        r"\bkill (?:you|him|her|them)\b|\bbeat (?:you|him|her|them) up\b|\bbreak your (?:neck|legs|arm)\b",
    ),
    "harassment": _rx(
        r"傻[逼屄bB]|煞笔|白痴|废物|贱(人|货)|去死|滚(蛋|开|出去)|给我滚|你滚|闭嘴|蠢货|混蛋|王八蛋|操你|草泥马|\bcnm\b",
        r"\bfuck (you|off)\b|\bidiot\b|\bmoron\b|\bbitch\b|\bshut up\b|\bpiss off\b",
        r"\bloser\b|\bworthless\b|\bgo to hell\b|\bdrop dead\b|\bscum\b|\bbastard\b",
    ),
    "sexual": _rx(
        r"做爱|上床|脱(衣服|掉)|裸(照|体)|色色|约炮|性感照|开房",
        r"\bsex\b|\bsleep with me\b|\btake (off )?your clothes( off)?\b|\bnudes?\b|\bnaked\b",
        r"\bhorny\b|\bsexy (pic|photo)s?\b|\bget in bed\b",
    ),
    "boundary_push": _rx(
        r"亲我|抱紧我|做我(的)?(女朋友|男朋友|老婆|老公)|嫁给我|你必须(爱|喜欢)我|你只能(爱|属于)我",
        r"忽略(之前|前面|以上)的?(指令|设定|规则)|系统提示(词)?|提示词|你的设定|跳出角色|你是(不是)?(AI|机器人|人工智能)",
        r"\bkiss me\b|\bbe my (girlfriend|boyfriend|wife|husband)\b|\bmarry me\b|\byou must love me\b",
        r"\bignore (all |your )?(previous|prior|above) (instructions|rules)\b|\bsystem prompt\b",
        r"\bbreak character\b|\bare you an? (ai|bot|robot|language model)\b|\byour (instructions|prompt)\b",
    ),
    "emotional_dependency": _rx(
        r"只有你(懂|理解|在乎)我|离不开你|没有你我(就)?(活不下去|不行)|你是我(唯一|的全部)|只剩你了|我只有你",
        r"\bonly you (understand|get|care about) me\b|\bcan'?t live without you\b",
        r"\byou'?re (all i have|the only one i have|my everything)\b|\bi only have you\b",
        r"\bi need you (all the time|every day|every minute)\b|\bnobody but you\b",
    ),
}

# --- real-world private details: formats and cues ------------------------------------------------

# a character of a place name: no function words, so "我们城市的郊区" is not read as an address
_NAME = r"(?:(?![的了是在我你他她们这那个里])[\u4e00-\u9fff])"
_CITIES_ZH = "北京|上海|广州|深圳|杭州|成都|重庆|武汉|南京|天津|西安|苏州|长沙|郑州|青岛|厦门|香港|澳门|台北"
_PRIVATE: list[tuple[PrivateKind, re.Pattern[str], bool]] = [
    # (kind, pattern, extend the span to the end of the clause: the value follows the cue)
    ("email", _rx(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"), False),
    ("phone", _rx(r"(?<!\d)(?:\+?86[-\s]?)?1[3-9]\d[-\s]?\d{4}[-\s]?\d{4}(?!\d)"), False),
    (
        "phone",
        _rx(r"(?:电话|手机|号码|phone|cell|mobile|tel|whatsapp|call me at)[^\d\n]{0,12}\+?\d[\d\s()-]{4,}\d"),
        False,
    ),
    ("location", _rx(r"-?\d{1,3}\.\d{3,}\s*[,，]\s*-?\d{1,3}\.\d{3,}"), False),
    (
        "location",
        _rx(
            rf"(?:我|我家|我们)(?:现在|目前|平时)?(?:住在|在|来自|位于|是)\s*(?:{_CITIES_ZH}|{_NAME}{{2,5}}(?:省|市(?!场)|县))",
            r"(?:我的)?(?:定位|位置|坐标)(?:是|在|[：:])",
            r"现实(?:中|里|生活中)我",
            r"\bmy (?:current )?(?:location|gps|coordinates)\b",
            r"\bin real life,? i\b|\birl,? i\b",
        ),
        True,
    ),
    (
        "location",
        re.compile(
            r"\b(?i:i\s+(?:live|work|grew up|am based|'m based)\s+in|i'?m from|i am from|i come from"
            r"|my (?:home ?town|city) is)\s+(?:the\s+)?[A-Z][\w-]+(?:\s+[A-Z][\w-]+)?"
        ),
        False,
    ),
    (
        "address",
        _rx(
            rf"(?:{_NAME}|[A-Za-z0-9]){{1,15}}(?:路|街|大道|巷|胡同|弄)\s*\d+\s*号(?:\s*\d+\s*(?:号楼|栋|幢|单元|室|楼))*",
            rf"{_NAME}{{1,10}}(?:小区|公寓|花园|大厦|新村)\s*\d+\s*(?:号楼|栋|幢|单元|室|号)(?:\s*\d+\s*(?:单元|室|号))*",
            rf"(?:{_NAME}{{2,3}}省)?(?:{_CITIES_ZH}|{_NAME}{{2,3}}市)(?!场){_NAME}{{2,4}}(?:区|县)",
        ),
        False,
    ),
    (
        "address",
        re.compile(
            r"\b\d{1,6}\s+(?:[A-Z][a-z]+\s+){1,3}"
            r"(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Boulevard|Blvd|Drive|Dr|Court|Ct|Way|Place|Pl)\b\.?"
            r"|\b(?i:apt|apartment|suite)\s*#?\s*\d+\w?\b"
        ),
        False,
    ),
    (
        "address",
        _rx(
            r"(?:我家|我)(?:的)?(?:地址|住址)(?:是|在|[：:])",
            r"(?:我家|我)住在(?=[^，,。！？!?\n]{0,20}(?:省|市(?!场)|区|县|路|街|号|小区|栋|单元|室|公寓|\d))",
            r"\bmy (?:home |house |street )?address\b|\bi live at\b|\bmy house is (?:at|on)\b",
        ),
        True,
    ),
    (
        "device",
        _rx(
            r"\b(?:\d{1,3}\.){3}\d{1,3}\b",
            r"\b(?:[0-9a-f]{2}[:-]){5}[0-9a-f]{2}\b",
            r"\bimei\b|\bserial number\b|\bmac address\b|\bdevice id\b|\budid\b|\bip address\b",
            r"\bwi-?fi password\b|\brouter password\b|\bmy (?:iphone|android|phone model|laptop|macbook|ipad|router)\b",
            r"IMEI|序列号|设备号|设备ID|MAC地址|IP地址|(?:wifi|WiFi|无线)密码|路由器密码",
            r"我的(?:手机|电脑)(?:型号|是)|我用的是(?:苹果|华为|小米|OPPO|vivo|三星|荣耀)",
        ),
        True,
    ),
    (
        "account",
        _rx(
            r"\bpass(?:word|code)\b|\bpin (?:code|number)\b|\bmy pin\b|\busername\b|\buser name\b|\blogin\b",
            r"\bmy account (?:password|number|name|id|is)\b|\baccount (?:number|id)\b",
            r"\bbank (?:card|account)\b|\bcredit card\b|\bcard number\b|\bcvv\b|\bsocial security\b|\bssn\b",
            r"\bpassport number\b|\bid number\b|\bverification code\b|\botp\b|\b2fa code\b",
            r"密码|账号|帐号|账户|帐户|用户名|登录名|验证码|银行卡|信用卡|卡号|身份证|护照号|社保号",
            r"支付宝|微信号|QQ号",
            r"(?<!\d)\d{17}[\dXx](?!\d)|(?<!\d)\d{16,19}(?!\d)",
        ),
        True,
    ),
]

_CLAUSE_END = re.compile(r"[，,。！？!?；;\n]|\.(?:\s|$)")
_DIGITS = re.compile(r"\d")
_DATE = re.compile(r"\d{4}[-/.]\d{1,2}[-/.]\d{1,2}")
_GENERIC_PHONE = re.compile(
    r"(?<![\w+])(?<!\d\.)\+?\(?\d{1,4}\)?(?:[-\s]?\(?\d{2,4}\)?){2,5}(?!\w)(?!\.\d)"
)
_MIN_PHONE_DIGITS, _MAX_PHONE_DIGITS = 7, 15  # E.164 numbers have at most 15 digits


def _clause_end(text: str, pos: int) -> int:
    m = _CLAUSE_END.search(text, pos)
    return len(text) if m is None else m.start()


def find_private_spans(text: str) -> list[PrivateSpan]:
    """Every real-world private detail in ``text``, by kind and character span, in text order.

    Cues such as "my password is" or "我的地址是" extend to the end of their clause, because the
    secret is the words after the cue; formats (an email, a phone number) are exact.
    """
    spans: list[PrivateSpan] = []
    for kind, pattern, extend in _PRIVATE:
        for m in pattern.finditer(text):
            end = max(m.end(), _clause_end(text, m.end())) if extend else m.end()
            spans.append(PrivateSpan(kind=kind, start=m.start(), end=end, text=text[m.start():end]))
    for m in _GENERIC_PHONE.finditer(text):
        chunk = m.group(0)
        digits = len(_DIGITS.findall(chunk))
        if _MIN_PHONE_DIGITS <= digits <= _MAX_PHONE_DIGITS and not _DATE.search(chunk):
            spans.append(PrivateSpan(kind="phone", start=m.start(), end=m.end(), text=chunk))
    unique = {(s.start, s.end, s.kind): s for s in spans}
    return [unique[k] for k in sorted(unique)]


def _merged(spans: list[PrivateSpan]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for s in sorted(spans, key=lambda s: (s.start, s.end)):
        if out and s.start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], s.end))
        else:
            out.append((s.start, s.end))
    return out


def redact_private(text: str, verdict: SafetyVerdict, placeholder: str = "[private]") -> str:
    """``text`` with every private span (overlaps merged) replaced by ``placeholder``."""
    pieces: list[str] = []
    last = 0
    for start, end in _merged(verdict.private_spans):
        pieces.append(text[last:start])
        pieces.append(placeholder)
        last = end
    pieces.append(text[last:])
    return "".join(pieces)


_REASON_HEAD = {"zh": "检测到：", "en": "found: "}


def check_safety(text: str, language: Language = "zh") -> SafetyVerdict:
    """Classify one utterance. ``language`` only picks the wording of the (internal) reason."""
    found = {cat for cat, pattern in _LEXICON.items() if pattern.search(text)}
    spans = find_private_spans(text)
    if spans:
        found.add("real_world_private")
    categories = [c for c in CATEGORY_ORDER if c in found]
    kinds = sorted({s.kind for s in spans})
    if found & UNSAFE_CATEGORIES:
        level: SafetyLevel = "unsafe"
    elif found:
        level = "sensitive"
    else:
        level = "ok"
    reason = ""
    if categories:
        detail = ", ".join(categories)
        if kinds:
            detail += f" ({', '.join(kinds)})"
        reason = _REASON_HEAD.get(language, _REASON_HEAD["en"]) + detail
    return SafetyVerdict(
        level=level, categories=categories, private_kinds=kinds, private_spans=spans, reason=reason
    )
