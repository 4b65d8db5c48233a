"""The asker's own visit is no news to them (session 24, K-31).

In a generated town a player who stops to chat is witnessed by the NPC ("Nora stopped at the
cookhouse and chatted with me"), and that was all the NPC held of the player: "Any news?" was
answered "As I told you, you stopped at the cookhouse and chatted with me", "What did we talk about?"
"Can't say I know", and "What's the gossip about Greta Cobb?" "I've told you all I know". Now what
the NPC holds only of the asker's own doings is not news (no news), our talk is the small talk it
was, and someone I hold nothing of is someone I haven't heard about.
"""

from __future__ import annotations

import re

from townsfolk.agents.llm.protocol import GroundingItem

WE_TALKED = {
    "en": re.compile(r"\bwhat (?:did|do) (?:we|you and i) (?:talk|chat|speak) about\b|\bwhat were we (?:talking|chatting) about\b"
                     r"|\bwhat did (?:i|we) (?:say|tell you)\b(?! about)", re.IGNORECASE),
    "zh": re.compile(r"(?:我们|咱们|咱俩|我俩)(?:刚才|上回|那天|之前)?(?:聊|说|谈)(?:了|过)?(?:些)?(?:什么|啥)"),
}
SMALL_TALK = {"en": ["Nothing much; we just passed the time of day.", "Nothing in particular; we just chatted a bit."],
              "zh": ["没聊什么，就是随便说了几句。", "也没说什么，就是闲聊了几句。"]}
NOT_HEARD = {"en": "I haven't heard anything about {name}.", "zh": "{name}的事我没听说过。"}


def asks_what_we_talked(text: str, language: str) -> bool:
    """"What did we talk about?" / 我们聊了什么: after our own talk, not the news."""
    return bool(WE_TALKED["zh" if language == "zh" else "en"].search(text))


def only_of_asker(items: list[GroundingItem], asker: str | None) -> bool:
    """Whether all I hold here is the asker's own doings (their visit, what they told me) and my
    friendly run-ins with people ("I ran into Seth and we chatted"): nothing that is news to them."""
    return bool(items) and asker is not None and any(g.about == asker for g in items) and all(
        g.about == asker or g.meta.get("from_listener") or g.meta.get("filler") for g in items)


def our_chat(items: list[GroundingItem], asker: str | None) -> bool:
    """Whether our talk was only the asker's stopping by: no words of theirs or mine remembered."""
    return only_of_asker(items, asker) and not any(
        g.about == asker and (g.meta.get("dialogue") or g.meta.get("fact_kind") in ("say", "ask", "reply"))
        for g in items)
