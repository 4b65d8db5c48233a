""""你跟孙大夫说了什么？" / "What did you tell Sun?" is answered from my own telling to that person.

Found by the newcomer (N-34): 小六, who told 孙大夫 at t6 that 钱掌柜 says 石头 is dishonest, said "这事我没
听说过。": the context, ranked by the question's words, did not hold the telling (agents/tellings_asked.py
now brings it in)."""

from __future__ import annotations

import pytest

from townsfolk import Town

ZH = {"scenario": "镖局", "language": "zh", "seed": 5, "start": "2026-05-10T07:00", "tick": "1h",
      "characters": {"qian": {"name": "钱掌柜", "role": "绸缎庄掌柜"}, "liu": {"name": "柳娘", "role": "摆茶摊的"},
                     "sun": {"name": "孙大夫", "role": "郎中"}, "xiaoliu": {"name": "小六", "role": "趟子手"},
                     "shitou": {"name": "石头", "role": "镖师"}, "ke": {"name": "过路客", "player": True}},
      "relationships": [{"from": "xiaoliu", "to": "sun", "kind": "neighbour", "strength": 0.5, "mutual": True}],
      "timeline": [{"at": 1, "say": {"speaker": "liu", "to": "xiaoliu", "about": "shitou", "text": "钱掌柜说石头不靠谱"}},
                   {"at": 2, "gossip": {"teller": "xiaoliu", "to": "sun", "about": "shitou"}},
                   {"at": 3, "happen": {"what": "小六在院子里摔了一跤", "actor": "xiaoliu", "witnesses": ["xiaoliu"],
                                        "valence": -0.2}},
                   {"at": 4, "say": {"speaker": "qian", "to": "xiaoliu", "about": "liu", "text": "柳娘的茶越来越淡了"}},
                   *({"at": 5 + n, "say": {"speaker": who, "to": "xiaoliu", "about": "sun", "text": text}}
                     for n, (who, text) in enumerate([("qian", "孙大夫的药很灵"), ("liu", "孙大夫昨天出诊去了"),
                                                      ("shitou", "孙大夫给我看过腰"), ("qian", "孙大夫的铺子要翻修"),
                                                      ("liu", "孙大夫说话慢条斯理"), ("shitou", "孙大夫收了个徒弟")]))]}
EN = {"scenario": "School", "language": "en", "seed": 7, "start": "2026-05-11T07:00", "tick": "1h",
      "characters": {"ada": {"name": "Ada", "role": "schoolmistress"}, "hattie": {"name": "Hattie", "role": "baker"},
                     "silas": {"name": "Silas", "role": "grocer"}, "owen": {"name": "Owen", "role": "caretaker"},
                     "p": {"name": "Rowan", "player": True}},
      "relationships": [{"from": "hattie", "to": "silas", "kind": "neighbour", "strength": 0.5, "mutual": True}],
      "timeline": [{"at": 1, "say": {"speaker": "ada", "to": "hattie", "about": "owen",
                                     "text": "Owen took the bell without asking"}},
                   {"at": 2, "gossip": {"teller": "hattie", "to": "silas", "about": "owen"}},
                   {"at": 3, "say": {"speaker": "owen", "to": "hattie", "about": "ada", "text": "Ada keeps a tidy garden"}}]}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_what_i_told_them_is_my_telling_to_them(lang: str) -> None:
    town = Town.from_scenario(ZH if lang == "zh" else EN)
    town.advance(10 if lang == "zh" else 3)
    if lang == "zh":
        said = town.say("ke", "xiaoliu", "你跟孙大夫说了什么？").text
        assert said.startswith("我跟孙大夫") and "不老实" in said, said
    else:
        said = town.say("p", "hattie", "What did you tell Silas?").text
        assert "Silas" in said and "Owen" in said and "know" not in said, said
