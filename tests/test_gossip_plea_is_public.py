"""Asking a gossip to stop ("你别到处传闲话", "stop spreading gossip", "don't tell people lies about
Tom") is no plea for secrecy: the line stays public. It used to match the 别到处传 arm of the secrecy
reader, so the player's words were hidden from the timeline and never reached anyone."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.memory.privacy import asks_to_keep_secret


@pytest.mark.parametrize("text", ["你别到处传闲话", "你别到处传闲话了，小梁没偷东西", "别到处说小梁的坏话",
                                  "不要到处传谣言", "别跟人说我坏话", "别到处传别人的闲话",
                                  "Stop spreading gossip", "Don't spread rumours about Tom",
                                  "Don't tell people lies about Tom", "Don't spread that rumour, Tom never stole"])
def test_a_plea_against_gossip_is_not_a_plea_for_secrecy(text: str) -> None:
    assert not asks_to_keep_secret(text)


@pytest.mark.parametrize("text", ["别到处说", "别往外说，我要搬走了", "别跟别人说", "别到处说这事",
                                  "Don't spread it around", "Don't tell anyone, the mill is sold"])
def test_a_plea_for_secrecy_is_still_one(text: str) -> None:
    assert asks_to_keep_secret(text)


def _world(language: str) -> dict:  # type: ignore[type-arg]
    zh = language == "zh"
    return {
        "scenario": "gossip plea", "language": language, "seed": 7, "place": "x",
        "characters": {"nell": {"name": "老顾客" if zh else "Nell", "traits": {"exaggeration": 0.9}},
                       "tom": {"name": "小梁" if zh else "Tom"},
                       "kit": {"name": "旅人" if zh else "Kit", "player": True}},
        "relationships": [{"from": "nell", "to": "tom", "kind": "acquaintance", "strength": 0.5, "mutual": True}],
        "timeline": [],
    }


@pytest.mark.parametrize("language,plea,secret", [
    ("zh", "你别到处传闲话，小梁没偷东西", "别到处说，小梁要搬走了"),
    ("en", "Don't tell people lies about Tom, he never stole anything", "Don't tell anyone, Tom is moving away")])
def test_the_plea_is_said_aloud_and_a_secret_is_kept(language: str, plea: str, secret: str) -> None:
    town = Town.from_scenario(_world(language))
    town.advance(1)
    said = town.say("kit", "nell", plea)
    assert not said.private and plea in said.text + "".join(e.text for e in said.entries)
    assert town.say("kit", "nell", secret).private


@pytest.mark.parametrize(("language", "plea"), [
    ("en", "Stop spreading gossip, Tom never stole anything"), ("en", "Quit spreading lies about Tom."),
    ("zh", "你别到处传闲话，小梁没偷东西")])
def test_the_plea_does_not_blame_the_one_it_defends(language: str, plea: str) -> None:
    """"Stop spreading gossip" said to Nell was read as Tom spreading gossip ("Quit spreading lies about Tom":
    Tom lying), and cooled Nell toward the one the player stood up for; a doing told to stop is negated."""
    town = Town.from_scenario(_world(language))
    town.advance(1)
    before = sum(e.strength for e in town.world.graph.edges_between("nell", "tom"))
    town.say("kit", "nell", plea)
    assert sum(e.strength for e in town.world.graph.edges_between("nell", "tom")) >= before - 1e-9
    assert not any(b.claim.valence < 0 for b in town.memory.beliefs_of("nell") if b.claim.about == "tom")
