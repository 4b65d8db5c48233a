"""A market of trades the newcomers' worlds were not shaped around, asked what a player would ask: each
NPC answers in its own trade. Before, the smith refused "Could you sharpen my axe?" ('That's beyond me'),
the cobbler and the barber had no trade ("I don't really know anything about that."), the herbalist
answered "I've a cough. Have you something for it?" with 'No idea', "Would you do it for 9?" after a
shoeing (the it rewritten to "the horse") was not read as an offer, "I'll take six." after the candles
and "And a bed for the night?" after a pint were small talk; in zh 有空房吗 and 有药吗 got 不清楚,
八文一斤卖不卖 was not an offer, 我要两把 of the umbrella seller was answered with mending an umbrella,
and 帮我磨一下这把刀 said 打一件一件10文."""

from __future__ import annotations

import re
from pathlib import Path

from townsfolk import Town

EN = """
scenario: Saltmarket
language: en
seed: 11
characters:
  abe: {name: Abe, role: blacksmith}
  gil: {name: Gil, role: cobbler}
  wen: {name: Wen, role: herbalist}
  ora: {name: Ora, role: candle seller}
  mae: {name: Mae, role: landlady of the Bell}
  rook: {name: Rook, player: true}
"""
ZH = """
scenario: 赶集
language: zh
seed: 11
characters:
  laobanniang: {name: 孙大娘, role: 客栈老板娘}
  tiejiang: {name: 铁匠老马, role: 铁匠}
  langzhong: {name: 陈郎中, role: 郎中}
  maisan: {name: 伞婆, role: 卖伞的}
  roupu: {name: 刘屠户, role: 肉铺掌柜}
  titou: {name: 剃头李, role: 剃头匠}
  you: {name: 小六, player: true}
"""
REFUSED = re.compile(r"haven't heard|beyond me|can't help|No idea|don't really know|Busy day|不清楚|说不上来|不知道|帮不上|清闲")


def talk(tmp_path: Path, text: str, name: str, player: str, lines: list[tuple[str, str]]) -> list[str]:
    spec = tmp_path / f"{name}.yaml"
    spec.write_text(text, encoding="utf-8")
    town = Town.from_scenario(str(spec), db=str(tmp_path / f"{name}.db"))
    town.advance(1)
    said = [town.say(player, npc, words).text for npc, words in lines]
    town.close()
    return said


def test_an_english_market_answers_in_its_trades(tmp_path: Path) -> None:
    said = talk(tmp_path, EN, "en", "rook", [
        ("abe", "Could you sharpen my axe?"), ("abe", "Can you shoe my horse?"), ("abe", "Would you do it for 9?"),
        ("gil", "Can you mend my boots?"), ("gil", "How much for new shoes?"),
        ("wen", "I've a cough. Have you something for it?"),
        ("ora", "How much are your candles?"), ("ora", "I'll take six."),
        ("mae", "A pint of ale, please."), ("mae", "And a bed for the night?")])
    assert not any(REFUSED.search(s) for s in said), said
    sharpen, _shoe, offer, mend, shoes, cough, _candles, six, _ale, bed = said
    assert "edge" in sharpen and ("pence a blade" in sharpen or "penny a blade" in sharpen), sharpen
    assert "9" in offer and "pence" in offer, offer
    assert "like new" in mend and "a pair" in mend and "a pair" in shoes, (mend, shoes)
    assert "remedy" in cough, cough
    assert "six" in six and "candle" in six, six
    assert "room" in bed and "a night" in bed, bed


def test_a_chinese_market_answers_in_its_trades(tmp_path: Path) -> None:
    said = talk(tmp_path, ZH, "zh", "you", [
        ("laobanniang", "有空房吗？"), ("laobanniang", "两文行不行？"),
        ("tiejiang", "帮我磨一下这把刀"), ("langzhong", "我咳嗽好几天了，有药吗？"),
        ("maisan", "一把伞多少钱？"), ("maisan", "我要两把"),
        ("roupu", "猪肉怎么卖？"), ("roupu", "五文一斤行不行"),
        ("titou", "帮我剃个头吧")])
    assert not any(REFUSED.search(s) for s in said), said
    room, offer, knife, medicine, _price, two, _pork, pork_offer, shave = said
    assert "晚" in room and "文" in room and "2文" in offer, (room, offer)
    assert "磨" in knife and "一件一件" not in knife, knife
    assert "药" in medicine and "文" in medicine, medicine
    assert "两把" in two and "补" not in two, two
    assert "5文" in pork_offer, pork_offer
    assert "剃头" in shave and "文" in shave, shave
