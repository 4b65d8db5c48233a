"""An NPC asked for its own trade answers in its trade (M-8 / M-9): a price argued over ("Would you take 3
pence?", "Too dear - how about 8?", 便宜点吧, 八文行不行) gets a shop's answer (taken, countered within reason,
or refused with the price said), and a trade's own work asked of it (a net-maker mending a net, a fishwife
gutting fish) is taken on with its price, never refused as a stranger's odd request."""

from __future__ import annotations

import re
from pathlib import Path

from townsfolk import Town

EN = """
scenario: the quay
language: en
seed: 4
characters:
  hal: {name: Hal, role: innkeeper of the Anchor}
  nan: {name: Nan, role: net-maker}
  bet: {name: Bet, role: fishwife}
  ros: {name: Ros, role: chandler, sells: [{ware: rope, price: 10, per: coil}]}
  kit: {name: Kit, player: true}
"""
ZH = """
scenario: 码头
language: zh
seed: 4
characters:
  laohe: {name: 老何, role: 酒馆掌柜}
  wangpo: {name: 王婆, role: 织网的}
  yusao: {name: 鱼嫂, role: 卖鱼的}
  shuanzi: {name: 栓子, role: 杂货铺伙计, sells: [{ware: 麻绳, price: 10, per: 捆}]}
  kit: {name: 阿吉, player: true}
"""
REFUSED = re.compile(r"haven't heard|beyond me|can't help|No idea|don't really know|不清楚|说不上来|不知道|帮不上")


def town_of(tmp_path: Path, text: str, name: str) -> Town:
    spec = tmp_path / f"{name}.yaml"
    spec.write_text(text, encoding="utf-8")
    town = Town.from_scenario(str(spec), db=str(tmp_path / f"{name}.db"))
    town.advance(1)
    return town


def test_haggling_over_my_own_price_in_english(tmp_path: Path) -> None:
    town = town_of(tmp_path, EN, "en")
    said = [town.say("kit", "ros", t).text for t in
            ("How much for the rope?", "Would you take 3 pence?", "Too dear - how about 8?", "Would you take 9 pence?",
             "Any cheaper?")]
    ale = [town.say("kit", "hal", t).text for t in ("A pint of ale, please.", "Too dear - how about 2?")]
    town.close()
    assert not any(REFUSED.search(s) for s in said + ale), said + ale
    price, far, near, fair, cheaper = said
    assert "10 pence" in far and "3" in far  # refused, the price said
    assert "8" in near and "9 pence" in near  # a counter within reason: between the offer and the price
    assert "9 pence" in fair and "10" not in fair  # taken
    assert "9 pence" in cheaper
    assert "pint" in ale[0] and "1 penny" in ale[1] and "2" in ale[1]  # more than the price is never pocketed


def test_haggling_over_my_own_price_in_chinese(tmp_path: Path) -> None:
    town = town_of(tmp_path, ZH, "zh")
    said = [town.say("kit", "shuanzi", t).text for t in ("麻绳多少钱？", "便宜点吧", "八文行不行？", "三文卖不卖？", "九文行吗")]
    wine = [town.say("kit", "laohe", t).text for t in ("来一壶酒", "便宜点吧")]
    town.close()
    assert not any(REFUSED.search(s) for s in said + wine), said + wine
    _price, cheaper, near, far, fair = said
    assert "9文" in cheaper and "8" in near and "9文" in near and "10文" in far and "9文" in fair, said
    assert "文" in wine[1], wine


def test_a_trades_own_work_is_taken_on_with_its_price(tmp_path: Path) -> None:
    en = town_of(tmp_path, EN, "en2")
    net, gut = en.say("kit", "nan", "Can you mend my net?").text, en.say("kit", "bet", "Could you gut these for me?").text
    en.close()
    zh = town_of(tmp_path, ZH, "zh2")
    bu, shi = zh.say("kit", "wangpo", "能帮我补补网吗？").text, zh.say("kit", "yusao", "帮我把这几条鱼收拾一下行吗？").text
    zh.close()
    assert "mend" in net and "a net" in net and "each" not in net, net  # mending, not a new net sold
    assert "gutted" in gut and "penny" in gut, gut
    assert "补" in bu and "文" in bu, bu
    assert "收拾" in shi and "文" in shi, shi


def test_what_is_no_haggling() -> None:
    from townsfolk.agents.haggle import offered

    assert offered("Too dear - how about 8?", False) == (True, 8) and offered("八文行不行？", True) == (True, 8)
    assert offered("少点吧", True) == (True, None) and offered("Any cheaper?", False) == (True, None)
    # a quantity, an amount of something else, less salt: no price argued
    for words, zh in (("What about two pints?", False), ("You had too much ale last night?", False),
                      ("Is bread cheaper than fish?", False), ("面里少点盐", True), ("How about Dora?", False)):
        assert offered(words, zh) == (False, None), words
