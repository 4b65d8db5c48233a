"""Topic questions: "what happened?", "any news?", "did you hear about the mill?".

Such a question is about a topic, not about the people in the conversation, so the context builder
answers it from whatever the NPC holds (events, beliefs, summaries) ranked by the question's
meaning, recency and importance, whoever the items are about.
"""

from __future__ import annotations

import re

EN_TOPIC = re.compile(
    r"\b(?:what(?:'s| has| have)? happened|what happened|any news|what'?s new|what is new|any gossip|"
    r"did you hear|have you heard|heard about|heard anything|what'?s going on|what is going on|"
    r"what'?s the news|what do you know about|tell me about|anything happen|what went on|news)\b",
    re.IGNORECASE)
ZH_TOPIC = re.compile(
    r"(发生了什么|发生什么|出了什么事|出什么事|怎么回事|有什么新闻|有什么消息|有什么新鲜事|新鲜事|"
    r"听说了吗|听说过|听说.{0,12}了吗|听到.{0,12}了吗|有什么传闻|传闻|风声|近来.{0,6}怎么样|最近有什么事|"
    r"知道.{0,12}的事吗|昨晚.{0,8}怎么了|出事)")


def is_topic_question(text: str | None, language: str) -> bool:
    """True when the words ask after events or news rather than after someone present."""
    if not text:
        return False
    if language == "zh":
        return bool(ZH_TOPIC.search(text)) or bool(EN_TOPIC.search(text))
    return bool(EN_TOPIC.search(text))
