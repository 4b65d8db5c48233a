"""How many model calls a run made, in one wording for every place that shows it.

An offline run counts the rule decisions it made where a model would have been asked (the gate's
stand-in), so its bar said "no model (offline)" while its summary said "1068 model calls": one
function words the count for the simulate bar, the simulate summary and anything else that prints it.
"""

from __future__ import annotations

CALL_WORDS = {
    "en": {"call": "{n:,} model call", "calls": "{n:,} model calls", "offline": "no model (offline)",
           "tokens": "tokens in {i:,} / out {o:,}"},
    "zh": {"call": "模型调用 {n} 次", "calls": "模型调用 {n} 次", "offline": "没有用模型（离线）",
           "tokens": "输入 {i} / 输出 {o} 个词元"},
}

# What a run counts, said for one and for many: "1 events · 1 tellings" read wrong in every summary.
# English (one, many); Chinese has no plural, so one form (its measure word and order).
COUNT_WORDS: dict[str, dict[str, tuple[str, str]]] = {
    "en": {"event": ("{n:,} event", "{n:,} events"), "telling": ("{n:,} telling", "{n:,} tellings"),
           "stifled": ("{n:,} stifled", "{n:,} stifled"), "npc": ("{n:,} NPC", "{n:,} NPCs"),
           "belief": ("{n:,} belief", "{n:,} beliefs"), "tick": ("{n:,} tick", "{n:,} ticks"),
           "pair": ("{n:,} tied pair", "{n:,} tied pairs")},
    "zh": {"event": ("{n} 件事",) * 2, "telling": ("传话 {n} 次",) * 2, "stifled": ("没传开 {n} 次",) * 2,
           "npc": ("{n} 个 NPC",) * 2, "belief": ("{n} 条看法",) * 2, "tick": ("{n} 个时刻",) * 2,
           "pair": ("{n} 条关系（一对人算一条）",) * 2},
}


def counted(language: str, n: int, noun: str) -> str:
    """'1 telling', '2 tellings', '传话 2 次': a count with its noun in the world's language."""
    one, many = COUNT_WORDS.get(language, COUNT_WORDS["en"])[noun]
    return (one if n == 1 else many).format(n=n)


def model_calls_text(language: str, calls: int, *, offline: bool) -> str:
    """'1,068 model calls' ('1 model call'), or 'no model (offline)' when no model was behind the run."""
    words = CALL_WORDS.get(language, CALL_WORDS["en"])
    return words["offline"] if offline else words["call" if calls == 1 else "calls"].format(n=calls)


def play_calls_text(language: str, calls: int, tokens_in: int, tokens_out: int, *, offline: bool) -> str:
    """The play summary's model part: calls and tokens when a model answered; an offline run says
    no model was used instead of 'model calls 9 · tokens 0/0' (its stand-in's rule decisions)."""
    if offline:
        return model_calls_text(language, calls, offline=True)
    words = CALL_WORDS.get(language, CALL_WORDS["en"])
    return model_calls_text(language, calls, offline=False) + " · " + words["tokens"].format(i=tokens_in, o=tokens_out)


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
