"""Kinds of the same mistake are one deed (agents/deed_match.py): "药是你抓错的吗？" asked of the apprentice
who in fact mixed up the herbs (the world's fact reads 把当归和独活弄混了) was denied, 抓错 and 弄混 not seen
as one act; "Did you mix up the herbs?" after "gave the wrong medicine" likewise. A mistake of another
thing, or another act done to the same thing, is still denied."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.deed_match import accusation, owns_up

DEED = {"zh": "小何抓药时把当归和独活弄混了", "en": "Tom gave Mrs Hale the wrong medicine"}


def _town(language: str) -> Town:
    zh = language == "zh"
    town = Town.from_scenario({
        "scenario": "药铺" if zh else "apothecary", "language": language, "seed": 5, "start": "2026-05-02T08:00",
        "tick": "1h", "place": "x",
        "characters": {"li": {"name": "李掌柜" if zh else "Bram", "role": "药铺掌柜" if zh else "apothecary"},
                       "he": {"name": "小何" if zh else "Tom", "role": "学徒" if zh else "apprentice"},
                       "p": {"name": "阿远" if zh else "Robin", "player": True}},
        "timeline": [{"at": 0, "happen": {"what": DEED[language], "actor": "he", "witnesses": ["li"], "valence": -0.4}}]})
    town.advance(2)
    return town


@pytest.mark.parametrize(("language", "question", "owned"), [
    ("zh", "药是你抓错的吗？", True), ("zh", "你是不是把药拿错了？", True), ("zh", "药是你配错的吗？", True),
    ("zh", "账是你算错的吗？", False), ("zh", "药是你偷的吗？", False),
    ("en", "Did you mix up the herbs?", True), ("en", "Did you give the wrong remedy?", True),
    ("en", "Did you mix up the accounts?", False), ("en", "Did you give Ann the wrong change?", False),
    ("en", "Did you steal the herbs?", False),
])
def test_kinds_of_one_mistake_are_one_deed(language: str, question: str, owned: bool) -> None:
    acc = accusation(question, language)
    assert acc is not None
    assert owns_up(acc, question, DEED[language], language, harmful=True) is owned, (question, acc)


@pytest.mark.parametrize("language", ["zh", "en"])
def test_the_one_who_mixed_up_the_herbs_owns_up_when_asked(language: str) -> None:
    town = _town(language)
    asked = {"zh": "药是你抓错的吗？", "en": "Did you mix up the herbs?"}[language]
    said = town.say("p", "he", asked).text
    assert ("是我" in said and "弄混" in said) if language == "zh" else ("Yes" in said and "wrong medicine" in said), said
    near = {"zh": "账是你算错的吗？", "en": "Did you mix up the accounts?"}[language]
    denied = _town(language).say("p", "he", near).text
    assert ("不是我" in denied) if language == "zh" else ("No" in denied), denied


@pytest.mark.parametrize(("question", "deed", "owned"), [
    ("布是你染坏的吗？", "小豆把老孙的一匹蓝布染花了", True), ("饭是你烧坏的吗？", "阿牛把一锅饭烧焦了", True),
    ("布是你染坏的吗？", "小豆把老孙的一匹蓝布染好了", False), ("布是你剪坏的吗？", "小豆把老孙的一匹蓝布染花了", False),
])
def test_one_act_spoilt_either_way_is_one_deed(question: str, deed: str, owned: bool) -> None:
    """染坏 asked, 染花 done: the same action with a spoilt result (a dyer's apprentice denied it)."""
    acc = accusation(question, "zh")
    assert acc is not None
    assert owns_up(acc, question, deed, "zh", harmful=True) is owned, (question, deed, acc)
