""""Have you heard about Dov and Ysolde?" / "你听说阿海和老陈的事了吗？" asks for the news of those people.

It is not a yes-no about a deed ("Not that I know of." when the NPC holds a story about them), and
what is said about the people it names comes before anything else the NPC holds (the storm).
"""

from __future__ import annotations

import re

_HEARD = {"zh": re.compile(r"(?:你|您)?(?:听说|听到|听人说)(?:过|了)?[^，,。？?]{1,12}?(?:的事|的消息|怎么了)"
                         r"|[\u4e00-\u9fff]{2,4}(?:那边|最近)?有(?:什么|啥)(?:消息|新闻|动静)"),
          "en": re.compile(r"\b(?:(?:have|did) you )?(?:hear|heard) (?:about|of|anything (?:about|of)|any news (?:about|of)|"
                           r"what happened (?:to|with|between))\b|\bany (?:news|word) (?:about|of|from)\b"
                           r"|\bwhat(?:'s| is) new with\b", re.IGNORECASE)}


def asks_news_of(text: str, language: str) -> bool:
    """Whether the question asks what the NPC has heard of someone."""
    return bool(_HEARD["zh" if language == "zh" else "en"].search(text))


def named_first(items: list, named: set[str]) -> list:  # type: ignore[type-arg]
    """The items about the people the question names first, the rest after (a stable sort)."""
    return sorted(items, key=lambda g: bool(named) and g.about not in named)


def about_the_asked(items: list, named: set[str], names: list[str]) -> list:  # type: ignore[type-arg]
    """Only what concerns the people the question names: held about them, or naming them in its
    words ("Rowan broke Tomas's net" is news of Rowan too). Nothing else is an answer to "heard
    anything about Rowan?" (a story about Pell is not), so an empty list means "nothing of them"."""
    if not named:
        return items
    return [g for g in items if g.kind != "tie" and (g.about in named or any(n and n in g.text for n in names))]
