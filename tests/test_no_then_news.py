""""据我所知没有" then news that says it (agents/voice.py `_accused_other`, `_held_as_asked`, the feeling answer),
en and zh: "阿海是不是偷了鸡？" asked of one told 阿海手脚一向不干净 was answered "据我所知没有。王婆跟我说阿海手脚
一向不干净。" (是不是 read as a negation, and the held theft not in the question's words); "王婆生阿海的气了吗？"
got "没觉得啊" before what 王婆 said against him. One answer, one way."""

from __future__ import annotations

from townsfolk import Town
from townsfolk.agents.voice_phrases import PHRASES

ZH = {"scenario": "鸡", "language": "zh", "seed": 4, "start": "2026-06-03T08:00", "tick": "1h",
      "characters": {"xiu": {"name": "秀姑", "role": "织网的"}, "wang": {"name": "王婆", "role": "洗衣的"},
                     "hai": {"name": "阿海", "role": "渔夫"}, "p": {"name": "阿远", "player": True}},
      "relationships": [{"from": "wang", "to": "xiu", "kind": "friend", "strength": 0.7, "mutual": True}],
      "timeline": [{"at": 1, "happen": {"what": "阿海偷了王婆的鸡", "actor": "hai", "witnesses": ["wang"]}},
                   {"at": 2, "gossip": {"teller": "wang", "to": "xiu", "about": "hai"}}]}
EN = {"scenario": "Hen", "language": "en", "seed": 4, "start": "2026-06-03T08:00", "tick": "1h",
      "characters": {"xiu": {"name": "Sue", "role": "net maker"}, "wang": {"name": "Wanda", "role": "washerwoman"},
                     "hai": {"name": "Hal", "role": "fisherman"}, "p": {"name": "Jun", "player": True}},
      "relationships": [{"from": "wang", "to": "xiu", "kind": "friend", "strength": 0.7, "mutual": True}],
      "timeline": [{"at": 1, "happen": {"what": "Hal stole Wanda's hen", "actor": "hai", "witnesses": ["wang"]}},
                   {"at": 2, "gossip": {"teller": "wang", "to": "xiu", "about": "hai"}}]}


def _says_no(said: str, lang: str) -> bool:
    return any(said.startswith(p) for key in ("not_known", "feeling_no") for p in PHRASES[lang][key])


def _town(spec: dict) -> Town:
    town = Town.from_scenario(spec)
    town.advance(3)
    assert any("不干净" in b.text or "always stealing" in b.text for b in town.sim.memory.beliefs_of("xiu"))
    return town


def test_zh_a_theft_held_in_other_words_is_no_no() -> None:
    said = _town(ZH).say("p", "xiu", "阿海是不是偷了鸡？").text
    assert not _says_no(said, "zh") and "手脚一向不干净" in said, said


def test_zh_one_who_spoke_against_him_is_not_said_not_angry() -> None:
    said = _town(ZH).say("p", "xiu", "王婆生阿海的气了吗？").text
    assert not _says_no(said, "zh"), said


def test_en_a_theft_held_in_other_words_is_no_no() -> None:
    said = _town(EN).say("p", "xiu", "Did Hal steal the chicken?").text
    assert not _says_no(said, "en") and "always stealing" in said, said


def test_en_one_who_spoke_against_him_is_not_said_not_angry() -> None:
    said = _town(EN).say("p", "xiu", "Is Wanda angry with Hal?").text
    assert not _says_no(said, "en"), said
