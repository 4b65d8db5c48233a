"""Output guards: the last checks between what an NPC would say or write and the world.

Each guard returns a :class:`GuardResult`: ``ok``, the ``reasons`` (stable, loggable, and never
repeating a private secret), and ``text``: the text itself when ok; when vetoed, a cleaned version
with the offending sentences dropped if one is left, else None. The caller decides whether a
cleaned line is good enough or the line should be regenerated.

- :func:`no_internal_labels`: the engine's bookkeeping (scores, "trust level", "关系阶段") must never
  be spoken; an NPC who says "my trust level is 0.8" has broken the fiction.
- :func:`no_private_leak`: what one player confided must not reach another, verbatim or nearly.
- :func:`persona_drift_guard`: anything an NPC would write about itself (a lesson, a profile line)
  is judged by an independent model call against its full persona; a contradiction, a failed call
  or no judge at all discards it. Fail closed: a missed self-update costs little, a drifted
  character costs the whole run.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from pydantic import BaseModel, ConfigDict, Field

from townsfolk.agents.llm.errors import ScriptExhausted
from townsfolk.agents.llm.protocol import Language, LLMProvider, LLMRequest, Message
from townsfolk.agents.llm.structured import complete_structured


class GuardResult(BaseModel):
    """A guard's verdict: ok, why (stable codes with detail), and the usable text or None."""

    model_config = ConfigDict(frozen=True)

    guard: str
    ok: bool
    reasons: list[str] = Field(default_factory=list)
    text: str | None = None


# --- sentences ---------------------------------------------------------------------------------

_SENTENCE_END = re.compile(r"(?<=[。！？!?；;…\n])|(?<=\.)(?=\s)")


def sentences(text: str) -> list[str]:
    """Split into sentences, keeping each one's punctuation and leading space (join with "")."""
    return [s for s in _SENTENCE_END.split(text) if s.strip()]


def _cleaned(text: str, bad: Iterable[str]) -> str | None:
    """The text without the offending sentences, or None if nothing is left."""
    drop = set(bad)
    kept = "".join(s for s in sentences(text) if s not in drop).strip()
    return kept or None


# --- internal labels ---------------------------------------------------------------------------

EN_INTERNAL_TERMS: tuple[str, ...] = (
    "closeness", "trust level", "trust score", "trust value", "affinity score",
    "familiarity score", "familiarity level", "tension score", "relationship stage",
    "friendship stage", "bond stage", "bond axes", "bond axis", "gate threshold",
    "silence budget", "unlock level", "salience", "valence", "dominance score", "affection score",
)
ZH_INTERNAL_TERMS: tuple[str, ...] = (
    "亲密度", "亲密值", "好感度", "好感值", "信任度", "信任值", "信任等级", "信任水平", "熟悉度",
    "熟悉值", "紧张度", "关系阶段", "关系等级", "关系值", "阶段值", "效价", "唤醒度", "支配度",
    "门控", "阈值", "沉默预算", "解锁等级", "显著性",
)

_ASCII_WORD = "A-Za-z0-9_"
_STAGE = re.compile(
    r"\bstages?\s*(?:[:=#]|\d|of\s+(?:our|the|my|this|your)\s+(?:relationship|friendship|bond))",
    re.IGNORECASE,
)
_SCORE = re.compile(r"(?<![\d.])(?:0?\.\d+|1\.0+)(?!\.?\d)")
_IDENTIFIER = re.compile(r"(?<![A-Za-z0-9_])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![A-Za-z0-9_])")


@lru_cache(maxsize=4096)
def _term_pattern(term: str) -> re.Pattern[str]:
    """ASCII terms match as whole words (any spacing); other scripts as plain substrings."""
    if term.isascii():
        words = r"\s+".join(re.escape(w) for w in term.split())
        return re.compile(rf"(?<![{_ASCII_WORD}]){words}(?![{_ASCII_WORD}])", re.IGNORECASE)
    return re.compile(re.escape(term), re.IGNORECASE)


_BUILTIN_TERMS = [(t, _term_pattern(t)) for t in (*EN_INTERNAL_TERMS, *ZH_INTERNAL_TERMS)]


@lru_cache(maxsize=256)
def _terms_of(labels: frozenset[str]) -> tuple[tuple[tuple[str, re.Pattern[str]], ...], re.Pattern[str]]:
    """A label set's terms with their patterns (built-in first), and one pattern matching where
    any of them does: most sentences name none, and one search says so (every world's labels
    are the same few sets, so this is built once per set)."""
    terms = (*_BUILTIN_TERMS, *((t, _term_pattern(t)) for t in sorted(labels) if t.strip()))
    return terms, re.compile("|".join(f"(?:{p.pattern})" for _t, p in terms), re.IGNORECASE)


def _label_hits(sentence: str, labels: frozenset[str]) -> list[str]:
    terms, any_term = _terms_of(labels)
    hits = ([f"internal_label: {t!r}" for t, p in terms if p.search(sentence)]
            if any_term.search(sentence) else [])
    hits += [f"internal_label: {m.group(0).strip()!r}" for m in _STAGE.finditer(sentence)]
    hits += [f"score: {m.group(0)!r}" for m in _SCORE.finditer(sentence)]
    hits += [f"identifier: {m.group(0)!r}" for m in _IDENTIFIER.finditer(sentence)]
    return hits


def no_internal_labels(text: str, labels: set[str] | frozenset[str] = frozenset()) -> GuardResult:
    """Veto a line that speaks the engine's bookkeeping instead of the character's words.

    Catches the given ``labels`` (field names, stage names) plus built-in zh/en terms ("trust
    level", "closeness", "关系阶段", "好感度"...), relationship "stage" talk, bare scores in [0, 1]
    ("0.73", ".5"; a rare "0.5 kg" is vetoed too, the cheaper mistake) and snake_case identifiers.
    """
    frozen = frozenset(labels)
    reasons: list[str] = []
    bad: list[str] = []
    for s in sentences(text):
        hits = _label_hits(s, frozen)
        if hits:
            bad.append(s)
            reasons.extend(h for h in hits if h not in reasons)
    if not reasons:
        return GuardResult(guard="no_internal_labels", ok=True, text=text)
    return GuardResult(guard="no_internal_labels", ok=False, reasons=reasons,
                       text=_cleaned(text, bad))


# --- private leaks -----------------------------------------------------------------------------

_TOKEN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff\u3040-\u30ff]|[^\W_\u3400-\u9fff\uf900-\ufaff\u3040-\u30ff]+")
MIN_LEAK_RUN = 6  # six CJK characters or six words in a row is a quotation, not a coincidence


def tokens(text: str) -> list[str]:
    """Comparison units: one per CJK character, one per word elsewhere; case and punctuation ignored."""
    return _TOKEN.findall(text.casefold())


def longest_common_run(a: Sequence[str], b: Sequence[str]) -> int:
    """Length of the longest run of tokens appearing contiguously in both."""
    best = 0
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0] * (len(b) + 1)
        for j, y in enumerate(b, start=1):
            if x == y:
                cur[j] = prev[j - 1] + 1
                best = max(best, cur[j])
        prev = cur
    return best


def _leaks(text_tokens: Sequence[str], snippets: Sequence[list[str]], min_run: int) -> list[int]:
    """Indices of snippets that appear whole (if short) or by a run of ``min_run`` tokens."""
    return [
        i for i, snip in enumerate(snippets)
        if snip and longest_common_run(text_tokens, snip) >= min(len(snip), min_run)
    ]


def no_private_leak(
    text: str, private_snippets: list[str], min_run: int = MIN_LEAK_RUN
) -> GuardResult:
    """Veto a line that repeats another player's private words, whole or by a long stretch.

    Compared token by token (CJK characters, words), ignoring case and punctuation, so small
    rewording around a quote does not hide it. Reasons name the snippet by index only: the
    guard's own log must not become the leak.
    """
    if min_run < 1:
        raise ValueError("min_run must be >= 1")
    snips = [tokens(s) for s in private_snippets]
    hits = _leaks(tokens(text), snips, min_run)
    if not hits:
        return GuardResult(guard="no_private_leak", ok=True, text=text)
    reasons = [f"private_leak: snippet #{i}" for i in hits]
    bad = [s for s in sentences(text) if _leaks(tokens(s), snips, min_run)]
    cleaned = _cleaned(text, bad)
    if cleaned is not None and _leaks(tokens(cleaned), snips, min_run):
        cleaned = None  # the quote spans sentences: nothing safe to keep
    return GuardResult(guard="no_private_leak", ok=False, reasons=reasons, text=cleaned)


# --- persona drift -----------------------------------------------------------------------------


class DriftJudgement(BaseModel):
    """The judge's JSON: does the statement contradict the persona, and in a few words why."""

    contradicts: bool
    reason: str = ""


def drift_request(persona: str, statement: str, language: Language = "en") -> LLMRequest:
    """A fresh, independent judge call: no history of the run that produced the statement."""
    system = (
        "You are an independent reviewer of a fictional character. You did not write the statement "
        "below and you owe its author nothing. Decide only whether it contradicts the character's "
        "persona (personality, backstory, values, way of speaking). Growth consistent with the "
        "persona is fine; a change of nature is not."
    )
    user = (
        f"Full persona:\n{persona.strip()}\n\n"
        f"Statement the character would record about itself:\n{statement.strip()}\n\n"
        'Answer with JSON {"contradicts": true|false, "reason": <one short sentence>}.'
    )
    return LLMRequest(
        task="judge",
        language=language,
        messages=[Message(role="system", content=system), Message(role="user", content=user)],
        json_schema=DriftJudgement.model_json_schema(),
        max_tokens=96,
        temperature=0.0,
        meta={"guard": "persona_drift", "independent": True},
    )


def persona_drift_guard(
    provider: LLMProvider | None,
    persona: str,
    proposed_self_statement: str,
    *,
    language: Language = "en",
) -> GuardResult:
    """Keep a self-written change only if an independent judge says it fits the persona.

    Fail closed: no provider, a failed call, an unusable answer or an exception all discard the
    statement, with the reason, so no write path can slip past the guard by the judge being down.
    The judge must be a separate provider (or at least a separate call) from whatever wrote the
    statement: the one being checked must not grade itself.
    """
    name = "persona_drift_guard"
    if not proposed_self_statement.strip():
        return GuardResult(guard=name, ok=False, reasons=["empty: nothing to write"])
    if provider is None:
        return GuardResult(guard=name, ok=False,
                           reasons=["no_judge: no provider to judge drift; discarded (fail closed)"])
    if not persona.strip():
        return GuardResult(guard=name, ok=False,
                           reasons=["no_persona: nothing to judge against; discarded (fail closed)"])
    try:
        verdict, responses = complete_structured(
            provider, drift_request(persona, proposed_self_statement, language), DriftJudgement
        )
    except ScriptExhausted:
        raise  # a test bug, not a judge failure
    except Exception as exc:  # fail closed on anything the judge does
        return GuardResult(guard=name, ok=False,
                           reasons=[f"judge_error: {type(exc).__name__}; discarded (fail closed)"])
    if verdict is None:
        error = next((r.error for r in reversed(responses) if r.error), None) or "unusable answer"
        return GuardResult(guard=name, ok=False,
                           reasons=[f"judge_failed: {error}; discarded (fail closed)"])
    reason = verdict.reason.strip()[:300]
    if verdict.contradicts:
        return GuardResult(guard=name, ok=False, reasons=[f"contradicts_persona: {reason}"])
    return GuardResult(guard=name, ok=True, reasons=[f"consistent: {reason}"],
                       text=proposed_self_statement)
