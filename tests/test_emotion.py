"""Emotion: labels a player would recognise, bounded axes, negation, and a model with a fallback."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from townsfolk.agents.affect import apply_stimulus
from townsfolk.agents.emotion import EmotionReading, read_emotion, read_emotion_with_model
from townsfolk.agents.llm.scripted import ScriptedProvider

FAST = settings(max_examples=80, deadline=None)


@pytest.mark.parametrize(
    ("text", "label", "sign"),
    [
        ("你根本不在乎我，我很受伤", "hurt", -1),
        ("I'm so hurt that you forgot about me", "hurt", -1),
        ("你让我很失望", "disappointed", -1),
        ("气死我了！！", "angry", -1),
        ("I'm really angry!!", "angry", -1),
        ("我有点担心明天的集市", "anxious", -1),
        ("I'm worried about my brother", "anxious", -1),
        ("我今天好开心！", "happy", 1),
        ("this is wonderful, I'm so happy", "happy", 1),
        ("谢谢你，辛苦了", "grateful", 1),
        ("I feel so lonely", "lonely", -1),
    ],
)
def test_labels_and_valence(text, label, sign) -> None:
    reading = read_emotion(text)
    assert label in reading.labels
    assert np.sign(reading.valence) == sign
    assert reading.confidence >= 0.5


def test_no_cue_is_neutral_and_unsure() -> None:
    reading = read_emotion("今天天气一般")
    assert reading.labels == ["neutral"]
    assert reading.valence == 0.0
    assert reading.confidence < 0.5


@pytest.mark.parametrize("text", ["我不开心", "I'm not happy about it"])
def test_negation_is_not_happiness(text) -> None:
    reading = read_emotion(text)
    assert "happy" not in reading.labels
    assert reading.valence < 0


@pytest.mark.parametrize("text", ["别担心，我没事", "don't worry about it"])
def test_reassurance_is_not_anxiety(text) -> None:
    assert "anxious" not in read_emotion(text).labels


def test_intensifier_and_exclamations_strengthen_the_reading() -> None:
    plain, strong = read_emotion("我生气"), read_emotion("我太生气了！！！")
    assert strong.valence < plain.valence
    assert strong.energy > plain.energy


@FAST
@given(st.text(max_size=80))
def test_reading_is_always_bounded(text) -> None:
    reading = read_emotion(text)
    for x in reading.vector():
        assert -1.0 <= x <= 1.0
    assert 0.0 <= reading.confidence <= 1.0
    assert reading.labels


def test_reading_is_an_affect_stimulus() -> None:
    after = apply_stimulus(np.zeros((1, 3)), np.array([read_emotion("我好难过").vector()]))
    assert after[0, 0] < 0


def test_model_reading_is_used_when_valid() -> None:
    answer = json.dumps({"valence": -0.4, "energy": 0.1, "dominance": -0.2, "labels": ["hurt"], "confidence": 0.8})
    reading = read_emotion_with_model(ScriptedProvider([answer]), "hmm.", "en")
    assert reading == EmotionReading(valence=-0.4, energy=0.1, dominance=-0.2, labels=["hurt"], confidence=0.8)


def test_out_of_range_twice_falls_back_to_the_heuristic() -> None:
    bad = json.dumps({"valence": -3, "energy": 0, "dominance": 0, "labels": ["hurt"], "confidence": 1})
    provider = ScriptedProvider([bad, "{not json"])
    text = "我今天好开心！"
    assert read_emotion_with_model(provider, text, "zh") == read_emotion(text, "zh")
    assert provider.remaining == 0
