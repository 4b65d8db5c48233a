"""Intents: several per utterance, with spans; the model proposes, the heuristic catches what it drops."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from townsfolk.agents.intent import (
    GLOBAL_INTENTS,
    INTENT_KINDS,
    detect_intents,
    detect_intents_with_model,
    kinds_of,
)
from townsfolk.agents.llm.protocol import LLMResponse
from townsfolk.agents.llm.scripted import ScriptedProvider

FAST = settings(max_examples=80, deadline=None)


def _by_kind(intents):
    return {i.kind: i for i in intents}


def test_correction_plus_supplement_zh() -> None:
    text = "不是三杯，是两杯，另外再加一碟瓜子"
    intents = detect_intents(text, "zh")
    found = _by_kind(intents)
    assert {"correct", "supplement"} <= found.keys()
    assert found["correct"].detail == {"old": "三杯", "new": "两杯"}
    assert "瓜子" in found["supplement"].span.text
    assert found["correct"].span.start < found["supplement"].span.start


def test_apology_correction_and_supplement_en() -> None:
    text = "Sorry, I meant two cups, not three. Also, add some sunflower seeds."
    found = _by_kind(detect_intents(text, "en"))
    assert {"apology", "correct", "supplement"} <= found.keys()
    assert found["correct"].detail == {"old": "three", "new": "two cups"}


def test_reversed_correction_names_old_and_new() -> None:
    found = _by_kind(detect_intents("不好意思，用户名是 lisi，不是 zhangsan"))
    assert found["correct"].detail == {"old": "zhangsan", "new": "lisi"}


def test_greeting_and_question_about_someone() -> None:
    kinds = kinds_of(detect_intents("你好！你知道小梁最近怎么样吗？"))
    assert {"greet", "ask_about"} <= kinds


def test_conflict_and_escalation_together() -> None:
    kinds = kinds_of(detect_intents("我要投诉！叫你们掌柜出来"))
    assert {"conflict", "escalate"} <= kinds
    assert "request" not in kinds


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("你好", "greet"),
        ("Good morning, Mara", "greet"),
        ("how are you?", "greet"),
        ("再见，明天见", "farewell"),
        ("gotta go, bye", "farewell"),
        ("我先去开会，等会继续", "pause"),
        ("hold on, I'll be right back", "pause"),
        ("好了，继续吧", "resume"),
        ("where were we?", "resume"),
        ("这个问题先不管了", "skip"),
        ("never mind", "skip"),
        ("换个话题吧", "switch"),
        ("let's talk about the festival", "switch"),
        ("叫你们老板来", "escalate"),
        ("let me speak to the manager", "escalate"),
        ("我刚才说错了，是周三", "correct"),
        ("帮我把这封信送到磨坊", "request"),
        ("could you bring me two loaves?", "request"),
        ("我保证明天把钱还你", "promise"),
        ("I promise I'll pay you back", "promise"),
        ("说实话，我一直很孤独，从来没跟别人说过", "disclose"),
        ("I've never told anyone, but I got fired", "disclose"),
        ("你知道吗，阿青昨天又迟到了", "tell"),
        ("I heard the mill burned down", "tell"),
        ("小梁是谁？", "ask_about"),
        ("what do you think of the baker?", "ask_about"),
        ("你这个骗子，太过分了", "conflict"),
        ("this bread is terrible", "conflict"),
        ("对不起，是我不好", "apology"),
        ("my bad, sorry", "apology"),
        ("今天天气不错", "chat"),
    ],
)
def test_single_intents(text, kind) -> None:
    intents = detect_intents(text)
    assert kind in kinds_of(intents), intents


def test_pause_with_continue_later_is_not_resume() -> None:
    kinds = kinds_of(detect_intents("我先去开会，等会继续"))
    assert "pause" in kinds and "resume" not in kinds


def test_adjacent_clauses_of_one_kind_are_one_intent() -> None:
    intents = detect_intents("再见，明天见")
    assert [i.kind for i in intents] == ["farewell"]
    assert intents[0].span.text == "再见，明天见"


def test_global_intents_are_a_subset_of_kinds() -> None:
    assert GLOBAL_INTENTS <= set(INTENT_KINDS)


_ALPHABET = st.sampled_from(list("不是三杯两，。！？另外再加你好吗对起帮我叫老板 abcsorry?!,.") + ["I meant", "not", "but"])


@FAST
@given(st.lists(_ALPHABET, max_size=30).map("".join))
def test_spans_are_real_slices_in_order(text) -> None:
    intents = detect_intents(text)
    assert intents, "there is always at least one intent"
    starts = [i.span.start for i in intents]
    assert starts == sorted(starts)
    for i in intents:
        assert 0 <= i.span.start <= i.span.end <= len(text)
        assert text[i.span.start:i.span.end] == i.span.text
        assert 0.0 <= i.confidence <= 1.0


# --- with a model --------------------------------------------------------------------------------


def test_model_proposal_is_used_and_quotes_become_spans() -> None:
    text = "不是三杯，是两杯，另外再加一碟瓜子"
    answer = json.dumps(
        {
            "intents": [
                {"kind": "correct", "confidence": 0.9, "quote": "不是三杯，是两杯", "detail": {"old": "三杯", "new": "两杯"}},
                {"kind": "supplement", "confidence": 0.8, "quote": "另外再加一碟瓜子"},
            ]
        },
        ensure_ascii=False,
    )
    provider = ScriptedProvider([answer])
    intents = detect_intents_with_model(provider, text, "zh")
    found = _by_kind(intents)
    assert {"correct", "supplement"} <= found.keys()
    assert found["supplement"].span.start == text.index("另外")
    assert provider.requests[0].task == "intent"
    assert provider.requests[0].json_schema is not None


def test_a_sure_cue_the_model_missed_is_kept() -> None:
    provider = ScriptedProvider(['{"intents": [{"kind": "chat", "confidence": 0.6, "quote": "x"}]}'])
    kinds = kinds_of(detect_intents_with_model(provider, "对不起，我来晚了", "zh"))
    assert "apology" in kinds
    assert "chat" not in kinds


def test_garbage_twice_falls_back_to_the_heuristic() -> None:
    text = "不是三杯，是两杯，另外再加一碟瓜子"
    provider = ScriptedProvider(["no idea", '{"intents": [{"kind": "order_tea"}]}'])
    assert detect_intents_with_model(provider, text, "zh") == detect_intents(text, "zh")
    assert provider.remaining == 0


def test_provider_failure_falls_back_without_repair() -> None:
    provider = ScriptedProvider([LLMResponse(error="timeout")])
    assert detect_intents_with_model(provider, "hello", "en") == detect_intents("hello", "en")
    assert len(provider.requests) == 1
