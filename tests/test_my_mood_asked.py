""""You look glum." / 你怎么闷闷不乐的？ is answered with what weighs on the NPC (agents/my_mood.py).

Found by the newcomers (N-25, N-60, N-11): 石头, hurt by what 柳娘 told him, said "我还真不知道。" to
石头，你怎么闷闷不乐的？; Owen met "You look glum." with small talk and "Why are you cold to Ada?" without
the reason. Now the cause held (what was said of me and who told it), and "I'm fine" when nothing is."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.my_mood import FINE, asks_my_mood
from townsfolk.agents.voice import question_kind

EN = {"scenario": "Press", "language": "en", "seed": 11, "start": "2026-09-20T07:00", "tick": "1h",
      "characters": {"maud": {"name": "Maud", "role": "orchard keeper"}, "wren": {"name": "Wren", "role": "carter"},
                     "esk": {"name": "Esk", "role": "beekeeper"},
                     "tobin": {"name": "Tobin", "role": "press hand"}, "you": {"name": "Rowan", "player": True}},
      "relationships": [{"from": "tobin", "to": "maud", "kind": "colleague", "strength": 0.7, "mutual": True}],
      "timeline": [{"at": 1, "say": {"speaker": "wren", "to": "tobin", "about": "maud",
                                     "text": "Maud says you are careless"}}]}
ZH = {"scenario": "镖局", "language": "zh", "seed": 5, "start": "2026-05-10T07:00", "tick": "1h",
      "characters": {"qian": {"name": "钱掌柜", "role": "绸缎庄掌柜"}, "liu": {"name": "柳娘", "role": "摆茶摊的"},
                     "sun": {"name": "孙大夫", "role": "郎中"},
                     "shitou": {"name": "石头", "role": "镖师"}, "ke": {"name": "过路客", "player": True}},
      "relationships": [{"from": "shitou", "to": "qian", "kind": "customer", "strength": 0.6, "mutual": True}],
      "timeline": [{"at": 1, "say": {"speaker": "liu", "to": "shitou", "about": "qian", "text": "钱掌柜说你一向马虎"}}]}


def test_what_asks_after_my_mood() -> None:
    for q in ("You look glum.", "Why are you so upset?", "What's wrong?", "Why are you cold to Ada?"):
        assert asks_my_mood(q, "en") and question_kind(q, "en") == "my_mood", q
    for q in ("石头，你怎么闷闷不乐的？", "你怎么不高兴？", "你心情不好吗？", "你怎么了？"):
        assert asks_my_mood(q, "zh") and question_kind(q, "zh") == "my_mood", q
    assert not asks_my_mood("What's wrong with the door?", "en") and not asks_my_mood("你怎么看这事？", "zh")
    # how things stand with someone (scenarios/bakery.yaml's expectation at t9: the flour and Nell)
    assert question_kind("Is something wrong between you and Tom?", "en") != "my_mood"
    assert question_kind("你和石头之间怎么了？", "zh") != "my_mood"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_cause_held_is_said(lang: str) -> None:
    town = Town.from_scenario(EN if lang == "en" else ZH)
    town.advance(1)
    player, hurt, fine = ("you", "tobin", "esk") if lang == "en" else ("ke", "shitou", "sun")
    for question in (["You look glum.", "Why are you so upset?"] if lang == "en" else ["石头，你怎么闷闷不乐的？", "你怎么不高兴？"]):
        said = town.say(player, hurt, question).text
        assert ("Wren" in said and "careless" in said) if lang == "en" else ("柳娘" in said and "马虎" in said), said
    said = town.say(player, fine, "You look glum." if lang == "en" else "你怎么不高兴？").text
    assert said in FINE[lang], said
