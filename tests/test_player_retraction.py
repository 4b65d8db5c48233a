"""A player taking back what they told an NPC ("I made that up about Rowan", 刚才是我瞎说的) supersedes the
belief their word alone gave it, and undoes the edge change it made; before, the retraction was one more
belief beside the rumour, which stayed held and was retold. What the NPC saw itself stays. And "X didn't say
that, he only said ..." is X's word about whom it names, not the player's word about X."""

from __future__ import annotations

from townsfolk import Town


def _world(language: str) -> dict:  # type: ignore[type-arg]
    zh = language == "zh"
    return {
        "scenario": "retraction", "language": language, "seed": 7, "start": "2026-05-02T08:00", "tick": "1h",
        "place": "x",
        "characters": {"hob": {"name": "王伯" if zh else "Hob", "role": "渔夫" if zh else "ferryman"},
                       "rowan": {"name": "小虎" if zh else "Rowan", "role": "渔家小子" if zh else "boy"},
                       "pell": {"name": "春嫂" if zh else "Pell", "role": "卖鱼的" if zh else "baker"},
                       "kit": {"name": "阿客" if zh else "Kit", "player": True}},
        "relationships": [{"from": "hob", "to": "rowan", "kind": "neighbour", "strength": 0.5, "mutual": True}],
        "timeline": [],
    }


def _strength(town: Town, a: str, b: str) -> float:
    return sum(e.strength for e in town.world.graph.edges_between(a, b))


def test_a_players_retraction_supersedes_what_they_told() -> None:
    for lang, lie, retraction, ask in (
            ("en", "Rowan stole Pell's fish.", "I made that up about Rowan. He never stole anything.",
             "Did Rowan steal anything?"),
            ("zh", "小虎偷了春嫂的鱼。", "刚才是我瞎说的，小虎没偷东西。", "小虎偷东西了吗？")):
        town = Town.from_scenario(_world(lang))
        town.advance(1)
        before = _strength(town, "hob", "rowan")
        town.say("kit", "hob", lie)
        told = [b for b in town.memory.beliefs_of("hob") if b.concerns("rowan") and b.status == "held"]
        assert told and _strength(town, "hob", "rowan") < before, lang
        town.say("kit", "hob", retraction)
        held = [b for b in town.memory.beliefs_of("hob") if b.concerns("rowan") and b.status == "held"]
        assert not held, [(b.text, b.status) for b in held]
        gone = [b for b in town.memory.beliefs_of("hob", held_only=False) if b.id == told[0].id][0]
        assert gone.status == "superseded" and gone.superseded_reason, gone
        assert abs(_strength(town, "hob", "rowan") - before) < 1e-9, lang
        said = town.say("kit", "hob", ask).text
        assert "stole" not in said and "偷了" not in said, said


def test_only_said_is_the_named_persons_word_about_whom_it_names() -> None:
    town = Town.from_scenario(_world("zh") | {"relationships": [
        {"from": "hob", "to": "pell", "kind": "neighbour", "strength": 0.5, "mutual": True}]})
    town.advance(1)
    before = _strength(town, "hob", "pell")
    town.say("kit", "hob", "春嫂没那么说，她只说小虎忘了拴船。")
    about_pell = [b for b in town.memory.beliefs_of("hob") if b.claim.about == "pell"]
    assert not about_pell, [b.text for b in about_pell]
    assert abs(_strength(town, "hob", "pell") - before) < 1e-9


def test_a_retraction_said_with_sorry_is_still_a_retraction() -> None:
    """"That was a lie, sorry." read as an apology alone: forgiven, and the rumour stayed held."""
    for lang, lie, retraction in (("en", "Rowan stole Pell's fish.", "That was a lie, sorry."),
                                  ("zh", "小虎偷了春嫂的鱼。", "刚才那是骗你的，对不起")):
        town = Town.from_scenario(_world(lang))
        town.advance(1)
        before = _strength(town, "hob", "rowan")
        town.say("kit", "hob", lie)
        said = town.say("kit", "hob", retraction).text
        held = [b for b in town.memory.beliefs_of("hob") if b.concerns("rowan")]
        assert not held, (lang, [b.text for b in held])
        assert abs(_strength(town, "hob", "rowan") - before) < 1e-9, lang
        assert ("true" in said) if lang == "en" else ("不是真的" in said), said


def test_taking_back_what_was_never_told_puzzles_the_npc() -> None:
    for lang, retraction, want in (("en", "I made that up.", "You haven't told me anything"),
                                   ("zh", "刚才是我瞎说的。", "什么都没")):
        town = Town.from_scenario(_world(lang))
        town.advance(1)
        said = town.say("kit", "hob", retraction).text
        assert want in said, said
        town.say("kit", "hob", "Rowan stole Pell's fish." if lang == "en" else "小虎偷了春嫂的鱼。")
        said = town.say("kit", "hob", retraction).text
        assert want not in said, said  # now there is something to take back


def test_one_list_of_retraction_words() -> None:
    import townsfolk.sim.player_tells as player_tells
    assert not hasattr(player_tells, "RETRACTION") or player_tells.RETRACTION is __import__(
        "townsfolk.agents.retraction", fromlist=["RETRACTION"]).RETRACTION
