"""A player saying someone never said a thing ("Pell never said Rowan is a thief", "春嫂从来没说过小虎不老实",
"Pell didn't say that", "春嫂没那么说") denies their word: it is no deed or accusation of theirs, moves no tie
toward them (不老实 after 没说过 read as 春嫂 being dishonest and cooled the hearer toward her), and at most takes
back the belief that they said it. Not a word against someone else of the one named."""

from __future__ import annotations

from townsfolk import Town
from townsfolk.memory.predicate_reader import read


def _world(language: str) -> dict:  # type: ignore[type-arg]
    zh = language == "zh"
    return {
        "scenario": "unsaid", "language": language, "seed": 7, "start": "2026-05-02T08:00", "tick": "1h", "place": "x",
        "characters": {"hob": {"name": "王伯" if zh else "Hob", "role": "渔夫" if zh else "ferryman"},
                       "rowan": {"name": "小虎" if zh else "Rowan", "role": "渔家小子" if zh else "boy"},
                       "pell": {"name": "春嫂" if zh else "Pell", "role": "卖鱼的" if zh else "baker"},
                       "kit": {"name": "阿客" if zh else "Kit", "player": True}},
        "relationships": [{"from": "hob", "to": "rowan", "kind": "neighbour", "strength": 0.5, "mutual": True},
                          {"from": "hob", "to": "pell", "kind": "friend", "strength": 0.7, "mutual": True},
                          {"from": "hob", "to": "kit", "kind": "friend", "strength": 0.8, "mutual": True}],
        "timeline": [],
    }


def _strength(town: Town, a: str, b: str) -> float:
    return sum(e.strength for e in town.world.graph.edges_between(a, b) if e.kind != "familiarity")


def test_the_words_after_a_denial_of_saying_are_negated() -> None:
    for text in ("小梅从来没说过老陈不老实", "春嫂没说小虎不靠谱", "Pell never said Rowan was dishonest",
                 "Pell never said Rowan can't be trusted"):
        assert read(text).negated, text
    for text in ("老陈不老实", "小梅说老陈不老实", "小梅没说过什么，老陈不老实", "Pell said Rowan was dishonest"):
        assert not read(text).negated, text  # what must NOT read so


def test_never_said_moves_no_tie_toward_the_one_named() -> None:
    for lang, line in (("en", "Pell never said Rowan is a thief."), ("en", "Pell never said Rowan was dishonest."),
                       ("zh", "春嫂从来没说过小虎不老实。"), ("zh", "春嫂没说小虎不靠谱。"), ("zh", "春嫂没说过小虎偷了渔网。")):
        town = Town.from_scenario(_world(lang))
        town.advance(1)
        before = {c: _strength(town, "hob", c) for c in ("pell", "rowan")}
        town.say("kit", "hob", line)
        assert {c: _strength(town, "hob", c) for c in ("pell", "rowan")} == before, (lang, line)
        (belief,) = [b for b in town.memory.beliefs_of("hob") if b.concerns("pell")]
        assert belief.claim.negated and belief.claim.valence == 0.0, belief
        assert belief.claim.target == "rowan", belief  # Pell's word of Rowan, denied
        said = belief.text
        assert ("never said" in said or "没说" in said), said


def test_didnt_say_that_takes_back_the_belief_that_they_said_it() -> None:
    for lang, rumour, denial in (("en", "Pell says Rowan is a thief.", "Pell didn't say that."),
                                 ("zh", "春嫂说小虎是小偷。", "春嫂没那么说。")):
        town = Town.from_scenario(_world(lang))
        town.advance(1)
        before = _strength(town, "hob", "pell")
        town.say("kit", "hob", rumour)
        assert _strength(town, "hob", "pell") < before, lang
        town.say("kit", "hob", denial)
        held = [b for b in town.memory.beliefs_of("hob") if b.concerns("pell") and not b.claim.negated]
        assert not held, (lang, [b.text for b in held])
        assert abs(_strength(town, "hob", "pell") - before) < 1e-9, lang


def test_a_denied_word_of_someone_does_not_clear_a_rumour_about_them() -> None:
    for lang, rumour, denial in (("en", "Rowan says Pell is a thief.", "Pell never said Rowan is a thief."),
                                 ("zh", "小虎说春嫂是小偷。", "春嫂没说过小虎是小偷。")):
        town = Town.from_scenario(_world(lang))
        town.advance(1)
        town.say("kit", "hob", rumour)
        held = [b.id for b in town.memory.beliefs_of("hob") if b.claim.about == "rowan" and b.claim.target == "pell"]
        town.say("kit", "hob", denial)
        still = [b.id for b in town.memory.beliefs_of("hob") if b.claim.about == "rowan" and b.claim.target == "pell"]
        assert held and still == held, lang
