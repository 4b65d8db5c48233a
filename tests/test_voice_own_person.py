"""Words said back keep whose they are (worlds of the lead's own, en and zh): a teller's "I think ..."
is quoted as theirs, never turned into the listener's "I"; a name asked about keeps its capital when
denied; "what have you heard?" / "你最近听到什么了？" / "听说你们窑里出了点事？" ask after news."""

from __future__ import annotations

from townsfolk import Town
from townsfolk.agents.grammar_en import clause, speaks_for_self, unquote
from townsfolk.memory.topic import is_topic_question

SCALES = {"scenario": "Brookford mill", "language": "en", "seed": 5, "start": "2026-10-12T06:00", "tick": "1h",
          "characters": {"edda": {"name": "Edda", "role": "miller"},
                         "tomas": {"name": "Tomas", "role": "farmer", "traits": {"candour": 0.4}},
                         "bren": {"name": "Bren", "role": "carter", "traits": {"candour": 0.5, "exaggeration": 0.1}},
                         "ilse": {"name": "Ilse", "role": "baker"},
                         "wren": {"name": "Wren", "player": True}},
          "relationships": [{"from": "bren", "to": "tomas", "kind": "friend", "strength": 0.6, "mutual": True},
                            {"from": "bren", "to": "ilse", "kind": "neighbour", "strength": 0.5, "mutual": True}],
          "timeline": [{"at": 1, "say": {"speaker": "tomas", "to": "bren", "about": "edda",
                                         "text": "I think Edda's mill wheel was turning slow today"}},
                       {"at": 2, "gossip": {"teller": "bren", "to": "ilse", "about": "edda"}}]}
KILN = {"scenario": "窑厂的裂缸", "language": "zh", "seed": 11, "start": "2026-09-03T07:00", "tick": "1h",
        "characters": {"laozhou": {"name": "老周", "role": "窑主"}, "xiaotao": {"name": "小陶", "role": "学徒"},
                       "ajuan": {"name": "阿娟", "role": "帮工", "traits": {"candour": 0.3, "exaggeration": 0.8}},
                       "huoke": {"name": "货客", "player": True}},
        "relationships": [{"from": "ajuan", "to": "laozhou", "kind": "colleague", "strength": 0.5, "mutual": True}],
        "timeline": [{"at": 1, "happen": {"what": "小陶搬缸的时候失手，摔裂了一口大缸", "actor": "xiaotao",
                                          "witnesses": ["ajuan"], "valence": -0.4}},
                     {"at": 2, "gossip": {"teller": "ajuan", "to": "laozhou", "about": "xiaotao"}}]}


def test_a_tellers_own_i_is_quoted_as_theirs() -> None:
    town = Town.from_scenario(SCALES)
    town.advance(3)
    bren = town.say("wren", "bren", "What did Tomas tell you?").text
    assert "that I think" not in bren and "Tomas told me, \u2018I think" in bren.replace("said to me", "told me"), bren
    ilse = town.say("wren", "ilse", "Any news in the village?").text
    # Bren may pass it on as said or drop its hedge; either way Tomas's "I" stays Tomas's
    assert "that I think" not in ilse and ("\u2018I think Edda's mill wheel" in ilse or "says that Edda" in ilse), ilse
    assert unquote('Tomas says: "I think the mill is shut"') == "Tomas says, \u2018I think the mill is shut\u2019"
    assert unquote('Tomas says: "the mill is shut"') == "Tomas says that the mill is shut"
    assert speaks_for_self("my cart broke") and not speaks_for_self("Edda's cart broke")
    assert clause("According to Bren, it rained") == "according to Bren, it rained"


def test_a_denial_says_the_name_as_asked() -> None:
    town = Town.from_scenario(SCALES)
    town.advance(3)
    said = town.say("wren", "edda", "Did you cheat Tomas on the flour?").text
    assert "cheat Tomas on the flour" in said and "tomas" not in said, said


def test_news_questions_in_other_words_are_answered_from_what_is_held() -> None:
    for text, lang in (("你最近听到什么了？", "zh"), ("听说你们窑里出了点事？", "zh"),
                       ("What have you heard lately?", "en"), ("What did you hear at the market?", "en")):
        assert is_topic_question(text, lang), text
    town = Town.from_scenario(KILN)
    town.advance(3)
    for npc, question in (("laozhou", "老周，听说你们窑里出了点事？"), ("ajuan", "你最近听到什么了？")):
        said = town.say("huoke", npc, question).text
        assert "摔裂了一口大缸" in said and "没听说" not in said and "不太清楚" not in said, (npc, said)
