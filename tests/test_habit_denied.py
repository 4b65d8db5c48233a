"""Denying a rumour's habit ("Tom isn't always spoiling the dough. It was only this once.", 小梁不是总迟到，
就那一次) is a vouching: the generalised rumour ("Tom is always spoiling other people's things") is let go.
In en the denied words read as a remark (the habit's -ing form was no spoiling), so nothing was cleared;
in zh 总 (not 总是) was not read as the denial of a habit, and the NPC answered by repeating the rumour."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.memory.predicate_reader import read_by_cues
from townsfolk.sim import gossip
from townsfolk.sim.scenario import Beat, GossipSpec


def _world(language: str) -> dict:  # type: ignore[type-arg]
    zh = language == "zh"
    return {"scenario": "habit", "language": language, "seed": 7, "place": "x",
            "characters": {"nell": {"name": "阿兰" if zh else "Nell"}, "martha": {"name": "王婶" if zh else "Martha"},
                           "tom": {"name": "小梁" if zh else "Tom"}, "kit": {"name": "旅人" if zh else "Kit", "player": True}},
            "relationships": [{"from": "nell", "to": "martha", "kind": "friend", "strength": 0.6, "mutual": True},
                              {"from": "nell", "to": "tom", "kind": "neighbour", "strength": 0.6, "mutual": True},
                              {"from": "nell", "to": "kit", "kind": "friend", "strength": 0.7}],
            "timeline": []}


def _generalised_rumour(language: str, deed: str, monkeypatch: pytest.MonkeyPatch) -> Town:
    """Martha saw the deed once and told Nell it is Tom's habit (the `generalise` distortion)."""
    town = Town.from_scenario(_world(language))
    town.advance(1)
    town.event(deed, actor="tom", witnesses=["martha"], valence=-0.4)
    monkeypatch.setattr(gossip, "choose_distortion", lambda *_a: "generalise")
    town.sim.step(Beat(at=town.tick, gossip=GossipSpec(teller="martha", to="nell", about="tom")))
    [rumour] = [b for b in town.memory.beliefs_of("nell") if b.claim.about == "tom"]
    assert rumour.claim.generalised, rumour
    return town


@pytest.mark.parametrize(("language", "deed", "denial", "habit"), [
    ("en", "Tom spoiled the dough", "Tom isn't always spoiling the dough. It was only this once.", "always spoiling"),
    ("zh", "小梁迟到了", "小梁不是总迟到，就那一次", "总是迟到")])
def test_a_habit_denied_lets_the_generalised_rumour_go(language: str, deed: str, denial: str, habit: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    town = _generalised_rumour(language, deed, monkeypatch)
    said = town.say("kit", "nell", denial).text
    assert habit not in said, said  # believed, not answered with the rumour
    held = [b for b in town.memory.beliefs_of("nell") if b.claim.about == "tom" and not b.claim.negated]
    assert not any(b.claim.generalised for b in held), [b.text for b in held]


def test_other_news_in_the_same_form_leaves_the_rumour(monkeypatch: pytest.MonkeyPatch) -> None:
    town = _generalised_rumour("en", "Tom spoiled the dough", monkeypatch)
    town.say("kit", "nell", "Tom isn't always home on Mondays.")
    assert any(b.claim.generalised for b in town.memory.beliefs_of("nell") if b.claim.about == "tom")


@pytest.mark.parametrize("text", ["Tom is always spoiling the dough", "Tom always spoils the dough",
                                  "Tom is always breaking other people's tools"])
def test_the_habit_of_spoiling_reads_as_spoiling(text: str) -> None:
    reading = read_by_cues(text)
    assert reading is not None and reading.key == "damaged", reading


@pytest.mark.parametrize("text", ["Tom isn't always spoiling the dough", "He is always breaking the rules",
                                  "She keeps breaking her word", "He was scratching his head"])
def test_a_denied_or_figurative_habit_is_no_spoiling(text: str) -> None:
    reading = read_by_cues(text)
    assert reading is None or reading.key != "damaged", reading
