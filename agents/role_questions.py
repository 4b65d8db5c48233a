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


# Asked about my own trade or place (newcomer N-56): "Tell me about the school." of the schoolmistress,
# "What time do lessons start?", "小六，你在镖局干多久了？". Named nobody, they got a recap of gossip.
_TELL_ABOUT_EN = re.compile(r"\btell me (?:a bit |a little |something )?about (?:the |your |this )?(?P<w>[a-z]+)\b", re.IGNORECASE)
_WHEN_EN = re.compile(r"\b(?:what time|when) (?:do|does|will|did) (?:the |your )?(?P<w>[a-z]+) (?:start|begin|open|finish|end|close)\b",
                      re.IGNORECASE)
_HOW_LONG = {"en": re.compile(r"\bhow long have you (?:been )?(?:worked|working|taught|teaching|been (?:here|at|the|a|an))\b"
                              r"|\bhow long have you been (?:doing )?(?:this|the job|that job)\b", re.IGNORECASE),
             "zh": re.compile(r"(?:你|您)在[\u4e00-\u9fff]{1,4}?(?:干|做|待|呆)(?:了)?(?:多久|多长时间|几年)"
                              r"|(?:你|您)(?:干|做|入)这(?:一)?行(?:有)?(?:多久|几年|多少年)")}
_TELL_ABOUT_ZH = re.compile(r"(?:说说|讲讲|介绍介绍|介绍一下)(?:你们|你|您)?(?:的|这个?|那个?)?(?P<w>[\u4e00-\u9fff]{2,3}?)(?:吧|呗|呢|的事)?(?:$|[。？?！!，,])")
_WORK_WORDS_EN = re.compile(r"^(?:work|job|trade|shop|stall|business)$", re.IGNORECASE)
# the things a teacher's work is about, which no word of "schoolmistress" spells
_TEACHING_ROLE = re.compile(r"school|teach|tutor|governess", re.IGNORECASE)
_TEACHING_WORDS = re.compile(r"^(?:lessons?|class(?:es)?|pupils?|children|school|schoolroom|classroom|register|term)$", re.IGNORECASE)


def _of_my_work(word: str, role: str) -> bool:
    """"school" is of the schoolmistress's work (a role word it begins), "lessons" of a teacher's."""
    word = word.lower()
    if _WORK_WORDS_EN.match(word):
        return True
    if _TEACHING_ROLE.search(role) and _TEACHING_WORDS.match(word):
        return True
    return len(word) >= 4 and any(w.startswith(word) or (len(w) >= 4 and word.startswith(w))
                                  for w in re.findall(r"[a-z]+", role.lower()))


def asks_my_trade(question: str, role: str, language: str) -> str | None:
    """What of my own work is asked: "how_long", "hours" (when lessons start), "about" (tell me
    about the school), or None. Only a word of my role counts: "Tell me about Owen" is not."""
    lang = _lang(language)
    if not role.strip():
        return None
    if _HOW_LONG[lang].search(question):
        return "how_long"
    if lang == "zh":  # 跟我说说镖局吧 of the 镖局总镖头: a word of my role
        m = _TELL_ABOUT_ZH.search(question)
        return "about" if m and (m.group("w") in role or m.group("w") in {"这行", "生意", "活儿"}) else None
    if (m := _WHEN_EN.search(question)) and _of_my_work(m.group("w"), role):
        return "hours"
    if (m := _TELL_ABOUT_EN.search(question)) and _of_my_work(m.group("w"), role):
        return "about"
    return None


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
    if (asks_role(question, lang) or asks_my_trade(question, me.role or "", lang)) and (me.role or "").strip():
        out.append(GroundingItem(kind="tie", id=f"tie:{npc}:{npc}:role", about=npc, text=me.role, valence=0.0,
                                 meta={"rel_kind": "my_role", "about_name": "我" if lang == "zh" else "I",
                                       "role": me.role.strip(), "persona": ""}))
    return out
