"""A listener's own words said back to them: re-voiced, never parroted.

When an NPC recalls what the player told it ("You told me ..."), the player's "I" is now "you", their
"you" is the NPC ("I" / "me"), the confiding opener ("Between us,", "别告诉别人，") is dropped (it was
how they said it, not what they said), and the words run on as a clause (lower-case start, several
sentences joined), so the reply never reads "As you said, Between us, I carry letters...".
"""

from __future__ import annotations

import re

_EN_OPENER = re.compile(
    r"^\s*(?:(?:just\s+|strictly\s+)?between\s+(?:us|you\s+and\s+me|ourselves)|don'?t\s+tell\s+anyone|"
    r"keep\s+this\s+(?:to\s+yourself|between\s+us|between\s+you\s+and\s+me|quiet)|this\s+stays\s+between\s+us|in\s+confidence|off\s+the\s+record|"
    r"honestly|to\s+be\s+honest|frankly|truth\s+be\s+told|i'?ll\s+tell\s+you\s+a\s+secret|a\s+secret|"
    r"that'?s\s+not\s+true|that\s+isn'?t\s+true|not\s+true|that'?s\s+a\s+lie|that'?s\s+wrong|nonsense|no|"
    r"listen|look|you\s+know\s+what|(?:did|have)\s+you\s+heard?|guess\s+what|you'?ll\s+never\s+guess)"
    r"(?:\s*[,:;.!?-]+\s*(?:but\b)?|\s+but\b)\s*", re.IGNORECASE)
_ZH_OPENER = re.compile(r"^\s*(?:跟你说个秘密|告诉你个秘密|这话只跟你说|这事你别跟别人说|你别跟别人说|别告诉别人|别跟别人说|"
                        r"说实话|说真的|不瞒你说|我跟你说|偷偷告诉你|悄悄跟你说|咱俩之间说|只跟你讲|"
                        r"你听说了吗|你听说了没|你听说没有|你知道吗|你知道不|告诉你吧|你猜怎么着|不是真的|没有的事|不是这样的|瞎说|胡说)[，,：:。！!？?]?\s*")

# speaker's first person -> second person, and the NPC (their "you") -> first person; one pass, so
# nothing is swapped twice. "you" is "I" as a subject (start of a clause), "me" elsewhere.
_EN_SWAP = {"i": "you", "me": "you", "my": "your", "mine": "yours", "myself": "yourself", "i'm": "you're",
            "i've": "you've", "i'll": "you'll", "i'd": "you'd", "your": "my", "yours": "mine", "yourself": "myself",
            "you're": "I'm", "you've": "I've", "you'll": "I'll", "you'd": "I'd", "we": "we", "us": "us"}
_EN_WORD = re.compile(r"\b(?:i'm|i've|i'll|i'd|you're|you've|you'll|you'd|i|me|my|mine|myself|yours|yourself|your|you)"
                      r"\b(?:\s+(?:am|was|were|are)\b)?", re.IGNORECASE)
_SUBJECT_BEFORE = re.compile(r"(?:^|[,;.!?]\s*|\b(?:and|but|so|that|because|if|when|then|or)\s+)$", re.IGNORECASE)


def _en_swap(text: str) -> str:
    def repl(m: re.Match[str]) -> str:
        word, _, verb = m.group(0).partition(" ")
        low = word.lower()
        verb = verb.strip().lower()
        if low == "you":
            subject = bool(_SUBJECT_BEFORE.search(text[: m.start()])) or bool(verb)
            new = "I" if subject else "me"
        else:
            new = _EN_SWAP[low]
        if verb:  # agreement follows the new person: I was -> you were, you are -> I am
            person_i = new == "I"
            verb = {"am": "are", "are": "am" if person_i else "are", "was": "were" if not person_i else "was",
                    "were": "was" if person_i else "were"}.get(verb, verb)
            return f"{new} {verb}"
        return new

    return _EN_WORD.sub(repl, text)


def _zh_swap(text: str) -> str:
    return text.translate(str.maketrans({"我": "你", "你": "我"}))


def drop_opener(text: str, language: str) -> str:
    """The confiding opener cut off words already put in the NPC's person ("这事我别跟别人说，..."):
    the swap keeps the length, so a match on the swapped text cuts the same span."""
    if language == "zh":
        for probe in (text, _zh_swap(text)):
            m = _ZH_OPENER.match(probe)
            if m is not None and m.end() < len(text):
                return text[m.end():]
        return text
    m = _EN_OPENER.match(text)
    rest = text[m.end():] if m is not None and m.end() < len(text) else text
    return rest[0].lower() + rest[1:] if rest is not text and rest[:1].isupper() and not _is_name_start(rest) else rest


def revoiced(words: str, language: str) -> str:
    """The listener's words as the NPC says them back to the listener: a clause, in the NPC's person."""
    sentences = [s.strip() for s in re.split(r"(?<=[。！？!?.])\s*", words.strip()) if s.strip()]
    out = []
    for s in sentences:
        s = (_ZH_OPENER if language == "zh" else _EN_OPENER).sub("", s, count=1)
        if not s:
            continue
        if language == "zh":
            out.append(_zh_swap(s).rstrip("。！？!?"))
        else:
            s = _en_swap(s).rstrip(".!?")
            out.append(s[0].lower() + s[1:] if s[:1].isupper() and not s.startswith(("I ", "I'")) and
                       not _is_name_start(s) else s)
    return ("，" if language == "zh" else "; ").join(out)


def _is_name_start(s: str) -> bool:
    """A sentence beginning with a capitalised word that is not a common opener keeps its capital."""
    first = s.split(" ", 1)[0]
    return first[:1].isupper() and first.lower() not in _COMMON_STARTS


_COMMON_STARTS = {"he", "she", "they", "it", "we", "you", "the", "a", "an", "there", "this", "that", "these", "those",
                  "my", "your", "his", "her", "their", "our", "its", "some", "no", "yes", "and", "but", "so", "then",
                  "now", "today", "yesterday", "tomorrow", "last", "everyone", "nobody", "someone", "what", "when"}
