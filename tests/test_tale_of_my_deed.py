"""A tale about me that tells my own deed is owned, not met with hurt (agents/voice.py `_tale_owned`), en and
zh: Okke, who tore Bram's nets, told "Dot is going round saying you tore Bram's nets", said "About me? That's
not fair. I tore Bram's nets while mending them." Now: "It's true, I did." and the deed; said to be meant when
it was not, "It was me, but not on purpose."; a tale of something I did not do still hurts, with no deed of
mine after the hurt."""

from __future__ import annotations

from townsfolk import Town
from townsfolk.agents.voice_phrases import PHRASES

ZH = {"scenario": "布", "language": "zh", "seed": 5, "start": "2026-06-03T08:00", "tick": "1h",
      "characters": {"shitou": {"name": "石头", "role": "染坊的学徒"}, "zhou": {"name": "周婆", "role": "卖针线的"},
                     "lan": {"name": "蓝姑", "role": "染坊掌柜"}, "p": {"name": "阿远", "player": True}},
      "timeline": [{"at": 1, "happen": {"what": "石头把蓝姑的三匹蓝布染花了", "actor": "shitou",
                                        "witnesses": ["lan", "zhou"], "valence": -0.4}}]}
EN = {"scenario": "Nets", "language": "en", "seed": 5, "start": "2026-06-03T08:00", "tick": "1h",
      "characters": {"okke": {"name": "Okke", "role": "net mender"}, "dot": {"name": "Dot", "role": "fishwife"},
                     "bram": {"name": "Bram", "role": "skipper"}, "p": {"name": "Jun", "player": True}},
      "timeline": [{"at": 1, "happen": {"what": "Okke tore Bram's nets while mending them", "actor": "okke",
                                        "witnesses": ["dot", "bram"], "valence": -0.4}}]}


def _said(spec: dict, npc: str, line: str, deed: str | None = None) -> str:
    if deed is not None:
        spec = {**spec, "timeline": [{"at": 1, "happen": {**spec["timeline"][0]["happen"], "what": deed}}]}
    town = Town.from_scenario(spec)
    town.advance(2)
    return town.say("p", npc, line).text


def _led(said: str, lang: str, key: str) -> bool:
    return said.startswith(tuple(PHRASES[lang][key]))


def test_en_my_deed_told_of_me_is_owned() -> None:
    for line in ("Dot is going round saying you tore Bram's nets", "Dot has been telling people you ruined Bram's nets"):
        said = _said(EN, "okke", line)
        assert _led(said, "en", "admit_rumour") and "tore Bram's nets" in said, (line, said)
    said = _said(EN, "okke", "Dot says you tore the nets on purpose")
    assert _led(said, "en", "admit_not_meant"), said


def test_zh_my_deed_told_of_me_is_owned() -> None:
    for line in ("周婆到处跟人说你把蓝姑的布染花了", "周婆说你把布染花了"):
        said = _said(ZH, "shitou", line)
        assert _led(said, "zh", "admit_rumour") and "染花了" in said, (line, said)
    said = _said(ZH, "shitou", "周婆到处跟人说你故意染坏布")
    assert _led(said, "zh", "admit_not_meant"), said


def test_a_tale_of_what_i_did_not_do_hurts_with_no_deed_of_mine_after() -> None:
    said = _said(EN, "okke", "Dot is going round saying you tore Bram's nets", deed="Okke broke Dot's teapot")
    assert _led(said, "en", "react_me") and "teapot" not in said, said
    said = _said(ZH, "shitou", "周婆到处跟人说你故意染坏布", deed="石头把周婆的茶碗打碎了")
    assert _led(said, "zh", "react_me") and "茶碗" not in said, said
