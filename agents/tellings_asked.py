"""The tellings between me and someone, fetched when a question asks after them.

"你跟孙大夫说了什么？" asks what I said to 孙大夫 (N-34): my own telling to him must be among the memories
the answer draws on, whatever words the context ranked by. "What did Hattie tell you?" (N-6, N-10, N-50)
asks what she told me: her tellings to me, and mine to her for when there are none. "你跟谁说过这事？"
(N-28) asks whom I told: my tellings of late.
"""

from __future__ import annotations

import re

from townsfolk.memory.privacy import visible_to
from townsfolk.memory.store import MemoryStore
from townsfolk.world.world import World

SAID_KINDS = ("say", "tell", "retell")


def sayings_to(world: World, memory: MemoryStore, npc: str, to: str, limit: int = 3, about: str | None = None) -> list[str]:
    """Ids of my own tellings about others (of `about` alone, when asked of someone) to `to`, newest first
    (not my replies, nothing private)."""
    out: list[str] = []
    for e in reversed(memory.events_of(npc)):
        fact = world.facts.get(e.fact_id) if e.source == "said" and e.fact_id and e.fact_id in world.facts else None
        if fact is not None and fact.actor == npc and fact.kind in SAID_KINDS and fact.about and not e.private \
                and to in fact.to and about in (None, fact.about):
            out.append(e.id)
            if len(out) >= limit:
                break
    return out


_TOLD_ME = {"zh": re.compile(r"(?P<who>[\u4e00-\u9fff]{1,6}?)(?:都|还|到底|究竟)?(?:跟|和|对)(?:你|您)(?:说|讲|提)(?:了|过)?[^，,。？?]{0,6}?(?:什么|啥)"),
            "en": re.compile(r"\b(?i:what (?:did|has|have|had)) (?P<who>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?) (?i:(?:really |actually |exactly |first |just |ever )?(?:been )?"
                             r"(?:tell|told|telling|say|said|saying) (?:to )?you)\b")}
NOTHING = {"en": "{who} hasn't told me anything.", "zh": "{who}没跟我说过什么。"}
OTHER_WAY = {"en": "{who} hasn't told me anything; it was the other way round.", "zh": "{who}没跟我说过什么，倒是"}


def teller_asked(question: str, language: str, names: list[str]) -> str | None:
    """The one the question asks what they told me ("What did Hattie tell you?", 小六跟你说过什么？), a name
    of the world, or None."""
    m = _TOLD_ME["zh" if language == "zh" else "en"].search(question)
    if m is None:
        return None
    who = m.group("who")
    return next((n for n in sorted(names, key=len, reverse=True) if n and who.endswith(n)), None)


def told_me_by(world: World, memory: MemoryStore, npc: str, teller: str, listener: str, limit: int = 3) -> list[str]:
    """Ids of the beliefs `teller` told me, newest first (none the listener may not see)."""
    told = [b for b in memory.beliefs_of(npc) if b.source == "told" and b.told_by == teller
            and visible_to(b, listener, world)]
    return [b.id for b in sorted(told, key=lambda b: b.tick, reverse=True)[:limit]]


# "Have you told anyone?" / 你跟别人说过吗？ asks it too: "No, I haven't told anyone." of one who told Tilly was false
_WHOM = {"zh": re.compile(r"(?:你|您)(?:都|还|又|到底)?(?:跟|和|对|向|告诉(?:了|过)?)(?:谁|哪些人|哪几个人|什么人)"
                          r"|(?:你|您)(?:还|又)?(?:跟|和|对|向)(?:别人|旁人|外人|其他人|别的人)(?:说|讲|提)(?:过|了)?"
                          r"|(?:你|您)(?:还|又)?告诉(?:过|了)?(?:别人|旁人|外人|其他人|别的人)"),
         "en": re.compile(r"\bwho(?:m)? (?:else )?(?:did|have|had) you (?:tell|told|say (?:it|that|this) to|mention(?:ed)? it to|"
                          r"pass(?:ed)? it on to)\b|\bwho(?:m)? (?:else )?have you told\b"
                          r"|\b(?:have|did|had) you (?:ever |already )?(?:told|tell|mention(?:ed)? (?:it|this|that) to) "
                          r"(?:anyone|anybody|someone|somebody|other people|others|a soul)\b", re.IGNORECASE)}
TOLD_THEM = {"en": "I told {to}.", "zh": "跟{to}都提过。", "zh_one": "就跟{to}提过。"}  # 都 is for several
TOLD_NOBODY = {"en": "I haven't told anyone.", "zh": "我没跟别人说过。"}
# what they told me that I keep from this listener (bad news of my own people, agents/confidences.py): a
# refusal, never "they told me nothing" (second newcomer M-4: Bryn, two turns after quoting Wenna)
HELD_BACK = {"en": "Nothing I'd care to repeat, to be honest.", "zh": "那是我们私下说的，不好跟你讲。"}


def held_back_teller(world: World, memory: MemoryStore, npc: str, listener: str, question: str, subjects: list[str],
                     grounding: list) -> str | None:  # noqa: ANN001
    """The name asked after in "What did X tell you?" when X did tell me something and none of it is in
    what I may say to this listener; else None."""
    names = {s: world.name(s) for s in subjects if s in world.characters}
    who = teller_asked(question, world.language, list(names.values()))
    teller = next((s for s, n in names.items() if n == who), None) if who else None
    if teller is None or not told_me_by(world, memory, npc, teller, listener):
        return None
    if any(g.kind == "belief" and g.meta.get("teller_name") == who for g in grounding):
        return None
    return who


def asks_whom_i_told(question: str, language: str) -> bool:
    """"你跟谁说过这事？" / "Who did you tell?": the ones I told."""
    return bool(_WHOM["zh" if language == "zh" else "en"].search(question))


def my_sayings(world: World, memory: MemoryStore, npc: str, limit: int = 5) -> list[str]:
    """Ids of my own latest tellings about others, to anyone (not my replies, nothing private)."""
    out: list[str] = []
    for e in reversed(memory.events_of(npc)):
        fact = world.facts.get(e.fact_id) if e.source == "said" and e.fact_id and e.fact_id in world.facts else None
        if fact is not None and fact.actor == npc and fact.kind in SAID_KINDS and fact.about and not e.private:
            out.append(e.id)
            if len(out) >= limit:
                break
    return out


def listed(names: list[str], language: str) -> str:
    """Names said as a list: 小六、石头和赵总镖头 / Mina, Silas and Owen."""
    if len(names) < 2:
        return "".join(names)
    return ("、" if language == "zh" else ", ").join(names[:-1]) + ("和" if language == "zh" else " and ") + names[-1]
