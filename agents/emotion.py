"""Emotion: how the player seems to feel this turn, on the same axes as NPC affect.

The reading uses valence, energy and dominance in [-1, 1] (see ``agents/affect.py``), so it can be
fed straight in as a stimulus, plus named labels (hurt, angry, anxious, ...) because the rules
downstream are about labels: hurt forces the relationship into repair, whatever the numbers say.

The heuristic is a zh+en lexicon with negation ("不开心" is not happy) and intensifiers ("太生气了"
counts more than "生气"); a model may read the emotion instead, validated, with the heuristic as
the fallback whenever its answer is unusable.
"""

from __future__ import annotations

import json
import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from townsfolk.agents.llm.protocol import Language, LLMProvider, LLMRequest, Message
from townsfolk.agents.llm.structured import complete_structured

EmotionLabel = Literal[
    "happy",
    "grateful",
    "affectionate",
    "playful",
    "neutral",
    "sad",
    "hurt",
    "disappointed",
    "angry",
    "anxious",
    "lonely",
    "tired",
]

# each label in Chinese, for a zh world's answers (an HTTP turn's "heard" said "neutral" beside "emotion": "平静")
LABELS_ZH: dict[str, str] = {"happy": "高兴", "grateful": "感激", "affectionate": "亲热", "playful": "逗趣", "neutral": "平静",
                             "sad": "难过", "hurt": "受伤", "disappointed": "失望", "angry": "生气", "anxious": "着急",
                             "lonely": "孤单", "tired": "疲惫"}

# Where each label sits in (valence, energy, dominance): the reading is a weighted mean of these.
PROTOTYPES: dict[str, tuple[float, float, float]] = {
    "happy": (0.7, 0.5, 0.3),
    "grateful": (0.6, 0.2, 0.0),
    "affectionate": (0.7, 0.3, 0.0),
    "playful": (0.5, 0.6, 0.3),
    "neutral": (0.0, 0.0, 0.0),
    "sad": (-0.6, -0.4, -0.4),
    "hurt": (-0.6, -0.1, -0.5),
    "disappointed": (-0.5, -0.2, -0.1),
    "angry": (-0.7, 0.7, 0.6),
    "anxious": (-0.5, 0.5, -0.5),
    "lonely": (-0.5, -0.4, -0.4),
    "tired": (-0.2, -0.7, -0.3),
}
NEGATIVE_LABELS: frozenset[str] = frozenset(
    {"sad", "hurt", "disappointed", "angry", "anxious", "lonely", "tired"}
)
HURT_LABELS: frozenset[str] = frozenset({"hurt", "disappointed"})  # hurt *by this relationship*


class EmotionReading(BaseModel):
    """The player's apparent emotion this turn; ``labels[0]`` is the strongest."""

    model_config = ConfigDict(frozen=True)

    valence: float = Field(0.0, ge=-1.0, le=1.0)
    energy: float = Field(0.0, ge=-1.0, le=1.0)
    dominance: float = Field(0.0, ge=-1.0, le=1.0)
    labels: list[EmotionLabel] = Field(default_factory=lambda: ["neutral"], min_length=1, max_length=4)
    confidence: float = Field(0.3, ge=0.0, le=1.0)

    @property
    def primary(self) -> str:
        return self.labels[0]

    def vector(self) -> tuple[float, float, float]:
        """(valence, energy, dominance): usable as an affect stimulus."""
        return (self.valence, self.energy, self.dominance)

    def has(self, *labels: str) -> bool:
        """True when any of ``labels`` was read."""
        return any(label in self.labels for label in labels)


NEUTRAL = EmotionReading()


def _rx(*parts: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in parts), re.IGNORECASE)


# Negated or softened phrases are read first and blanked out, so their words are not read again.
_NEGATED: list[tuple[re.Pattern[str], str | None]] = [
    (_rx(r"不(?:太|是很|怎么|够|大)?(?:开心|高兴|快乐)", r"\bnot (?:so |very |really |too )?(?:happy|glad|pleased)\b|\bunhappy\b"), "sad"),
    (_rx(r"不(?:太|怎么|大)?满意"), "disappointed"),
    (_rx(r"\bnot (?:bad|too bad)\b|还不错|不错"), "happy"),
    (
        _rx(
            r"没(?:有)?(?:那么|太)?(?:生气|担心|难过|不开心|事)|别(?:担心|生气|难过|害怕)|不(?:生气|难过|担心|害怕|累)(?:了)?",
            r"\bnot (?:angry|mad|upset|worried|sad|scared|tired)\b|\bdon'?t worry\b|\bno worries\b|\bnot a problem\b",
        ),
        None,
    ),
]

_LEXICON: list[tuple[re.Pattern[str], str]] = [
    (_rx(r"开心|高兴|快乐|太好了|真好|真棒|满意|幸福|耶|😊|😄|😀|🙂|😁",
         r"\b(?:happy|glad|great|awesome|wonderful|love it|yay|excited|delighted|fantastic|pleased)\b"), "happy"),
    (_rx(r"谢谢|感谢|多谢|辛苦(?:你)?了", r"\bthanks?\b|\bthank you\b|\bgrateful\b|\bappreciate\b"), "grateful"),
    (_rx(r"喜欢你|想你|爱你|抱抱|亲爱的|❤️|❤|😘|🥰",
         r"\b(?:miss you|love you|like you|hugs?|sweetheart|darling)\b"), "affectionate"),
    (_rx(r"哈{2,}|嘿嘿|嘻嘻|逗你|开玩笑|略略略|😂|🤣",
         r"\b(?:lol|lmao|ha(?:ha)+|hehe|jk|just kidding|teasing)\b"), "playful"),
    (_rx(r"难过|伤心|哭|失落|沮丧|郁闷|悲伤|心碎|😭|😢",
         r"\b(?:sad|crying|cried|depressed|miserable|heartbroken|down in the dumps|gloomy)\b"), "sad"),
    (_rx(r"心寒|委屈|寒心|你(?:都|根本|一点都)?不(?:在乎|关心)|被你(?:忽视|冷落|无视)|伤到我|伤了我的心|让我很受伤|受伤|你怎么能这样对我|(?:你|这)(?:太|真|很|好|这么|挺)?让我(?:很|太|好|这么|真|挺)?(?:伤心|难过|寒心)",
         r"\b(?:hurt|hurts|you hurt me|offended|you don'?t care|you ignored me|that stung|you forgot about me)\b"), "hurt"),
    (_rx(r"失望|白等|枉费|没想到你(?:会)?|你让我很?失望",
         r"\b(?:disappointed|disappointing|let me down|expected better|so much for)\b"), "disappointed"),
    (_rx(r"生气|气死|愤怒|火大|烦死|受够了|可恶|混蛋|骗子|过分|凭什么|讨厌|😡|🤬|😠",
         r"\b(?:angry|furious|mad at|pissed|annoyed|fed up|sick of|how dare|outrageous|hate)\b"), "angry"),
    (_rx(r"担心|焦虑|害怕|紧张|不安|心慌|慌了|怕|😰|😟|😨",
         r"\b(?:worried|worry|anxious|nervous|scared|afraid|panic(?:king)?|uneasy|terrified)\b"), "anxious"),
    (_rx(r"孤独|寂寞|没人陪|没人理|一个人好|孤单",
         r"\b(?:lonely|alone|no one|nobody cares|all by myself)\b"), "lonely"),
    (_rx(r"好累|累死|疲惫|困了|筋疲力尽|累了", r"\b(?:tired|exhausted|worn out|sleepy|drained)\b"), "tired"),
]

# An intensifier right before a cue ("太生气", "so hurt") makes it count more.
_INTENSIFIER = _rx(r"(?:很|太|非常|特别|超级?|真的?|好|\b(?:so|very|really|extremely|super|totally))\s*$")
_INTENSIFIED = 1.5
_LOOKBACK = 10  # characters before a hit looked at for an intensifier


def _hits(text: str) -> dict[str, float]:
    """Label -> summed weight of its cues in ``text`` (negated phrases first, then blanked)."""
    weights: dict[str, float] = {}
    masked = list(text)
    for pattern, label in _NEGATED:
        for m in pattern.finditer(text):
            if label is not None:
                weights[label] = weights.get(label, 0.0) + 1.0
            masked[m.start():m.end()] = " " * (m.end() - m.start())
    rest = "".join(masked)
    for pattern, label in _LEXICON:
        for m in pattern.finditer(rest):
            before = rest[max(0, m.start() - _LOOKBACK):m.start()]
            w = _INTENSIFIED if _INTENSIFIER.search(before) else 1.0
            weights[label] = weights.get(label, 0.0) + w
    return weights


def _clip(x: float) -> float:
    return max(-1.0, min(1.0, x))


def read_emotion(text: str, language: Language = "zh") -> EmotionReading:
    """The heuristic reading; neutral with low confidence when no cue is found.

    More (and intensified) cues give a stronger, surer reading; exclamation marks add energy.
    ``language`` is accepted for symmetry with the model variant; both lexicons always run.
    """
    del language
    weights = _hits(text)
    exclaim = min(3, text.count("!") + text.count("！"))
    if not weights:
        return EmotionReading(energy=0.1 * exclaim, labels=["neutral"], confidence=0.3)
    total = sum(weights.values())
    scale = min(1.0, 0.55 + 0.15 * total)
    mean = [sum(w * PROTOTYPES[k][axis] for k, w in weights.items()) / total for axis in range(3)]
    labels = sorted(weights, key=lambda k: (-weights[k], k))[:3]
    return EmotionReading(
        valence=_clip(scale * mean[0]),
        energy=_clip(scale * mean[1] + 0.1 * exclaim),
        dominance=_clip(scale * mean[2]),
        labels=labels,  # type: ignore[arg-type]
        confidence=min(0.9, 0.45 + 0.15 * total),
    )


def emotion_request(text: str, language: Language = "zh") -> LLMRequest:
    """The structured request asking a model to read the player's emotion (not to reply)."""
    system = (
        "You read how a player feels from one utterance to a townsperson. Do not reply to the "
        "player. Give valence (unpleasant -1 to pleasant 1), energy (flat -1 to lively 1), "
        "dominance (deferential -1 to assertive 1), up to three labels strongest first from: "
        f"{', '.join(PROTOTYPES)}, and your confidence from 0 to 1."
    )
    user = json.dumps({"language": language, "utterance": text}, ensure_ascii=False)
    return LLMRequest(
        task="emotion",
        language=language,
        messages=[Message(role="system", content=system), Message(role="user", content=user)],
        max_tokens=160,
    )


def read_emotion_with_model(
    provider: LLMProvider, text: str, language: Language = "zh"
) -> EmotionReading:
    """A model's reading when it gives a valid one, else :func:`read_emotion`."""
    reading, _ = complete_structured(provider, emotion_request(text, language), EmotionReading)
    return read_emotion(text, language) if reading is None else reading
