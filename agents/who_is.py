""""Who is Gus?" / "Do you know Gus?" / 阿固是谁？ answered from how the NPC knows them.

A person of the world the NPC has no tie to is not "Can't say I know" (the words of a question it
cannot answer): the NPC says what it does know. A tie is said as the tie ("Lin is a friend of mine");
having met or seen them (a talk, a telling to or from them, a deed witnessed, an impression) is
knowing them; what it only heard of them is hearsay ("I've never met Gus; I've only heard of him");
nothing at all is said naturally, naming them ("Gus? We've never met, I'm afraid.").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from townsfolk.agents.llm.protocol import GroundingItem

_WHO = {"en": re.compile(r"^\W*(?:\w+,\s*)?(?:(?:and|so|then|but)\s+)?(?i:who(?:'s| is| was)|what do you know (?:about|of)|"
                         r"what can you tell me about|tell me about)\s+(?:(?i:the |old |young )?[A-Z][\w'-]*)"
                         r"(?:\s+[A-Z][\w'-]*)?\s*(?:,\s*then)?\s*[?.!]?\s*$"),
        "zh": re.compile(r"^(?:[^，,。？?！!]*[，,])?\s*(?:那|那么)?(?:(?!的|你|我|他|她|这|那)[\u4e00-\u9fff]){2,4}"
                         r"(?:是谁|是什么人|是哪位|是何人|是个什么样的人)(?:啊|呀|呢|来着)?[？?。]?\s*$"
                         r"|(?:你|您)(?:知道|了解)(?:(?!的|你|我|他|她|这|那)[\u4e00-\u9fff]){2,4}(?:多少|什么|的事)[？?]?\s*$")}


def asks_who(question: str, language: str) -> bool:
    """The question asks who someone is (not whether I know them: that is "do you know X?")."""
    return bool(_WHO["zh" if language == "zh" else "en"].search(question))


def how_i_know(items: Iterable[GroundingItem], subjects: set[str], names: set[str]) -> str | None:
    """"tie", "met" or "heard": how the grounding says I know the people asked about; None: not at all."""
    def talked(g: GroundingItem) -> bool:  # they told me, or I told them
        return bool(names & {g.meta.get("speaker_name"), g.meta.get("teller_name")}) or any(
            n and n in str(g.meta.get("to_names") or "") for n in names)

    held = [g for g in items if g.about in subjects or talked(g)]
    if any(g.kind == "tie" and g.about in subjects for g in held):
        return "tie"
    if any(talked(g) or (g.about in subjects and (g.kind in ("impression", "summary")
                                                   or g.meta.get("source") in ("witnessed", "participated")))
           for g in held):
        return "met"
    return "heard" if held else None
