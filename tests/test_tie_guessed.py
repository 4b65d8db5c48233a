""""石头是你徒弟吧？" / "Owen's your apprentice, isn't he?" asks the tie as a guess to confirm (agents/tie_question.py).

Found by the newcomer (N-35): 赵总镖头, whose apprentice 石头 is, answered 石头是你徒弟吧？ with the rumour
(我就说我知道的吧。听柳娘说，……): the 吧 of a guess was not read as asking; "Is Gus your colleague?" was."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.tie_question import YES


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_guessed_tie_is_confirmed_from_the_tie(lang: str) -> None:
    names = {"zhao": "赵总镖头", "shitou": "石头", "liu": "柳娘"} if lang == "zh" else \
        {"zhao": "Ada", "shitou": "Owen", "liu": "Hattie"}
    town = Town.from_scenario({
        "scenario": "tie", "language": lang, "seed": 5, "start": "2026-05-10T07:00", "tick": "1h",
        "characters": {**{k: {"name": n, "role": "worker"} for k, n in names.items()},
                       "ke": {"name": "过路客" if lang == "zh" else "Rowan", "player": True}},
        "relationships": [{"from": "zhao", "to": "shitou", "kind": "mentor", "strength": 0.8}],
        "timeline": [{"at": 1, "say": {"speaker": "liu", "to": "zhao", "about": "shitou",
                                       "text": "石头一向马虎" if lang == "zh" else "Owen is always careless"}}]})
    town.advance(1)
    for asked in (["石头是你徒弟吧？", "石头是你的徒弟对吧？"] if lang == "zh"
                  else ["Owen's your apprentice, isn't he?", "Is Owen your apprentice?"]):
        said = town.say("ke", "zhao", asked).text
        assert said.startswith(YES[lang]), (asked, said)  # the tie first (the worry may follow)
