"""zh 阿福太懒了 / 他真懒 / 懒汉 said someone is lazy and were read as nothing (so the rumour moved no tie);
懒得 (can't be bothered) is not laziness."""

from __future__ import annotations

import pytest

from townsfolk.memory.predicate_reader import read_by_cues


@pytest.mark.parametrize("text", ["阿福太懒了", "他真懒", "他是个懒汉", "那人又懒又馋"])
def test_zh_lazy(text: str) -> None:
    reading = read_by_cues(text)
    assert reading is not None and reading.key == "lazy", (text, reading)


def test_cannot_be_bothered_is_not_lazy() -> None:
    reading = read_by_cues("我懒得说他")
    assert reading is None or reading.key != "lazy"
