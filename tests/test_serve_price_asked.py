"""来一壶酒多少钱？ to the wine shop's owner was served as "行，酒多少钱这就给你端来": the ware ran on into the
price asked with it. The ware stops before 多少钱 / 怎么卖 / 什么价."""

from __future__ import annotations

from pathlib import Path

from townsfolk import Town

ZH = """
scenario: 酒坊
language: zh
characters:
  laoqian: {name: 钱老板, role: 酒坊东家}
  ke: {name: 外乡人, player: true}
"""


def test_ware_stops_before_the_price(tmp_path: Path) -> None:
    path = tmp_path / "w.yaml"
    path.write_text(ZH, encoding="utf-8")
    town = Town.from_scenario(path)
    town.advance(1)
    for ask in ("来一壶酒多少钱？", "我想买两斤米酒怎么卖？", "来一壶酒。"):
        said = town.say("ke", "laoqian", ask).text
        assert "酒" in said and "多少钱" not in said and "怎么卖" not in said, (ask, said)
