""""你跟柳娘熟吗？" / "Do you know Maud well?" asks how close we are: answered from the tie (tie_question.py).

Found by the newcomer (N-51, an N-37 class question): 小六 met 你跟柳娘熟吗？ with 没有，不是我干的。"""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.tie_question import CLOSE, closeness_asked


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_how_close_from_the_tie(lang: str) -> None:
    names = {"liu": "柳娘", "xiao": "小六", "sun": "孙大夫", "shi": "石头"} if lang == "zh" else \
        {"liu": "Maud", "xiao": "Tobin", "sun": "Esk", "shi": "Wren"}
    town = Town.from_scenario({
        "scenario": "close", "language": lang, "seed": 5, "start": "2026-05-10T07:00", "tick": "1h",
        "characters": {**{k: {"name": n, "role": "worker"} for k, n in names.items()},
                       "p": {"name": "过路客" if lang == "zh" else "Rowan", "player": True}},
        "relationships": [{"from": "xiao", "to": "shi", "kind": "friend", "strength": 0.6, "mutual": True},
                          {"from": "xiao", "to": "liu", "kind": "acquaintance", "strength": 0.5, "mutual": True}],
        "timeline": [{"at": 1, "say": {"speaker": "liu", "to": "xiao", "about": "shi",
                                       "text": "石头不靠谱" if lang == "zh" else "Wren is unreliable"}}]})
    town.advance(1)
    ask = "你跟{}熟吗？" if lang == "zh" else "Do you know {} well?"
    assert closeness_asked(ask.format(names["liu"]), lang) == names["liu"]
    friend = town.say("p", "xiao", ask.format(names["shi"])).text
    assert friend.startswith(CLOSE[lang]["yes"]) and names["shi"] in friend, friend
    known = town.say("p", "xiao", ask.format(names["liu"])).text
    assert names["liu"] in known and not known.startswith(CLOSE[lang]["yes"]), known
    assert town.say("p", "xiao", ask.format(names["sun"])).text == CLOSE[lang]["no"].format(about=names["sun"])
