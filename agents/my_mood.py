""""You look glum." / 你怎么闷闷不乐的？ asks what is weighing on me: answered with the cause I hold.

Found by the newcomers (N-25, N-60, N-11): 石头, hurt by a rumour 柳娘 had told him, met 石头，你怎么闷闷不乐的？
and 你怎么不高兴？ with "我还真不知道。", 小六 met 你心情不好吗？ with a denial, Owen met "You look glum." with
small talk and "Why are you cold to Ada?" without the reason; only "What happened?" got the story. The
cause is what hurt me: the hardest thing said of me that I was told (and who told it), else a cold or
bad turn I took part in; with nothing of the kind I am fine.
"""

from __future__ import annotations

import re

from townsfolk.agents.llm.protocol import GroundingItem
from townsfolk.memory.beliefs import Belief
from townsfolk.memory.store import MemoryStore

_LOW_ZH = r"(?:闷闷不乐|不高兴|不开心|不痛快|不舒服|心情不好|心情不太好|难过|伤心|委屈|愁眉苦脸|垂头丧气|没精打采|闷闷的|有心事|憋屈)"
_ASKS = {"zh": re.compile(r"(?:你|您)[^，,。？?]{0,6}?" + _LOW_ZH + r"|(?:你|您)(?:怎么|为什么|为啥|咋)(?:了|啦)?[？?]?\s*$"
                          r"|(?:你|您)(?:为什么|为啥|怎么)(?:对|跟)[^，,。？?]{1,8}(?:这么)?(?:冷淡|冷冰冰|不理|爱搭不理)"
                          # 你最近心情怎么样？ / 你看起来有点累 (newcomer L-29: 我还真不知道 / 今天还算清闲)
                          r"|(?:你|您)(?:最近|今天|这两天|这阵子|现在)?心情(?:怎么样|如何|咋样|好吗|还好吗|好不好)"
                          r"|(?:你|您)(?:看起来|看上去|好像|脸色)(?:有点|有些|挺|很|不太)?(?:累|疲|憔悴|没精神|不太好|不好|差)"),
         "en": re.compile(r"\byou (?:look|seem|sound)(?: a bit| rather| very| so| quite)? (?:glum|upset|sad|down|unhappy|worried|"
                          r"troubled|miserable|low|blue|gloomy|cross|out of sorts|fed up|tired|worn out|weary|pale|exhausted)\b"
                          r"|^\W*(?:(?:had )?a )?(?:rough|hard|bad|long|tough) day\s*\?"
                          r"|\bwhy (?:are|were) you (?:so )?(?:sad|upset|down|glum|unhappy|gloomy|cold|cool|short|off) (?:with|to|toward)?"
                          r"|\bwhy (?:are|were) you (?:so )?(?:sad|upset|down|glum|unhappy|gloomy)\b"
                          r"|\bwhat'?s (?:wrong|the matter)(?: with you)?\s*[?.!]*\s*$|\bwhat'?s (?:eating|bothering|troubling) you\b"
                          r"|^\W*(?:is )?(?:there )?something (?:wrong|bothering you|on your mind)\s*[?.!]*\s*$", re.IGNORECASE)}
# (not "Is something wrong between you and Tom?": how things stand with Tom, voice.py's "relation")
FINE = {"en": ["Me? I'm all right, thanks.", "Nothing's wrong, really. Just a long day."],
        "zh": ["没有啊，我挺好的。", "没什么，就是有点累。"]}
# asked how I am ("你最近心情怎么样？"), not what is wrong: no "没有啊" before it
FINE_HOW = {"en": ["Well enough, thanks.", "Not bad at all, thanks."], "zh": ["还行，挺好的。", "挺好的，没什么烦心事。"]}
_HOW = re.compile(r"怎么样|如何|咋样|好吗|好不好|\bhow\b", re.IGNORECASE)


def fine_words(question: str, language: str) -> list[str]:
    """The words for "nothing weighs on me", as the question asked it."""
    lang = "zh" if language == "zh" else "en"
    return (FINE_HOW if _HOW.search(question) else FINE)[lang]


def asks_my_mood(question: str, language: str) -> bool:
    """The question asks why I am low (or cold to someone): what is weighing on me."""
    return bool(_ASKS["zh" if language == "zh" else "en"].search(question))


def what_hurts(memory: MemoryStore, npc: str, limit: int = 2) -> list[str]:
    """Ids of what I was told against me, hardest and newest first (the cause of a low mood)."""
    said = [b for b in memory.beliefs_of(npc) if b.source == "told" and b.claim.valence < -0.1 and _at_me(b, npc)]
    said.sort(key=lambda b: (b.claim.valence, -b.tick))
    return [b.id for b in said[:limit]]


def _at_me(belief: Belief, npc: str) -> bool:
    return belief.claim.target == npc or belief.claim.about == npc


def cause(items: list[GroundingItem], subjects: set[str] | frozenset[str] = frozenset()) -> list[GroundingItem]:
    """What I would name as weighing on me, in the order to say it: what was said of me (or, asked why I
    am cold to someone, the worst I hold of them: M-12, "阿海偷了李家的渔网" is why, not the cold meeting
    itself), then a bad turn I took part in (the cold meeting it led to)."""
    said = [g for g in items if g.kind == "belief" and (g.meta.get("toward_me") or g.meta.get("about_me")
                                                        or g.about in subjects)
            and g.valence < -0.1 and not g.meta.get("negated") and not g.meta.get("from_listener")]
    said.sort(key=lambda g: (g.valence, -int(g.meta.get("tick", 0))))
    # (my own telling of it is no cause: "我跟兰姑提过一句" is not why I am cold to 孟掌柜, his short weight I saw is)
    turns = [g for g in items if g.kind in ("event", "summary") and g.valence < -0.1 and not g.meta.get("dialogue")
             and not g.meta.get("message") and g.meta.get("source") != "said"]
    turns.sort(key=lambda g: (g.about not in subjects, -int(g.meta.get("tick", 0))))
    return said[:1] + turns[:1]
