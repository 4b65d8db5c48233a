"""A trade offer ("I'll trade you my knife for two loaves", "我拿这把刀换你两个馒头") is answered as one
by an NPC whose trade makes the thing asked for (agents/barter.py): accepted, countered or declined
by what the thing offered is worth to it and its bond with the one offering; before, it was small
talk ("Quiet day so far.") or news ("你跟我说过，旅客拿这把刀换我两个馒头")."""

from __future__ import annotations

import pytest

from townsfolk import Town

EN = """
scenario: Mill lane
language: en
seed: 0
characters:
  bram: {name: Bram, role: miller}
  tess: {name: Tess, role: baker}
  lin: {name: Lin, player: true}
  ada: {name: Ada, player: true}
relationships:
  - {from: tess, to: lin, kind: friend, strength: 0.9, mutual: true}
"""

ZH = """
scenario: 磨坊村
language: zh
seed: 0
start: 2026-04-01T08:00
tick: 1h
characters:
  liu: {name: 老刘, role: 卖馒头的}
  wangpo: {name: 王婆, role: 卖茶的老婆婆}
  lvke: {name: 旅客, player: true}
  shusheng: {name: 书生, player: true}
relationships:
  - {from: liu, to: lvke, kind: friend, strength: 0.9, mutual: true}
"""

CASES = {"en": (EN, "tess", "bram", "lin", "ada", "I'll trade you my knife for two loaves.",
                "I'll trade you my hat for {n} loaves.", ("Done", "deal", "yes:"), "Tess"),
         "zh": (ZH, "liu", "wangpo", "lvke", "shusheng", "我拿这把刀换你两个馒头。",
                "我拿这顶帽子换你{n}个馒头。", ("成交", "成，", "拿去吧"), "老刘")}
_ZH_N = "零一两三四五六七八九十"


def _town(text: str, seed: int) -> Town:
    town = Town.from_scenario(text.replace("seed: 0", f"seed: {seed}"))
    town.advance(1)
    return town


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_fair_trade_offer_is_taken_and_the_maker_is_named_by_others(lang: str) -> None:
    text, maker, other, friend, stranger, fair, _, yes, maker_name = CASES[lang]
    for seed in range(3):
        town = _town(text, seed)
        said = town.say(stranger, maker, fair).text
        assert any(w in said for w in yes), said
        assert ("loaves" in said and "knife" in said) if lang == "en" else ("馒头" in said and "刀" in said), said
        said = town.say(stranger, other, fair).text  # not her trade: who makes them
        assert maker_name in said, said


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_friend_gets_a_kinder_bargain_than_a_stranger(lang: str) -> None:
    text, maker, _, friend, stranger, _, offer, yes, _ = CASES[lang]
    kinder = 0
    for seed in range(3):
        town = _town(text, seed)
        for n in range(1, 10):
            words = offer.format(n=n if lang == "en" else _ZH_N[n])
            theirs, mine = town.say(friend, maker, words).text, town.say(stranger, maker, words).text
            friend_yes, stranger_yes = any(w in theirs for w in yes), any(w in mine for w in yes)
            assert friend_yes or not stranger_yes, (words, theirs, mine)
            kinder += friend_yes and not stranger_yes
            if not stranger_yes:  # a counter or a refusal, said as one: a price or fewer
                assert any(c.isdigit() for c in mine) or "loaf" in mine or "馒头" in mine, (words, mine)
    assert kinder, "the friend never got a better bargain"


def test_would_you_swap_asks_the_npc_for_the_first_thing() -> None:
    town = _town(EN, 1)
    said = town.say("ada", "tess", "Would you swap two loaves for this knife?").text
    assert "loaves" in said and "knife" in said and "can't" not in said, said


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_too_little_coin_or_my_own_ware_is_not_taken(lang: str) -> None:
    text, maker, *_ = CASES[lang]
    town = _town(text, 2)
    for words in (("I'll give you a penny for ten loaves.", "I'll trade you a loaf for ten loaves.") if lang == "en"
                  else ("我拿一文钱换你十个馒头。", "我拿一个馒头换你十个馒头。")):
        said = town.say("ada" if lang == "en" else "shusheng", maker, words).text
        assert not any(w in said for w in CASES[lang][7]), (words, said)  # countered (one for a penny) or refused
        assert any(c.isdigit() for c in said) or "one loaf" in said or "一个馒头" in said, (words, said)


def test_the_fishmonger_trades_the_fish_she_is_asked_for_by_its_name() -> None:
    town = Town.from_scenario(EN.replace("role: baker", "role: fishmonger on the quay"))
    town.advance(1)
    said = town.say("ada", "tess", "Would you trade me two mackerel for this ribbon?").text
    assert "mackerel" in said.lower() and "not something I have" not in said, said
