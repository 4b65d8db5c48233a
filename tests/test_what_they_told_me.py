""""What did Hattie tell you?" / 小六跟你说过什么？ asks what they told me, not what I told them.

Found by the newcomers (N-6, N-10, N-50): Ada, who told Hattie about the bell and heard nothing from her,
said "That's everything I know, really."; Hattie, asked what Ada told her, led with whom she passed it on
to; 柳娘, asked 小六跟你说过什么？, said what she told 小六, the question read as news told (跟你说)."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.intent import detect_intents, kinds_of
from townsfolk.agents.tellings_asked import teller_asked

EN = {"scenario": "School", "language": "en", "seed": 7, "start": "2026-05-11T07:00", "tick": "1h",
      "characters": {"ada": {"name": "Ada", "role": "schoolmistress"}, "hattie": {"name": "Hattie", "role": "baker"},
                     "silas": {"name": "Silas", "role": "grocer"}, "owen": {"name": "Owen", "role": "caretaker"},
                     "p": {"name": "Rowan", "player": True}},
      "relationships": [{"from": "hattie", "to": "silas", "kind": "neighbour", "strength": 0.5, "mutual": True}],
      "timeline": [{"at": 1, "say": {"speaker": "ada", "to": "hattie", "about": "owen",
                                     "text": "Owen took the bell without asking"}},
                   {"at": 2, "gossip": {"teller": "hattie", "to": "silas", "about": "owen"}}]}
ZH = {"scenario": "镖局", "language": "zh", "seed": 5, "start": "2026-05-10T07:00", "tick": "1h",
      "characters": {"qian": {"name": "钱掌柜", "role": "绸缎庄掌柜"}, "liu": {"name": "柳娘", "role": "摆茶摊的"},
                     "sun": {"name": "孙大夫", "role": "郎中"}, "xiaoliu": {"name": "小六", "role": "趟子手"},
                     "shitou": {"name": "石头", "role": "镖师"}, "ke": {"name": "过路客", "player": True}},
      "relationships": [{"from": "liu", "to": "xiaoliu", "kind": "acquaintance", "strength": 0.5, "mutual": True}],
      "timeline": [{"at": 1, "say": {"speaker": "liu", "to": "xiaoliu", "about": "shitou", "text": "钱掌柜说石头不靠谱"}},
                   {"at": 2, "gossip": {"teller": "xiaoliu", "to": "sun", "about": "shitou"}}]}


def test_the_question_names_the_teller() -> None:
    assert teller_asked("What did Hattie tell you?", "en", ["Hattie", "Ada"]) == "Hattie"
    assert teller_asked("What has Ada been telling you about Owen?", "en", ["Owen", "Ada"]) == "Ada"
    assert teller_asked("What did you tell Hattie?", "en", ["Hattie"]) is None
    assert teller_asked("那小六跟你说过什么？", "zh", ["小六"]) == "小六"
    assert teller_asked("你跟小六说了什么？", "zh", ["小六"]) is None
    assert "tell" not in kinds_of(detect_intents("小六跟你说过什么？", "zh", names=("小六",)))
    assert "tell" in kinds_of(detect_intents("我跟你说，小六又迟到了", "zh", names=("小六",)))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_what_they_told_me_or_that_they_told_me_nothing(lang: str) -> None:
    town = Town.from_scenario(EN if lang == "en" else ZH)
    town.advance(2)
    if lang == "en":
        heard = town.say("p", "hattie", "What did Ada tell you?").text
        assert heard.startswith(("Ada told me", "I heard from Ada", "According to Ada")) and "Owen" in heard, heard
        none = town.say("p", "ada", "What did Hattie tell you?").text
        assert none.startswith("Hattie hasn't told me anything") and "bell" in none, none
    else:
        heard = town.say("ke", "sun", "小六跟你说了什么？").text
        assert "小六" in heard and "石头" in heard and not heard.startswith("小六没跟我说"), heard
        none = town.say("ke", "liu", "小六跟你说过什么？").text
        assert none.startswith("小六没跟我说过什么，倒是我跟小六") and "不靠谱" in none, none
