"""A tale about me going round hurts (agents/voice.py `_tale_of_me`, `_called_me_names`), en and zh: "周婆到处
跟人说你故意染坏布" said to 石头 got "哦？有这回事？" (its words have no cue word: 故意染坏布 is read by meaning,
what is said of me read apart from who says it), and "Dot is going round saying you spoiled the nets on
purpose" got "Really? Dot?", a reaction to Dot. A hurt felt again is not recapped ("就像我刚才说的，说我？")."""

from __future__ import annotations

from townsfolk import Town
from townsfolk.agents.voice_phrases import PHRASES

ZH = {"scenario": "布", "language": "zh", "seed": 5, "start": "2026-06-03T08:00", "tick": "1h",
      "characters": {"shitou": {"name": "石头", "role": "染坊的学徒"}, "zhou": {"name": "周婆", "role": "卖针线的"},
                     "lan": {"name": "蓝姑", "role": "染坊掌柜"}, "p": {"name": "阿远", "player": True}}}
EN = {"scenario": "Nets", "language": "en", "seed": 5, "start": "2026-06-03T08:00", "tick": "1h",
      "characters": {"okke": {"name": "Okke", "role": "net mender"}, "dot": {"name": "Dot", "role": "fishwife"},
                     "p": {"name": "Jun", "player": True}}}


def _hurt(said: str, lang: str) -> bool:
    return said.startswith(tuple(PHRASES[lang]["react_me"]))


def _town(spec: dict) -> Town:
    town = Town.from_scenario(spec)
    town.advance(1)
    return town


def test_zh_a_tale_going_round_hurts() -> None:
    for line in ("周婆到处跟人说你故意染坏布", "周婆到处跟人说你故意把布染坏了。", "周婆跟人说你故意染坏布"):
        said = _town(ZH).say("p", "shitou", line).text
        assert _hurt(said, "zh") and "有这回事" not in said, (line, said)


def test_zh_praise_going_round_does_not_hurt() -> None:
    said = _town(ZH).say("p", "shitou", "周婆到处跟人说你手艺好").text
    assert not _hurt(said, "zh"), said


def test_en_a_tale_going_round_hurts() -> None:
    for line in ("Dot is going round saying you spoiled the nets on purpose", "Dot says you spoiled the nets on purpose"):
        said = _town(EN).say("p", "okke", line).text
        assert _hurt(said, "en") and not said.startswith("Really? Dot"), (line, said)


def test_zh_a_second_tale_is_felt_again_not_recapped() -> None:
    town = _town(ZH)
    town.say("p", "shitou", "周婆到处跟人说你偷懒")
    said = town.say("p", "shitou", "周婆到处说你总是迟到").text
    assert _hurt(said, "zh") and "刚才说" not in said, said


def test_en_a_second_tale_in_the_hour_is_the_one_reacted_to() -> None:
    town = _town(EN)
    town.say("p", "okke", "Dot has been telling people you're always late")
    said = town.say("p", "okke", "Dot is going round saying you spoiled the nets on purpose").text
    assert _hurt(said, "en") and "said" not in said.split(".")[0].lower().replace("said about me", ""), said
