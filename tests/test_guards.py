"""Output guards: no bookkeeping spoken, no private words leaked, no persona drift written (fail closed)."""

from __future__ import annotations

import pytest

from townsfolk.agents.guards import (
    GuardResult,
    longest_common_run,
    no_internal_labels,
    no_private_leak,
    persona_drift_guard,
    sentences,
    tokens,
)
from townsfolk.agents.llm.protocol import LLMRequest, LLMResponse
from townsfolk.agents.llm.scripted import ScriptedProvider

# --- internal labels ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "我们的关系阶段是熟人。",
        "my trust level is 0.8",
        "Our closeness has grown a lot.",
        "We are at stage 2 of our friendship.",
        "你对我的好感度挺高的。",
        "I'd put it at 0.73, honestly.",
        "My gate_threshold_offset is low today.",
        "我对你的信任度是0.8",
    ],
)
def test_internal_labels_are_vetoed(text: str) -> None:
    result = no_internal_labels(text, set())
    assert not result.ok and result.reasons
    assert result.guard == "no_internal_labels"


@pytest.mark.parametrize(
    "text",
    [
        "The stage at the fair looks lovely tonight.",
        "这个阶段我一直很忙。",
        "I paid 3.50 for the bread, can you believe it?",
        "我们认识好多年了，你是我最信任的人。",
        "Good morning! Did you sleep well?",
    ],
)
def test_ordinary_speech_passes_unchanged(text: str) -> None:
    result = no_internal_labels(text, set())
    assert result.ok and result.text == text and result.reasons == []


def test_caller_labels_and_cleaning() -> None:
    text = "今天天气真好！我们现在是密友期。一起去喝茶吧。"
    result = no_internal_labels(text, {"密友期"})
    assert not result.ok
    assert result.reasons == ["internal_label: '密友期'"]
    assert result.text == "今天天气真好！一起去喝茶吧。"
    assert no_internal_labels("my trust level is 0.8", set()).text is None
    en = no_internal_labels("Lovely day. Your familiar_tier is HIGH. See you.", {"familiar_tier"})
    assert en.text == "Lovely day. See you."


# --- private leaks -----------------------------------------------------------------------------

SECRET_EN = "Wen owes the miller a big gambling debt and hides it from his wife"
SECRET_ZH = "我欠了磨坊主一大笔赌债，千万别告诉我老婆"


def test_verbatim_or_long_substring_is_vetoed() -> None:
    assert not no_private_leak(f"Guess what: {SECRET_EN}.", [SECRET_EN]).ok
    long_part = "I heard WEN owes the miller a big gambling debt!"
    assert not no_private_leak(long_part, [SECRET_EN]).ok
    assert not no_private_leak("听说他欠了磨坊主一大笔赌债呢。", [SECRET_ZH]).ok


def test_unrelated_or_short_overlap_passes() -> None:
    assert no_private_leak("The miller was busy today.", [SECRET_EN]).ok
    assert no_private_leak("磨坊主今天很忙。", [SECRET_ZH]).ok
    assert no_private_leak("Anything at all.", []).ok


def test_a_short_snippet_must_not_appear_whole() -> None:
    assert not no_private_leak("they say Li is pregnant, you know", ["Li is pregnant"]).ok
    assert no_private_leak("Li is here", ["Li is pregnant"]).ok


def test_leak_reasons_never_repeat_the_secret_and_cleaning_drops_the_sentence() -> None:
    result = no_private_leak(f"Nice weather. {SECRET_EN}. See you.", ["other", SECRET_EN])
    assert not result.ok
    assert result.reasons == ["private_leak: snippet #1"]
    assert "miller" not in " ".join(result.reasons)
    assert result.text == "Nice weather. See you."
    alone = no_private_leak("Wen owes the miller. A big gambling debt and hides it.", [SECRET_EN])
    assert not alone.ok and alone.text == "Wen owes the miller."  # short of a quote on its own
    spanning = no_private_leak("Wen owes the miller a. Big gambling debt and hides.", [SECRET_EN])
    assert not spanning.ok and spanning.text is None  # each half is short, together they quote


def test_tokens_and_runs() -> None:
    assert tokens("Hello, 世界 Big-Debt") == ["hello", "世", "界", "big", "debt"]
    assert longest_common_run(list("abcdef"), list("xxcdey")) == 3
    assert sentences("一。二！ Three. Four?") == ["一。", "二！", " Three.", " Four?"]


# --- persona drift (fail closed) ---------------------------------------------------------------

PERSONA = "Mara, the baker. Warm, talkative, loves her neighbours, never lies, up before dawn."
STATEMENT = "I have learned that I should ask Wen about his mother more often."


def test_judge_says_contradicts_statement_is_discarded() -> None:
    judge = ScriptedProvider(['{"contradicts": true, "reason": "Mara is warm, not cold"}'])
    result = persona_drift_guard(judge, PERSONA, "I despise my neighbours and trust nobody.")
    assert not result.ok and result.text is None
    assert result.reasons == ["contradicts_persona: Mara is warm, not cold"]


def test_consistent_statement_is_kept() -> None:
    judge = ScriptedProvider(['{"contradicts": false, "reason": "fits her warmth"}'])
    result = persona_drift_guard(judge, PERSONA, STATEMENT)
    assert result.ok and result.text == STATEMENT
    request = judge.requests[0]
    assert request.task == "judge" and request.meta["independent"] is True
    assert PERSONA in request.messages[-1].content and STATEMENT in request.messages[-1].content
    assert len(request.messages) == 2  # a fresh call: no history of whoever wrote the statement


def test_provider_error_discards_fail_closed() -> None:
    judge = ScriptedProvider([LLMResponse(error="http 503", finish_reason="error")])
    result = persona_drift_guard(judge, PERSONA, STATEMENT)
    assert not result.ok and result.text is None
    assert "http 503" in result.reasons[0] and "fail closed" in result.reasons[0]


def test_unusable_answers_discard_fail_closed() -> None:
    judge = ScriptedProvider(["looks fine to me", "yes fine"])
    result = persona_drift_guard(judge, PERSONA, STATEMENT)
    assert not result.ok and result.reasons[0].startswith("judge_failed")


def test_no_provider_discards_and_says_why() -> None:
    result = persona_drift_guard(None, PERSONA, STATEMENT)
    assert not result.ok and result.text is None
    assert result.reasons[0].startswith("no_judge") and "fail closed" in result.reasons[0]


def test_a_raising_judge_discards() -> None:
    class Broken:
        name = "broken"

        def complete(self, request: LLMRequest) -> LLMResponse:
            raise ConnectionError("socket closed")

        def complete_many(self, requests: list[LLMRequest]) -> list[LLMResponse]:
            return [self.complete(r) for r in requests]

    result = persona_drift_guard(Broken(), PERSONA, STATEMENT)
    assert not result.ok and result.reasons[0].startswith("judge_error: ConnectionError")


def test_empty_statement_or_persona_is_discarded_without_a_call() -> None:
    judge = ScriptedProvider([])
    assert not persona_drift_guard(judge, PERSONA, "   ").ok
    assert not persona_drift_guard(judge, "", STATEMENT).ok
    assert judge.requests == []


def test_guard_results_round_trip() -> None:
    r = no_internal_labels("my trust level is 0.8", set())
    assert GuardResult.model_validate_json(r.model_dump_json()) == r
