"""Retention: bounded, fades with age, protected and player memories last, memory size plateaus."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from townsfolk.memory.retention import (
    DAY_SECONDS,
    PLAYER_KEY,
    PROTECTED,
    UNPROTECTED,
    RetentionParams,
    familiarity_label,
    impression_fade,
    protection_level,
    retention,
    should_forget,
    stability_seconds,
    summary_weight,
)

FAST = settings(max_examples=80, deadline=None)
age = st.floats(0.0, 5 * 365 * DAY_SECONDS, allow_nan=False)
unit = st.floats(0.0, 1.0, allow_nan=False)
emotion = st.floats(-1.0, 1.0, allow_nan=False)
recalls = st.integers(0, 30)
level = st.sampled_from([UNPROTECTED, PROTECTED, PLAYER_KEY])


@FAST
@given(age, unit, emotion, recalls, level)
def test_retention_is_between_zero_and_one(a, imp, emo, rec, lvl):
    assert 0.0 <= retention(a, imp, emo, rec, lvl) <= 1.0


@FAST
@given(age, age, unit, emotion, recalls, level)
def test_memories_never_sharpen_with_age_alone(a, b, imp, emo, rec, lvl):
    younger, older = min(a, b), max(a, b)
    assert retention(older, imp, emo, rec, lvl) <= retention(younger, imp, emo, rec, lvl)


@FAST
@given(age, unit, emotion, recalls)
def test_protection_only_ever_helps(a, imp, emo, rec):
    plain = retention(a, imp, emo, rec, UNPROTECTED)
    protected = retention(a, imp, emo, rec, PROTECTED)
    player_key = retention(a, imp, emo, rec, PLAYER_KEY)
    assert plain <= protected <= player_key


@FAST
@given(age, unit, emotion, st.integers(0, 19), level)
def test_recalling_a_memory_keeps_it(a, imp, emo, rec, lvl):
    once_more = retention(a, imp, emo, rec + 1, lvl)
    now = retention(a, imp, emo, rec, lvl)
    assert once_more >= now
    if 1e-12 < now < 1.0 - 1e-9:
        assert once_more > now


@FAST
@given(age, unit, unit, emotion, recalls, level)
def test_important_and_emotional_memories_last_longer(a, i1, i2, emo, rec, lvl):
    lo, hi = min(i1, i2), max(i1, i2)
    assert retention(a, hi, emo, rec, lvl) >= retention(a, lo, emo, rec, lvl)
    assert retention(a, lo, emo, rec, lvl) >= retention(a, lo, emo * 0.5, rec, lvl)


def test_a_greeting_fades_in_weeks_but_what_the_player_did_is_kept():
    month = 30 * DAY_SECONDS
    greeting = retention(month, importance=0.1, emotion=0.1)
    rescue = retention(month, importance=0.9, emotion=0.8, protected_level=PLAYER_KEY)
    assert should_forget(greeting) and not should_forget(rescue)
    assert retention(365 * DAY_SECONDS, 0.9, 0.8, 0, PLAYER_KEY) > 0.5


def test_retention_scores_a_whole_store_in_one_call():
    ages = np.array([0.0, DAY_SECONDS, 10 * DAY_SECONDS])
    out = retention(ages, np.array([0.1, 0.5, 0.9]), 0.0, np.array([0, 1, 2]), np.array([0, 1, 2]))
    assert out.shape == (3,)
    for i in range(3):
        assert out[i] == pytest.approx(retention(ages[i], [0.1, 0.5, 0.9][i], 0.0, i, i))
    assert should_forget(np.array([0.01, 0.5])).tolist() == [True, False]
    with pytest.raises(ValueError):
        retention(-1.0, 0.5, 0.0)
    with pytest.raises(ValueError):
        retention(1.0, 0.5, 0.0, 0, 3)


def test_protection_rule():
    assert protection_level(0.2, 0.1, False) == UNPROTECTED
    assert protection_level(0.9, 0.0, False) == PROTECTED  # big consequence
    assert protection_level(0.1, -0.9, False) == PROTECTED  # a betrayal stings
    assert protection_level(0.6, 0.0, True) == PLAYER_KEY
    assert protection_level(0.1, 0.1, True) == UNPROTECTED  # small talk with the player
    levels = protection_level(
        np.array([0.2, 0.9, 0.6]), np.zeros(3), np.array([False, False, True])
    )
    assert levels.tolist() == [UNPROTECTED, PROTECTED, PLAYER_KEY]
    with pytest.raises(ValueError):
        RetentionParams(protected_multiplier=20.0, player_key_multiplier=5.0)


@FAST
@given(st.floats(1.0, 300.0), st.integers(0, 10))
def test_unused_summaries_lose_weight_and_used_ones_keep_it(days, uses):
    t = days * DAY_SECONDS
    assert 0.0 <= summary_weight(t, uses) < summary_weight(0.0, uses) == 1.0
    assert summary_weight(t, uses + 1) > summary_weight(t, uses)
    assert summary_weight(2 * t, uses) < summary_weight(t, uses)


@FAST
@given(unit, st.floats(0.0, 2000.0), st.floats(0.0, 2000.0))
def test_impressions_fade_without_contact(confidence, d1, d2):
    near, far = min(d1, d2), max(d1, d2)
    assert impression_fade(confidence, far) <= impression_fade(confidence, near) <= confidence
    assert impression_fade(confidence, 3.0) == pytest.approx(confidence)  # a few days: unchanged


def test_a_close_friend_drifts_to_met_before_and_never_to_stranger():
    labels = [familiarity_label(impression_fade(0.9, d), "zh") for d in (0, 60, 400, 3000)]
    assert labels == ["很熟", "熟人", "见过", "见过"]
    assert familiarity_label(impression_fade(0.9, 400), "en") == "met before"
    assert familiarity_label(0.0, "en") == "stranger"
    assert familiarity_label(np.array([0.8, 0.4, 0.05]), "en").tolist() == [
        "very close",
        "acquainted",
        "met before",
    ]


def test_memory_size_plateaus_under_steady_input():
    """Ten new memories a day for a year: the store levels off instead of growing every day."""
    rng = np.random.default_rng(7)
    params = RetentionParams()
    born = np.zeros(0)
    imp, emo, lvl = np.zeros(0), np.zeros(0), np.zeros(0, dtype=np.int64)
    sizes = []
    for day in range(365):
        n_new = 10
        new_imp = rng.beta(2, 5, n_new)
        new_emo = rng.uniform(-1, 1, n_new) * rng.beta(2, 5, n_new)
        player = rng.random(n_new) < 0.05
        born = np.concatenate([born, np.full(n_new, day * DAY_SECONDS)])
        imp, emo = np.concatenate([imp, new_imp]), np.concatenate([emo, new_emo])
        lvl = np.concatenate([lvl, protection_level(new_imp, new_emo, player, params)])
        now = (day + 1) * DAY_SECONDS
        keep = ~should_forget(retention(now - born, imp, emo, 0, lvl, params))
        born, imp, emo, lvl = born[keep], imp[keep], emo[keep], lvl[keep]
        sizes.append(len(born))
    created = 365 * 10
    first_half_growth = sizes[182] - sizes[0]
    second_half_growth = sizes[364] - sizes[182]
    assert sizes[-1] < 0.2 * created  # most of what happened has been let go
    assert second_half_growth < 0.25 * first_half_growth  # levelled off
    # what remains after a year is mostly what deserved protection
    old = born < 180 * DAY_SECONDS
    assert np.all(lvl[old] > UNPROTECTED)


def test_stability_is_the_half_life():
    h = stability_seconds(0.5, 0.5, 1, PROTECTED)
    assert retention(h, 0.5, 0.5, 1, PROTECTED) == pytest.approx(0.5)
