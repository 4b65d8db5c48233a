""""Did you tell Hester about Tam?" / "你是不是跟老铁说了小刘的坏话？" asks after the NPC's own telling.

It is answered from what the NPC itself said to that person (its "said" memories), not as an
accusation of a deed it never did: when it did tell them, it owns it ("Yes, I did.", "说是说了，我只是
把知道的告诉了老铁。") and the telling follows; when it told them nothing, the denial stands.
"""

from __future__ import annotations

import re

from townsfolk.agents.llm.protocol import GroundingItem
from townsfolk.memory.privacy import visible_to
from townsfolk.memory.store import MemoryStore
from townsfolk.world.world import World

_ASKED = {"zh": re.compile(r"(?:你|您)(?:是不是|有没有|是否|可曾|真的)?(?:跟|和|对|向)(?P<to>[\u4e00-\u9fff]{1,5}?)"
                           r"(?:说|讲|提|告诉|嚼)|(?:你|您)(?:是不是|有没有|是否)?告诉(?:了|过)?(?P<to2>[\u4e00-\u9fff]{1,5}?)"),
          "en": re.compile(r"\b(?i:(?:did|have|had) you (?:ever )?(?:tell|told|say (?:anything |something |that )?to|"
                           r"mention(?:ed)?(?: it| that)? to|talk(?:ed)? to|speak to|spoke to)) (?P<to>[A-Z][\w'-]+)")}
# what I heard and what I passed on are the same words: the second said once (newcomer N-15)
ALSO_TOLD = {"zh": "我也跟{to}提过一句。", "en": "I told {to} as much, too."}
# owned, and no more: "I only passed on what I knew" would be untrue of a teller who made it bigger
OWNED = {"zh": ["是，说过。", "说是说了。"],
         "en": ["Yes, I did.", "I did, yes."]}
# "what / why did you tell X?", "你跟X说了什么？": asks what was said (or why), not whether: no yes first
_WHAT = {"zh": re.compile(r"什么|啥|为什么|为啥|怎么|咋|哪些"),
         "en": re.compile(r"^\W*(?:\w+,\s*)?(?:what|why|how|when|which)\b", re.IGNORECASE)}


def asks_what_was_said(question: str, language: str) -> bool:
    """The question asks what (or why) I told them, so the answer is the telling itself."""
    return bool(_WHAT["zh" if language == "zh" else "en"].search(question))


def told_whom(question: str, language: str, names: list[str]) -> str | None:
    """The person the question asks whether I told (a name in the world), or None."""
    m = _ASKED["zh" if language == "zh" else "en"].search(question)
    if m is None:
        return None
    group = "to" if m.group("to") else "to2" if m.groupdict().get("to2") else None
    # from where the name starts to the end: "Edith Slater" is two words, the pattern takes the first (K-51)
    said = question[m.start(group):] if group else ""
    return next((n for n in sorted(names, key=len, reverse=True) if n and said.startswith(n)), None)


# "What did you tell Dorrit about Milo?" / 你跟李嫂说了阿根什么？ asks after my telling of one person to another
# (session 26: Tess answered with her telling of Milo whoever was asked after): the third person, after the listener
_ABOUT_EN = re.compile(r"\b(?:about|of|regarding|concerning) (?:old |young )?(?P<about>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?)")
_ABOUT_ZH = re.compile(r"关于(?P<about>[\u4e00-\u9fff]{1,5})")
NOT_ABOUT = {"en": "I haven't told {to} anything about {about}.", "zh": "我没跟{to}说过{about}什么。"}


def told_about(question: str, language: str, names: list[str], to: str) -> str | None:
    """The one the question asks what I told `to` about (a name of the world, not `to`), or None."""
    if language == "zh":
        m = _ABOUT_ZH.search(question)
        rest = m.group("about") if m else question[question.find(to) + len(to):] if to in question else ""
        found = [n for n in names if n and n != to and n in rest]
        return max(found, key=len) if found else None
    at = question.find(to)
    m = _ABOUT_EN.search(question, at + len(to) if at >= 0 else 0)
    said = question[m.start("about"):] if m else ""
    return next((n for n in sorted(names, key=len, reverse=True) if n and n != to and said.startswith(n)), None)


def my_telling_to(items: list[GroundingItem], to: str, about: str | None = None) -> GroundingItem | None:
    """My own memory of saying something to `to` (of `about`, when asked of someone), if the grounding holds one."""
    return next((g for g in items if g.kind == "event" and g.meta.get("source") == "said"
                 and to in str(g.meta.get("to_names") or "")
                 and (about is None or g.meta.get("subject_name") == about)), None)


# --- words of mine put to me: "Did you call him careless?", "Why did you make it sound worse?" ---------
# (found playing a schooner: Rourke said "careless", Finn spread it bigger; asked of it, one said
# "I've told you all I know.", the other "Really?"). The NPC knows what it said: it answers from that.
_CONFRONT = {
    "en": (("why", re.compile(r"\bwhy (?:did|would|do) you (?:make it|make that|tell|say|spread|pass|twist|exaggerate|blow|"
                              r"go (?:and|around)|put it)\b", re.IGNORECASE)),
           ("reproach", re.compile(r"\byou (?:shouldn't|should not|oughtn't|ought not|mustn't|must not) (?:to )?(?:have )?"
                                   r"(?:spread|spreading|tell|told|pass|passed|repeat|repeated|gossip|say|said|carry|carried)\b"
                                   r"|\bstop (?:spreading|gossiping|telling tales|carrying tales)\b"
                                   r"|\byou (?:made it|twisted it|exaggerated|blew it up)\b", re.IGNORECASE)),
           # "You really should apologise to Owen." (N-24): a reproach, if I told tales of him or to him
           ("apologise", re.compile(r"\byou (?:really |ought to |had better |'d better )?(?:should |must |need to |ought to )?"
                                    r"(?:go and |go )?(?:apologi[sz]e|say (?:you're |you are )?sorry|make it up) (?:to|with)\b",
                                    re.IGNORECASE)),
           ("did_you", re.compile(r"\b(?:called?|said|told|says|thinks)\b.*\b(?:did|didn't) you\b[^.!?]{0,30}\??\s*$"
                                  r"|\bdid you (?:really )?(?:call|say|tell)\b", re.IGNORECASE))),
    "zh": (("why", re.compile(r"(?:你|您)(?:为什么|为啥|干嘛|凭什么)(?:要)?(?:跟[\u4e00-\u9fff]{1,4}?)?"
                              r"(?:把话|把事|这么|那么|乱|到处|在背后|添油加醋)?(?:说|讲|传|告诉)")),
           ("reproach", re.compile(r"(?:你|您)?(?:别|不要|不该|不应该|少)(?:再)?(?:乱|到处|在背后)?(?:传|说|嚼)(?:话|闲话|人家|别人|是非|舌头)"
                                   r"|添油加醋|(?:你|您)(?:把话|把事)?(?:说|传)得(?:太|那么|这么)"
                                   r"|(?:你|您)(?:这)?(?:把话|把事|话)?(?:说|讲|传)(?:重|过头|大)了|言过其实|夸大其词")),
           ("apologise", re.compile(r"(?:你|您)(?:真|真的|还是)?(?:该|应该|得|最好)(?:去)?(?:跟|向|给)[\u4e00-\u9fff]{1,4}?"
                                    r"(?:赔个?不是|道个?歉|赔礼|认个?错)")),
           ("did_you", re.compile(r"(?:你|您)(?:是不是|有没有|真的|真)(?:说|讲)(?:过|了)?|是(?:你|您)说的(?:吗|么)|(?:你|您)(?:说|讲)过(?:吗|没有|这话)"
                                  r"|(?<![跟和对同给向])(?:你|您)(?:说|讲)过[\u4e00-\u9fff，,]{1,20}?(?:吗|么|没有)[？?]?\s*$"))),
}
SAID_KINDS = ("say", "tell", "retell")
# a retelling's distortions that made the words harsher than they were heard: owned, or excused, never denied
MADE_WORSE = frozenset({"intensify", "generalise"})


def confronted_with(question: str, language: str) -> str | None:
    """How my own words are put to me: "why" (why did you say it so), "reproach" (you shouldn't
    spread stories), "apologise" (you should say sorry to X), "did_you" (did you call him careless?), or None."""
    for kind, pattern in _CONFRONT["zh" if language == "zh" else "en"]:
        if pattern.search(question):
            return kind
    return None


def defensive(traits: dict[str, float]) -> bool:
    """A teller low in candour (or given to mischief) gets defensive; a candid one owns up."""
    return float(traits.get("candour", 0.5)) < 0.5 or float(traits.get("mischief", 0.0)) >= 0.5


# --- "Did you tell anyone about Bea's shoeing?" of a remark I made in private (newcomer N-32) -------
# An honest NPC neither denies it ("That's not true; I didn't tell anyone") nor repeats it: it keeps
# it back, saying only that it was said in confidence.
_ASKED_IF_TOLD = {"zh": re.compile(r"(?:你|您)(?:是不是|有没有|是否|可曾|真的)?(?:跟|和|对|向)[\u4e00-\u9fff]{1,5}?(?:说|讲|提|告诉)"
                                   r"|(?:你|您)(?:是不是|有没有|是否)?告诉(?:了|过)?"),
                  "en": re.compile(r"\b(?:did|have|had) you (?:ever )?(?:tell|told|say|said|mention(?:ed)?|talk(?:ed)?|"
                                   r"speak|spoke|spread|pass(?:ed)? on)\b", re.IGNORECASE)}
KEPT_BACK = {"zh": ["那是我私下说的话，不往外讲。", "私下说的话，我就不多讲了。"],
             "en": ["What I said of that was said in confidence, and there it stays.",
                    "That was said in confidence; I'll leave it there."]}


def asks_if_i_told(question: str, language: str) -> bool:
    """The question asks whether I told someone (anyone) something."""
    return bool(_ASKED_IF_TOLD["zh" if language == "zh" else "en"].search(question))


def told_in_confidence(world: World, memory: MemoryStore, npc: str, asker: str, subjects: list[str]) -> bool:
    """I said something in private about (or to) one of the subjects, and the asker was not there:
    the remark is mine to keep back, not to deny."""
    wanted = set(subjects)
    for e in memory.events_of(npc):
        if e.source != "said" or not e.private or not e.fact_id or e.fact_id not in world.facts:
            continue
        fact = world.facts.get(e.fact_id)
        if (fact.actor == npc and fact.kind in SAID_KINDS and ({fact.about, *fact.to} & wanted)
                and not visible_to(e, asker, world)):
            return True
    return False
