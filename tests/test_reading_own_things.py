"""A thing of the speaker's (or the listener's) spoilt by the one named is a complaint about them.

Played in a 戏班 world: 小翠 said "阿虎又把我的戏服弄坏了，真是马虎" and it was read as a mishap nobody caused
("的戏服弄坏了" matched a thing that gave out by itself, and the damage gave way to it); 老陆 retold it to 阿虎 as
"小翠嫌你受了伤" (a mishap told harsher is an injury), the tie did not cool and the story's misunderstanding never
happened. "Pike dropped my lamp by accident." read as nothing, then as a mishap: "Rourke thinks you got hurt".
"""

from __future__ import annotations

import pytest

from townsfolk.memory.predicate_reader import read


@pytest.mark.parametrize(("text", "key"), [
    ("阿虎把我的戏服弄坏了", "damaged"), ("阿虎又把我的戏服弄坏了，真是马虎", "careless"),
    ("阿虎把我的茶杯打碎了", "damaged"), ("阿虎将你的茶碗摔碎了", "damaged"), ("阿虎把他的扇子弄丢了", "damaged"),
    ("阿虎不小心把我的茶杯打碎了", "careless"), ("阿虎弄坏了我的戏服", "damaged"),
    ("Pike dropped my lamp by accident.", "careless"), ("Pike dropped my lamp.", "damaged"),
    ("Pike lost my knife.", "damaged"), ("Pike broke your lamp by accident.", "careless"),
    ("Pike broke my lamp, so careless.", "careless"),
])
def test_own_thing_spoilt_by_someone(text: str, key: str) -> None:
    assert read(text, embedder=None).key == key


@pytest.mark.parametrize(("text", "key"), [
    # someone else's thing spoilt by accident stays news of a mishap; one's own, or a thing that gave out, too
    ("阿海不小心把老陈的碗打碎了", "mishap"), ("Dov broke Ysolde's lantern by accident", "mishap"),
    ("他把自己的碗打碎了", "mishap"), ("阿海的船漏水了", "mishap"), ("她的篮子翻了，鸡蛋全打碎了", "mishap"),
])
def test_what_stays_a_mishap(text: str, key: str) -> None:
    assert read(text, embedder=None).key == key


@pytest.mark.parametrize("text", ["Pike lost his temper.", "Pike lost my trust.", "Pike dropped my name."])
def test_not_a_thing_of_mine(text: str) -> None:
    assert read(text, embedder=None).key not in ("damaged", "careless", "mishap")


@pytest.mark.parametrize(("text", "spoilt"), [
    # a lumber camp: "Greta burnt Ole's supper" was read as "lost everything in a fire"
    ("Greta burnt Ole's supper", True), ("Greta burned his shirt", True),
    ("Greta burnt her hand on the stove", False),
])
def test_someone_s_thing_burnt_is_spoilt_not_a_fire(text: str, spoilt: bool) -> None:
    reading = read(text, embedder=None)
    key = reading.key if reading is not None else None
    assert (key == "damaged") is spoilt and key not in ("fire", "burned_down"), (text, key)
