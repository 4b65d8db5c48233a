""""Your nephew", "你侄子", "your boss": the person a listener's own tie names, resolved to a character.

Asked "你侄子人怎么样？", the boatman must know the question is about 阿水 (role 船夫的侄子, family
to him), not about nobody. A word after "your" / "你(的)" names someone tied to the listener when
it is in that person's role (侄子 in 船夫的侄子, "apprentice" in "smith's apprentice") or is a word
for the kind of tie between them (a family word for family, 徒弟 / "pupil" for one the listener
mentors, 师父 / "master" for one who mentors the listener, "boss" for an owner or master).
"""

from __future__ import annotations

import re

from townsfolk.world.world import World

# words for what someone is to the listener, by tie kind; ("mentor", True): the listener mentors them
_KIN = {
    "zh": {"family": "家人|家里人|亲戚|侄子|侄女|外甥|儿子|女儿|孩子|闺女|老婆|媳妇|丈夫|老公|男人|哥哥|弟弟|姐姐|妹妹|哥|弟|姐|妹|"
                     "爹|娘|爸|妈|叔叔|伯伯|舅舅|姑姑|姨|孙子|孙女|兄弟",
           "romance": "对象|相好|心上人|恋人", "friend": "朋友|好友|伙伴|哥们|老友", "partner": "搭档|伙伴|合伙人",
           ("mentor", True): "徒弟|学生|弟子|学徒", ("mentor", False): "师父|师傅|老师|先生",
           "colleague": "同事|伙计|搭档", "neighbour": "邻居|街坊", "customer": "主顾|老主顾|客人", "rival": "对头|冤家",
           "boss": "老板|东家|掌柜|老大|头儿"},
    "en": {"family": "family|nephew|niece|son|daughter|boy|girl|kid|child|wife|husband|brother|sister|father|mother|"
                     "dad|mum|mom|uncle|aunt|cousin|grandson|granddaughter|folks",
           "romance": "sweetheart|beau|lover|girlfriend|boyfriend", "friend": "friend|pal|mate", "partner": "partner",
           ("mentor", True): "apprentice|pupil|student|prentice|boy|lad|girl|lass", ("mentor", False): "master|teacher|mentor",
           "colleague": "colleague|workmate|fellow worker", "neighbour": "neighbou?r", "customer": "customer|client",
           "rival": "rival", "boss": "boss|employer|master|gaffer|guv'?nor"},
}
_BOSS_ROLES = {"zh": re.compile(r"老板|东家|掌柜|店主|主人|头儿|管事"),
               "en": re.compile(r"\b(?:owner|master|boss|keeper|landlord|landlady|head|foreman|proprietor)\b", re.IGNORECASE)}
_YOUR = {"zh": re.compile(r"(?:你|您)(?:的|家的|家)?"), "en": re.compile(r"\byour\s+", re.IGNORECASE)}
_THE_YOUNG = re.compile(r"\bthe\s+(?=(?:boy|lad|girl|lass|apprentice|prentice|pupil)\b)", re.IGNORECASE)


_ANY_OF_YOURS = {lang: re.compile(("(?:你|您)(?:的|家的|家)?(?:" if lang == "zh" else r"\byour\s+(?:")
                                  + "|".join(sorted({w for body in words.values() for w in body.split("|")}, key=len,
                                                    reverse=True)) + (")" if lang == "zh" else r")\b"), re.IGNORECASE)
                 for lang, words in _KIN.items()}
THEM = {"zh": "他", "en": "them"}


def without_your_people(text: str, language: str) -> str:
    """The words with "你爹" / "your dad" (someone of the listener's, by a word of kin or tie) put as a third
    person, so the 你 in them accuses nobody: "你爹是不是骂二柱了？" asks after her father (newcomer K-6)."""
    lang = "zh" if language == "zh" else "en"
    return _ANY_OF_YOURS[lang].sub(THEM[lang], text)


def _words(kind: object, lang: str) -> re.Pattern[str] | None:
    body = _KIN[lang].get(kind)  # type: ignore[call-overload]
    return None if body is None else re.compile(rf"^(?:{body})" + ("" if lang == "zh" else r"\b"), re.IGNORECASE)


def _role_names(role: str, tail: str, lang: str) -> bool:
    """Whether the words after "your" begin with a word of the role (侄子 of 船夫的侄子; apprentice)."""
    if not role:
        return False
    if lang == "zh":
        nouns = [p for p in re.split(r"的|之", role) if p]
        return any(len(n) >= 2 and tail.startswith(n[-k:]) for n in nouns for k in range(min(len(n), 4), 1, -1))
    words = re.findall(r"[a-z][a-z'-]{2,}", role.lower())
    first = re.match(r"[a-z][a-z'-]*", tail.lower())
    return first is not None and any(first.group(0).rstrip("s") == w.rstrip("s") for w in words[-2:])


def your_people(world: World, listener: str, text: str) -> list[str]:
    """Characters that "your X" / "你X" in the text names among those tied to the listener (not
    players), in order of the words; the strongest tie when one word fits several."""
    lang = "zh" if world.language == "zh" else "en"
    if listener not in world.characters:
        return []
    out: list[str] = []
    # "You were too hard on the boy." to his master: the boy is the one the listener mentors (newcomer K-12)
    young = list(_THE_YOUNG.finditer(text)) if lang == "en" else []
    for m in sorted([*_YOUR[lang].finditer(text), *young], key=lambda m: m.start()):
        tail = text[m.end():m.end() + 16]
        if not tail:
            continue
        fits: list[tuple[int, float, str]] = []  # (role named first, tie strength, who)
        for edge in world.graph.neighbours(listener):
            other = world.characters.get(edge.target)
            kind = world.relation_kind(edge.kind)
            if other is None or other.is_player or kind is None or edge.target == listener:
                continue
            key: object = ("mentor", True) if edge.kind == "mentor" else edge.kind
            by_role = _role_names(other.role or "", tail, lang)
            by_kind = (rx := _words(key, lang)) is not None and bool(rx.match(tail))
            boss = _words("boss", lang)
            by_boss = boss is not None and bool(boss.match(tail)) and bool(_BOSS_ROLES[lang].search(other.role or ""))
            if by_role or by_kind or by_boss:
                fits.append((0 if by_role else 1, -edge.strength, edge.target))
        master, boss = _words(("mentor", False), lang), _words("boss", lang)
        over_me = master is not None and bool(master.match(tail))
        bossed = boss is not None and bool(boss.match(tail))
        if over_me or bossed:  # who mentors the listener ("your master" / 你师父) or is over them ("your boss")
            for edge in world.graph.edges_into([listener]):
                other = world.characters.get(edge.source)
                if other is None or other.is_player or world.relation_kind(edge.kind) is None:
                    continue
                if (over_me and edge.kind == "mentor") or (bossed and _BOSS_ROLES[lang].search(other.role or "")):
                    fits.append((1, -edge.strength, edge.source))
        # "你徒弟小满怎么样？" / "your apprentice Milo": the name said with the word is the one meant (apposition)
        appositive = [f for f in fits if (name := world.characters[f[2]].name)
                      and re.match(rf"^\W*\w{{0,4}}?\W*{re.escape(name)}" if lang == "zh"
                                   else rf"^\s*[a-z][a-z'-]*\s+{re.escape(name)}\b", tail, re.IGNORECASE)]
        if fits:
            who = min(appositive or fits)[2]
            if who not in out:
                out.append(who)
    return out



def named_as(text: str, language: str, role: str = "") -> str | None:
    """The word the question called someone by after "your" / "你" ("侄子", "nephew"), when it is a
    word of kin or of their role: the answer says it back ("阿水是我侄子", "Wat is my nephew")."""
    lang = "zh" if language == "zh" else "en"
    kin = _words("family", lang)
    for m in _YOUR[lang].finditer(text):
        tail = text[m.end():m.end() + 16]
        hit = kin.match(tail) if kin is not None else None
        if hit is not None:
            return hit.group(0)
        if _role_names(role, tail, lang):
            word = re.match(r"[\u4e00-\u9fff]{2}" if lang == "zh" else r"[a-z][a-z'-]*", tail, re.IGNORECASE)
            return word.group(0) if word else None
    return None
