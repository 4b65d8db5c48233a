"""A persona, said by someone who knows the person: a clause, never the designer's note pasted in.

A scenario's persona is a note written for the model ("Suspicious, counts every sack.", "Has crossed
this river ten thousand times; trusts her eyes more than anyone's stories.", "心直口快，待人实在。").
Tacked onto "Tomas is a friend of mine" as it stands, it reads like a stage direction. Here it
becomes what a person would say: "he's suspicious and counts every sack" (a pronoun from the
persona's own words or role, else "they" with the verbs agreeing), "人心直口快，待人实在". Parts that
cannot be said as a clause (a sentence about someone else, words in the first or second person, a
bare noun list) are left out; when nothing is left, the persona is not said at all.
"""

from __future__ import annotations

import re

MAX_WORDS_EN = 14  # a clause a person says in passing, not a biography
MAX_CHARS_ZH = 16

_HE = re.compile(r"\b(?:he|him|his|himself)\b", re.IGNORECASE)
_SHE = re.compile(r"\b(?:she|her|hers|herself)\b", re.IGNORECASE)
_HE_ROLES = {"widower", "husband", "father", "brother", "son", "uncle", "grandfather", "landlord", "king", "monk",
             "boy", "man", "fisherman", "nephew", "groom", "priest", "lad"}
_SHE_ROLES = {"widow", "fishwife", "seamstress", "midwife", "wife", "mother", "sister", "daughter", "aunt",
              "grandmother", "landlady", "queen", "nun", "maid", "girl", "woman", "lady", "niece", "bride", "laundress"}
_NOT_VERBS = {"is", "was", "his", "this", "its", "as", "us", "yes", "less", "always", "sometimes", "perhaps",
              "towards", "afterwards", "nevertheless", "various", "famous"}
_ADVERBS = {"always", "never", "often", "rarely", "seldom", "still", "usually", "sometimes", "also", "only"}
_NOT_ADJECTIVE_START = {"a", "an", "the", "few", "many", "no", "some", "much", "every", "all", "what", "who",
                        "which", "whatever", "whoever", "he", "she", "they", "it", "there", "and", "but", "or"}
_FIRST_OR_SECOND = re.compile(r"\b(?:i|i'm|me|my|mine|we|our|us|you|your|yours)\b", re.IGNORECASE)
_AGENT_NOUN = re.compile(r"(?:er|or|ist|man|woman|hand|soul|sort|type|one)$")
_ZH_PRONOUN = re.compile(r"^[他她]")
_ZH_NOUN = re.compile(r"(?:兵|匠|夫|工|娘|婆|汉|人|头|子|生|师|客)$")
_ZH_NOT_TRAIT = re.compile(r"[0-9一二三四五六七八九十百几]+[年岁]|^在|^守|^修|^看|^天天|^每")


_ZH_SHE = re.compile(r"姑(?!爷)|婶|娘|嫂|姐|妹|婆|妈|女|她|夫人|太太|奶奶")
_ZH_HE = re.compile(r"叔|伯|爷|爹|爸|哥|兄|(?<!徒)弟|汉|郎|先生|公子|小子|和尚|男|他|夫(?!人)")


def pronoun_for(persona: str, role: str = "", declared: str = "") -> str:
    """he / she when the scenario declares it, or the persona's own words or the role say so; they otherwise."""
    if declared:
        return declared
    he, she = bool(_HE.search(persona)), bool(_SHE.search(persona))
    if he != she:
        return "he" if he else "she"
    words = set(re.findall(r"[a-z]+", role.lower()))
    words |= {"woman" for w in words if w.endswith(("woman", "mistress", "wife"))} | {
        "man" for w in words if w.endswith("man") and not w.endswith(("woman", "human"))}  # ferryman, schoolmistress
    if words & _HE_ROLES and not words & _SHE_ROLES:
        return "he"
    if words & _SHE_ROLES and not words & _HE_ROLES:
        return "she"
    return "they"


def pronoun_zh(name: str, role: str = "", persona: str = "", declared: str = "") -> str:
    """他 / 她 as the scenario declares it, or the name, role or persona say so (婶, 先生); "" when
    nothing does (a tie is then said without one: 小梅是我的朋友，为人勤快, never 他 of a woman)."""
    if declared:
        return {"he": "他", "she": "她"}.get(declared, "")
    words = name + role + persona
    she, he = bool(_ZH_SHE.search(words)), bool(_ZH_HE.search(words))
    return "她" if she and not he else "他" if he and not she else ""


def _is_verb(word: str) -> bool:
    """A third-person present verb ('counts', 'has', 'watches'), as personas begin their deeds."""
    w = word.lower()
    if w in ("has", "does", "cannot", "can", "will", "won't"):
        return True
    return (w.endswith("s") and len(w) > 3 and w not in _NOT_VERBS
            and not w.endswith(("ss", "ous", "us", "is", "ics")))


def _plural_verb(word: str) -> str:
    """'counts' -> 'count', 'has' -> 'have', 'watches' -> 'watch', 'carries' -> 'carry' (for 'they')."""
    w = word
    lower = w.lower()
    if lower == "has":
        return "have"
    if lower == "does":
        return "do"
    if lower in ("cannot", "can", "will", "won't") or not _is_verb(w):
        return w
    if lower.endswith("ies") and len(lower) > 4:
        return w[:-3] + "y"
    if lower.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        return w[:-2]
    return w[:-1]


def _agree(verb_part: str) -> str:
    """A verb phrase for 'they': its leading verb and any verb after 'and'/'but'/'or' agree."""
    words = verb_part.split()
    out = []
    for i, word in enumerate(words):
        lead = i == 0 or words[i - 1].lower() in ("and", "but", "or") or (
            i == 1 and words[0].lower() in _ADVERBS)
        out.append(_plural_verb(word) if lead and _is_verb(word) else word)
    return " ".join(out)


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _kind_en(part: str) -> str | None:
    """'verb', 'adjective' or 'noun' for one comma-separated piece of a persona; None: not sayable."""
    words = part.split()
    if not words or _FIRST_OR_SECOND.search(part):
        return None
    first = words[0].lower()
    if _is_verb(words[0]) or (first in _ADVERBS and len(words) > 1 and _is_verb(words[1])):
        return "verb"
    if first in ("a", "an"):
        return "noun"
    if first in _NOT_ADJECTIVE_START:
        return None
    return "adjective"


def persona_clause_en(persona: str, role: str = "", name: str = "", declared: str = "") -> str | None:
    """'Suspicious, counts every sack.' -> "he's suspicious and counts every sack" (None: nothing sayable).
    With the gender unknown, the name reads better than "they" ("Mara's sharp-tongued"), when given."""
    text = persona.strip().rstrip(".!")
    if not text:
        return None
    pronoun = pronoun_for(text, role, declared)
    by_name = pronoun == "they" and bool(name)
    adjectives: list[str] = []
    verbs: list[str] = []
    used = 0
    for chunk in re.split(r"\s*[;.!]\s*", text):
        for part in re.split(r",\s*(?:and\s+)?", chunk):
            part = part.strip()
            if verbs and part.lower().startswith(("then ", "but then ", "and then ")) and used + len(part.split()) <= MAX_WORDS_EN:
                # "grumbles, then forgets she did": one deed and what follows it, kept together and in order
                verbs[-1] += ", " + part[0].lower() + part[1:]
                used += len(part.split())
                continue
            kind = _kind_en(part)
            if kind is None:
                continue
            n = len(part.split())
            while used + n > MAX_WORDS_EN and " and " in part:  # "keeps the ledger ... and remembers ...": the first deed
                part = part.rsplit(" and ", 1)[0]
                n = len(part.split())
            if used + n > MAX_WORDS_EN:
                break
            lowered = part[0].lower() + part[1:]
            if kind == "verb":
                verbs.append(_agree(lowered) if pronoun == "they" and not by_name else lowered)
            elif kind == "noun":
                adjectives.append(lowered)
            else:
                words = lowered.split()
                if len(words) == 2 and _AGENT_NOUN.search(words[-1]):
                    lowered = ("an " if lowered[0] in "aeiou" else "a ") + lowered  # "early riser" -> "an early riser"
                adjectives.append(lowered)
            used += n
    if not adjectives and not verbs:
        return None
    # "Captain Hale's gruff and fair, and hates ...": a voice joining it to the name drops "Captain Hale's"
    # ("Captain Hale and I serve together, gruff and fair, and hates ...": a verb with no subject), so with a
    # deed the name says "is", and the clause stands as its own sentence
    be = (f"{name} is" if verbs else f"{name}'s") if by_name else {"he": "he's", "she": "she's", "they": "they're"}[pronoun]
    subject = name if by_name else pronoun
    if adjectives and verbs:
        return f"{be} {_join(adjectives)}, and {_join(verbs)}" if len(adjectives) > 1 else \
            f"{be} {adjectives[0]} and {_join(verbs)}"
    if adjectives:
        return f"{be} {_join(adjectives)}"
    return f"{subject} {_join(verbs)}"


def persona_clause_zh(persona: str) -> str | None:
    """'心直口快，待人实在。' -> '人心直口快，待人实在'; '修了三十年伞，话少手稳' -> '这人修了三十年伞，话少手稳'."""
    parts = [p.strip() for p in re.split(r"[，,；;。！!、]", persona.strip()) if p.strip()]
    parts = [p for p in parts if "我" not in p and "你" not in p]
    kept: list[str] = []
    for part in parts:
        if kept and sum(map(len, kept)) + len(part) > MAX_CHARS_ZH:
            break
        kept.append(part)
        if len(kept) == 3:
            break
    if not kept:
        return None
    said = "，".join(kept)
    if _ZH_PRONOUN.match(said):
        return said
    if said.startswith(("人缘", "人品", "人脉", "人高", "人长", "人老", "人家", "人人")):
        return "这人" + said  # 人缘好: this one's popularity, not 为人缘好
    if said.startswith(("为人", "人")):
        return said.removeprefix("为")  # 为人古板 / 人勤快: already said of a person (not 人为人古板)
    if _ZH_NOUN.search(kept[0]) and len(kept[0]) <= 5:
        return "这人是" + said  # 退伍老兵，话少 -> 这人是退伍老兵，话少
    if len(kept[0]) <= 4 and not _ZH_NOT_TRAIT.search(kept[0]):
        return "人" + said  # 人好动，爱问问题
    return "这人" + said


def persona_clause(persona: str | None, language: str, role: str = "", name: str = "",
                   pronoun: str = "") -> str | None:
    """The persona as a clause to follow a tie ("Tomas is a friend of mine; he's ..."), or None;
    `name` stands in for "they" when the persona and role give no gender; `pronoun` is the one the
    scenario declares."""
    if not persona or not persona.strip():
        return None
    return persona_clause_zh(persona) if language == "zh" else persona_clause_en(persona, role, name, pronoun)
