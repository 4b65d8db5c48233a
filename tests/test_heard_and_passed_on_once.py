"""What an NPC heard and what it passed on are the same words: said once (newcomer N-15). 阿虎 said
"小梅跟我说老陈把王嫂的绸子染坏了，他这人就是马虎。我跟王嫂提过一句，小梅说老陈把王嫂的绸子染坏了，
他这人就是马虎。"; now the second is "我也跟王嫂提过一句。" (en: "I told Dora as much, too.")."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.my_tellings import ALSO_TOLD

WORLDS = {
    "en": ({"gus": "Gus", "wren": "Wren", "finch": "Finch", "dora": "Dora"},
           "Gus botched Dora's handbills. Careless, he is.", "What did Wren tell you about Gus?", "Dora", "botched"),
    "zh": ({"gus": "老陈", "wren": "小梅", "finch": "阿虎", "dora": "王嫂"},
           "老陈把王嫂的绸子染坏了，他这人就是马虎。", "小梅跟你说了老陈什么？", "王嫂", "染坏"),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_what_was_heard_and_passed_on_is_said_once(lang):
    names, said, question, to, word = WORLDS[lang]
    town = Town.from_scenario({
        "scenario": "chain", "language": lang, "seed": 3, "start": "2026-06-02T07:00", "tick": "1h", "place": "shop",
        "characters": {**{k: {"name": n, "role": "worker"} for k, n in names.items()}, "me": {"name": "Sam", "player": True}},
        "timeline": [{"at": 1, "say": {"speaker": "wren", "to": "finch", "about": "gus", "text": said}},
                     {"at": 2, "gossip": {"teller": "finch", "to": "dora", "about": "gus"}}]})
    town.advance(3)
    text = town.say("me", "finch", question).text
    assert text.count(word) == 1, text
    assert ALSO_TOLD[lang].format(to=to) in text, text
