""""What will you do now?" / 那你打算怎么办？ / 你会去找柳娘算账吗？ asks what I mean to do: answered from my
stance toward the one it is about.

Found by the coordinator and the newcomers (C-4, N-14, N-37): after talking about the rift, Tobin and 小桃
said "Can't say I know, I'm afraid." / 这个我说不上来。; 石头, asked 你会去找柳娘算账吗？ after the mediation,
said 没有，不是我干的。 What I mean to do follows from what I hold: a rift talked through is let be; a hurt
still held (what someone is said to have said of me) is taken up with the one who said it; with nothing
against them, no settling of scores.
"""

from __future__ import annotations

import re

from townsfolk.agents.llm.protocol import GroundingItem

_ASKS = {"zh": re.compile(r"(?:你|您)?(?:打算|准备|想|要)(?:怎么办|怎么做|咋办|怎么处理)|(?:那|那你|你)(?:现在)?(?:怎么办|咋办)"
                          r"|(?:你|您)(?:会|要|还会|还要|打算|准备)(?:去)?(?:找|跟|和)[^，,。？?]{1,8}?(?:算账|理论|问个明白|问清楚|说清楚|吵|闹)"
                          # "你会去跟阿福谈谈吗？": what I mean to do about them (not an errand: intent.py _SOCIAL_ASK)
                          r"|(?:你|您)(?:会|要|还会|还要|打算|准备|能|能不能|肯)(?:去)?(?:找|跟|和)[^，,。？?]{1,8}?(?:谈谈|说说|聊聊|和好|讲和)"),
         "en": re.compile(r"\bwhat (?:will|would|are) you (?:do|going to do|gonna do)\b|\bwhat do you (?:mean|plan|intend) to do\b"
                          r"|\b(?:will|would|are) you (?:going to )?(?:have it out|confront|go after|get back at|have a word) with\b"
                          r"|\b(?:will|would|are|can) you (?:going to )?(?:talk to|speak to|speak with|talk with|make (?:it )?up with|"
                          r"make peace with|patch (?:it|things) up with)\b"
                          r"|\b(?:will|are) you (?:going to )?(?:confront|get back at|go after)\b", re.IGNORECASE)}
PLANS = {"en": {"let_be": ["Let it be. We've talked it through.", "Nothing more; that's behind us now."],
                "ask": ["I think I'll have a word with {who} and ask straight out.", "Ask {who} myself, I suppose."],
                "calm": ["Have it out? No, it's not worth that.", "Nothing much. It's not worth a quarrel."]},
         "zh": {"let_be": ["算了，话都说开了。", "不提了，都过去了。"],
                "ask": ["我想找{who}当面问清楚。", "回头找{who}问个明白吧。"],
                "calm": ["算账？不至于。", "犯不着，为这点事不值得。"]}}
# asked to talk it over (not to have it out), nothing held against them: no "have it out? no" to a friendly word
TALK_CALM = {"en": ["Perhaps I should, when the moment's right.", "I might. It's been sitting badly with me."],
             "zh": ["兴许吧，找个机会说说。", "回头有机会再说吧。"]}
_TALK = {"en": re.compile(r"\b(?:talk|speak) (?:to|with)\b|\bmake (?:it )?up\b|\bmake peace\b|\bpatch (?:it|things) up\b",
                          re.IGNORECASE),
         "zh": re.compile(r"谈谈|说说|聊聊|和好|讲和")}


def asks_to_talk(question: str, language: str) -> bool:
    """The plan asked is a word with them or making up, not a reckoning."""
    return bool(_TALK["zh" if language == "zh" else "en"].search(question))


def asks_my_plan(question: str, language: str) -> bool:
    """The question asks what I mean to do (about the matter, or with someone)."""
    return bool(_ASKS["zh" if language == "zh" else "en"].search(question))


def plan_key(items: list[GroundingItem], subjects: set[str]) -> tuple[str, str]:
    """What I mean to do, and with whom: ("let_be", name) when a rift with them was talked through,
    ("ask", name) when a hurt is still held (its sayer, else its teller), else ("calm", "")."""
    about = [g for g in items if not subjects or g.about in subjects or g.meta.get("said_by") in subjects]
    cleared = next((g for g in about if g.meta.get("cleared")), None)
    if cleared is not None:
        return "let_be", str(cleared.meta.get("about_name") or "")
    hurts = sorted((g for g in about if g.kind == "belief" and g.meta.get("toward_me") and g.valence < -0.1
                    and not g.meta.get("negated") and not g.meta.get("from_listener")), key=lambda g: g.valence)
    if hurts:
        g = hurts[0]
        return "ask", str(g.meta.get("said_by_name") or g.meta.get("teller_name") or "")
    return "calm", ""
