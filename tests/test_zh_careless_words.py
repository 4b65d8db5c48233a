"""zh everyday words for carelessness (newcomer K-42): 毛手毛脚 and 没把酒缸封好 read as a bare remark, so a master
calling his apprentice clumsy moved nothing."""

from __future__ import annotations

import pytest

from townsfolk.memory.predicate_reader import read


@pytest.mark.parametrize("text", ["二柱没把酒缸封好，一缸米酒放酸了", "二柱又没封好缸，毛手毛脚的", "这孩子丢三落四"])
def test_zh_careless(text: str) -> None:
    assert read(text).key == "careless", (text, read(text))


@pytest.mark.parametrize("text", ["他把门锁好了", "他从没把门锁好过"])
def test_not_careless(text: str) -> None:
    assert read(text).key != "careless", (text, read(text))
