"""Structured claims: what a belief says, in a form code can compare, escalate and render.

A claim is about someone (whose deed or attitude), says something (a predicate from a small
ladder of severity), may be aimed at someone (an attitude toward a target) and may be said to come
from someone. Free text from a scenario is read into a claim with a small bilingual lexicon.
"""

from __future__ import annotations

from pydantic import BaseModel, Field


class Predicate(BaseModel):
    """One thing a claim can say, with its words in both languages and how bad it is."""

    key: str
    zh: str
    en: str
    severity: float
    valence: float  # how it colours the subject: negative for complaints, positive for praise
    zh_cues: tuple[str, ...] = ()
    en_cues: tuple[str, ...] = ()


PREDICATES: dict[str, Predicate] = {
    p.key: p
    for p in [
        Predicate(key="late", zh="迟到", en="was late", severity=0.2, valence=-0.2,
                  zh_cues=("迟到", "晚到", "来晚", "晚了"), en_cues=("late", "delay")),
        Predicate(key="careless", zh="马虎", en="is careless", severity=0.35, valence=-0.35,
                  zh_cues=("马虎", "粗心", "弄错"), en_cues=("careless", "sloppy", "mistake")),
        Predicate(key="unreliable", zh="不靠谱", en="is unreliable", severity=0.6, valence=-0.6,
                  zh_cues=("不靠谱", "靠不住", "不守时", "没法信任"),
                  en_cues=("unreliable", "can't be trusted", "cannot be trusted", "untrustworthy")),
        Predicate(key="dishonest", zh="不老实", en="is dishonest", severity=0.85, valence=-0.85,
                  zh_cues=("不老实", "骗", "坑人", "偷"), en_cues=("dishonest", "cheat", "lie", "steal")),
        Predicate(key="rude", zh="没礼貌", en="was rude", severity=0.4, valence=-0.4,
                  zh_cues=("没礼貌", "凶", "吵"), en_cues=("rude", "shout", "yell", "quarrel")),
        Predicate(key="helpful", zh="帮了忙", en="helped out", severity=0.0, valence=0.5,
                  zh_cues=("帮", "照顾", "看店"), en_cues=("help", "minded", "looked after")),
        Predicate(key="kind", zh="人很好", en="is kind", severity=0.0, valence=0.6,
                  zh_cues=("好人", "热心", "善良", "可靠"), en_cues=("kind", "generous", "reliable")),
        Predicate(key="remark", zh="说了几句", en="made a remark", severity=0.1, valence=-0.05),
    ]
}

# Retelling escalates along this ladder: a lateness becomes unreliability becomes dishonesty.
ESCALATION = {"remark": "careless", "late": "unreliable", "careless": "unreliable",
              "rude": "unreliable", "unreliable": "dishonest", "dishonest": "dishonest"}


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

    @property
    def is_attitude(self) -> bool:
        return self.target is not None

    @property
    def valence(self) -> float:
        """How the claim colours whoever is responsible for it (negative = bad news)."""
        base = PREDICATES[self.predicate].valence if self.predicate in PREDICATES else -self.severity
        if base < 0:
            return -max(self.severity, -base)
        return base

    def same_substance(self, other: Claim) -> bool:
        return (self.about, self.predicate, self.target) == (other.about, other.predicate, other.target)


def read_predicate(text: str) -> str:
    """Find the predicate a sentence expresses (zh or en), most severe cue first; 'remark' if none."""
    lowered = text.lower()
    for p in sorted(PREDICATES.values(), key=lambda p: -abs(p.valence)):
        if any(cue in text for cue in p.zh_cues) or any(cue in lowered for cue in p.en_cues):
            return p.key
    return "remark"


def claim_from_text(text: str, *, about: str, said_by: str | None = None) -> Claim:
    """Read spoken or described text into a claim about someone."""
    key = read_predicate(text)
    pred = PREDICATES[key]
    repeated = any(w in text.lower() for w in ("又", "总是", "老是", "again", "always"))
    generalised = any(w in text.lower() for w in ("总是", "老是", "一向", "always"))
    hedged = any(w in text.lower() for w in ("好像", "可能", "也许", "maybe", "perhaps", "i think"))
    severity = min(1.0, pred.severity + (0.1 if repeated else 0.0))
    return Claim(about=about, predicate=key, severity=severity, said_by=said_by, quote=text,
                 hedged=hedged, generalised=generalised)


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
    if claim.predicate == "remark" and claim.quote and not claim.is_attitude:
        # nothing the lexicon can name: keep the words themselves
        if claim.said_by and claim.said_by != claim.about:
            return (f"{who(claim.said_by)}说：“{claim.quote}”" if language == "zh"
                    else f'{who(claim.said_by)} says: "{claim.quote}"')
        return claim.quote
    if language == "zh":
        core = pred.zh
        if claim.generalised and claim.predicate == "late":
            core = "总是迟到"
        elif claim.generalised:
            core = "一向" + core
        if claim.is_attitude:
            text = f"{who(claim.about)}嫌{who(claim.target)}{core}"
        else:
            text = f"{who(claim.about)}{core}"
        if claim.hedged:
            text = "好像" + text
        if claim.said_by and claim.said_by != claim.about:
            text = f"{who(claim.said_by)}说{text}"
        return text
    core = pred.en
    if claim.generalised:
        verb, _, rest = core.partition(" ")
        core = f"is always {rest}" if verb in ("is", "was") else f"always {core}"
    if claim.is_attitude:
        verb = "think" if claim.about == listener else "thinks"
        target = who(claim.target)
        core_t = core.replace("is ", "").replace("was ", "")
        be = "are" if claim.target == listener else "am" if claim.target == speaker else "is"
        target = "I" if claim.target == speaker else target
        text = f"{who(claim.about)} {verb} {target} {be} {core_t}"
    else:
        text = f"{who(claim.about)} {core}"
        text = (text.replace("you is", "you are").replace("you was", "you were")
                .replace("I is", "I am").replace("I was", "I was"))
    if claim.hedged:
        text = "maybe " + text
    if claim.said_by and claim.said_by != claim.about:
        text = f"{who(claim.said_by)} says {text}"
    return text
