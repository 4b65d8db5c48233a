"""Whether an accusation names what the NPC actually did: the act and the thing, not a shared word.

"Did you steal the flour?" put to someone who carried flour sacks to the infirmary shares the word
"flour" with his deed but not the act: he must deny it and say what he did do. The accused act is
read from the question (the verb after "did you" / "是你…的", and what it was done to) and compared
with the NPC's own deed in substance: the same verb (by lemma, or the same predicate cue: "stole" and
"pinched" are both theft) and, where the question names a thing, the same thing. Without a verb to
read, every content character (zh) or word (en) of the accusation must be in the deed.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from townsfolk.memory.predicate_reader import read_by_cues
from townsfolk.memory.store import MemoryStore
from townsfolk.world.world import World


class Accusation(NamedTuple):
    """The act a yes/no question accuses the listener of: its verb and the thing it was done to."""

    verb: str  # as asked ("steal", "弄断"); "" when the question gives no verb that can be told apart
    obj: str  # "the flour", "井绳"; may be ""
    rest: str  # the whole accused part ("steal the flour", "往井边倒豆渣"), for the no-verb fallback
    aux: str = ""  # en: "did", "have" or "had" when asked "did you ...", for "No, I didn't ..."; else ""


# --- English -------------------------------------------------------------------------------------


def _en_ask(who: str) -> re.Pattern[str]:
    return re.compile(r"(?:\b(?:did|have|had|has)\s+WHO|\bwas it WHO (?:who|that)|\b(?:were|was) WHO the one (?:who|that)"
                      r"|\b(?:says|said|told me|claims|heard)\s+(?:that\s+)?WHO)\s+(?P<rest>[^?.!,;]+)".replace("WHO", who),
                      re.IGNORECASE)


_EN_ASK = _en_ask("you")
_EN_ADVERB = {"really", "ever", "actually", "just", "go", "truly", "honestly", "not", "never", "once", "then"}
_EN_STOP = {"the", "a", "an", "his", "her", "their", "my", "your", "our", "its", "it", "them", "him", "that", "this",
            "to", "of", "in", "on", "at", "from", "for", "with", "into", "out", "up", "off", "some", "any", "and",
            "last", "night", "today", "yesterday", "morning", "evening", "again", "really", "true", "is", "was", "wrong"}
_IRREGULAR = {
    "stole": "steal", "stolen": "steal", "broke": "break", "broken": "break", "took": "take", "taken": "take",
    "gave": "give", "given": "give", "ate": "eat", "eaten": "eat", "drank": "drink", "drunk": "drink",
    "hit": "hit", "hid": "hide", "hidden": "hide", "lost": "lose", "left": "leave", "sold": "sell", "told": "tell",
    "threw": "throw", "thrown": "throw", "spilt": "spill", "burnt": "burn", "tore": "tear", "torn": "tear",
    "wrote": "write", "written": "write", "brought": "bring", "bought": "buy", "caught": "catch", "fought": "fight",
    "fell": "fall", "fallen": "fall", "kept": "keep", "led": "lead", "let": "let", "lit": "light", "made": "make",
    "met": "meet", "paid": "pay", "put": "put", "ran": "run", "rode": "ride", "said": "say", "sent": "send",
    "set": "set", "shot": "shoot", "shut": "shut", "sank": "sink", "sunk": "sink", "slept": "sleep", "spent": "spend",
    "spoke": "speak", "struck": "strike", "swore": "swear", "sworn": "swear", "bit": "bite", "bitten": "bite",
    "began": "begin", "begun": "begin", "blew": "blow", "built": "build", "chose": "choose", "came": "come",
    "dug": "dig", "did": "do", "done": "do", "drew": "draw", "drove": "drive", "driven": "drive", "fed": "feed",
    "felt": "feel", "found": "find", "flew": "fly", "forgot": "forget", "forgotten": "forget", "froze": "freeze",
    "got": "get", "gotten": "get", "went": "go", "gone": "go", "grew": "grow", "hung": "hang", "had": "have",
    "heard": "hear", "held": "hold", "hurt": "hurt", "knew": "know", "laid": "lay", "lent": "lend", "lied": "lie",
    "cut": "cut", "dealt": "deal", "sang": "sing", "sat": "sit", "saw": "see", "seen": "see", "shook": "shake",
    "slid": "slide", "stood": "stand", "stuck": "stick", "swept": "sweep", "swam": "swim", "taught": "teach",
    "thought": "think", "understood": "understand", "woke": "wake", "wore": "wear", "won": "win", "wound": "wind",
}


def _lemma(word: str) -> str:
    w = word.lower().strip("'")
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    for suffix, repl in (("ied", "y"), ("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            w = w[: len(w) - len(suffix)] + repl
            break
    if len(w) >= 4 and w[-1] == w[-2] and w[-1] not in "aeiou":  # dropped -> dropp -> drop
        w = w[:-1]
    return w.rstrip("e")  # carve / carved, take / tak(e)


def _en_words(text: str) -> list[str]:
    return re.findall(r"[a-z][a-z'-]*", text.lower())


def _en_accusation(question: str, pattern: re.Pattern[str] = _EN_ASK) -> Accusation | None:
    m = pattern.search(question)
    if m is None:
        return None
    rest = m.group("rest")
    lowered = rest.lower()
    spans = [t.span() for t in re.finditer(r"[a-z][a-z'-]*", lowered)]
    words = [lowered[a:b] for a, b in spans]
    # the words as asked, for saying them back ("cheat Tomas", not "cheat tomas")
    shown = [rest[a:b] for a, b in spans] if len(lowered) == len(rest) else words
    while words and words[0] in _EN_ADVERB:
        words, shown = words[1:], shown[1:]
    if not words or words[0] in ("and", "or"):  # "Did you and Ned talk since yesterday?": the two of us, no deed of mine
        return None  # (its denial read "No, I didn't and Ned talk since yesterday": newcomer L-18)
    head = m.group(0).lower()
    aux = next((a for a in ("did", "have", "had") if re.match(a + r"\s+you\b", head)), "")  # "": "says you broke"
    verb, obj = words[0], " ".join(shown[1:])
    return Accusation(verb=verb, obj=obj, rest=" ".join(words), aux=aux)


# kinds of the same mistake ("did you mix up the herbs?" after "gave the wrong medicine"; 抓错 / 弄混 / 拿错 / 配错):
# told with different verbs, one deed. Both the accusation and the deed must be mistakes, and of the same thing.
_EN_MISTAKE = re.compile(r"\b(?:mix(?:ed|es|ing)?\s+(?:\w+\s+){0,3}?up|mix-?up|muddl\w*|mislabel\w*|"
                         r"swap(?:ped|s)?\b|(?:give|gave|given|giving|hand|handed|got|get|measure|measured|pour|poured|"
                         r"send|sent|sold|sell|make|made|mix|mixed)\b[^.!?;]{0,20}?\bwrong\b)", re.IGNORECASE)
_ZH_MISTAKE = re.compile(r"[抓拿配给开发弄搞记算放装写称包煎熬]错|[弄搞]混|混了|混在一起|混淆")
# things of one kind, told by different words: "the herbs" are the medicine (one family of stems per kind)
_EN_KINDS = (frozenset({"herb", "medicin", "remedy", "physic", "tonic", "draught", "dose", "powder", "pill", "tincture",
                        "salve", "potion", "prescription", "mixture"}),)


def mistakes_both(question: str, deed: str, language: str) -> bool:
    """Whether the accusation and the deed are both a mistake (a mix-up, the wrong thing given)."""
    rx = _ZH_MISTAKE if language == "zh" else _EN_MISTAKE
    return bool(rx.search(question)) and bool(rx.search(deed))


def _same_kind(obj: str, deed: str) -> bool:
    """The thing asked after and a thing of the deed are of one kind ("the herbs", "the wrong medicine")."""
    asked, done = _en_content(obj), _en_content(deed)
    return any(asked & kind and done & kind for kind in _EN_KINDS)


def _en_same_verb(verb: str, question: str, deed: str) -> bool:
    lemmas = {_lemma(w) for w in _en_words(deed)}
    if _lemma(verb) in lemmas:
        return True
    if mistakes_both(question, deed, "en"):
        return True
    asked, done = read_by_cues(question), read_by_cues(deed)  # "stole" and "pinched" both read as theft
    return asked is not None and done is not None and asked.key == done.key and not asked.negated


def _en_content(text: str) -> set[str]:
    return {_lemma(w) for w in _en_words(text) if w not in _EN_STOP and len(w) >= 3}


# --- Chinese -------------------------------------------------------------------------------------
_ZH_YOU = r"(?:你|您)"
_ZH_TAIL = r"(?:吗|么|嘛|吧|没有|没)?[？?。！!]*\s*$"


def _zh_patterns(who: str) -> tuple[tuple[re.Pattern[str], ...], re.Pattern[str]]:
    """The accusation's shapes with `who` as the accused (你 for the listener, a name for someone else)."""
    shapes = (
        # 是你把茶桌碰翻的吗: after 把 the thing, then a verb of one or two characters
        r"(?:是不是|是)WHO把(?P<obj>[^，,。？?]+?)(?P<verb>[^，,。？?的]{1,2})的" + _ZH_TAIL,
        # 面粉是你偷的吗 / 井绳是你弄断的吗 / 是你偷的面粉吗
        r"(?P<obj>[^，,。？?]*?)(?:是不是|是)WHO(?P<verb>[^，,。？?的把]{1,6})的(?P<obj3>[^，,。？?的]*?)" + _ZH_TAIL,
        # 你偷了面粉吗 / 你是不是弄断了井绳
        r"WHO(?:是不是|有没有|真的|是)?(?P<verb>[^，,。？?了把的]{1,3})了(?P<obj>[^，,。？?]*?)" + _ZH_TAIL,
        # 你把井绳弄断了吗
        r"WHO(?:是不是|有没有|真的|是)?把(?P<obj>[^，,。？?]{1,8}?)(?P<verb>[^，,。？?]{1,2}?)了?" + _ZH_TAIL,
    )
    # 王婶说你往井边倒豆渣，是真的吗: the accused part, verb not told apart
    rest = r"WHO(?:是不是|有没有|真的|是|曾经)?(?P<rest>[^，,。？?]{2,16}?)(?:了|过)?(?:，|,|吗|么|没有|[？?]|$)"
    return tuple(re.compile(p.replace("WHO", who)) for p in shapes), re.compile(rest.replace("WHO", who))


_ZH_PATTERNS, _ZH_REST = _zh_patterns(_ZH_YOU)
_ZH_FUNCTION = set("了的是把被在吗呢吧么个这那些过着也都就还又很真")


def _zh_accusation(question: str, patterns: tuple[re.Pattern[str], ...] = _ZH_PATTERNS,
                   rest: re.Pattern[str] = _ZH_REST) -> Accusation | None:
    q = question.strip()
    for pattern in patterns:
        m = pattern.search(q)
        if m is None:
            continue
        groups = m.groupdict()
        verb = (groups.get("verb") or "").strip()
        obj = "".join(groups.get(k) or "" for k in ("obj", "obj3")).strip()
        obj = re.sub(r"^.{0,6}?(?:说|讲|听说)，?", "", obj) if "说" in obj else obj
        if verb:
            return Accusation(verb=verb, obj=obj, rest=obj + verb)
    m = rest.search(q)
    if m is None:
        return None
    return Accusation(verb="", obj="", rest=m.group("rest"))


def _han(text: str) -> set[str]:
    return {c for c in text if "\u4e00" <= c <= "\u9fff" and c not in _ZH_FUNCTION}


# --- both ----------------------------------------------------------------------------------------
def accusation(question: str, language: str) -> Accusation | None:
    """The act the question accuses the listener of, or None when none can be read."""
    return _zh_accusation(question) if language == "zh" else _en_accusation(question)


def accusation_of(question: str, language: str, name: str) -> Accusation | None:
    """The act the question accuses someone else of ("Did Jonas steal the flour?", "面粉是铁柱偷的吗？")."""
    if not name:
        return None
    if language == "zh":  # only the shapes that name an act: "赵哥的事" is no deed
        shapes, _ = _zh_patterns(re.escape(name))
        return _zh_accusation(question, shapes, re.compile(r"(?!)"))
    return _en_accusation(question, _en_ask(re.escape(name)))


def same_thing(acc: Accusation, deed: str, language: str) -> bool:
    """Whether the deed was done to the thing the question names (shares its object)."""
    if language == "zh":
        obj = _han(acc.obj)
        return bool(obj) and any(a + b in deed for a, b in zip(acc.obj, acc.obj[1:], strict=False)
                                 if a in obj and b in obj)
    return bool(_en_content(acc.obj) & _en_content(deed))


def _head_noun(obj: str) -> str:
    """The head of a Chinese noun, its last character (染缸 -> 缸, 井绳 -> 绳): "染缸是你打翻的吗？" asks
    after the deed "把一缸靛青打翻了" when the verb is the same ("" for no Han character)."""
    han = [c for c in obj if "\u4e00" <= c <= "\u9fff" and c not in _ZH_FUNCTION]
    return han[-1] if han else "\0"


# the first half of a verb-result compound that only says "caused it": 放跑 is making it run off, 弄坏
# making it break; the deed may tell just the result ("马跑到了山坡上", "磨盘坏了")
_ZH_CAUSING = set("弄搞放打整让使害")
# results of a spoiling: 染坏 and 染花, 烧坏 and 烧焦, 做坏 and 做砸 are one act (the action the same, the
# result spoilt either way); 染好 is not
_ZH_SPOILT = set("坏花糊破烂砸毁焦废裂")


def _zh_same_verb(acc: Accusation, deed: str) -> bool:
    """The accused verb is in the deed, or (a verb-result compound of a causing verb, of a thing the
    question names and the deed holds) its result is: "马是你放跑的吗？" asks after "忘了拴马，一匹
    马跑到了山坡上"."""
    verb = acc.verb
    if _han(verb) <= set(deed) or (_ZH_MISTAKE.search(verb) and _ZH_MISTAKE.search(deed)):
        return True
    named = bool(_han(acc.obj)) and (same_thing(acc, deed, "zh") or _head_noun(acc.obj) in deed)
    if named and len(verb) == 2 and verb[1] in _ZH_SPOILT and any(
            deed[i] == verb[0] and deed[i + 1] in _ZH_SPOILT for i in range(len(deed) - 1)):
        return True
    return named and len(verb) == 2 and verb[0] in _ZH_CAUSING and bool(_han(verb[1])) and verb[1] in deed


def same_deed(acc: Accusation, question: str, deed: str, language: str) -> bool:
    """Whether the NPC's deed is the accused act in substance: the same verb, done to the same thing."""
    if language == "zh":
        if not acc.verb:
            needed = _han(acc.rest)
            return bool(needed) and needed <= set(deed)
        if not _zh_same_verb(acc, deed):
            return False
        return not _han(acc.obj) or same_thing(acc, deed, language) or _head_noun(acc.obj) in deed
    if not _en_same_verb(acc.verb, question, deed):
        return False
    return (not _en_content(acc.obj) or same_thing(acc, deed, language)
            or (mistakes_both(question, deed, language) and _same_kind(acc.obj, deed)))


_EN_MINE = {"your": "my", "yours": "mine", "yourself": "myself", "you": "me", "my": "your", "me": "you"}


def denial_clause(acc: Accusation, language: str) -> str:
    """The accused act as the NPC denies it: "steal the flour" / "弄断", in the NPC's own person."""
    if language == "zh":
        return acc.verb
    said = f"{acc.verb} {acc.obj}".split()  # as asked: "cheat Tomas", not "cheat tomas"
    return " ".join(_EN_MINE.get(w.lower(), w) for w in said)


# --- owning up -----------------------------------------------------------------------------------
# "你找错钱了？" put to the one who short-changed a customer: his deed is not those words, but it is
# that act in substance. Only a deed of his own that did harm is owned up to by nearness, never
# an accusation of intent his deed does not show ("on purpose"), and never a named wrong his deed
# does not read as (stealing is not short-changing); a clearly different act is still denied.
_INTENT = {"zh": re.compile(r"故意|存心|成心|有意"),
           "en": re.compile(r"\b(?:on purpose|deliberately|intentionally|mean(?:t)? (?:to|it)|maliciously)\b", re.IGNORECASE)}
NEAR_MARGIN = 0.03  # how much nearer the deed must be to the accusation than the neutral remarks are


def _near_by_meaning(asked: str, deed: str) -> bool:
    """The accused act is nearer the deed than it is to any neutral remark, by the bundled embedder
    (a rank against neutral examples, not a raw cosine threshold). False without the embedder."""
    from townsfolk.memory.predicate_reader import default_embedder
    from townsfolk.memory.predicates import INVENTORY

    embedder = default_embedder()
    neutral = INVENTORY.get("remark")
    if embedder is None or neutral is None or not asked.strip():
        return False
    q = embedder.embed_query(asked)
    base = max(float(embedder.embed_query(x) @ q) for x in neutral.examples)
    return float(embedder.embed_query(deed) @ q) - base > NEAR_MARGIN


def alleges_intent(question: str, deed: str, language: str) -> bool:
    """The question says it was meant ("on purpose", "故意") and the deed does not."""
    rx = _INTENT["zh" if language == "zh" else "en"]
    return bool(rx.search(question)) and not rx.search(deed)


def _intent_only(acc: Accusation, language: str) -> bool:
    """The accusation names no act, only that it was meant ("你是故意的吗？", "Did you mean to?")."""
    rest = _INTENT["zh" if language == "zh" else "en"].sub("", acc.rest)
    return not (_han(rest) if language == "zh" else _en_content(rest) - {"mean", "it", "do"})


NOT_MEANT = {"zh": ["不是故意的。", "我真不是有意的。"], "en": ["Not on purpose, no.", "I never meant it, no."]}


GRAVE = 0.6  # a wrong this severe (theft, assault) is not owned up to on a lesser deed's account


def _far_worse(asked: str, done: str | None) -> bool:
    """The accused wrong is grave and much graver than the deed (stealing is not short-changing;
    "烧坏" and "裂了" of the same bowls are the same deed told two ways)."""
    from townsfolk.memory.predicates import INVENTORY

    spec = INVENTORY.get(asked)
    mine = INVENTORY.get(done) if done else None
    severity = spec.severity if spec is not None else 0.0
    return severity >= GRAVE and severity - (mine.severity if mine is not None else 0.0) > 0.3


def owns_up(acc: Accusation, question: str, deed: str, language: str, *, harmful: bool,
            mind_intent: bool = True) -> bool:
    """Whether the NPC's own deed answers the accusation with a yes: the same act (`same_deed`), or,
    for a deed that did harm, an act near it: the same wrong by its cue words, most of the accused
    words in the deed (zh, no verb told apart), the accused thing done to without a named wrong
    ("did you give a customer the wrong change?"), or, with no thing named, near by meaning."""
    lang = "zh" if language == "zh" else "en"
    if mind_intent and alleges_intent(question, deed, lang):
        return False  # "did you soak them on purpose?": the act, maybe, the intent no
    if not mind_intent and _intent_only(acc, lang):
        return harmful  # "你是故意的吗？" after the deed was named: it asks after my newest harmful deed
    if same_deed(acc, question, deed, lang):
        return True
    if not harmful:
        return False
    asked, done = read_by_cues(question), read_by_cues(deed)
    if asked is None and lang == "zh" and acc.verb:  # 那匹绸子是你偷的吗: the act read as said plainly (他偷了那匹绸子)
        asked = read_by_cues(f"他{acc.verb}了{acc.obj}")
    if asked is not None and done is not None and not asked.negated and not done.negated and asked.key == done.key:
        return True
    if asked is not None and not asked.negated and _far_worse(asked.key, done.key if done is not None else None):
        return False  # a much graver wrong ("steal") than my deed reads as: a different act
    if lang == "zh" and not acc.verb:
        needed = _han(acc.rest)
        if len(needed) >= 2 and 2 * len(needed & set(deed)) >= len(needed):
            return True
        return _near_by_meaning(acc.rest, deed)
    thing = _han(acc.obj) if lang == "zh" else _en_content(acc.obj)
    if thing:
        return same_thing(acc, deed, lang)
    return _near_by_meaning(acc.rest, deed)


def deeds_asked_about(question: str, deeds: list[tuple[str, str, float]], language: str,
                      limit: int = 2) -> list[str]:
    """Ids of the NPC's own deeds (id, text, valence; newest first) an accusation is about: the ones
    it owns up to, or, failing those, the ones done to the thing it names (what it did do instead)."""
    acc = accusation(question, language)
    if acc is None:
        return []
    if _intent_only(acc, language):  # "你是故意的吗？": the newest of my deeds that did harm
        return [i for i, _text, valence in deeds if valence < 0][:1]
    owned = [i for i, text, valence in deeds
             if owns_up(acc, question, text, language, harmful=valence < 0, mind_intent=False)]
    if owned:
        return owned[:limit]
    return [i for i, text, _ in deeds if same_thing(acc, text, language)][:limit]


OWN_DEEDS_SCANNED = 200  # the newest memories looked through for the NPC's own deeds


def own_deeds_accused(world: World, memory: MemoryStore, npc: str, question: str, *, skip: set[str]) -> list[str]:
    """Ids of the NPC's own public deeds (newest first) that an accusation put to it is about: the
    context builder looks for memories of the one asking, so "did you ...?" needs the deed added."""
    deeds: list[tuple[str, str, float]] = []
    for n, e in enumerate(reversed(memory.events_of(npc))):
        if n >= OWN_DEEDS_SCANNED:
            break
        fact = world.facts.get(e.fact_id) if e.fact_id and e.fact_id in world.facts else None
        if (fact is not None and fact.actor == npc and fact.kind == "happen" and not e.private
                and e.status == "active" and e.id not in skip):
            deeds.append((e.id, e.what, min(e.valence, fact.valence)))
    return deeds_asked_about(question, deeds, world.language) if deeds else []
