"""Topic questions: "what happened?", "any news?", "did you hear about the mill?".

Such a question is about a topic, not about the people in the conversation, so the context builder
answers it from whatever the NPC holds (events, beliefs, summaries) ranked by the question's
meaning, recency and importance, whoever the items are about.
"""

from __future__ import annotations

import re

EN_TOPIC = re.compile(
    r"\b(?:what(?:'s| has| have)?(?: really| actually| exactly| truly| on earth| ever)? happened|what happened|any news|what'?s new|what is new|any gossip|"
    r"did you hear|have you heard|heard about|heard anything|what'?s going on|what is going on|"
    r"what'?s the (?:news|gossip|word)|what is the (?:news|gossip|word)|what do you know about|tell me about|anything happen|what went on|news|"
    r"what'?s wrong|what is wrong|what'?s the matter|what is the matter|what have you heard|what did you hear|"
    r"what (?:have|did) I miss(?:ed)?|what'?d I miss|catch me up|fill me in|"  # a catch-up: the news since
    r"heard lately|what'?s been (?:going on|happening)|what has been (?:going on|happening)|anything (?:going on|new|amiss|wrong|happening)|(?:is )?(?:it |all |everything )(?:all )?quiet|"
    r"(?:is )?(?:everything|all) (?:all right|alright|ok|okay|well|fine)(?! (?:with|between) (?:(?:you|me)\b|(?-i:[A-Z])))|"
    r"how are things (?:here|around|in|at|on)(?! with)|how'?s (?:everything|life) (?:here|around|in|at|on))\b",
    re.IGNORECASE)
ZH_TOPIC = re.compile(
    r"(发生了什么|发生什么|出了什么事|出什么事|怎么回事|有什么新闻|有什么消息|有什么新鲜事|新鲜事|"
    r"听说了吗|听说过|听说.{0,12}了吗|听到.{0,12}了吗|有什么传闻|传闻|风声|近来.{0,6}怎么样|最近有什么事|"
    r"知道.{0,12}的事吗|昨晚.{0,8}怎么了|出事|出了点事|出了事|出了点岔子|听到什么|听到了什么|听说什么|听见什么|听到些什么|"
    r"太平吗|太平不|安生吗|消停吗|(?:最近|这几天|近来|这阵子)(?:还)?(?:太平|安稳|安生|消停|没事吧)|"
    r"(?<![你您我])(?![你您我])(?:这里|这儿|这边|村里|镇上|城里|街上|店里|家里|[\u4e00-\u9fff]{1,3}(?:口|里|上|边))(?:最近|这几天|近来|这阵子)?"
    r"(?:怎么样|如何|还好吗|好吗|没事吧)|有什么事吗|一切都好吗|都还好吗|我错过了什么|我不在(?:的时候|这几天)|我走了以后)")


# how things stand at a place: "渡口最近太平吗？", "All quiet here?", "Is everything all right with the trees?"
# (answered yes or no from the news first, then the news)
EN_HOW_THINGS = re.compile(r"\b(?:(?:is )?(?:it |all |everything )(?:all )?quiet|(?:is )?(?:everything|all) (?:all right|alright|"
                           r"ok|okay|well|fine)(?! (?:with|between) (?:(?:you|me)\b|(?-i:[A-Z])))|how are things (?:here|around|in|at|on)(?! with)|"
                           r"anything (?:going on|amiss|wrong|happening))\b", re.IGNORECASE)
ZH_HOW_THINGS = re.compile(r"太平|安生|消停|安稳|一切都好吗|都还好吗|没出什么事吧|(?<![你您我])(?![你您我])(?:这里|这儿|这边|村里|镇上|城里|"
                           r"街上|店里|[\u4e00-\u9fff]{1,3}(?:口|里|上|边))(?:最近|这几天|近来|这阵子)?(?:怎么样|如何|还好吗|好吗|没事吧)")


def asks_how_things_are(text: str | None, language: str) -> bool:
    """True when the words ask whether all is well at a place (a yes or no, then the news)."""
    if not text:
        return False
    return bool((ZH_HOW_THINGS if language == "zh" else EN_HOW_THINGS).search(text))


def is_topic_question(text: str | None, language: str) -> bool:
    """True when the words ask after events or news rather than after someone present."""
    if not text:
        return False
    if language == "zh":
        return bool(ZH_TOPIC.search(text)) or bool(EN_TOPIC.search(text))
    return bool(EN_TOPIC.search(text))


# ------------------------------------------------------------------ questions about a held thing
# "井水怎么了？" / "What's wrong with the well?" match no fixed pattern, yet they ask after a thing the
# NPC holds an event or belief about: a shared content word (en) or content bigram (zh) makes them
# topic questions too. Lexical, not cosine: raw embedding scores sit in a narrow band (see context.py).

ZH_QUESTION = re.compile(r"[？?]|吗|呢|怎么|什么|如何|怎样|咋|为啥|为什么|哪")
EN_QUESTION = re.compile(r"\?|\b(?:what|how|why|who|where|when|which|any|did|is|was|are|has|have)\b", re.IGNORECASE)
ZH_FILLER = re.compile(
    r"怎么样|怎么了|怎么回事|怎样|怎么|什么|如何|为什么|为啥|听说|知道|有没有|是不是|没有|这个|那个|这件|那件|"
    r"一下|你们|我们|他们|你|我|他|她|的事|事情|了吗|了|吗|呢|啊|呀|吧|的|是|有|在|最近|今天|昨天|明天|"
    r"昨夜|昨晚|今晚|今早|现在|刚才|后来|还|又|都|也|就|和|跟|说|讲|问|请|老|大家|情况|事")
EN_STOP = frozenset("""
what whats what's how hows how's why who where when which wrong with the a an of to in on at for about
is are was were be been being do does did has have had any anything something you your yours me my
i we our they them he she his her it its this that there here tell know heard hear news going happened
happen happening new up over again today yesterday tonight now lately recently still just really
please say said think okay oh so like get got matter thing things going on doing fare faring
""".split())
EN_WORD = re.compile(r"[a-z]+")
CJK_RUN = re.compile(r"[\u4e00-\u9fff]+")


def _zh_keys(text: str) -> set[str]:
    keys: set[str] = set()
    for run in CJK_RUN.findall(ZH_FILLER.sub(" ", text)):
        keys.update(run[i:i + 2] for i in range(len(run) - 1))
    return keys


def _en_stem(word: str) -> str:
    for tail in ("ing", "ed", "es", "s"):
        if word.endswith(tail) and len(word) - len(tail) >= 3:
            return word[:-len(tail)]
    return word


def _en_keys(text: str) -> set[str]:
    text = re.sub(r"^\s*(?:well|so|oh|say|hey)\s*,|\b(?:you|you're|you are|feeling|keeping) well\b", " ", text.lower())
    return {_en_stem(w) for w in EN_WORD.findall(text.replace("'s", "")) if len(w) >= 3 and w not in EN_STOP}


def content_keys(text: str, language: str) -> set[str]:
    """The content words (en) or content bigrams (zh) a question could share with a held item."""
    return _zh_keys(text) | _en_keys(text) if language == "zh" else _en_keys(text)


# a one-character thing asked after ("你的米怎么了？", "网怎么样了", "船呢？"): no bigram to share, so the
# character itself, when the question's shape puts it before the asking words (never a pronoun)
ZH_ONE_THING = re.compile(r"(?:^|[的把，,。！!？?\s])([\u4e00-\u9fff])(?:怎么了|怎么样了?|怎么回事|出什么事了?|出了什么事|"
                          r"还好吗|咋了|呢[？?]?$)")
ZH_NOT_THING = frozenset("你您我他她它这那谁啥事人")


def _zh_one_thing(question: str) -> str | None:
    m = ZH_ONE_THING.search(question.strip())
    return m.group(1) if m and m.group(1) not in ZH_NOT_THING else None


def could_name_a_thing(question: str | None, language: str) -> bool:
    """Cheap first look: a question with content words at all (before matching them to held items)."""
    pattern = ZH_QUESTION if language == "zh" else EN_QUESTION
    if not question or not pattern.search(question):
        return False
    return bool(content_keys(question, language)) or (language == "zh" and _zh_one_thing(question) is not None)


def thing_matches(question: str | None, held: list[str], language: str, *, ignore: tuple[str, ...] = ()) -> list[int]:
    """Indices of the held texts a question asks after by name of a thing in them ("井水怎么了？").

    Only questions count; names in `ignore` (the holder, the one asking) are not things."""
    if not question:
        return []
    pattern = ZH_QUESTION if language == "zh" else EN_QUESTION
    if not pattern.search(question):
        return []
    for name in ignore:
        if name:
            question = question.replace(name, " ")
    keys = content_keys(question, language)
    one = _zh_one_thing(question) if language == "zh" and not keys else None
    if one:
        return [i for i, text in enumerate(held) if one in ZH_FILLER.sub(" ", text)]
    if not keys:
        return []
    return [i for i, text in enumerate(held) if keys & content_keys(text, language)]
