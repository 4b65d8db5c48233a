""""你跟谁说过这事？" / "Who did you tell?" names the ones I told; "Did you tell Owen?" quotes my telling to him.

Found by the newcomer (N-28): 柳娘, who told 赵总镖头, 石头 and 小六, said "我还真不知道。"; asked
你是不是跟石头说了钱掌柜的坏话？ she owned it, then quoted her telling to 小六, not the one to 石头."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.tellings_asked import TOLD_NOBODY, asks_whom_i_told

NAMES = {"en": {"liu": "Hattie", "zhao": "Ada", "shitou": "Owen", "xiaoliu": "Pip", "qian": "Silas", "sun": "Mina"},
         "zh": {"liu": "柳娘", "zhao": "赵总镖头", "shitou": "石头", "xiaoliu": "小六", "qian": "钱掌柜", "sun": "孙大夫"}}
SAID = {"en": "Owen is careless with the goods", "zh": "石头这趟活干得马虎"}


def _town(lang: str) -> Town:
    return Town.from_scenario({
        "scenario": "tellings", "language": lang, "seed": 5, "start": "2026-05-10T07:00", "tick": "1h",
        "characters": {**{k: {"name": n, "role": "worker"} for k, n in NAMES[lang].items()},
                       "ke": {"name": "Rowan" if lang == "en" else "过路客", "player": True}},
        "timeline": [{"at": 1, "say": {"speaker": "qian", "to": "liu", "about": "shitou", "text": SAID[lang]}},
                     {"at": 2, "gossip": {"teller": "liu", "to": "zhao", "about": "shitou"}},
                     {"at": 3, "gossip": {"teller": "liu", "to": "shitou", "about": "qian"}},
                     {"at": 4, "gossip": {"teller": "liu", "to": "xiaoliu", "about": "shitou"}}]})


def test_what_asks_whom_i_told() -> None:
    assert asks_whom_i_told("你跟谁说过这事？", "zh") and asks_whom_i_told("Who did you tell?", "en")
    assert asks_whom_i_told("Who else have you told?", "en") and not asks_whom_i_told("Who told you?", "en")
    assert not asks_whom_i_told("谁跟你说的？", "zh")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_ones_i_told_and_my_telling_to_one(lang: str) -> None:
    town = _town(lang)
    town.advance(4)
    names = NAMES[lang]
    whom = town.say("ke", "liu", "Who did you tell?" if lang == "en" else "你跟谁说过这事？").text
    assert all(names[k] in whom for k in ("zhao", "shitou", "xiaoliu")), whom
    assert town.say("ke", "sun", "Who did you tell?" if lang == "en" else "你跟谁说过这事？").text == TOLD_NOBODY[lang]
    asked = "Did you tell Owen?" if lang == "en" else "你是不是跟石头说了钱掌柜的坏话？"
    said = town.say("ke", "liu", asked).text
    to_shitou = (f"told {names['shitou']}", f"say to {names['shitou']}") if lang == "en" else (f"跟{names['shitou']}",)
    assert any(t in said for t in to_shitou) and names["xiaoliu"] not in said and names["zhao"] not in said, said
