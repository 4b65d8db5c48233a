"""A remark on the weather is agreed with (agents/small_talk.py), en and zh (newcomer N-5, N-17): "Nice
weather today, isn't it?" got "I haven't heard anything about that." (the tag "isn't it?" was read as a
question about something), "Cold this morning, isn't it?" got "No idea, sorry. Nobody's told me.",
"今天天气真好啊。" got "还行吧。你呢？" and "这雨下得真大" news asked for. Foul weather is agreed with as foul."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.small_talk import ANSWERS, small_talk_topic

EN = {"scenario": "Market", "language": "en", "seed": 4, "start": "2026-05-11T07:00", "tick": "1h",
      "characters": {"rosa": {"name": "Rosa", "role": "lamp seller"}, "p": {"name": "Sam", "player": True}}}
ZH = {"scenario": "书院", "language": "zh", "seed": 4, "start": "2026-05-11T07:00", "tick": "1h",
      "characters": {"lin": {"name": "林掌柜", "role": "掌柜"}, "p": {"name": "过客", "player": True}}}


def _answers(lang: str, topic: str) -> list[str]:
    return [a for tone in ANSWERS[lang][topic].values() for a in tone]


@pytest.mark.parametrize(("said", "topic"), [("Nice weather today, isn't it?", "weather"), ("Lovely morning.", "weather"),
                                             ("Cold this morning, isn't it?", "weather_foul"), ("What a storm last night!", "weather_foul")])
def test_en_weather_remarks_are_agreed_with(said: str, topic: str) -> None:
    assert small_talk_topic(said, "en") == topic
    reply = Town.from_scenario(EN).say("p", "rosa", said).text
    assert reply in _answers("en", topic), reply


@pytest.mark.parametrize(("said", "topic"), [("今天天气真好啊。", "weather"), ("天真好", "weather"),
                                             ("今天真冷啊", "weather_foul"), ("这雨下得真大", "weather_foul")])
def test_zh_weather_remarks_are_agreed_with(said: str, topic: str) -> None:
    assert small_talk_topic(said, "zh") == topic
    reply = Town.from_scenario(ZH).say("p", "lin", said).text
    assert reply in _answers("zh", topic), reply


def test_coldness_toward_someone_is_no_weather() -> None:
    assert small_talk_topic("他对我很冷淡", "zh") is None and small_talk_topic("他太天真了", "zh") is None
    assert small_talk_topic("The storm tore Marek's nets.", "en") is None
