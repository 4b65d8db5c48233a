"""My words to another, recalled to a third: their "you" is whom I told, and the one I now speak to
is named, never turned into that addressee (newcomer N-62: Hattie to Ada, of her telling to Silas,
"I passed on to Silas that Silas says Owen stole something": Ada's name had become "you" in the
quote, then the told-to rewrite made that "you" Silas)."""

from __future__ import annotations

import pytest

from townsfolk import Town


def _town(lang: str) -> Town:
    zh = lang == "zh"
    names = {"ada": "阿兰", "hattie": "花婶", "silas": "老石", "owen": "欧文", "rowan": "若文"} if zh else \
        {"ada": "Ada", "hattie": "Hattie", "silas": "Silas", "owen": "Owen", "rowan": "Rowan"}
    town = Town.from_scenario({
        "scenario": "gate", "language": lang, "seed": 3, "start": "2026-09-07T08:00", "tick": "1h", "place": "gate",
        "characters": {**{k: {"name": v} for k, v in names.items() if k != "rowan"},
                       "rowan": {"name": names["rowan"], "player": True}},
        "relationships": [{"from": "hattie", "to": o, "kind": "friend", "strength": 0.6, "mutual": True}
                          for o in ("ada", "silas")],
        "timeline": [{"at": 1, "say": {"speaker": "ada", "to": "hattie", "about": "owen",
                                       "text": "欧文没打招呼就把钟拿走了" if zh else "Owen took the bell without asking"}},
                     {"at": 2, "gossip": {"teller": "hattie", "to": "silas", "about": "owen"}}]})
    town.advance(3)
    return town


@pytest.mark.parametrize("lang,told,wrong", [("en", "Silas that Ada says", "Silas says"), ("zh", "阿兰说", "老石说")])
def test_whom_i_told_is_not_made_of_whom_i_speak_to(lang: str, told: str, wrong: str) -> None:
    town = _town(lang)
    text = "Owen is a good sort" if lang == "en" else "欧文人不错"
    reply = town.sim.converse(speaker="ada", npc="hattie", text=text, via="npc")[0].text
    assert told in reply and wrong not in reply, reply  # (the reply recalls her telling to Silas)
