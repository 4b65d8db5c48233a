"""One trigger path for every reason an NPC might speak, through a two-level gate.

Being addressed, noticing something nearby, a periodic drive tick, wanting to reconnect with someone
who went quiet and following up an ignored question all go through the *same* decision code; only
the context handed to the model differs (full conversation for events, a light summary for
proactive triggers). That keeps one place to tune and one shape of record for "why did it (not)
speak".

- Level 1 is a cheap local heuristic (no model call): timing, politeness, the silence budget, cold
  start, mood. It runs vectorised over a whole village (:func:`level1_batch`), so NPCs it rejects
  cost nothing.
- Level 2 asks the model whether to speak and to whom, with a deterministic offline fallback, so a
  run without a model (or with a failing one) still decides.

Every decision is a :class:`GateDecision` snapshot (JSON-serialisable, self-describing) to be stored
and listed later. Everything is pure: time comes in on the trigger, there is no wall clock and no
randomness.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike
from pydantic import BaseModel, ConfigDict, Field

from townsfolk.agents.affect import AXES, effects
from townsfolk.agents.bond_axes import BondAxes
from townsfolk.agents.cold_start import initiative_penalty
from townsfolk.agents.llm.protocol import (
    GroundingItem,
    Language,
    LLMProvider,
    LLMRequest,
    LLMResponse,
)
from townsfolk.agents.llm.structured import complete_structured, parse_answer, repair_request

TriggerKind = Literal["addressed", "nearby_event", "drive_tick", "reconnect", "follow_up"]
KINDS: tuple[TriggerKind, ...] = ("addressed", "nearby_event", "drive_tick", "reconnect", "follow_up")
KIND_CODES: dict[str, int] = {k: i for i, k in enumerate(KINDS)}
EVENT_KINDS: frozenset[str] = frozenset({"addressed", "nearby_event"})
"""Triggers caused by something happening now; the others are the NPC's own initiative."""

Outcome = Literal["pass", "hold", "defer"]
PASS, HOLD, DEFER = 0, 1, 2
OUTCOME_CODES: dict[str, int] = {"pass": PASS, "hold": HOLD, "defer": DEFER}

# Level-1 reason codes (stable strings: stored in snapshots, filtered by the decisions listing).
R_ADDRESSED = "addressed"
R_RATE_LIMITED = "rate_limited"
R_PLAYER_SPEAKING = "player_speaking"
R_BUDGET_EXHAUSTED = "budget_exhausted"
R_COLD_START = "cold_start"
R_ABOVE = "above_threshold"
R_BELOW = "below_threshold"


class Trigger(BaseModel):
    """Something that might make ``npc`` speak at ``at``.

    ``from_whom`` is who the trigger concerns: the speaker for ``addressed``, the actor of a
    ``nearby_event``, the person who went quiet for ``reconnect``, the one who did not answer for
    ``follow_up``; None for a plain drive tick. ``salience`` in [0, 1] is how much it calls for a
    reaction (event importance, drive strength, reconnect urge).
    """

    model_config = ConfigDict(frozen=True)

    kind: TriggerKind
    npc: str
    at: datetime
    place: str | None = None
    conversation: str | None = None
    from_whom: str | None = None
    salience: float = Field(0.5, ge=0.0, le=1.0)
    message_id: str | None = None  # the message that addressed the NPC or is being followed up


def context_mode(kind: str) -> Literal["full", "light"]:
    """Which context to hand level 2: the whole conversation for events, a light summary otherwise.

    The decision logic never branches on this; only what the caller gathers for the prompt does.
    """
    return "full" if kind in EVENT_KINDS else "light"


class AffectReading(BaseModel):
    """The NPC's fast affect as the gate saw it: the three axes and the threshold offset they give."""

    model_config = ConfigDict(frozen=True)

    valence: float = Field(0.0, ge=-1.0, le=1.0)
    energy: float = Field(0.0, ge=-1.0, le=1.0)
    dominance: float = Field(0.0, ge=-1.0, le=1.0)
    gate_threshold_offset: float = 0.0

    @classmethod
    def from_state(cls, state: ArrayLike) -> AffectReading:
        """Read a (3,) affect vector through :func:`agents.affect.effects`, the one mood mapping."""
        vec = np.clip(np.asarray(state, dtype=float).reshape(3), -1.0, 1.0)
        offset = float(effects(vec[None, :])["gate_threshold_offset"][0])
        return cls(**dict(zip(AXES, map(float, vec), strict=True)), gate_threshold_offset=offset)


class GateParams(BaseModel):
    """Level-1 thresholds and weights, and the level-2 fallback's bar.

    Defaults lean quiet: between missing a moment and chattering, the quieter mistake is cheaper.
    """

    model_config = ConfigDict(frozen=True)

    thresholds: dict[str, float] = Field(
        default_factory=lambda: {
            "nearby_event": 0.55,  # only clearly notable events draw a remark
            "drive_tick": 0.70,  # speaking out of nowhere needs a strong drive
            "reconnect": 0.50,  # the urge already encodes days of silence and a real bond
            "follow_up": 0.40,  # already capped at one per message; mostly let it through
        }
    )
    bond_weight: float = Field(0.3, ge=0.0)  # how much liking the person adds to the score
    cold_start_span: float = Field(0.5, ge=0.0)  # threshold rise for a complete stranger
    room_salience: float = Field(0.6, ge=0.0, le=1.0)  # fallback: remark to the room above this
    min_target_pull: float = -0.1  # fallback: do not seek out someone one dislikes or is at odds with

    def threshold(self, kind: str) -> float:
        """The base threshold of a non-addressed trigger kind."""
        return self.thresholds[kind]


DEFAULT_PARAMS = GateParams()


def bond_pull(axes: ArrayLike | BondAxes) -> float | np.ndarray:
    """How much an NPC is drawn to talk to someone, in [-1, 1], from (familiarity, trust, affinity, tension).

    Liking dominates, familiarity helps, tension repels; trust is left to disclosure, not to
    whether one speaks at all. Takes one :class:`BondAxes` or an (..., 4) array.
    """
    arr = axes.as_array() if isinstance(axes, BondAxes) else np.asarray(axes, dtype=float)
    fam, aff, ten = arr[..., 0], arr[..., 2], arr[..., 3]
    out = np.clip(0.5 * fam + (aff - 0.5) - 0.5 * ten, -1.0, 1.0)
    return float(out) if out.ndim == 0 else out


class GateInputs(BaseModel):
    """What level 1 reads about the NPC at the trigger's moment (gathered by the caller).

    ``budget_tokens`` is the tightest of the place and conversation silence budgets
    (:meth:`agents.silence_budget.SilenceBudget.remaining`); ``bonds`` are the NPC's bond axes toward
    the candidate targets; ``unlock`` is the cold-start level (:func:`agents.cold_start.unlock_level`);
    ``min_interval_s`` is the rate limit: the shortest gap between two lines of the same NPC.
    """

    model_config = ConfigDict(frozen=True)

    affect: AffectReading = AffectReading()
    budget_tokens: float = Field(1.0, ge=0.0)
    budget_cost: float = Field(1.0, ge=0.0)
    bonds: dict[str, BondAxes] = Field(default_factory=dict)
    unlock: float = Field(1.0, ge=0.0, le=1.0)
    player_speaking: bool = False
    last_spoke_at: datetime | None = None
    min_interval_s: float = Field(5.0, ge=0.0)  # a few simulated seconds: about one spoken line
    # a player addressed the NPC and is owed an answer: the rate limit spaces the NPC's own lines,
    # it never swallows a player's turn (several players at one NPC in one tick are each answered)
    answer_owed: bool = False


def seconds_since_spoke(trigger: Trigger, inputs: GateInputs) -> float:
    """Simulated seconds since the NPC last spoke (inf if never): the rate limit's clock."""
    if inputs.last_spoke_at is None:
        return float("inf")
    return (trigger.at - inputs.last_spoke_at).total_seconds()


def best_bond_pull(trigger: Trigger, inputs: GateInputs) -> float:
    """The pull toward the trigger's person if known, else toward the best candidate, else 0."""
    if trigger.from_whom is not None and trigger.from_whom in inputs.bonds:
        return float(bond_pull(inputs.bonds[trigger.from_whom]))
    if not inputs.bonds:
        return 0.0
    return max(float(bond_pull(b)) for b in inputs.bonds.values())


class Level1Verdict(BaseModel):
    """Level 1's answer: pass (go to level 2), hold (stay silent) or defer (look again next tick).

    ``reasons`` are stable codes (see the ``R_*`` constants); ``parts`` break score and threshold
    down so a stored snapshot explains itself without the code that produced it.
    """

    model_config = ConfigDict(frozen=True)

    outcome: Outcome
    reasons: list[str]
    score: float | None = None
    threshold: float | None = None
    parts: dict[str, float] = Field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return self.outcome == "pass"


def _score_and_threshold(
    salience: ArrayLike,
    pull: ArrayLike,
    base: ArrayLike,
    offset: ArrayLike,
    unlock: ArrayLike,
    params: GateParams,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Score, threshold and cold-start penalty; shared by :func:`level1` and :func:`level1_batch`."""
    penalty = np.asarray(initiative_penalty(unlock, params.cold_start_span), dtype=float)
    score = np.asarray(salience, dtype=float) + params.bond_weight * np.asarray(pull, dtype=float)
    threshold = np.asarray(base, dtype=float) + np.asarray(offset, dtype=float) + penalty
    return score, threshold, penalty


def level1(trigger: Trigger, inputs: GateInputs, params: GateParams = DEFAULT_PARAMS) -> Level1Verdict:
    """The cheap local gate; never calls a model.

    In order of precedence: an NPC never talks over a player who is speaking (defer to the next
    tick); a rate-limited NPC holds; being addressed then always passes (neither budget, cold start
    nor mood may make an NPC ignore someone); otherwise an exhausted silence budget holds, and the
    score (salience plus bond pull) must reach the threshold (base for the kind, plus mood offset,
    plus cold-start penalty).
    """
    reasons: list[str] = []
    if inputs.player_speaking:
        reasons.append(R_PLAYER_SPEAKING)
    if seconds_since_spoke(trigger, inputs) < inputs.min_interval_s:
        reasons.append(R_RATE_LIMITED)

    if trigger.kind == "addressed":
        reasons.append(R_ADDRESSED)
        limited = R_RATE_LIMITED in reasons and not inputs.answer_owed
        outcome: Outcome = "defer" if inputs.player_speaking else "hold" if limited else "pass"
        return Level1Verdict(outcome=outcome, reasons=reasons)

    pull = best_bond_pull(trigger, inputs)
    score_a, threshold_a, penalty_a = _score_and_threshold(
        trigger.salience,
        pull,
        params.threshold(trigger.kind),
        inputs.affect.gate_threshold_offset,
        inputs.unlock,
        params,
    )
    score, threshold, penalty = float(score_a), float(threshold_a), float(penalty_a)
    if inputs.budget_tokens < inputs.budget_cost:
        reasons.append(R_BUDGET_EXHAUSTED)
    if penalty > 0:
        reasons.append(R_COLD_START)
    reasons.append(R_ABOVE if score >= threshold else R_BELOW)

    if inputs.player_speaking:
        outcome = "defer"
    elif {R_RATE_LIMITED, R_BUDGET_EXHAUSTED, R_BELOW} & set(reasons):
        outcome = "hold"
    else:
        outcome = "pass"
    parts = {
        "salience": trigger.salience,
        "bond": params.bond_weight * pull,
        "base": params.threshold(trigger.kind),
        "affect": inputs.affect.gate_threshold_offset,
        "cold_start": penalty,
        "budget_tokens": inputs.budget_tokens,
    }
    return Level1Verdict(
        outcome=outcome, reasons=reasons, score=score, threshold=threshold, parts=parts
    )


def level1_outcomes(
    kind: str | ArrayLike,
    salience: ArrayLike,
    affect_offset: ArrayLike,
    budget_tokens: ArrayLike,
    unlock: ArrayLike,
    player_speaking: ArrayLike,
    since_spoke_s: ArrayLike,
    min_interval_s: ArrayLike,
    pull: ArrayLike,
    budget_cost: ArrayLike = 1.0,
    params: GateParams = DEFAULT_PARAMS,
) -> np.ndarray:
    """Level 1 for many NPCs at once: an int8 array of PASS / HOLD / DEFER, same rules as :func:`level1`.

    ``kind`` is one kind name for all (a drive tick) or an int array of ``KIND_CODES``;
    ``since_spoke_s`` uses ``inf`` for "never spoke"; ``pull`` is each NPC's best bond pull
    (:func:`bond_pull` on an (N, 4) array, then a max over candidates). All arrays broadcast.
    """
    if isinstance(kind, str):
        codes = np.asarray(KIND_CODES[kind])
    else:
        codes = np.asarray(kind, dtype=np.int64)
        if np.any((codes < 0) | (codes >= len(KINDS))):
            raise ValueError(f"kind codes must be in [0, {len(KINDS)})")
    # Thresholds by kind code; "addressed" gets 0 (it never reads the threshold).
    table = np.array([0.0] + [params.threshold(k) for k in KINDS[1:]])
    base = table[codes]
    score, threshold, _ = _score_and_threshold(
        salience, pull, base, affect_offset, unlock, params
    )
    speaking = np.asarray(player_speaking, dtype=bool)
    limited = np.asarray(since_spoke_s, dtype=float) < np.asarray(min_interval_s, dtype=float)
    exhausted = np.asarray(budget_tokens, dtype=float) < np.asarray(budget_cost, dtype=float)
    addressed = codes == KIND_CODES["addressed"]
    passes = ~limited & (addressed | (~exhausted & (score >= threshold)))
    shape = np.broadcast_shapes(
        speaking.shape, limited.shape, exhausted.shape, score.shape, threshold.shape, codes.shape
    )
    out = np.full(shape, HOLD, dtype=np.int8)
    out[np.broadcast_to(passes, shape)] = PASS
    out[np.broadcast_to(speaking, shape)] = DEFER
    return out


def level1_batch(
    kind: str | ArrayLike,
    salience: ArrayLike,
    affect_offset: ArrayLike,
    budget_tokens: ArrayLike,
    unlock: ArrayLike,
    player_speaking: ArrayLike,
    since_spoke_s: ArrayLike,
    min_interval_s: ArrayLike,
    pull: ArrayLike,
    budget_cost: ArrayLike = 1.0,
    params: GateParams = DEFAULT_PARAMS,
) -> np.ndarray:
    """Which NPCs pass level 1 (bool array): only these go on to a model call in level 2."""
    return (
        level1_outcomes(
            kind,
            salience,
            affect_offset,
            budget_tokens,
            unlock,
            player_speaking,
            since_spoke_s,
            min_interval_s,
            pull,
            budget_cost,
            params,
        )
        == PASS
    )


class Candidate(BaseModel):
    """Someone the NPC could speak to, with the bond it has toward them and an optional note."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str = ""
    bond: BondAxes = BondAxes()
    note: str = ""


class Level2Answer(BaseModel):
    """The JSON the model is asked for: speak or not, to whom (a candidate id, or null for the room), why."""

    speak: bool
    to: str | None = None
    why: str = ""


class Level2Verdict(BaseModel):
    """Level 2's decision and where it came from.

    ``source`` is ``rule`` (addressed: always answered, no call), ``model``, or ``heuristic`` (no
    provider, or the model failed or named someone who is not there; ``fallback_reason`` says which).
    """

    model_config = ConfigDict(frozen=True)

    speak: bool
    to: str | None = None
    why: str = ""
    source: Literal["rule", "model", "heuristic"]
    fallback_reason: str | None = None
    model_calls: int = 0


def _describe_bond(b: BondAxes) -> str:
    """Words, not numbers, so the prompt never teaches the model to talk in scores."""
    fam = "a stranger" if b.familiarity < 0.2 else "an acquaintance" if b.familiarity < 0.6 else "well known"
    liking = "disliked" if b.affinity < 0.4 else "liked" if b.affinity > 0.6 else "neutral"
    parts = [fam, liking]
    if b.tension > 0.3:
        parts.append("there is recent friction")
    return ", ".join(parts)


def level2_request(
    trigger: Trigger,
    context: str,
    candidates: Sequence[Candidate],
    memories: Sequence[GroundingItem] = (),
    *,
    speaker: str | None = None,
    language: Language = "en",
) -> LLMRequest:
    """The level-2 prompt: the trigger, the context summary, the people present, the NPC's memories."""
    people = [f"- {c.id}" + (f" ({c.name})" if c.name else "") + f": {_describe_bond(c.bond)}"
              + (f"; {c.note}" if c.note else "") for c in candidates]
    who = f" from {trigger.from_whom}" if trigger.from_whom else ""
    prompt = "\n".join(
        [
            f"Decide whether you say something now. Trigger: {trigger.kind}{who}.",
            f"Context ({context_mode(trigger.kind)}): {context or '(nothing notable)'}",
            "People you could speak to:",
            *(people or ["- (nobody in particular)"]),
            "Staying quiet is often right. Do not interrupt; do not repeat yourself.",
            'Answer with JSON {"speak": true|false, "to": <one id above or null for everyone>, '
            '"why": <a short reason>}.',
        ]
    )
    return LLMRequest(
        task="gate",
        language=language,
        speaker=speaker or trigger.npc,
        listener=trigger.from_whom,
        grounding=list(memories),
        json_schema=Level2Answer.model_json_schema(),
        max_tokens=96,
        temperature=0.0,
        meta={"prompt": prompt, "trigger_kind": trigger.kind, "context_mode": context_mode(trigger.kind)},
    )


def level2_heuristic(
    trigger: Trigger,
    candidates: Sequence[Candidate],
    params: GateParams = DEFAULT_PARAMS,
    fallback_reason: str | None = None,
    model_calls: int = 0,
) -> Level2Verdict:
    """The deterministic offline stand-in for the model.

    A trigger about a particular person (addressed, reconnect, follow-up) speaks to that person.
    Otherwise the NPC turns to whoever it is most drawn to (ties broken by id), unless it is drawn
    to nobody; with nobody around it only remarks to the room on a salient event.
    """
    def verdict(speak: bool, to: str | None, why: str) -> Level2Verdict:
        return Level2Verdict(speak=speak, to=to, why=why, source="heuristic",
                             fallback_reason=fallback_reason, model_calls=model_calls)

    others = [c for c in candidates if c.id != trigger.npc]
    if trigger.kind in ("addressed", "reconnect", "follow_up") and trigger.from_whom:
        return verdict(True, trigger.from_whom, f"{trigger.kind}: speaks to {trigger.from_whom}")
    if not others:
        if trigger.kind == "nearby_event" and trigger.salience >= params.room_salience:
            return verdict(True, None, "a notable event and nobody in particular: a remark to the room")
        return verdict(False, None, "nobody to talk to")
    best = min(others, key=lambda c: (-float(bond_pull(c.bond)), c.id))
    pull = float(bond_pull(best.bond))
    if pull < params.min_target_pull:
        return verdict(False, None, f"not drawn to anyone present (best pull {pull:.2f})")
    return verdict(True, best.id, f"most drawn to {best.id} (pull {pull:.2f})")


def level2(
    provider: LLMProvider | None,
    trigger: Trigger,
    context: str,
    candidates: Sequence[Candidate],
    memories: Sequence[GroundingItem] = (),
    *,
    params: GateParams = DEFAULT_PARAMS,
    speaker: str | None = None,
    language: Language = "en",
) -> Level2Verdict:
    """Speak or not, to whom, and why: the model decides within what code allows.

    Being addressed needs no call (it is always answered, to the one who spoke). Otherwise the model
    is asked through :func:`complete_structured`; no provider, a failed or unusable answer, or a
    target who is not among the candidates falls back to :func:`level2_heuristic`.
    """
    if trigger.kind == "addressed":
        return Level2Verdict(speak=True, to=trigger.from_whom, source="rule",
                             why="addressed directly: always answered")
    if provider is None:
        return level2_heuristic(trigger, candidates, params, "no provider")
    request = level2_request(trigger, context, candidates, memories, speaker=speaker, language=language)
    answer, responses = complete_structured(provider, request, Level2Answer)
    return _verdict(trigger, candidates, answer, responses, params)


def _verdict(trigger: Trigger, candidates: Sequence[Candidate], answer: Level2Answer | None,
             responses: Sequence[LLMResponse], params: GateParams) -> Level2Verdict:
    """The model's answer as a verdict, or the heuristic when it failed or named someone absent."""
    calls = len(responses)
    if answer is None:
        error = next((r.error for r in reversed(responses) if r.error), None)
        return level2_heuristic(trigger, candidates, params,
                                f"model failed: {error or 'unusable answer'}", calls)
    allowed = {c.id for c in candidates} | ({trigger.from_whom} if trigger.from_whom else set())
    to = answer.to or None
    if answer.speak and to is not None and to not in allowed:
        return level2_heuristic(trigger, candidates, params,
                                f"model chose someone not present: {to!r}", calls)
    return Level2Verdict(speak=answer.speak, to=to if answer.speak else None,
                         why=answer.why.strip()[:300], source="model", model_calls=calls)


def level2_many(
    provider: LLMProvider | None,
    jobs: Sequence[tuple[Trigger, Sequence[Candidate], str | None]],
    *,
    params: GateParams = DEFAULT_PARAMS,
    language: Language = "en",
    contexts: Sequence[tuple[str, Sequence[GroundingItem]]] | None = None,
) -> list[Level2Verdict]:
    """Level 2 for every NPC that passed level 1 this tick, the model calls fanned out together.

    jobs are (trigger, candidates, speaker name). One `complete_many` carries all first answers
    (an OpenAI-compatible server gets them concurrently); only the few unusable ones are repaired,
    one by one, and a second failure falls back to the heuristic, as in :func:`level2`.
    """
    ctxs = list(contexts) if contexts is not None else [("", ())] * len(jobs)
    if provider is None:
        return [level2(None, t, ctxs[i][0], c, ctxs[i][1], params=params, speaker=s, language=language)
                for i, (t, c, s) in enumerate(jobs)]
    verdicts: list[Level2Verdict | None] = [None] * len(jobs)
    asked: list[int] = []
    for i, (trigger, candidates, _speaker) in enumerate(jobs):
        if trigger.kind == "addressed":
            verdicts[i] = level2(provider, trigger, "", candidates, params=params, language=language)
        else:
            asked.append(i)
    requests = [level2_request(jobs[i][0], ctxs[i][0], jobs[i][1], ctxs[i][1], speaker=jobs[i][2], language=language)
                for i in asked]
    for i, request, first in zip(asked, requests, provider.complete_many(requests), strict=True):
        trigger, candidates, _speaker = jobs[i]
        responses = [first]
        answer: Level2Answer | None = None
        if first.ok:
            try:
                answer = parse_answer(first.text, Level2Answer)  # type: ignore[assignment]
            except ValueError as exc:
                if first.finish_reason != "length":
                    second = provider.complete(repair_request(request, first.text, str(exc)[:300]))
                    responses.append(second)
                    if second.ok:
                        try:
                            answer = parse_answer(second.text, Level2Answer)  # type: ignore[assignment]
                        except ValueError:
                            answer = None
        verdicts[i] = _verdict(trigger, candidates, answer, responses, params)
    return [v for v in verdicts if v is not None]


class GateDecision(BaseModel):
    """The full snapshot of one decision, stored and listed later ("why did it (not) speak?").

    Self-describing: it carries the trigger, both verdicts with their reasons and numbers, who was
    addressed and who skipped, the memories handed to level 2 (ids), the affect read, the silence
    budget left, and when. ``model_dump_json`` / ``model_validate_json`` round-trip it exactly.
    """

    model_config = ConfigDict(frozen=True)

    record: Literal["gate_decision"] = "gate_decision"
    version: int = 1
    at: datetime
    npc: str
    trigger: Trigger
    context_mode: Literal["full", "light"]
    outcome: Literal["speak", "silent", "hold", "defer"]
    level1: Level1Verdict
    level2: Level2Verdict | None = None
    addressed: list[str] = Field(default_factory=list)
    skipped: list[str] = Field(default_factory=list)
    memories: list[str] = Field(default_factory=list)
    affect: AffectReading
    budget_remaining: float
    unlock: float

    @property
    def speak(self) -> bool:
        return self.outcome == "speak"

    def summary(self) -> str:
        """One line for a listing: when, who, what triggered it, what was decided and why."""
        why = self.level2.why if self.level2 is not None else ",".join(self.level1.reasons)
        to = f" -> {', '.join(self.addressed)}" if self.addressed else ""
        return f"{self.at.isoformat()} {self.npc} [{self.trigger.kind}] {self.outcome}{to}: {why}"


def decide(
    provider: LLMProvider | None,
    trigger: Trigger,
    inputs: GateInputs,
    *,
    context: str = "",
    candidates: Sequence[Candidate] = (),
    memories: Sequence[GroundingItem] = (),
    params: GateParams = DEFAULT_PARAMS,
    speaker: str | None = None,
    language: Language = "en",
    level2_verdict: Level2Verdict | None = None,
) -> GateDecision:
    """The whole trigger path: level 1, then level 2 only if it passed, recorded as one snapshot.

    `level2_verdict` is a verdict already reached in a batch (:func:`level2_many`); without it
    level 2 is asked here. The caller spends the silence budget (and starts a follow-up state) only
    when ``speak`` is true.
    """
    v1 = level1(trigger, inputs, params)
    v2: Level2Verdict | None = None
    injected: list[str] = []
    if v1.passed:
        v2 = level2_verdict or level2(provider, trigger, context, candidates, memories,
                                      params=params, speaker=speaker, language=language)
        injected = [m.id for m in memories]  # what level 2 was shown (the offline stand-in reads it too)
    speak = v2 is not None and v2.speak
    addressed = [v2.to] if speak and v2 is not None and v2.to is not None else []
    pool = [c.id for c in candidates]
    if trigger.from_whom and trigger.from_whom not in pool:
        pool.append(trigger.from_whom)
    skipped = [p for p in pool if p not in addressed and p != trigger.npc]
    if v1.outcome == "defer":
        outcome: Literal["speak", "silent", "hold", "defer"] = "defer"
    elif v1.outcome == "hold":
        outcome = "hold"
    else:
        outcome = "speak" if speak else "silent"
    return GateDecision(
        at=trigger.at,
        npc=trigger.npc,
        trigger=trigger,
        context_mode=context_mode(trigger.kind),
        outcome=outcome,
        level1=v1,
        level2=v2,
        addressed=addressed,
        skipped=skipped,
        memories=injected,
        affect=inputs.affect,
        budget_remaining=inputs.budget_tokens,
        unlock=inputs.unlock,
    )
