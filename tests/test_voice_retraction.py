"""A player's retraction ("I made that up", "刚才是我瞎说的") is answered as one: the NPC says in its
own words that it will not believe it any more (sim/player_tells.py drops the belief after the
reply), and, when it had passed the rumour on, that it had; before, it chatted past it ("Fine
weather for it.")."""

from __future__ import annotations

import pytest

from townsfolk import Town


def _world(language: str, seed: int) -> dict:  # type: ignore[type-arg]
    zh = language == "zh"
    return {
        "scenario": "retraction voice", "language": language, "seed": seed, "start": "2026-05-02T08:00", "tick": "1h",
        "place": "x",
        "characters": {"hob": {"name": "王伯" if zh else "Hob", "role": "渔夫" if zh else "ferryman",
                               "traits": {"candour": 0.9, "talkativeness": 0.9}},
                       "rowan": {"name": "小虎" if zh else "Rowan", "role": "渔家小子" if zh else "boy"},
                       "pell": {"name": "春嫂" if zh else "Pell", "role": "卖鱼的" if zh else "baker"},
                       "kit": {"name": "阿客" if zh else "Kit", "player": True}},
        "relationships": [{"from": "hob", "to": "rowan", "kind": "neighbour", "strength": 0.5, "mutual": True},
                          {"from": "hob", "to": "pell", "kind": "friend", "strength": 0.8, "mutual": True}],
        "timeline": [],
    }


LINES = {"en": ("Rowan stole Pell's fish.", ("I made that up.", "I made that up about Rowan.", "I was only joking about Rowan.")),
         "zh": ("小虎偷了春嫂的鱼。", ("刚才是我瞎说的。", "我刚才是胡说的，别当真。", "当我没说。"))}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_retraction_is_acknowledged(lang: str) -> None:
    lie, retractions = LINES[lang]
    for seed in range(3):
        for words in retractions:
            town = Town.from_scenario(_world(lang, seed))
            town.advance(1)
            town.say("kit", "hob", lie)
            said = town.say("kit", "hob", words).text
            if lang == "zh":
                assert "不当真" in said or "不信" in said or "当没听过" in said or "不再" in said, (words, said)
            else:
                assert "wasn't true" in said or "think no more" in said or "out of my mind" in said, (words, said)
            assert not any(b.concerns("rowan") for b in town.memory.beliefs_of("hob")), words  # and dropped


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_retraction_of_what_the_npc_passed_on_says_so(lang: str) -> None:
    lie, retractions = LINES[lang]
    for seed in range(3):
        world = _world(lang, seed)
        world["timeline"] = [{"at": 1, "ask": {"player": "kit", "npc": "hob", "text": lie}},
                             {"at": 2, "gossip": {"teller": "hob", "to": "pell", "about": "rowan"}}]
        town = Town.from_scenario(world)
        town.advance(3)
        told = [f for f in town.world.facts if f.kind == "retell" and f.actor == "hob"]
        assert told, "Hob never passed it on"
        said = town.say("kit", "hob", retractions[0]).text
        assert town.world.name("pell") in said, said
        assert ("不当真" in said or "当没听过" in said) if lang == "zh" else ("true" in said or "mind" in said), said


def test_no_retraction_without_something_taken_back() -> None:
    town = Town.from_scenario(_world("en", 0))
    town.advance(1)
    said = town.say("kit", "hob", "I made that up.").text  # told him nothing: nothing to unsay
    assert "wasn't true" not in said and "think no more" not in said, said
