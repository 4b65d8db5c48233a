"""Joined stock phrases must not say the same word twice: "这么晚还过来呀。今天怎么有空过来？".

A greeting and an asked-back question are picked apart; side by side they may repeat a word
(过来 ... 过来, "evening" ... "evening"). A short question joined after a part that already said
one of its words is left out: the first part stands alone better than the echo.
"""

from __future__ import annotations

import re

_ZH_COMMON = {"今天", "什么", "怎么", "有空", "最近", "你呢", "一下", "这么", "那么", "还是", "我们", "你们"}
_EN_COMMON = {"what", "with", "your", "have", "been", "that", "this", "there", "about", "yourself", "keeping", "anything"}


def _words(text: str, zh: bool) -> set[str]:
    if zh:
        return {text[i:i + 2] for i in range(len(text) - 1) if re.fullmatch(r"[\u4e00-\u9fff]{2}", text[i:i + 2])} - _ZH_COMMON
    return {w for w in re.findall(r"[a-z]{4,}", text.lower())} - _EN_COMMON


def _short_question(part: str, zh: bool) -> bool:
    if not part.rstrip().endswith(("？", "?")):
        return False
    return len(part) <= 12 if zh else len(part.split()) <= 8


def without_repeats(parts: list[str], zh: bool) -> list[str]:
    """The parts, less any short question that repeats a word an earlier part said."""
    kept: list[str] = []
    for part in (p for p in parts if p):
        if kept and _short_question(part, zh) and _words(part, zh) & _words("".join(kept), zh):
            continue
        kept.append(part)
    return kept
