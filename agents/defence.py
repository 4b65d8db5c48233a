"""A player who stands up for the NPC against what is said of it is heard as a defence.

"Dot says you stole the net. That's not true." put to Agnes opened with "Is that what's being said
about me?" / "About me? That's not fair. Did you see it yourself?": the rumour was heard, the
player's side of it was not. A line that reports something said of the listener ("Dot says you ...",
"王婆说你…") and denies it ("That's not true", "I don't believe it", 不是真的, 我不信), or that says
the listener would never have done it ("I know you didn't take it"), is answered with thanks (warmer
from a friend, surprised from a stranger), the NPC's own denial of the act when it did not do it,
and who said it; an NPC that did do it takes the kindness and says no more. Code's line, like an
insult's (agents/rude_reply.py); the belief the player's words leave is sim/player_tells.py's.
"""

from __future__ import annotations

import re
import zlib

from townsfolk.agents.deed_match import accusation, denial_clause, owns_up
from townsfolk.agents.vouch import TRUSTED, blame_denied, read_vouch
from townsfolk.memory.perception import trust_in
from townsfolk.memory.store import MemoryStore
from townsfolk.world.world import World

_REPORTED = {
    "en": re.compile(r"\b(?:(?P<teller>[A-Z][\w'-]+(?: [A-Z][\w'-]+)?)|people|they|folk|everyone|someone|somebody)\s+"
                     r"(?:says|said|is saying|are saying|told me|tells everyone|is telling (?:everyone|people|folk)|claims|"
                     r"reckons|thinks|swears)\s+(?:that\s+)?you\b|\bI (?:heard|hear) (?:that\s+)?you\b"),
    "zh": re.compile(r"(?P<teller>[\u4e00-\u9fff]{2,3}?)(?:到处|跟人|逢人就|跟大家|四处)?(?:说|讲|告诉我|传)(?:你|您)"
                     r"|(?:有人|大家|他们|人家|外头|外面)(?:都)?(?:在)?(?:说|传)(?:你|您)|听说(?:你|您)"),
}
_DENIED = {
    "en": re.compile(r"\b(?:that'?s not true|that is not true|it'?s not true|it is not true|it isn'?t true|that isn'?t true|"
                     r"not true|that'?s a lie|it'?s a lie|that'?s nonsense|nonsense|rubbish|lies|i don'?t believe (?:it|that|"
                     r"a word|them|him|her)|i don'?t believe you (?:did|would)|i know you (?:didn'?t|wouldn'?t|never|"
                     r"would never)|you'?d never|you would never|you never did|of course you didn'?t|he'?s wrong|"
                     r"she'?s wrong|they'?re wrong)\b", re.IGNORECASE),
    "zh": re.compile(r"不是真的|不可能|我不信|我才不信|瞎说|胡说|乱说|造谣|冤枉|我知道不是你|你不会|你才不会|才不是|没这回事|"
                     r"没有的事|说错了|她搞错了|他搞错了|不对"),
}
# "I know you didn't take it": a defence with no report before it
_ALONE = {"en": re.compile(r"\b(?:i know|i'?m sure|i don'?t believe) (?:that )?you (?:didn'?t|wouldn'?t|never|would never|"
                           r"did not|could never)\b", re.IGNORECASE),
          "zh": re.compile(r"我(?:知道|相信|敢说)(?:那)?(?:不是你|你没|你不会)")}
_BE = re.compile(r"^(?:'re|are|were|was|is|have|had|'ve|will|would|can|could|do|did|must|might|should|'d)\b", re.IGNORECASE)

PHRASES = {
    "en": {"thanks": ["Thank you for standing up for me.", "Bless you for saying so.", "I'm glad someone says so."],
           "thanks_friend": ["You're a good friend to say so.", "Thank you; I knew you'd see it right."],
           "thanks_stranger": ["You hardly know me, and you'd stand up for me? Thank you.",
                               "That's kind of you, from someone I've only just met."],
           "denial": ["I never {act}.", "I didn't {act}, whatever's said."],
           "untrue": ["It isn't true.", "There's nothing in it."],
           "teller": ["{teller} said that? It isn't true.", "Whatever {teller} says, it isn't true."],
           "guilty": ["That's kind of you. Let's leave it there.", "Kind of you to say. I'd rather not talk about it."]},
    "zh": {"thanks": ["谢谢你替我说话。", "多亏你说句公道话。", "有你这句话，我心里好受多了。"],
           "thanks_friend": ["还是你懂我。", "就知道你会向着我。"],
           "thanks_stranger": ["咱们才认识，你就替我说话，谢谢你。", "你跟我不熟，还替我说话，难得。"],
           "denial": ["我根本没{act}。", "{act}？我可没有。"],
           "untrue": ["根本没有的事。", "没这回事。"],
           "teller": ["{teller}这么说我？根本没有的事。", "{teller}说的不是真的。"],
           "guilty": ["你人真好……这事就别提了。", "谢谢你。这事……咱们不说了吧。"]},
}
# a player standing up for someone else (agents/vouch.py): believed from one the NPC trusts, doubted from a stranger
VOUCHED = {
    "en": {"believed": ["If you say so, I believe you. I shouldn't have listened to {teller} about {about}.",
                        "I'm glad to hear it. I was too quick to believe {teller} about {about}."],
           "believed_anon": ["If you say so, I believe you. I was too quick to think ill of {about}.",
                             "I'm glad to hear it; I shouldn't have thought that of {about}."],
           "excused": ["So it was a slip, not meant.", "Then it was a slip, and no harm meant."],
           "doubted": ["Is that so? {teller} told it otherwise. I'll see for myself.",
                       "Maybe. But {teller} seemed sure of it. I'll wait and see."],
           "doubted_anon": ["Is that so? I'll see for myself.", "Maybe. I'll wait and see."]},
    "zh": {"believed": ["你这么说，我就信了。是我听了{teller}的话，错怪{about}了。",
                        "有你这句话我就放心了。{teller}的话，我不该那么快就信。"],
           "believed_anon": ["你这么说，我就信了。是我错怪{about}了。", "有你这句话我就放心了，是我把{about}想坏了。"],
           "excused": ["那就是一时疏忽，不是存心的。", "原来是一时大意，不是故意的。"],
           "doubted": ["是吗？{teller}可不是这么说的。我再看看吧。", "也许吧。不过{teller}说得有鼻子有眼的，我再看看。"],
           "doubted_anon": ["是吗？我再看看吧。", "也许吧，我再看看。"]},
}


def defends_listener(text: str, language: str) -> bool:
    """Whether the line stands up for the one it is said to: what is said of them, denied."""
    lang = "zh" if language == "zh" else "en"
    return bool((_REPORTED[lang].search(text) and _DENIED[lang].search(text)) or _ALONE[lang].search(text))


def _teller(world: World, text: str, lang: str, npc: str, speaker: str) -> str | None:
    m = _REPORTED[lang].search(text)
    name = m.group("teller") if m is not None else None
    if not name:
        return None
    known = next((c.name for cid, c in world.characters.items() if cid not in (npc, speaker) and c.name
                  and (c.name == name or (lang == "zh" and name.endswith(c.name)) or c.name.split()[0] == name)), None)
    return known


def _guilty(world: World, memory: MemoryStore, npc: str, text: str, lang: str) -> bool:
    """Whether one of the NPC's own deeds is the act the report accuses it of."""
    acc = accusation(text, lang)
    if acc is None:
        return False
    for e in memory.events_of(npc)[-200:]:
        fact = world.facts.get(e.fact_id) if e.fact_id and e.fact_id in world.facts else None
        if fact is not None and fact.actor == npc and fact.kind == "happen" and \
                owns_up(acc, text, e.what, lang, harmful=min(e.valence, fact.valence) < 0):
            return True
    return False


def _act(text: str, lang: str) -> str | None:
    """The accused act in the NPC's own person, when it can be denied in a clause ("stole the net")."""
    acc = accusation(text, lang)
    if acc is None:
        return None
    if lang == "zh":  # 说你偷了渔网 -> 我根本没偷渔网
        act = (acc.verb + acc.obj).strip() or acc.rest.strip()
        if not (1 < len(act) <= 6 and re.search(rf"(?:说|传)(?:你|您){re.escape(act)}", text)):
            return None
        return re.sub(r"^([\u4e00-\u9fff]{1,2}?)了", r"\1", act)
    if not acc.verb:
        return None
    said = denial_clause(acc, lang).strip()
    if _BE.match(said) or not re.match(r"^[a-z]+(?:ed|ole|ook|ore|oke|ent|ew|ang|ost|ought|aught|ung)\b", said):
        return None  # "you're a liar", "you have the knife": no clause "I never ..." says
    return said


def vouch_reply(world: World, memory: MemoryStore, npc: str, speaker: str, text: str, *, seed: str) -> str | None:
    """The NPC's answer to a player standing up for someone it has heard ill of, or None: believed
    from one it trusts (and a slip excused as a slip), doubted from a stranger, whom it names the
    teller to. The beliefs it leaves are sim/player_tells.py's."""
    lang = "zh" if world.language == "zh" else "en"
    vouch = read_vouch(world, memory, speaker=speaker, npc=npc, text=text)
    if vouch is None or not blame_denied(world, memory, npc, vouch):
        return None
    n = zlib.crc32(f"{seed}|vouch|{text}".encode())
    words = VOUCHED[lang]
    teller = world.name(vouch.teller) if vouch.teller and vouch.teller in world.characters else ""
    trusted = trust_in(world, npc, speaker) >= TRUSTED
    key = ("believed" if trusted else "doubted") + ("" if teller else "_anon")
    options = words[key]
    said = options[n % len(options)].format(teller=teller, about=world.name(vouch.about))
    if trusted and vouch.excuse:
        said += ("" if lang == "zh" else " ") + words["excused"][(n >> 3) % len(words["excused"])]
    return said


def defence_reply(world: World, memory: MemoryStore, npc: str, speaker: str, text: str, *, warmth: float,
                  seed: str) -> str | None:
    """The NPC's answer to a player defending it (or someone else: `vouch_reply`), or None when the
    line is no defence."""
    lang = "zh" if world.language == "zh" else "en"
    if not defends_listener(text, lang):
        return vouch_reply(world, memory, npc, speaker, text, seed=seed)
    n = zlib.crc32(f"{seed}|defence|{text}".encode())
    words = PHRASES[lang]

    def pick(key: str, **slots: str) -> str:
        options = words[key]
        return options[n % len(options)].format(**slots)

    tied = bool(world.graph.edges_between(npc, speaker))
    thanks = pick("thanks_friend" if tied and warmth >= 0.6 else "thanks" if tied else "thanks_stranger")
    if _guilty(world, memory, npc, text, lang):
        return pick("guilty")
    act, teller = _act(text, lang), _teller(world, text, lang, npc, speaker)
    parts = [thanks, pick("teller", teller=teller) if teller else pick("untrue")]
    if act:
        parts.append(pick("denial", act=act))
    return ("" if lang == "zh" else " ").join(parts)
