"""A compliment warms the tie a little, sourced and explained, and a stranger's flattery only so far.

"You're a fine cook, Ada!" was thanked and moved nothing; "Tom is a fine baker" / "小何人很好" said to an NPC
read as a remark. Now praise of the NPC is one small affinity step toward the one who said it, citing the
line (`why` shows "praised me" / "夸了我"), once a day; a good word of someone else warms the NPC's tie to
them as news does. From a stranger (no tie of goodwill), all of it together stays under a cap."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.appraisal import FLATTERY_CAP
from townsfolk.agents.praise import PRAISE_CAP, PRAISED


def _world(language: str, friend: bool = False) -> dict:  # type: ignore[type-arg]
    zh = language == "zh"
    ties = [{"from": "ada", "to": "tom", "kind": "colleague", "strength": 0.5, "mutual": True}]
    if friend:
        ties.append({"from": "ada", "to": "p", "kind": "friend", "strength": 0.7, "mutual": True})
    return {"scenario": "praise", "language": language, "seed": 5, "place": "x",
            "characters": {"ada": {"name": "阿虎" if zh else "Ada", "role": "厨子" if zh else "cook"},
                           "tom": {"name": "小何" if zh else "Tom"}, "p": {"name": "阿远" if zh else "Robin", "player": True}},
            "relationships": ties, "timeline": []}


def _affinity(town: Town) -> float:
    edge = town.world.graph.get("ada", "p", "affinity")
    return edge.strength if edge is not None else 0.5


COMPLIMENT = {"en": "You're a fine cook, Ada!", "zh": "阿虎，你的手艺真好！"}


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_compliment_is_a_small_sourced_tie_step_why_explains(language: str) -> None:
    town = Town.from_scenario(_world(language))
    town.advance(1)
    turn = town.say("p", "ada", COMPLIMENT[language])
    assert 0.5 < _affinity(town) <= 0.5 + FLATTERY_CAP, _affinity(town)
    step = [c for e in town.why("ada", "p").edges if e.kind == "affinity" for c in e.changes
            if c.reason == PRAISED[language]]
    assert step and step[0].cause_id == turn.question_fact and step[0].fact_text == COMPLIMENT[language], step
    town.say("p", "ada", COMPLIMENT[language])  # the same day again: the same compliment
    assert len([c for c in town.world.graph.get("ada", "p", "affinity").history
                if c.reason == PRAISED[language] and c.delta > 0]) == 1


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_strangers_flattery_stops_at_the_cap_and_a_friends_goes_further(language: str) -> None:
    stranger, friend = Town.from_scenario(_world(language)), Town.from_scenario(_world(language, friend=True))
    for town in (stranger, friend):
        for _ in range(8):
            town.advance(24)
            town.say("p", "ada", COMPLIMENT[language])
    assert 0.0 < _praised(stranger, language) <= FLATTERY_CAP + 1e-9, _praised(stranger, language)
    assert FLATTERY_CAP < _praised(friend, language) <= PRAISE_CAP + 1e-9, _praised(friend, language)


def _praised(town: Town, language: str) -> float:
    """What the compliments added to the affinity (talk moves it too, by how each chat felt)."""
    return sum(c.delta for c in town.world.graph.get("ada", "p", "affinity").history if c.reason == PRAISED[language])


def _colleague(town: Town) -> float:
    return next(e.strength for e in town.world.graph.edges_between("ada", "tom") if e.kind == "colleague")


@pytest.mark.parametrize(("language", "good_word"), [("en", "Tom is a fine baker."), ("zh", "小何人很好。")])
def test_a_good_word_of_someone_else_warms_the_tie_to_them_up_to_a_strangers_cap(language: str, good_word: str) -> None:
    town = Town.from_scenario(_world(language))
    town.advance(1)
    town.say("p", "ada", good_word)
    once = _colleague(town)
    assert once > 0.5, once
    for _ in range(8):
        town.say("p", "ada", good_word)
    assert _colleague(town) <= 0.5 + FLATTERY_CAP + 1e-9, _colleague(town)
    friendly = Town.from_scenario(_world(language, friend=True))
    friendly.advance(1)
    for _ in range(9):
        friendly.say("p", "ada", good_word)
    assert _colleague(friendly) > _colleague(town)  # a friend's word is not flattery
