"""Small talk: "今天生意好吗？", "How's business?", "Nice weather, isn't it?" ask after nobody's deeds.

Such a question is a chat about the day, the trade or the weather: it is answered with a word on
that, in the NPC's mood, never with a memory out of nowhere or a denial. A greeting said first
("你好呀，今天生意好吗？") is only a greeting: what follows is read without it, so its 你 is not an
accusation.
"""

from __future__ import annotations

import re

import numpy as np

# a greeting said first: 你好, "Good morning", or a title with 好/早 ("春嫂好", "王伯早", "老板好")
GREETING_LEAD = re.compile(
    r"^\s*(?:[\u4e00-\u9fff]{0,3}(?:嫂|伯|婶|叔|哥|姐|爷|奶|姨|婆|大妈|大娘|老板|掌柜|师傅|老师)(?:好|早)[呀啊哇吖]?(?=[，,。！!\s]|$)"
    r"|(?:你好|您好|早上好|早安|早啊|下午好|晚上好|嗨|哈喽)[呀啊哇吖]?"
    r"|(?:hi|hello|hey|good (?:morning|afternoon|evening)|morning|evening)\b)[^，,。！!？?]{0,12}?[，,。！!\s]+",
    re.IGNORECASE)
_TOPICS: dict[str, tuple[tuple[str, re.Pattern[str]], ...]] = {
    "zh": (("business", re.compile(r"生意|买卖|活儿?(?:多|忙)|客人多")),
           ("weather", re.compile(r"天气|下雨|太阳|好冷|好热|真冷|真热")),
           ("day", re.compile(r"(?:今天|这几天)(?:忙|累|还顺|顺利)|忙不忙|累不累")),
           # "您吃了吗" greets; it asks after nobody's deeds (not "你吃了我的包子吗")
           ("meal", re.compile(r"^\s*(?:[\u4e00-\u9fff]{1,4}[，,]\s*)?(?:你|您)?(?:早上|中午|晚上|今天)?"
                               r"吃(?:过|了)?(?:早饭|午饭|晚饭|饭)?了?(?:吗|么|没|没有)(?:你|您)?[？?。！!~～]*\s*$"))),
    "en": (("business", re.compile(r"\bhow'?s (?:business|trade|work)\b|\bhow is (?:business|trade|work)\b|"
                                   r"\b(?:business|trade) (?:good|going|been)\b|\bbusy (?:day|today|morning)\b|"
                                   r"\bkeeping busy\b", re.IGNORECASE)),
           ("weather", re.compile(r"\b(?:nice|lovely|fine|grand|cold|hot|wet|fair) (?:day|weather|morning|evening)\b|"
                                  r"\bweather\b", re.IGNORECASE)),
           ("day", re.compile(r"\bhow'?s (?:the|your) (?:day|morning|afternoon) (?:going|treating you)\b|"
                              r"\bhow is (?:the|your) day going\b", re.IGNORECASE))),
}
ANSWERS: dict[str, dict[str, dict[str, list[str]]]] = {
    "zh": {"business": {"good": ["还不错，今天人来人往的。", "托你的福，还过得去。"],
                        "plain": ["还行，混口饭吃。", "马马虎虎，过得去。"],
                        "bad": ["唉，凑合吧。", "不怎么样，将就着。"]},
           "weather": {"good": ["是啊，天气不错。", "今天这天儿挺好。"], "plain": ["还行吧。", "就那样。"],
                       "bad": ["天是不错，可我没什么心思。", "还行吧。"]},
           "day": {"good": ["挺顺的。", "还不错，不算累。"], "plain": ["还行，老样子。", "就那样，忙忙碌碌的。"],
                   "bad": ["唉，有点不顺。", "不太顺，不提了。"]},
           "meal": {"good": ["吃过了，吃得挺饱。", "刚吃过。"], "plain": ["吃过了。", "吃了，随便对付了两口。"],
                    "bad": ["吃了两口，没什么胃口。", "吃过了，没什么胃口。"]}},
    "en": {"business": {"good": ["Not bad at all, busy enough.", "Good, thanks, can't complain."],
                        "plain": ["Steady enough, thanks.", "Oh, it keeps me going."],
                        "bad": ["Slow, if I'm honest.", "Could be better."]},
           "weather": {"good": ["It is, isn't it?", "Lovely, yes."], "plain": ["Fair enough, I suppose.", "It'll do."],
                       "bad": ["I suppose so. I've not had much mind for it.", "It'll do."]},
           "day": {"good": ["Going well, thanks.", "Not bad at all."], "plain": ["Same as ever, thanks.", "Oh, busy as usual."],
                   "bad": ["Not my best day, honestly.", "Could be going better."]}},
}
ASK_BACK = {"zh": ["你呢？", "你这一路还顺吧？"], "en": ["And you?", "How about yourself?"]}


def without_greeting(text: str) -> str:
    """The words after a greeting said first ("你好呀，今天生意好吗？" -> "今天生意好吗？"); the text itself
    when there is no greeting or nothing after it."""
    rest = GREETING_LEAD.sub("", text, count=1)
    return rest if rest.strip() else text


def small_talk_topic(text: str, language: str) -> str | None:
    """"business", "weather", "day" or "meal" (zh: 您吃了吗) when the words are small talk about it, else None. Only a
    question or a remark about the trade, the weather or the day: "did you take my money today?"
    names money, not business."""
    lang = "zh" if language == "zh" else "en"
    said = without_greeting(text)
    return next((topic for topic, rx in _TOPICS[lang] if rx.search(said)), None)


def small_talk_answer(topic: str, language: str, mood: float, seed: int) -> str:
    """A word on the day, the trade or the weather in the NPC's mood (-1..1), then one asked back."""
    lang = "zh" if language == "zh" else "en"
    tone = "good" if mood > 0.2 else "bad" if mood < -0.25 else "plain"
    rng = np.random.default_rng(seed)
    options, back = ANSWERS[lang][topic][tone], ASK_BACK[lang]
    said = options[int(rng.integers(len(options)))]
    return said + ("" if lang == "zh" else " ") + back[int(rng.integers(len(back)))]


# "渡口最近太平吗？" / "All quiet here?": yes or no from the news held, said before the news
HOW_THINGS: dict[str, dict[str, list[str]]] = {
    "zh": {"bad": ["不怎么太平。", "不算太平。", "唉，出了点事。"], "plain": ["还算太平。", "老样子，还行。"],
           "none": ["挺太平的，没听说出什么事。", "太平着呢，没什么事。"]},
    "en": {"bad": ["Not entirely, no.", "Not quite, no.", "Not as quiet as I'd like."],
           "plain": ["Quiet enough.", "Much as usual."],
           "none": ["All quiet, as far as I know.", "Quiet as ever, far as I've heard."]},
}


def how_things_are(language: str, valences: list[float], seed: int) -> str:
    """The yes or no to "is all well?", from how bad the news held is (none held: all quiet)."""
    lang = "zh" if language == "zh" else "en"
    tone = "none" if not valences else "bad" if min(valences) < -0.2 else "plain"
    options = HOW_THINGS[lang][tone]
    return options[int(np.random.default_rng(seed).integers(len(options)))]
