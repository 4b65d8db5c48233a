"""Structured claims: what a belief says, in a form code can compare, escalate and render.

A claim is about someone (whose deed or attitude), says something (a predicate from a small
inventory, each with a valence, a severity and an escalation ladder), may be done to someone (the
object), may be aimed at someone (an attitude toward a target), may be negated, hedged or
generalised, and may be said to come from someone. Free text is read into a claim by cue words at
word boundaries and, failing those, by meaning (memory/predicate_reader.py); with a model configured
the model may extract it instead (agents/claim_extractor.py), validated against this schema.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from townsfolk.memory.embeddings import Embedder
from townsfolk.memory.en_verbs import told_after_subject
from townsfolk.memory.generalised import habitual_en, habitual_zh
from townsfolk.memory.name_index import NameIndex
from townsfolk.memory.predicate_reader import read, read_by_cues
from townsfolk.memory.predicates import BLAMELESS_KINDS, BUILTIN, INVENTORY, PredicateSpec
from townsfolk.memory.pronouns import can_report_zh, follow_name, reported_zh

# The open inventory (memory/predicates.py): built-in predicates plus any a scenario declares.
Predicate = PredicateSpec
PREDICATES = INVENTORY
# predicates that say less than the words they were read from: a claim keeps and says its words
# ("小陶摔裂了一口大缸", never "小陶出了点岔子"); the reading still decides who is to blame (nobody)
OWN_WORDS = ("remark", "mishap")
# deeds whose label says less than the clause they were read from: "张嫂说小何故意抓错药" was told back as
# "张嫂说小何不老实", "Martha says Tom spoiled the dough" as "... spoiled someone's things". While a claim keeps
# those words (a faithful retelling does; one told harsher drops them) and they still read as its predicate,
# the words are said; without words (a seeded or escalated claim) the label is
DEED_WORDS = ("dishonest", "damaged", "careless", "theft")
# a theft's words say what was taken and from whom ("Tom stole Bram's nets" was told back "Tom stole something",
# 阿海偷了东西); said when they name no one as I or you, whose I or you they were being lost with the speaker
_PERSONAL = re.compile(r"[我你]|\b(?:i|me|my|mine|you|your|yours|we|us|our)\b", re.IGNORECASE)

# Retelling escalates along each predicate's ladder: a lateness becomes unreliability becomes dishonesty.
ESCALATION = {spec.key: spec.escalates_to or spec.key for spec in BUILTIN}

# the running world's inventory (memory/predicates.py `active`), read straight from it: a telling asks
# a claim's valence and blame several times, and going through `PREDICATES.get` (the proxy's
# `__getattr__`, reached only after a failed attribute lookup) cost more than the rest of the answer
_current_inventory = INVENTORY.current


class Claim(BaseModel):
    """What a belief asserts. `target` is set for attitudes: `about` thinks `target` <predicate>."""

    about: str
    predicate: str
    target: str | None = None
    severity: float = Field(ge=0.0, le=1.0)
    said_by: str | None = None
    quote: str | None = None  # the words actually spoken, when the claim comes from speech
    hedged: bool = False
    generalised: bool = False
    obj: str | None = None  # the one the deed was done to or for ("Pia gave Yara a jar": yara)
    negated: bool = False  # "he didn't steal anything": said, but says the opposite of the predicate
    tone: float | None = None  # the predicate's valence when read, so the claim keeps its meaning anywhere
    # Read by meaning (nearest examples), not by a cue word: the predicate is a guess, so the claim is
    # said in its own words until a retelling changes what it says (this records what was read).
    guessed: str | None = None

    @property
    def own_words(self) -> bool:
        """Whether to say the quote rather than the predicate: unread, negated, or a guess left as read."""
        if not self.quote or (self.is_attitude and not self.negated):  # "Pell never said Rowan…": only its words say it
            return False
        return (self.predicate in OWN_WORDS or self.negated
                or (self.guessed is not None and self.guessed == self.reading_signature()))

    def reading_signature(self) -> str:
        return f"{self.about}|{self.predicate}|{self.hedged}|{self.generalised}"

    @property
    def blames_subject(self) -> bool:
        """False for what merely happened to the subject (a fire, an illness, a wedding)."""
        spec = _current_inventory().specs.get(self.predicate)
        return spec is None or spec.kind not in BLAMELESS_KINDS  # PredicateSpec.blames_subject, inline

    @property
    def is_attitude(self) -> bool:
        return self.target is not None

    @property
    def valence(self) -> float:
        """How the claim colours whoever is responsible for it (negative = bad news)."""
        if self.negated:
            return 0.0
        spec = _current_inventory().specs.get(self.predicate)
        base = self.tone if self.tone is not None else (spec.valence if spec is not None else -self.severity)
        if base < 0 and spec is not None and spec.kind in BLAMELESS_KINDS:  # blames nobody: as it is
            return base
        if base < 0:
            worse = -base
            return -(worse if worse > self.severity else self.severity)  # -max(severity, -base), without the call
        return base

    def same_substance(self, other: Claim) -> bool:
        return (self.about, self.predicate, self.target) == (other.about, other.predicate, other.target)


def says_its_deed(claim: Claim) -> bool:
    """Whether the claim is told in its own words because its deed's label would lose them (DEED_WORDS)."""
    if claim.predicate not in DEED_WORDS or not claim.quote or claim.is_attitude or claim.negated:
        return False
    if claim.predicate == "theft" and _PERSONAL.search(claim.quote):
        return False
    reading = read_by_cues(claim.quote, _current_inventory())  # kept per text: a telling asks again
    return reading is not None and reading.key == claim.predicate


def as_predicate(claim: Claim, key: str) -> Claim:
    """The claim read as `key`: the designer's `predicate:` on an event says what its text means, so
    "{actor} left a frayed rope on the trapeze rig" is `careless` without a cue word written into it
    (which the actor then said of himself). Severity keeps what the words added ("again")."""
    if claim.predicate == key and not claim.negated:
        return claim
    pred = PREDICATES[key]
    added = max(0.0, claim.severity - PREDICATES.get(claim.predicate, pred).severity)
    return claim.model_copy(update={"predicate": key, "severity": round(min(1.0, pred.severity + added), 4),
                                    "tone": pred.valence, "negated": False, "guessed": None})


def read_predicate(text: str, *, embedder: Embedder | None = None) -> str:
    """The predicate a sentence expresses (zh or en): cue words at word boundaries, then meaning."""
    return read(text, embedder=embedder).key


REPEAT_EN = re.compile(r"\b(?:again|always)\b")
ALWAYS_EN = re.compile(r"\b(?:always)\b")
HEDGE_EN = re.compile(r"\b(?:maybe|perhaps|i think)\b")


def claim_from_text(text: str, *, about: str | None, said_by: str | None = None, obj: str | None = None,
                    embedder: Embedder | None = None, names: NameIndex | None = None) -> Claim:
    """Read spoken or described text into a claim about someone (`names`: the world's name index,
    so its meaning is read with names as pronouns, predicate_reader.read)."""
    reading = read(text, embedder=embedder, names=names)
    pred = PREDICATES[reading.key]
    lowered = text.lower()
    repeated = any(w in text for w in ("又", "总是", "老是")) or bool(REPEAT_EN.search(lowered))
    generalised = any(w in text for w in ("总是", "老是", "一向")) or bool(ALWAYS_EN.search(lowered))
    hedged = any(w in text for w in ("好像", "可能", "也许")) or bool(HEDGE_EN.search(lowered))
    # a wrong with its amends refused beside it is colder ("ruined it and never said sorry")
    severity = min(1.0, pred.severity + (0.1 if repeated else 0.0) + (0.1 if reading.cold else 0.0))
    claim = Claim(about=about or "", predicate=reading.key, severity=severity, said_by=said_by, quote=text,
                  hedged=hedged, generalised=generalised, obj=obj, negated=reading.negated, tone=pred.valence)
    if reading.via == "meaning":
        claim.guessed = claim.reading_signature()
    return claim


def render_claim(claim: Claim, names: dict[str, str], language: str, *,
                 listener: str | None = None, speaker: str | None = None) -> str:
    """Say a claim in words. The listener becomes 'you' / '你', the speaker 'I' / '我'."""

    def who(cid: str | None) -> str:
        if cid is None:
            return ""
        if cid == listener:
            return "你" if language == "zh" else "you"
        if cid == speaker:
            return "我" if language == "zh" else ("I" if cid in (claim.about, claim.said_by) else "me")
        return names.get(cid, cid)

    pred = PREDICATES.get(claim.predicate, PREDICATES["remark"])
    if claim.own_words or says_its_deed(claim):
        # nothing the lexicon can name, or less than the words said: keep the words themselves
        if claim.said_by and claim.said_by != claim.about:
            if language == "zh" and claim.said_by != speaker and can_report_zh(claim.quote):
                said_by = who(claim.said_by)  # their 我 is not ours
                reported = reported_zh(claim.quote, name=said_by)
                heard = names.get(listener or "", "")
                if heard and heard in reported and heard != said_by:  # told to 阿虎, 阿虎 is 你 (小翠说你把…弄坏了)
                    reported = follow_name(reported, heard, "你", "zh")
                return f"{said_by}说{reported}"
            return (f"{who(claim.said_by)}说：“{claim.quote}”" if language == "zh"
                    else f'{who(claim.said_by)} says: "{claim.quote}"')
        # words kept with the holder's name in them ("老陈好像在生阿海的气") are said by 阿海 as 我
        me = names.get(speaker or "", "")
        return follow_name(claim.quote, me, "我" if language == "zh" else "I", language) if me else claim.quote
    if language == "zh":
        core = habitual_zh(pred.key, pred.zh) if claim.generalised else pred.zh
        if claim.is_attitude:
            text = f"{who(claim.about)}嫌{who(claim.target)}{core}"
        else:
            text = f"{who(claim.about)}{core}"
        if claim.hedged:
            text = "好像" + text
        if claim.said_by and claim.said_by != claim.about:
            text = f"{who(claim.said_by)}说{text}"
        return text
    core = habitual_en(pred.key, pred.en) if claim.generalised else told_after_subject(pred.en, pred.kind)
    if claim.is_attitude:
        verb = "think" if claim.about == listener else "thinks"
        target = who(claim.target)
        core_t = core.replace("is ", "").replace("was ", "")
        be = "are" if claim.target == listener else "am" if claim.target == speaker else "is"
        if not core.startswith(("is ", "was ", "can ")):  # a deed: "thinks Tomas stole something", not "is stole"
            be, core_t = "", core
        target = "I" if claim.target == speaker else target
        text = " ".join(w for w in (who(claim.about), verb, target, be, core_t) if w)
    else:
        text = f"{who(claim.about)} {core}"
        text = (text.replace("you is", "you are").replace("you was", "you were")
                .replace("I is", "I am").replace("I was", "I was"))
    if claim.hedged:
        text = "maybe " + text
    if claim.said_by and claim.said_by != claim.about:
        text = f"{who(claim.said_by)} says {text}"
    return text
