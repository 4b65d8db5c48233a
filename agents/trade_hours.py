"""When a trade is open and how long its work takes ("What time do you open?", "Do you bake on Sundays?",
"When's the last crossing?", "How long will the shoeing take?", 几点开门？, 最后一趟船是几点？, 要多久能好？).

Asked of the one whose trade it is, these got "No idea, sorry. Nobody's told me." or "I don't really know
anything about that.": the memories had nothing, but the NPC keeps the hours and does the work. A trade's
day here is the village's (first light to dusk, Sundays off), and a job of work is an hour or two; a
crossing takes its quarter of an hour and a journey its days. None when the line asks neither.
"""

from __future__ import annotations

import re
import zlib

from townsfolk.world.world import World

_HOURS_EN = re.compile(r"\bwhat time do you (?:open|close|shut|start|finish)\b|\bwhen do you (?:open|close|shut|start|finish|"
                       r"shut up shop)\b|\b(?:are|will) you (?:be )?open\b|\b(?:your )?opening hours\b|\bhow late (?:are|do) you\b", re.I)
_DAY_EN = re.compile(r"\bdo you (?:open|work|bake|sail|run|cross|trade|sell|come|ply)\b[^?]{0,20}?\bon (?:a )?"
                     r"(?P<day>sunday|monday|tuesday|wednesday|thursday|friday|saturday)s?\b", re.I)
_LAST_EN = re.compile(r"\bwhen(?:'s| is| does) the (?P<which>last|first|next) (?:crossing|boat|ferry|sailing|passage|run|trip)\b"
                      r"|\bwhat time(?:'s| is) the (?P<which2>last|first|next) (?:crossing|boat|ferry|sailing)\b", re.I)
_LONG_EN = re.compile(r"\bhow long (?:will|would|does|do|to|for|is)\b|\bwhen (?:will|would|can) (?:it|they|that|my \w+) be (?:ready|done)\b", re.I)
_HOURS_ZH = re.compile(r"几点开门|什么时候开门|几点(?:关门|收摊|打烊)|什么时候(?:关门|收摊|打烊|开张)|今天开(?:门|张)吗|(?:礼拜天|星期天|周日)(?:开门|开张|做生意|出船|摆渡)吗")
_LAST_ZH = re.compile(r"(?P<which>最后一|头一|第一|下一)(?:趟|班)(?:船)?(?:是)?(?:几点|什么时候)")
_LONG_ZH = re.compile(r"要多久|多长时间|多久能好|什么时候能好|几天能好|得多久|多会儿能好")

PHRASES = {
    "en": {"hours": ["From first light till dusk, every day but Sunday.", "I'm here from sunup to sundown; Sundays I rest."],
           "sunday": ["Not on a Sunday, no. Every other day from first light."],
           "weekday": ["I do, from first light till dusk."],
           "last": ["The last crossing's at dusk.", "Last one goes at dusk; don't be late."],
           "first": ["First one's at sunup.", "At first light, as soon as I can see the far bank."],
           "next": ["As soon as you're aboard.", "Whenever you're ready; I go when there's someone to take."],
           "long_job": ["Give me an hour or two.", "Not long; come back this afternoon."],
           "long_crossing": ["A quarter of an hour, if the river's kind."],
           "long_journey": ["Depends on the road; a few days, most likely."]},
    "zh": {"hours": ["天一亮就开门，天黑才收。", "一早就开张，太阳落山才收摊，逢礼拜天歇一天。"],
           "sunday": ["礼拜天歇着，别的日子天一亮就开。"],
           "last": ["最后一趟在天黑前。", "天擦黑就收船了，别误了。"],
           "first": ["天一亮头一趟就走。"],
           "next": ["你上船就走。", "人齐了就开。"],
           "long_job": ["一两个时辰就好。", "不用多久，下午来取。"],
           "long_crossing": ["一袋烟的工夫就到。"],
           "long_journey": ["看路，少说也得几天。"]},
}


def hours_reply(world: World, npc: str, asked_work: str, text: str, zh: bool) -> str | None:
    """The NPC's hours or how long its work takes, or None. `asked_work` is the kind of the work the words
    (or the asker's last words) name: "crossing", "journey" or "job"; "" for none."""
    lang = "zh" if zh else "en"
    key = None
    if zh:
        if (m := _LAST_ZH.search(text)) is not None:
            key = {"最后一": "last", "头一": "first", "第一": "first", "下一": "next"}[m.group("which")]
        elif _HOURS_ZH.search(text):
            key = "sunday" if re.search(r"礼拜天|星期天|周日", text) else "hours"
        elif _LONG_ZH.search(text) and asked_work:
            key = "long_" + asked_work
    else:
        if (m := _LAST_EN.search(text)) is not None:
            key = (m.group("which") or m.group("which2")).lower()
        elif (d := _DAY_EN.search(text)) is not None:
            key = "sunday" if d.group("day").lower() == "sunday" else "weekday"
        elif _HOURS_EN.search(text):
            key = "hours"
        elif _LONG_EN.search(text) and asked_work:
            key = "long_" + asked_work
    if key is None:
        return None
    options = PHRASES[lang][key]
    return options[zlib.crc32(f"{world.seed}|{npc}|hours|{key}".encode()) % len(options)]

