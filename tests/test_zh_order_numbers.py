"""zh orders with any number: 来二斤米酒 was declined (二 was not a count, only 两), 来十二斤 priced as 二斤 and
来一百斤 answered with the weather. The count is read whole (十二, 二十, 一百) and priced."""

from __future__ import annotations

from pathlib import Path

import pytest

from townsfolk import Town

ZH = """
scenario: 酒坊
language: zh
characters:
  qian: {name: 钱师傅, role: 酒坊掌柜, sells: [{ware: 米酒, price: 12, per: 斤}]}
  ke: {name: 过客, player: true}
"""


@pytest.mark.parametrize(("order", "total"), [("来二斤米酒。", "24文"), ("来十二斤米酒", "144文"),
                                               ("给我来二十斤米酒", "240文"), ("来一百斤米酒", "1200文"),
                                               ("来2斤米酒", "24文"), ("来十一斤米酒", "132文")])
def test_zh_order_counts(tmp_path: Path, order: str, total: str) -> None:
    path = tmp_path / "w.yaml"
    path.write_text(ZH, encoding="utf-8")
    town = Town.from_scenario(path)
    town.advance(1)
    said = town.say("ke", "qian", order).text
    assert f"一共{total}" in said, (order, said)
