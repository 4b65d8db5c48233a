"""A service asked of the one whose work it is is served with its price: Gus (sells leaflets) asked "Could you
print me a hundred leaflets by Friday?" said "That's beyond me, sorry."; Bea the farrier asked "Can you shoe my
horse tomorrow?" said she couldn't; Hal the vet asked "How much to look at my dog?" said "Can't say I know"
(newcomer N-20). Now the printer, the farrier and the vet (兽医, 铁匠 in zh) name their price."""

from __future__ import annotations

import pytest

from townsfolk import Town


def _town(lang: str) -> Town:
    zh = lang == "zh"
    town = Town.from_scenario({"scenario": "work", "language": lang, "seed": 5, "start": "2026-05-02T08:00",
                               "tick": "1h", "place": "x", "timeline": [], "characters": {
                                   "gus": {"name": "老周" if zh else "Gus", "role": "印刷匠" if zh else "master printer",
                                           "sells": [{"ware": "传单" if zh else "handbill", "price": 2, "per": "百张" if zh else "hundred",
                                                      "words": [] if zh else ["flyer", "leaflet"]}]},
                                   "bea": {"name": "铁姑" if zh else "Bea", "role": "铁匠" if zh else "blacksmith and farrier"},
                                   "hal": {"name": "老马" if zh else "Hal", "role": "兽医" if zh else "country vet"},
                                   "kit": {"name": "沈郎" if zh else "Kit", "player": True}}})
    town.advance(1)
    return town


@pytest.mark.parametrize("lang,npc,asked,want", [
    ("en", "gus", "Could you print me a hundred leaflets by Friday?", "2 pence a hundred"),
    ("en", "bea", "Can you shoe my horse tomorrow?", "pence a horse"),
    ("en", "hal", "How much to look at my dog?", "pence a visit"),
    ("zh", "gus", "你能给我印一百张传单吗？", "2文"),
    ("zh", "bea", "明天能给我的马钉掌吗？", "钉马掌"),
    ("zh", "hal", "你看一次牲口多少钱？", "出诊一趟"),
])
def test_the_one_whose_work_it_is_names_its_price(lang: str, npc: str, asked: str, want: str) -> None:
    said = _town(lang).say("kit", npc, asked).text
    assert want in said, said
