"""A player who says they were there ("I was there", 我当时就在场) is weighed as a witness's account, not
as hearsay: before, "... I was there." weighed exactly what the bare line did, so a friend's rumour from
someone who was not there outweighed an eyewitness's denial."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.memory.eyewitness import says_was_there


def _world(language: str) -> dict:  # type: ignore[type-arg]
    zh = language == "zh"
    return {"scenario": "witness", "language": language, "seed": 5, "place": "x",
            "characters": {"zhang": {"name": "张嫂" if zh else "Martha"}, "li": {"name": "李掌柜" if zh else "Bram"},
                           "he": {"name": "小何" if zh else "Tom"}, "p": {"name": "阿远" if zh else "Robin", "player": True}},
            "relationships": [{"from": "li", "to": "he", "kind": "colleague", "strength": 0.6, "mutual": True},
                              {"from": "li", "to": "p", "kind": "friend", "strength": 0.8, "mutual": True},
                              {"from": "li", "to": "zhang", "kind": "friend", "strength": 0.9, "mutual": True}],
            "timeline": [{"at": 1, "tell": {"speaker": "zhang", "to": "li", "about": "he",
                                            "text": "小何偷了钱" if zh else "Tom stole the money"}}]}


def _said(language: str, line: str) -> tuple[Town, str]:
    town = Town.from_scenario(_world(language))
    town.advance(2)
    return town, town.say("p", "li", line).text


def _rumour(town: Town):  # type: ignore[no-untyped-def]
    return next(b for b in town.memory.beliefs_of("li", held_only=False) if b.told_by == "zhang")


@pytest.mark.parametrize(("language", "denial", "there"), [
    ("en", "Martha says Tom stole the money, but that isn't true.", " I was there."),
    ("en", "Tom didn't steal the money.", " I saw it with my own eyes."),
    ("zh", "张嫂说小何偷了钱，那不是真的。", "我当时就在场。"),
    ("zh", "小何没偷钱。", "我亲眼看见的。")])
def test_an_eyewitness_denial_outweighs_hearsay_that_the_bare_denial_does_not(language: str, denial: str,
                                                                           there: str) -> None:
    bare, _ = _said(language, denial)
    assert _rumour(bare).status == "held", _rumour(bare)  # a friend's hearsay outweighs a plain denial
    seen, _ = _said(language, denial + there)
    assert _rumour(seen).status == "superseded", _rumour(seen)
    mine = max((b for b in seen.memory.beliefs_of("li") if b.told_by == "p"), key=lambda b: b.credibility)
    plain = max((b for b in bare.memory.beliefs_of("li") if b.told_by == "p"), key=lambda b: b.credibility)
    assert mine.credibility > plain.credibility and mine.source == "told"


@pytest.mark.parametrize(("language", "account", "there"), [
    ("en", "Tom mended the roof.", " I was there."), ("zh", "小何帮王婶修好了屋顶。", "我当时就在场。")])
def test_an_eyewitness_account_is_more_credible(language: str, account: str, there: str) -> None:
    plain, _ = _said(language, account)
    seen, _ = _said(language, account + there)
    [a] = [b for b in plain.memory.beliefs_of("li") if b.told_by == "p"]
    [b] = [b for b in seen.memory.beliefs_of("li") if b.told_by == "p"]
    assert b.credibility > a.credibility, (a.credibility, b.credibility)


@pytest.mark.parametrize(("text", "there"), [
    ("I was there.", True), ("I saw the whole thing", True), ("我当时就在场", True), ("我亲眼看见的", True),
    ("I wasn't there", False), ("Were you there?", False), ("I saw him yesterday", False), ("我不在场", False),
    ("我没亲眼看见", False)])
def test_saying_one_was_there(text: str, there: bool) -> None:
    assert says_was_there(text) is there
