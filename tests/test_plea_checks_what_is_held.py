"""Plea: "Will you forgive Cal?" / "你能原谅小六吗？" is weighed against everything the NPC holds against him: a
wrong it saw him do and its own cold impression, not only tales it was told (agents/plea.py, voice.choose_act).

Found by the newcomers: Ada, who saw Cal kick her milk pails over on purpose, said "I don't hold anything
against Cal." (the plea weighed only told beliefs); of Dan, whom she has always thought a sneak, the same;
and 你能原谅小六吗？ was not heard as a plea at all (answered as news: "据我所知没有。" of 老陈)."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.plea import PHRASES


def _world(lang: str) -> dict:
    zh = lang == "zh"
    return {"scenario": "forgive", "language": lang, "seed": 4, "start": "2026-05-02T08:00", "tick": "1h",
            "characters": {"ada": {"name": "阿春" if zh else "Ada", "role": "挤奶的" if zh else "dairymaid"},
                           "cal": {"name": "小六" if zh else "Cal", "role": "马夫" if zh else "stable lad"},
                           "dan": {"name": "老陈" if zh else "Dan", "role": "赶车的" if zh else "carter"},
                           "p": {"name": "客人" if zh else "Pip", "player": True}},
            "relationships": [{"from": "ada", "to": "cal", "kind": "colleague", "strength": 0.6, "mutual": True}],
            "impressions": [{"holder": "ada", "about": "dan", "text": "滑头" if zh else "a sneak",
                             "valence": -0.6, "confidence": 0.8}],
            "timeline": [{"at": 1, "happen": {"what": "小六故意踢翻了阿春的奶桶" if zh else
                                              "Cal kicked over Ada's milk pails on purpose",
                                              "actor": "cal", "witnesses": ["ada"], "valence": -0.5}}]}


def _nothing_held(text: str, lang: str) -> bool:
    return any(text.startswith(p.split("{")[0]) for p in PHRASES[lang]["nothing_held"])


@pytest.mark.parametrize(("lang", "of_cal", "of_dan"), [("en", "Will you forgive Cal?", "Will you forgive Dan?"),
                                                        ("zh", "你能原谅小六吗？", "你能原谅老陈吗？")])
def test_a_plea_is_weighed_against_what_i_saw_and_think(lang: str, of_cal: str, of_dan: str) -> None:
    town = Town.from_scenario(_world(lang))
    town.advance(2)
    said = town.say("p", "ada", of_cal).text
    assert not _nothing_held(said, lang), said
    assert ("pails" in said and "saw" in said) if lang == "en" else ("奶桶" in said and "亲眼" in said), said
    said = town.say("p", "ada", of_dan).text
    assert not _nothing_held(said, lang), said
    assert ("sneak" in said) if lang == "en" else ("滑头" in said), said


def test_a_plea_for_one_i_hold_nothing_against_is_still_nothing_held() -> None:
    town = Town.from_scenario({**_world("en"), "impressions": [], "timeline": []})
    said = town.say("p", "ada", "Will you forgive Cal?").text
    assert _nothing_held(said, "en"), said


@pytest.mark.parametrize(("lang", "excuse"), [("en", "Cal didn't mean it, the pails were in his way."),
                                              ("zh", "小六不是故意的，奶桶挡了他的路"),
                                              ("zh", "你就别怪小六了")])
def test_a_bare_excuse_for_one_i_saw_do_wrong_is_weighed_against_what_i_saw(lang: str, excuse: str) -> None:
    """A bare excuse is heard as small talk, whose context brings no events: the wrong I saw (a witnessed
    belief, said only by its event) was dropped, and 刘嫂, who saw her rice weighed short, said
    "我对老周没什么意见。" (our own rice mill); the event of seeing it stands in for it."""
    town = Town.from_scenario(_world(lang))
    town.advance(2)
    said = town.say("p", "ada", excuse).text
    assert not _nothing_held(said, lang), said
    assert ("pails" in said and "saw" in said) if lang == "en" else ("奶桶" in said and "亲眼" in said), said
