"""One's own batch burnt is a mistake at one's work, not a fire; and a witness believes a spoilt thing in
the deed's words. "Pell burned the whole batch of bread" was read by meaning as `burned_down` ("lost
everything in a fire", a misfortune that cools nobody), 把一整炉面包都烤焦了 as nothing; and a witness of
"Greta burnt Ole's supper" believed "Greta spoiled someone's things", the label instead of what it saw."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.memory.predicate_reader import read_by_cues


@pytest.mark.parametrize(("text", "key"), [
    ("Pell burned the whole batch of bread", "careless"), ("Pell burnt two trays of buns this morning", "careless"),
    ("Pell burned the stew again", "careless"), ("Greta burnt Ole's supper", "damaged"),
    ("春嫂把一整炉面包都烤焦了", "careless"), ("阿牛把一锅饭烧焦了", "careless"), ("小梅烤糊了一炉面包", "careless"),
    ("桂姐把老欧的晚饭烧糊了", "damaged"),
])
def test_burnt_goods_are_a_mistake_or_a_thing_spoilt_not_a_fire(text: str, key: str) -> None:
    reading = read_by_cues(text)
    assert reading is not None and reading.key == key, (text, reading)


@pytest.mark.parametrize("text", ["Pell never burned the bread", "Pell burned the letters", "Pell burned his hand",
                                  "春嫂没把饭烧糊", "春嫂把柴烧了"])
def test_what_is_no_spoilt_batch_stays_as_it_was(text: str) -> None:
    reading = read_by_cues(text)
    assert reading is None or reading.key not in ("careless", "damaged", "burned_down"), (text, reading)


def _world(language: str) -> dict:  # type: ignore[type-arg]
    zh = language == "zh"
    return {
        "scenario": "spoilt", "language": language, "seed": 7, "place": "x",
        "characters": {"pell": {"name": "春嫂" if zh else "Pell", "role": "面包师" if zh else "baker"},
                       "greta": {"name": "桂姐" if zh else "Greta"}, "ole": {"name": "老欧" if zh else "Ole"},
                       "nell": {"name": "阿兰" if zh else "Nell"}, "kit": {"name": "旅人" if zh else "Kit", "player": True}},
        "relationships": [{"from": "nell", "to": "pell", "kind": "customer", "strength": 0.6},
                          {"from": "ole", "to": "greta", "kind": "friend", "strength": 0.7}],
        "timeline": [],
    }


def _customer(town: Town) -> float:
    return next(e.strength for e in town.world.graph.edges_between("nell", "pell") if e.kind == "customer")


@pytest.mark.parametrize(("language", "batch", "supper"), [
    ("en", "Pell burned the whole batch of bread", "Greta burnt Ole's supper"),
    ("zh", "春嫂把一整炉面包都烤焦了", "桂姐把老欧的晚饭烧糊了")])
def test_a_witness_believes_the_spoilt_thing_in_the_deeds_words(language: str, batch: str, supper: str) -> None:
    town = Town.from_scenario(_world(language))
    town.advance(1)
    before = _customer(town)
    town.event(batch, actor="pell", witnesses=["nell"], valence=-0.3)
    town.event(supper, actor="greta", witnesses=["nell", "ole"], valence=-0.3)
    [seen] = [b for b in town.memory.beliefs_of("nell") if b.claim.about == "pell"]
    assert seen.claim.predicate == "careless" and seen.text == batch, seen
    assert _customer(town) < before - 0.03  # a mistake at her work cools a customer (a remark barely did)
    for holder in ("nell", "ole"):
        [spoilt] = [b for b in town.memory.beliefs_of(holder) if b.claim.about == "greta"]
        assert spoilt.claim.predicate == "damaged" and spoilt.text == supper, spoilt
    said = town.say("kit", "ole", "桂姐干了什么？" if language == "zh" else "What did Greta do?").text
    assert ("我的晚饭" in said) if language == "zh" else ("my supper" in said), said
