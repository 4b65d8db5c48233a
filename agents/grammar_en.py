"""A small English grammar for the offline voice: person, case, agreement, reported speech.

Memories are stored as log-like lines written from the holder's side ("Bram sent I the wrong
flour", 'I told Nell: "He was late again"'). Spoken aloud they need the right pronoun case, verb
agreement and reported rather than quoted speech, so a reply never nests quotation marks.
"""

from __future__ import annotations

import re

from townsfolk.memory.pronouns import EN_FINITE, past_form

# Words after which "I" still starts a clause (so it stays the subject): "Ann and I went".
_SUBJECT_LEAD = {
    "and", "but", "or", "so", "that", "when", "because", "if", "then", "as", "while", "before", "after",
    "until", "since", "where", "what", "who", "though", "although", "whether", "why", "how", "maybe",
    "think", "thought", "know", "knew", "hope", "guess", "say", "said", "says", "heard", "felt", "feel",
    "believe", "wish", "once", "unless", "whenever", "now", "yes", "no", "well", "oh",
    # "Ada thinks I stole something" (N-3): a verb of saying or thinking in the third person leads a clause too
    "thinks", "knows", "believes", "reckons", "claims", "swears", "suspects", "hopes", "feels", "fears", "guesses",
    "means", "figures", "supposes", "insists", "reckoned", "claimed", "swore", "suspected", "supposed", "insisted",
}
# "the thing I remember most" (N-20): an I with its own verb after it is a subject, whatever came before
_SUBJECT_VERBS = {
    "am", "was", "have", "had", "do", "did", "can", "could", "will", "would", "shall", "should", "must", "might", "may",
    "remember", "recall", "know", "knew", "think", "thought", "saw", "see", "heard", "hear", "said", "say", "told",
    "took", "take", "stole", "steal", "broke", "break", "made", "make", "gave", "give", "got", "get", "went", "go",
    "came", "come", "found", "find", "left", "kept", "lost", "like", "liked", "love", "loved", "want", "wanted",
    "need", "needed", "mean", "meant", "feel", "felt", "believe", "believed", "owe", "owed", "never", "always",
    "only", "just", "once", "still", "also", "really", "ever",
}
_I_AFTER_WORD = re.compile(r"\b([A-Za-z']+)([,;]?) I\b(?!')(?=\s+([A-Za-z']+))?")
_AGREEMENT = [
    (re.compile(r"\byou is\b"), "you are"), (re.compile(r"\byou was\b"), "you were"),
    (re.compile(r"\byou has\b"), "you have"), (re.compile(r"\byou does\b"), "you do"),
    (re.compile(r"\bYou is\b"), "You are"), (re.compile(r"\bYou was\b"), "You were"),
    (re.compile(r"\bI is\b"), "I am"), (re.compile(r"\bI has\b"), "I have"), (re.compile(r"\bI does\b"), "I do"),
    (re.compile(r"\bI's\b"), "my"), (re.compile(r"\bI thinks\b"), "I think"), (re.compile(r"\byou thinks\b"), "you think"),
    (re.compile(r"\bI says\b"), "I say"), (re.compile(r"\byou says\b"), "you say"),
    (re.compile(r"\bme am\b"), "I am"),
]


def fix_case(text: str) -> str:
    """'sent I' -> 'sent me', 'with I' -> 'with me', 'you is' -> 'you are'; subjects stay 'I'."""

    def repl(m: re.Match[str]) -> str:
        word, punct, after = m.group(1), m.group(2), m.group(3)
        if punct or word.lower() in _SUBJECT_LEAD or (after and (after.lower() in _SUBJECT_VERBS
                                                                 or after.lower() in EN_FINITE or past_form(after.lower()))):
            return m.group(0)
        return f"{word}{punct} me"

    text = _I_AFTER_WORD.sub(repl, text)
    for pattern, good in _AGREEMENT:
        text = pattern.sub(good, text)
    return text


def sentence(text: str) -> str:
    """Capitalised, with closing punctuation, no trailing spaces."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def clause(text: str) -> str:
    """A sentence made ready to follow 'that' / a comma: no closing stop, lower-case start
    unless it begins with a name or 'I'."""
    text = text.strip().rstrip(".!")
    if not text:
        return text
    first = text.split(" ", 1)[0]
    if first in ("I", "I'm", "I've", "I'd") or (first[:1].isupper() and first.lower() not in _COMMON_STARTS):
        return text
    return text[0].lower() + text[1:]


_COMMON_STARTS = {"the", "a", "an", "he", "she", "it", "they", "we", "you", "this", "that", "there", "his", "her",
                  "maybe", "perhaps", "someone", "everyone", "nobody", "today", "yesterday", "last", "our", "my",
                  "your", "their", "its", "what", "who", "how", "did", "do", "is", "was", "any", "some",
                  "according", "apparently", "well", "so", "word"}
_QUOTED = re.compile(r'\s*:?\s*"([^"]*)"')
_LEAD_PRONOUN = re.compile(r"^(He|She|They|he|she|they)\b")
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|I'd|I'll|me|my|mine|myself|we|our|us)\b")


def speaks_for_self(quote: str) -> bool:
    """Whether words are in their speaker's own person ("I think ..."): reported as they are, quoted,
    since their "I" is not the one retelling them."""
    return bool(_FIRST_PERSON.search(quote))


def first_sentence(text: str) -> str:
    parts = re.split(r"(?<=[.!?])\s+", text.strip())
    return parts[0] if parts else text


def reported(quote: str, *, subject_name: str | None = None) -> str:
    """A quotation as reported speech: the first sentence, a leading he/she named, no quote marks."""
    said = first_sentence(quote.replace('"', "").strip())
    if subject_name:
        said = _LEAD_PRONOUN.sub(subject_name, said, count=1)
    return clause(said)


def unquote(text: str) -> str:
    """'X told me: "Y"' -> 'X told me that Y'; any other quotation marks are dropped, and a mark
    that stood between two words leaves a space ('the loaf“tasted”of ash' -> 'the loaf tasted of
    ash', never 'loaftasted'). Only words after a colon or a verb of saying are reported speech: a
    word in scare quotes is no one's sentence."""

    def repl(m: re.Match[str]) -> str:
        if not (":" in m.group(0) or _SPEECH_LEAD.search(text[:m.start()])):
            return m.group(0)  # not someone's words: the marks go below, the words stay where they are
        after = " " if text[m.end():m.end() + 1].isalnum() else ""
        if speaks_for_self(m.group(1)):  # their "I" is not ours: said in their own words, quoted
            return f", \u2018{first_sentence(m.group(1).replace(chr(34), '').strip())}\u2019" + after
        return " that " + reported(m.group(1)) + after

    text = _QUOTED.sub(repl, text, count=1)
    text = _GLUED_MARK.sub(" ", text)
    return _MARK.sub("", text)


_SPEECH_LEAD = re.compile(r"\b(?:said|says|say|told(?: \w+)?|tells(?: \w+)?|asked(?: \w+)?|asks(?: \w+)?|"
                          r"answered(?: \w+)?|shouted|whispered|called out)\s*,?\s*$")
_GLUED_MARK = re.compile(r'(?<=[\w,.;!?])["“”]+(?=\w)|(?<=\w)["“”]+(?=[\w])')
_MARK = re.compile(r'["“”]')


def possessive(name: str) -> str:
    if name == "you":
        return "your"
    if name == "I":
        return "my"
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def is_reported(text: str) -> bool:
    """Whether a clause is itself someone's words ('Zhang said that ...')."""
    return bool(re.match(r"^\w+(?: \w+)? (?:said|says|told)\b", text))


def inner_quotes(text: str) -> str:
    """Double quotes inside a double-quoted line become single quotes: never "a "b"" nested."""
    if text.count('"') < 2:  # one quotation mark (or none) is left as it is
        return text
    out, depth, done = [], 0, 0  # only the quotation marks are looked at; the text between is copied
    i = text.find('"')
    while i >= 0:
        out.append(text[done:i])
        opening = i == 0 or text[i - 1] in " (:“'" or depth == 0
        if opening and not (depth > 0 and (i + 1 == len(text) or text[i + 1] in " .,;:)!?\"")):
            out.append('"' if depth == 0 else "‘")
            depth += 1
        else:
            depth = max(0, depth - 1)
            out.append('"' if depth == 0 else "’")
        done = i + 1
        i = text.find('"', done)
    out.append(text[done:])
    return "".join(out)


# a sentence's first word that is no name and not I: it runs on in lower case after "Like I said," or "But"
# ("Like I said, Things with Alan ...", "But When I ran into Agatha ...": newcomer K-51, K-22)
RUNS_ON = re.compile(r"(?:It|That|There|He|She|They|We|You|What|When|While|After|Before|Since|Once|Then|The|A|An|My|"
                      r"Our|His|Her|Their|This|These|Those|Today|Yesterday|Someone|Somebody|Nobody|Everyone|If|As|At|"
                      r"On|In|Things|Over|Nothing|Not|Everything|According|Word|Apparently)\b")


def run_on(text: str) -> str:
    """The sentence with its first word lower-cased when it runs on after a lead-in (never a name, never I)."""
    return text[:1].lower() + text[1:] if RUNS_ON.match(text) else text
