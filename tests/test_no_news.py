"""A catch-up question with nothing to share says there is no news ("Nothing new that I've heard." /
"没听说什么新鲜事。", agents/voice.py no_news), not that the thing asked is unknown; with news, the news."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.voice_phrases import PHRASES

EN = {"scenario": "Quiet lane", "language": "en", "seed": 3, "start": "2026-05-02T07:00", "tick": "1h",
      "characters": {"bess": {"name": "Bess", "role": "weaver", "persona": "Keeps to herself."},
                     "tom": {"name": "Tom", "role": "carter", "persona": "Talks a lot."},
                     "p": {"name": "Robin", "player": True}},
      "timeline": [{"at": 1, "happen": {"what": "Tom's cart lost a wheel on the bridge", "actor": "tom", "valence": -0.3}}]}
ZH = {"scenario": "小巷", "language": "zh", "seed": 3, "start": "2026-05-02T07:00", "tick": "1h",
      "characters": {"li": {"name": "李掌柜", "role": "裁缝", "persona": "话不多"},
                     "wu": {"name": "吴二", "role": "脚夫", "persona": "爱说话"},
                     "p": {"name": "阿远", "player": True}},
      "timeline": [{"at": 1, "happen": {"what": "吴二的车在桥上掉了一个轮子", "actor": "wu", "valence": -0.3}}]}


@pytest.mark.parametrize(("spec", "npc", "text"), [(EN, "bess", "Any news?"), (EN, "bess", "What's new around here?"),
                                                   (ZH, "li", "最近镇上有什么新鲜事？"), (ZH, "li", "镇上最近有什么消息？")])
def test_a_catch_up_with_nothing_to_share_says_no_news(spec: dict, npc: str, text: str) -> None:
    town = Town.from_scenario(spec)
    town.advance(2)
    said = town.say("p", npc, text).text
    assert any(p in said for p in PHRASES[spec["language"]]["no_news"]), said


@pytest.mark.parametrize(("spec", "npc", "text", "news"), [(EN, "tom", "Any news?", "wheel"),
                                                           (ZH, "wu", "最近镇上有什么新鲜事？", "轮子")])
def test_a_catch_up_with_news_tells_it(spec: dict, npc: str, text: str, news: str) -> None:
    town = Town.from_scenario(spec)
    town.advance(2)
    said = town.say("p", npc, text).text
    assert news in said, said
