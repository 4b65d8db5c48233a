"""A bare "Why?" / "为什么？" right after a question about someone asks why I see them so.

Said alone it named nothing, so the NPC answered "No idea, sorry. Nobody's told me." / "这个我说不上来。"
after just telling what it thought of them. The person the player's previous question named (the last
named, by the world's names) is put in: "Why do you feel that way about Ida?", "你为什么这么看周先生".
"""

from __future__ import annotations

import re

_BARE = {"en": re.compile(r"^\W*(?:(?:and|but|so|oh)\s+)?(?:why|how come|why(?:'s| is) that|why so|why not|"
                          r"why do you (?:say|think) (?:that|so)|what makes you (?:say|think) (?:that|so))\W*$", re.I),
         "zh": re.compile(r"^\W*(?:那|可|那么)?(?:为什么|为啥|为何|怎么会|咋回事|怎么说|(?:你)?为什么(?:这么|那么)(?:说|想|看))"
                          r"(?:呢|啊|呀)?\W*$")}
_ASK = {"en": "Why do you feel that way about {name}?", "zh": "你为什么这么看{name}"}


def is_bare_why(text: str, lang: str) -> bool:
    """Whether the words are a why and nothing else."""
    return bool(_BARE["zh" if lang == "zh" else "en"].match(text.strip()))


def resolve_why(text: str, previous: str | None, names: dict[str, str], lang: str) -> str:
    """The bare why made whole with the person the previous question named, or the words as they were.
    `names`: character id -> name (players and the one asked left out by the caller)."""
    if not previous or not is_bare_why(text, lang):
        return text
    found = [(m.end(), name) for name in names.values() if name
             for m in re.finditer(re.escape(name) if lang == "zh" else rf"\b{re.escape(name)}\b", previous)]
    if not found:
        return text
    return _ASK["zh" if lang == "zh" else "en"].format(name=max(found)[1])
