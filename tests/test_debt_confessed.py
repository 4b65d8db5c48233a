"""A player confessing a debt in confidence ("Keep this between us: I still owe Pell money", "别告诉别人，我欠春嫂的钱
还没还") is about the player, the debtor: the confiding opener hid the "I", and it was kept as Pell owing money,
cooling the listener toward the creditor. And a debt not paid back is no debt repaid ("haven't paid him back")."""

from __future__ import annotations

from townsfolk import Town
from townsfolk.memory.predicate_reader import read


def _world(language: str) -> dict:  # type: ignore[type-arg]
    zh = language == "zh"
    return {
        "scenario": "debt", "language": language, "seed": 7, "start": "2026-05-02T08:00", "tick": "1h", "place": "x",
        "characters": {"hob": {"name": "王伯" if zh else "Hob", "role": "渔夫" if zh else "ferryman"},
                       "pell": {"name": "春嫂" if zh else "Pell", "role": "卖鱼的" if zh else "baker"},
                       "kit": {"name": "阿客" if zh else "Kit", "player": True}},
        "relationships": [{"from": "hob", "to": "pell", "kind": "friend", "strength": 0.7, "mutual": True}],
        "timeline": [],
    }


def _strength(town: Town, a: str, b: str) -> float:
    return sum(e.strength for e in town.world.graph.edges_between(a, b) if e.kind != "familiarity")


def test_a_debt_confessed_in_confidence_is_the_debtors() -> None:
    for lang, line in (("en", "Keep this between us: I still owe Pell money."), ("en", "Between us, I still owe Pell the money."),
                       ("en", "Don't tell anyone, I owe Pell two crowns."), ("zh", "别告诉别人，我欠春嫂的钱还没还。"),
                       ("zh", "说实话，我欠春嫂的钱还没还。")):
        town = Town.from_scenario(_world(lang))
        town.advance(1)
        before = _strength(town, "hob", "pell")
        town.say("kit", "hob", line)
        assert abs(_strength(town, "hob", "pell") - before) < 1e-9, (lang, line)
        (belief,) = town.memory.beliefs_of("hob")
        assert (belief.claim.about, belief.claim.obj) == ("kit", "pell"), (line, belief)


def test_a_debt_not_paid_back_is_not_repaid() -> None:
    for text in ("I owe Pell two crowns and haven't paid him back", "Rowan never paid Pell back", "Rowan hasn't yet paid her back"):
        assert read(text).key != "debt_repaid", text
    assert read("Rowan paid Pell back").key == "debt_repaid"  # what must still read so
