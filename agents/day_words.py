"""A memory's "today" is the day it was written: said on a later day it is "yesterday" or "the other day".

Found by the newcomers (N-23, N-38): Owen at t30 (day 2) said "Silas was cool with me today" of a meeting at
t8 (day 1); 石头 said 赵总镖头今天见了我有点冷淡 a day later. The words were right when the memory was made;
they are said again as of the day they are said.
"""

from __future__ import annotations

import re

_EN = ((re.compile(r"\bthis (morning|afternoon|evening)\b"), {1: r"yesterday \1", 2: r"the other \1"}),
       (re.compile(r"\btonight\b"), {1: "last night", 2: "the other night"}),
       (re.compile(r"\btoday\b"), {1: "yesterday", 2: "the other day"}))
_ZH = ((re.compile(r"今天(早上|上午|中午|下午|晚上)"), {1: r"昨天\1", 2: r"前几天\1"}),
       (re.compile(r"今早"), {1: "昨天早上", 2: "前几天早上"}),
       (re.compile(r"今晚"), {1: "昨晚", 2: "前几天晚上"}),
       (re.compile(r"今天|今儿"), {1: "昨天", 2: "前几天"}))


def as_of(text: str, days_ago: int, language: str) -> str:
    """`text`, written `days_ago` days before, with its day words moved to now."""
    if days_ago <= 0 or not text:
        return text
    step = 1 if days_ago == 1 else 2
    for pattern, words in (_ZH if language == "zh" else _EN):
        text = pattern.sub(words[step], text)
    return text
