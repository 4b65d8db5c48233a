"""A reply drawn from a whisper is itself private (newcomer N-19): Lin whispered "Gus owes me
money", then asked aloud "Does Gus owe anyone money?"; the answer "You told me that Gus owes
money" went on the stream in clear and into a public memory. Now it is said in private."""

from __future__ import annotations

import pytest

from townsfolk import Town

WORLDS = {
    "en": ({"gus": {"name": "Gus", "role": "printer"}, "wren": {"name": "Wren", "role": "compositor"}},
           "wren", "Keep this between us: Gus owes me money.", "Does Gus owe anyone money?", "(said in private)"),
    "zh": ({"liubo": {"name": "刘伯", "role": "丝商"}, "xiaomei": {"name": "小梅", "role": "学徒"}},
           "xiaomei", "别告诉别人，刘伯欠了我十两银子。", "刘伯欠谁的钱吗？", "（私下说的话）"),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_answer_grounded_in_a_whisper_is_said_in_private(lang):
    cast, npc, secret, question, hidden = WORLDS[lang]
    town = Town.from_scenario({"scenario": "whisper", "language": lang, "seed": 1, "start": "2026-05-11T07:00",
                               "tick": "1h", "place": "shop", "characters": cast, "timeline": []})
    town.join("p2", "Lin")
    town.join("p3", "Moss")
    assert town.say("p2", npc, secret).private
    turn = town.say("p2", npc, question)
    private_ids = {i.id for _, i in town.memory.all_items() if getattr(i, "private", False)}
    assert set(turn.memory_ids) & private_ids  # the answer drew on the whisper ...
    assert turn.reply_private and not turn.private  # ... so it is private itself (the question was not)
    [reply] = [e for e in turn.entries if e.kind == "reply"]
    assert hidden in reply.text and turn.text not in reply.text
    assert all(turn.text not in e.text for e in town.timeline())
    answered = [e for e in town.memory.events_of(npc) if e.fact_id == turn.reply_fact]
    assert answered and all(e.private for e in answered)
    other = town.say("p3", npc, question)
    assert not set(other.memory_ids) & private_ids
