""""你怎么看周先生" (no ？) is a question about 周先生, answered from what I hold, never a claim I take in:
it went the 'listen' route ("是吗？孙婶跟我说周先生嫌我马虎。") and was stored as a belief that the asker said
something about how I see 周先生. A persona that starts 为人 is said once: "他为人古板", not "他为人为人古板"."""

from __future__ import annotations

from townsfolk import Town
from townsfolk.agents.persona_clause import persona_clause_zh

ZH = {"scenario": "书院", "language": "zh", "seed": 11, "start": "2026-04-02T08:00", "tick": "1h",
      "characters": {"zhou": {"name": "周先生", "role": "教书先生", "persona": "为人古板，讲规矩，重名声。"},
                     "lin": {"name": "林掌柜", "role": "卖笔墨纸砚的"},
                     "p": {"name": "过客", "player": True}},
      "relationships": [{"from": "zhou", "to": "lin", "kind": "customer", "strength": 0.6, "mutual": True}]}


def test_how_do_you_see_someone_is_asked_not_told() -> None:
    town = Town.from_scenario(ZH)
    before = len(town.memory.beliefs_of("lin"))
    reply = town.say("p", "lin", "你怎么看周先生")
    assert reply.route == "answer_from_memory", reply
    assert "周先生" in reply.text and not reply.text.startswith("是吗"), reply.text
    assert len(town.memory.beliefs_of("lin")) == before  # nothing taken in as something the asker said
    assert "为人为人" not in reply.text and "人为人" not in reply.text, reply.text


def test_a_persona_said_of_a_person_once() -> None:
    assert persona_clause_zh("为人古板，讲规矩") == "人古板，讲规矩"
    assert persona_clause_zh("人勤快，认死理") == "人勤快，认死理"  # (it was 人人勤快)
    assert persona_clause_zh("人缘好，爱说笑") == "这人人缘好，爱说笑"


def test_what_was_heard_is_labelled_in_the_world_s_language() -> None:
    town = Town.from_scenario(ZH)
    turn = town.say("p", "lin", "你怎么看周先生")
    assert turn.heard.label == "平静" and turn.emotion.label == "平静", (turn.heard, turn.emotion)
