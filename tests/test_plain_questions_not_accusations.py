"""A yes/no question about the NPC is an accusation only when it asks a deed (agents/deed_question.py).

Found by the newcomers (N-33, N-37, N-51, N-59, C-1): 钱掌柜, asked 你以后还找威远镖局押货吗？, said
"不是我，没有的事。"; 你信她的话吗？, 你跟柳娘熟吗？, 你还怪他吗？, 你会去找柳娘算账吗？ got "没有，不是我干的。"
too. Believing, blaming, knowing someone well, meaning to do something are no deeds; "你偷了面粉吗？" is one."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.deed_question import asks_a_deed
from townsfolk.agents.voice import question_kind
from townsfolk.agents.voice_phrases import PHRASES

NOT_DEEDS = {"zh": ["你以后还找威远镖局押货吗？", "你信她的话吗？", "你信吗？", "你信我吗？", "你跟柳娘熟吗？",
                    "你还怪他吗？", "你会去找柳娘算账吗？", "那你还觉得石头一向马虎吗？", "你心情不好吗？",
                    "你亲眼看见绸缎淋湿了吗？", "你能便宜点卖我一匹吗？"],
             "en": ["Did you believe her?", "Did you trust him?", "Have you forgiven Maud?"]}
DEEDS = {"zh": ["你偷了面粉吗？", "井绳是你弄断的吗？", "你有没有拿我的钱？", "你把井绳弄断了吗？", "你是故意的吗？",
                "你是不是故意少找钱的？", "王婶说你往井边倒豆渣，是真的吗？", "你是不是跟石头说了钱掌柜的坏话？"],
         "en": ["Did you break the gate?", "Did you steal the flour?", "Martha says you broke the gate. Is it true?"]}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_only_a_deed_is_read_as_one(lang: str) -> None:
    assert {q: question_kind(q, lang) for q in NOT_DEEDS[lang] if question_kind(q, lang) == "deed"} == {}
    assert {q: question_kind(q, lang) for q in DEEDS[lang]} == dict.fromkeys(DEEDS[lang], "deed")
    assert all(asks_a_deed(q, lang) for q in DEEDS[lang])


ZH = {"scenario": "镖局", "language": "zh", "seed": 5, "start": "2026-05-10T07:00", "tick": "1h",
      "characters": {"qian": {"name": "钱掌柜", "role": "绸缎庄掌柜"}, "liu": {"name": "柳娘", "role": "摆茶摊的"},
                     "shitou": {"name": "石头", "role": "镖师"}, "ke": {"name": "过路客", "player": True}},
      "relationships": [{"from": "qian", "to": "shitou", "kind": "client", "strength": 0.6, "mutual": True},
                        {"from": "qian", "to": "liu", "kind": "neighbour", "strength": 0.6, "mutual": True}],
      "relationship_kinds": [{"key": "client", "en": "client", "zh": "主顾", "warmth": 0.5}],
      "timeline": [{"at": 1, "happen": {"what": "石头押的镖路上遇了雨，一匹绸缎淋湿了", "actor": "shitou",
                                        "witnesses": ["qian"], "valence": -0.3}},
                   {"at": 2, "say": {"speaker": "liu", "to": "shitou", "about": "qian", "text": "钱掌柜说你一向马虎"}}]}
EN = {"scenario": "Press", "language": "en", "seed": 11, "start": "2026-09-20T07:00", "tick": "1h",
      "characters": {"maud": {"name": "Maud", "role": "orchard keeper"}, "wren": {"name": "Wren", "role": "carter"},
                     "tobin": {"name": "Tobin", "role": "press hand"}, "you": {"name": "Rowan", "player": True}},
      "relationships": [{"from": "tobin", "to": "maud", "kind": "colleague", "strength": 0.7, "mutual": True}],
      "timeline": [{"at": 1, "say": {"speaker": "wren", "to": "tobin", "about": "maud", "text": "Maud says you are careless"}}]}


def _denied(text: str, lang: str) -> bool:
    return any(text.startswith(p.split("{")[0]) for k in ("deny_deed", "deny_act") for p in PHRASES[lang][k])


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_plain_question_is_not_met_with_a_denial(lang: str) -> None:
    town = Town.from_scenario(ZH if lang == "zh" else EN)
    town.advance(2)
    if lang == "zh":
        asked = [("qian", "你以后还找石头押货吗？"), ("qian", "你跟柳娘熟吗？"), ("shitou", "你信她的话吗？"),
                 ("shitou", "你还怪钱掌柜吗？")]
    else:
        asked = [("tobin", "Did you believe Wren?"), ("tobin", "Have you forgiven Maud?")]
    for npc, question in asked:
        said = town.say("ke" if lang == "zh" else "you", npc, question).text
        assert not _denied(said, lang), (question, said)
    if lang == "zh":  # a deed asked after is still denied (or owned)
        said = town.say("ke", "qian", "你偷了石头的钱吗？").text
        assert _denied(said, lang), said
