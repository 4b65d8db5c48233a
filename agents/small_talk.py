"""Small talk: "今天生意好吗？", "How's business?", "Nice weather, isn't it?" ask after nobody's deeds.

Such a question is a chat about the day, the trade or the weather: it is answered with a word on
that, in the NPC's mood, never with a memory out of nowhere or a denial. So are the words said to
the NPC about itself: "Are you all right?" / "你还好吗？" is answered with how it is, comfort ("Don't
worry, everyone cracks a vase sometimes" / "别难过") is thanked, and a plea for secrecy ("You won't
tell anyone, will you?" / "你不会告诉别人吧？") gets a promise; none of them asks after a fact. A greeting said first
("你好呀，今天生意好吗？") is only a greeting: what follows is read without it, so its 你 is not an
accusation.
"""

from __future__ import annotations

import re

import numpy as np

from townsfolk.agents.secrecy import PROMISES

# a greeting said first: 你好, "Good morning", or a title with 好/早 ("春嫂好", "王伯早", "老板好")
GREETING_LEAD = re.compile(
    r"^\s*(?:[\u4e00-\u9fff]{0,3}(?:嫂|伯|婶|叔|哥|姐|爷|奶|姨|婆|大妈|大娘|老板|掌柜|师傅|老师)(?:好|早)[呀啊哇吖]?(?=[，,。！!\s]|$)"
    r"|(?:你好|您好|早上好|早安|早啊|下午好|晚上好|嗨|哈喽)[呀啊哇吖]?"
    r"|(?:hi|hello|hey|good (?:morning|afternoon|evening)|morning|evening)\b)[^，,。！!？?]{0,12}?[，,。！!\s]+",
    re.IGNORECASE)
_TOPICS: dict[str, tuple[tuple[str, re.Pattern[str]], ...]] = {
    "zh": (("business", re.compile(r"生意|买卖|活儿?(?:多|忙)|客人多")),
           ("weather_foul", re.compile(r"(?:下|这|好大的|真大的)(?:雨|雪)(?:下得|可|真|好|太|啊|呀|了)|雨(?:下得|真|好|太)大|刮(?:大)?风|风(?:真|好|太|可)大|"
                                       r"(?:好|真|太|可真|挺)(?:冷|热|闷|晒)(?:啊|呀|了|的)?(?=[。！!，,？?~～]|$)|天(?:儿)?(?:真|好|太|挺)(?:冷|热|闷)")),
           ("weather", re.compile(r"天气|太阳|天(?:儿)?(?:真|好|挺)?(?:好|不错|晴)(?:啊|呀|了|的)?(?=[。！!，,？?~～]|$)")),
           ("day", re.compile(r"(?:今天|这几天)(?:忙|累|还顺|顺利)|忙不忙|累不累")),
           # "你还好吗？" / "你没事吧？" asks after me ("你跟老王还好吗" / "你师父对你好吗" ask after a tie: not this)
           ("self", re.compile(r"(?:^|(?<=[，,。！!？?\s]))(?:你|您)(?:还|都|最近|最近还)?(?:好吗|好么|还好吧|还好|没事吧|没事儿吧)(?=[？?吧。！!呢]|$)|"
                               r"(?:^|(?<=[，,。！!？?\s]))(?:你|您)身体(?:怎么样|还好吗|可好)|"
                               r"^\s*(?:[\u4e00-\u9fff]{1,4}[，,]\s*)?(?:最近|这几天|近来)(?:还)?(?:好吗|好吧|可好)[？?]?\s*$")),
           ("comfort", re.compile(r"别(?:太)?(?:难过|伤心|担心|自责|哭)|不是你的错|不怪你|想开(?:点|些)|"
                                  r"谁(?:都|还)(?:会|有|没)?[^，,。！!？?]{0,4}(?:失手|疏忽|犯错|出错|错)")),
           ("secret", re.compile(r"(?:你|您)(?:不会|可别|千万别|别)(?:跟别人|对别人|和别人|给别人)?(?:告诉别人|说出去|讲出去|传出去)|"
                                 r"(?:你|您)不会(?:跟别人|对别人|和别人)说(?:吧|的吧)")),
           # "您吃了吗" greets; it asks after nobody's deeds (not "你吃了我的包子吗")
           ("meal", re.compile(r"^\s*(?:[\u4e00-\u9fff]{1,4}[，,]\s*)?(?:你|您)?(?:早上|中午|晚上|今天)?"
                               r"吃(?:过|了)?(?:早饭|午饭|晚饭|饭)?了?(?:吗|么|没|没有)(?:你|您)?[？?。！!~～]*\s*$"))),
    "en": (("business", re.compile(r"\bhow'?s (?:business|trade|work)\b|\bhow is (?:business|trade|work)\b|"
                                   r"\b(?:business|trade) (?:good|going|been)\b|\bbusy (?:day|today|morning)\b|"
                                   r"\bkeeping busy\b", re.IGNORECASE)),
           ("weather_foul", re.compile(r"\b(?:cold|hot|wet|chilly|freezing|raw|bitter|miserable|foul|filthy|muggy|windy|rainy)"
                                       r" (?:day|weather|morning|evening|night|out)\b|\bwhat a (?:storm|downpour|wind|gale)\b|"
                                       r"\b(?:cold|chilly|freezing|wet|windy|muggy|raining|pouring)\b (?:this (?:morning|evening)|today|tonight|"
                                       r"out there|again)\b", re.IGNORECASE)),
           ("weather", re.compile(r"\b(?:nice|lovely|fine|grand|warm|sunny|fair|beautiful|glorious) (?:day|weather|morning|evening)\b|"
                                  r"\bweather\b", re.IGNORECASE)),
           ("day", re.compile(r"\bhow'?s (?:the|your) (?:day|morning|afternoon) (?:going|treating you)\b|"
                              r"\bhow is (?:the|your) day going\b", re.IGNORECASE)),
           # "Are you all right?" asks after me ("Are you all right with Orla?" asks after the two of us)
           # the words end there, or a name follows ("How are you, Orla?"; not "How are you going to pay?")
           ("self", re.compile(r"\b(?:are you (?:all right|alright|ok|okay|well|feeling (?:better|well|all right))|how are you(?: "
                               r"(?:doing|keeping|feeling|holding up))?|how have you been|how'?s it going)(?: (?:today|now|these days))?"
                               r"(?=\s*(?:,\s*(?-i:[A-Z])[\w'-]*\s*)?(?:[?!.]|$))", re.IGNORECASE)),
           ("comfort", re.compile(r"\bdon'?t (?:worry|fret|be (?:sad|upset|so hard on yourself|hard on yourself))\b(?! about (?:me|it,? I))|"
                                  r"\bcheer up\b|\bit(?:'s| is|was) not your fault\b|\bit wasn'?t your fault\b|"
                                  r"\b(?:everyone|everybody|anyone) (?:makes mistakes|\w+s (?:a |the )?\w+ (?:sometimes|now and then|once in a while))",
                                  re.IGNORECASE)),
           ("secret", re.compile(r"\byou (?:won'?t|will not|wouldn'?t) (?:tell|say (?:anything|a word) to) (?:anyone|anybody|a soul|the others)\b|"
                                 r"\byou (?:won'?t|will not) (?:tell|breathe a word)\b[^.?!]*,\s*will you\b", re.IGNORECASE))),
}
ANSWERS: dict[str, dict[str, dict[str, list[str]]]] = {
    "zh": {"business": {"good": ["还不错，今天人来人往的。", "托你的福，还过得去。"],
                        "plain": ["还行，混口饭吃。", "马马虎虎，过得去。"],
                        "bad": ["唉，凑合吧。", "不怎么样，将就着。"]},
           "weather": {"good": ["是啊，天气不错。", "今天这天儿挺好。"], "plain": ["是啊，天不错。", "嗯，是个好天。"],
                       "bad": ["天是不错，可我没什么心思。", "是不错，可惜我没那心思。"]},
           "weather_foul": {"good": ["可不是，不过也快过去了。", "是啊，这天儿够呛，还好不耽误事。"],
                            "plain": ["可不是，这天儿真够呛。", "是啊，出门都难。"],
                            "bad": ["唉，这天儿，人也跟着闷。", "可不是，烦人得很。"]},
           "day": {"good": ["挺顺的。", "还不错，不算累。"], "plain": ["还行，老样子。", "就那样，忙忙碌碌的。"],
                   "bad": ["唉，有点不顺。", "不太顺，不提了。"]},
           "meal": {"good": ["吃过了，吃得挺饱。", "刚吃过。"], "plain": ["吃过了。", "吃了，随便对付了两口。"],
                    "bad": ["吃了两口，没什么胃口。", "吃过了，没什么胃口。"]},
           "self": {"good": ["挺好的，多谢惦记。", "好着呢。"], "plain": ["还行，老样子。", "凑合，过得去。"],
                    "bad": ["不太好，心里有点乱。", "唉，不怎么好。"]},
           "comfort": {"good": ["谢谢你，这么一说我好受多了。", "谢谢，有你这句话就好。"],
                       "plain": ["谢谢你宽我的心。", "谢谢，我想开些就是了。"],
                       "bad": ["谢谢你，我心里还是不好受，不过谢谢。", "谢谢你这么说。"]}},
    "en": {"business": {"good": ["Not bad at all, busy enough.", "Good, thanks, can't complain."],
                        "plain": ["Steady enough, thanks.", "Oh, it keeps me going."],
                        "bad": ["Slow, if I'm honest.", "Could be better."]},
           "weather": {"good": ["It is, isn't it?", "Lovely, yes."], "plain": ["It is, yes.", "Not bad at all."],
                       "bad": ["I suppose so. I've not had much mind for it.", "It'll do."]},
           "weather_foul": {"good": ["Isn't it just! It'll pass.", "It is, but it'll clear."],
                            "plain": ["Isn't it just. Mind how you go.", "It is. Not a day to be out long."],
                            "bad": ["Miserable, isn't it? Suits my mood.", "It is. Everything's grey today."]},
           "day": {"good": ["Going well, thanks.", "Not bad at all."], "plain": ["Same as ever, thanks.", "Oh, busy as usual."],
                   "bad": ["Not my best day, honestly.", "Could be going better."]},
           "self": {"good": ["I'm well, thanks.", "Doing fine, thank you."], "plain": ["Getting by, thanks.", "Much as ever."],
                    "bad": ["Not so good, to be honest.", "I've been better."]},
           "comfort": {"good": ["Thank you, that's kind of you.", "Thanks. That helps."],
                       "plain": ["Thank you. I'll try not to dwell on it.", "Thanks, I needed to hear that."],
                       "bad": ["Thank you. I still feel awful about it, but thank you.", "That's kind of you to say."]}},
}
ASK_BACK = {"zh": ["你呢？", "你这一路还顺吧？"], "en": ["And you?", "How about yourself?"]}
# "Are you all right? People have been talking about you.": the second half is asked after, not "And you?"
_TALKED = {"zh": re.compile(r"(?:有人|大家|别人|人家|外面|外头|他们)[^，,。！!？?]{0,4}(?:说你|议论你|讲你|传你)|(?:说|传)你(?:的)?闲话"),
           "en": re.compile(r"\b(?:people|folk|folks|everyone|everybody|they|some)(?:'ve| have| are|'re)?(?: been)? "
                            r"(?:talking|gossiping|whispering) about you\b", re.IGNORECASE)}
TALKED_BACK = {"zh": ["说我什么了？", "他们说我什么了？"],
               "en": ["Talking? What are they saying?", "Talking about me? What are they saying?"]}
# said to me about me and mine: thanks for comfort, a promise to keep it, never "And you?" after them
TOWARD_ME = frozenset({"self", "self_talked", "comfort", "secret"})
_NO_ASK_BACK = frozenset({"comfort", "secret", "weather", "weather_foul"})  # agreed with, not "And you?"


def without_greeting(text: str) -> str:
    """The words after a greeting said first ("你好呀，今天生意好吗？" -> "今天生意好吗？"); the text itself
    when there is no greeting or nothing after it."""
    rest = GREETING_LEAD.sub("", text, count=1)
    return rest if rest.strip() else text


def small_talk_topic(text: str, language: str) -> str | None:
    """"business", "weather", "day", "meal" (zh: 您吃了吗), "self" ("self_talked" when they add that people
    talk of me) when the words are small talk about it, else None. Only a
    question or a remark about the trade, the weather or the day: "did you take my money today?"
    names money, not business."""
    lang = "zh" if language == "zh" else "en"
    said = without_greeting(text)
    topic = next((topic for topic, rx in _TOPICS[lang] if rx.search(said)), None)
    return "self_talked" if topic == "self" and _TALKED[lang].search(said) else topic


def small_talk_answer(topic: str, language: str, mood: float, seed: int) -> str:
    """A word on the day, the trade or the weather (or on how I am) in the NPC's mood (-1..1), then one
    asked back; comfort is thanked and a plea for secrecy promised, with nothing asked back."""
    lang = "zh" if language == "zh" else "en"
    tone = "good" if mood > 0.2 else "bad" if mood < -0.25 else "plain"
    rng = np.random.default_rng(seed)
    options = PROMISES[lang] if topic == "secret" else ANSWERS[lang]["self" if topic == "self_talked" else topic][tone]
    back = TALKED_BACK[lang] if topic == "self_talked" else ASK_BACK[lang]
    said = options[int(rng.integers(len(options)))]
    if topic in _NO_ASK_BACK:
        return said
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
