"""Questions about the NPC's own place: "What do you do aboard?", "你今晚唱哪出？", "你跟谁学的戏？".

They name nobody, so no memory answers them and the NPC said it had heard nothing of that. The
world knows the answer: the NPC's role, and who mentors it (a mentor tie from them to it). The
grounding carries both as the NPC's own ties (dialogue.py), and the voice says them.
"""

from __future__ import annotations

import re

from townsfolk.agents.llm.protocol import GroundingItem
from townsfolk.world.world import World

_ROLE = {"en": re.compile(r"\bwhat (?:do|did) you do (?:aboard|on board|on (?:the|this) \w+|around here|in (?:the|this) \w+|"
                          r"here all day|all day|for (?:the|this) \w+)\b|\bwhat(?:'s| is) your (?:role|job|work|post|place|"
                          r"duty|trade|station)\b|\bwhat are you (?:in charge of|here for)\b|\bwhat(?:'s| is) your part\b",
                          re.IGNORECASE),
         "zh": re.compile(r"(?:你|您)(?:是)?(?:干|做)(?:什么|啥)的|(?:你|您)在[\u4e00-\u9fff]{0,3}(?:里|上|这儿|这里)?(?:干|做|管)"
                          r"(?:什么|啥)|(?:你|您)(?:在班里|在船上)?(?:是)?(?:唱|演)(?:什么|啥)(?:角|行当)"
                          r"|(?:你|您)(?:今晚|今天|明天|晚上|待会儿?)?(?:唱|演)(?:哪出|哪一出|什么戏|啥戏)")}
_PLAY = {"en": re.compile(r"\bwhat (?:are you|will you be) (?:playing|singing|performing)\b", re.IGNORECASE),
         "zh": re.compile(r"(?:唱|演)(?:哪出|哪一出|什么戏|啥戏)")}
_TEACHER = {"en": re.compile(r"\bwho (?:taught|trained) you\b|\bwho did you (?:learn|train|apprentice) (?:from|with|under)\b"
                             r"|\bwho(?:'s| is| was) your (?:master|teacher|mentor)\b|\bwhere did you learn\b", re.IGNORECASE),
            "zh": re.compile(r"(?:你|您)?(?:跟|和|向)谁学|谁教(?:你|您)|(?:你|您)(?:的)?(?:师父|师傅|老师)是谁|(?:你|您)(?:是)?(?:拜|跟)(?:的)?谁(?:为师|学艺)")}


def _lang(language: str) -> str:
    return "zh" if language == "zh" else "en"


def asks_role(question: str, language: str) -> bool:
    """"What do you do aboard?": what my work is."""
    return bool(_ROLE[_lang(language)].search(question) or _PLAY[_lang(language)].search(question))


def asks_play(question: str, language: str) -> bool:
    """"你今晚唱哪出？": what I perform, which no memory says; my role answers it as far as it can."""
    return bool(_PLAY[_lang(language)].search(question))


def asks_teacher(question: str, language: str) -> bool:
    """"你跟谁学的戏？" / "Who taught you?": who mentors me."""
    return bool(_TEACHER[_lang(language)].search(question))


def own_place(world: World, npc: str, question: str) -> list[GroundingItem]:
    """My role (asked what I do) and my mentors (asked who taught me), as ties of my own."""
    lang = world.language
    me = world.characters.get(npc)
    if me is None:
        return []
    out: list[GroundingItem] = []
    if asks_teacher(question, lang):
        for other, c in world.characters.items():
            if other == npc or c.is_player:
                continue
            edges = [e for e in world.graph.edges_between(other, npc) if e.kind == "mentor"]
            if edges:
                out.append(GroundingItem(kind="tie", id=f"tie:{npc}:{other}:taught_me", about=other,
                                         text=f"{c.name}: mentor", valence=0.3,
                                         meta={"rel_kind": "taught_me", "about_name": c.name,
                                               "strength": round(max(e.strength for e in edges), 3),
                                               "persona": "", "role": c.role or ""}))
    if asks_role(question, lang) and (me.role or "").strip():
        out.append(GroundingItem(kind="tie", id=f"tie:{npc}:{npc}:role", about=npc, text=me.role, valence=0.0,
                                 meta={"rel_kind": "my_role", "about_name": "我" if lang == "zh" else "I",
                                       "role": me.role.strip(), "persona": ""}))
    return out
