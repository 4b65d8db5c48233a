"""How many model calls a run made, in one wording for every place that shows it.

An offline run counts the rule decisions it made where a model would have been asked (the gate's
stand-in), so its bar said "no model (offline)" while its summary said "1068 model calls": one
function words the count for the simulate bar, the simulate summary and anything else that prints it.
"""

from __future__ import annotations

CALL_WORDS = {
    "en": {"calls": "{n:,} model calls", "offline": "no model (offline)"},
    "zh": {"calls": "模型调用 {n} 次", "offline": "没有用模型（离线）"},
}


def model_calls_text(language: str, calls: int, *, offline: bool) -> str:
    """'1,068 model calls', or 'no model (offline)' when no model was behind the run."""
    words = CALL_WORDS.get(language, CALL_WORDS["en"])
    return words["offline"] if offline else words["calls"].format(n=calls)


def gate_counts(counts: dict[str, int]) -> tuple[dict[str, int], dict[str, int]]:
    """The gate's decisions per trigger and outcome ('addressed:speak': 3), and the outcomes summed
    over them ('speak': 3). The minds keep both kinds of key in one dict, so `play --json` listed
    "addressed:speak" beside "speak" (and a daily-life hold counted in one but not the other): the
    totals are now made from the per-trigger counts, and shown apart from them."""
    per_trigger = {k: v for k, v in sorted(counts.items()) if ":" in k}
    outcomes: dict[str, int] = {}
    for key, n in per_trigger.items():
        outcome = key.rpartition(":")[2]
        outcomes[outcome] = outcomes.get(outcome, 0) + n
    return per_trigger, dict(sorted(outcomes.items()))
