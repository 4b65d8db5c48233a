"""Someone's thing spoilt in the work done on it is the worker's doing (N-11): 老陈把王嫂的绸子染坏了 read as a mishap
that blames nobody (the thing's own "…坏了"), so "…，他这人就是马虎" moved no tie and a mediation had nothing to clear."""

from __future__ import annotations

import pytest

from townsfolk.memory.predicate_reader import read


@pytest.mark.parametrize("text, key", [("老陈把王嫂的绸子染坏了，他这人就是马虎。", "careless"), ("老陈把王嫂的绸子染坏了", "damaged"),
                                       ("老陈把王嫂的绸子染花了，是一时马虎", "careless"), ("裁缝把李婶的袄子剪坏了", "damaged")])
def test_spoilt_in_the_work_is_the_workers_doing(text: str, key: str) -> None:
    assert read(text).key == key, (text, read(text))


@pytest.mark.parametrize("text, key", [("王嫂的绸子坏了", "mishap"), ("老陈家的水缸裂了", "mishap"),
                                       ("老陈不小心把王嫂的绸子染坏了", "mishap")])
def test_a_thing_that_gave_out_or_an_accident_is_still_a_mishap(text: str, key: str) -> None:
    assert read(text).key == key, (text, read(text))


@pytest.mark.parametrize("text", ["老陈没把王嫂的绸子染坏", "老陈把布染花了"])
def test_no_one_elses_thing_spoilt_is_no_damage(text: str) -> None:
    assert read(text).key != "damaged", (text, read(text))
