""""Is Gus your colleague?" / "老陈是你师父吗？" is answered from the tie (newcomer N-21, N-14): Wren,
who works with Gus, said "Not that I know of."; 小梅, 老陈's apprentice, answered with the rumour."""

from __future__ import annotations

import pytest

from townsfolk import Town

CAST = {
    "en": {"gus": {"name": "Gus", "role": "master printer"}, "wren": {"name": "Wren", "role": "compositor"}},
    "zh": {"laochen": {"name": "老陈", "role": "染坊掌柜"}, "xiaomei": {"name": "小梅", "role": "学徒"}},
}
TIES = {"en": {"from": "gus", "to": "wren", "kind": "colleague", "strength": 0.7, "mutual": True},
        "zh": {"from": "laochen", "to": "xiaomei", "kind": "mentor", "strength": 0.7}}
RUMOUR = {"en": {"at": 0, "happen": {"what": "Gus printed the handbills with the wrong date", "actor": "gus",
                                     "witnesses": ["wren"], "valence": -0.3}},
          "zh": {"at": 0, "happen": {"what": "老陈把王嫂的绸子染花了", "actor": "laochen",
                                     "witnesses": ["xiaomei"], "valence": -0.3}}}
# (asked of, question, the answer's start)
ASKED = {"en": [("wren", "Is Gus your colleague?", "Yes, Gus and I work together"),
                ("wren", "Is Gus your friend?", "No, Gus and I work together")],
         "zh": [("xiaomei", "老陈是你师父吗？", "是啊，我和老陈是"),
                ("laochen", "小梅是你的徒弟吗？", "是啊，小梅是我一手带的")]}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_question_about_a_tie_is_answered_from_the_tie(lang):
    town = Town.from_scenario({"scenario": "ties", "language": lang, "seed": 1, "start": "2026-05-11T07:00",
                               "tick": "1h", "place": "shop", "relationships": [TIES[lang]], "timeline": [RUMOUR[lang]],
                               "characters": {**CAST[lang], "me": {"name": "Sam", "player": True}}})
    for npc, question, start in ASKED[lang]:
        text = town.say("me", npc, question).text
        assert text.startswith(start), (question, text)
