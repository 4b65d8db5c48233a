"""A rumour reported in order to deny it is the denial: "Dot is telling everyone Agnes stole your net.
That's not true, she was mending it." used to give Rufus a new belief that Dot thinks Agnes stole
(and cool him to Dot); the player's word is that Agnes did not steal it."""

from __future__ import annotations

import pytest

from townsfolk import Town

CAST = {"en": ("Dot", "Rufus", "Agnes", "Kit"), "zh": ("王婆", "刘大叔", "孙掌柜", "小雨")}
SAID = {"en": "Dot is telling everyone Agnes stole your net. That's not true, she was mending it for you.",
        "zh": "王婆到处说孙掌柜偷了你的钱。不是真的，他是算错了。"}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_rumour_told_to_be_denied_is_believed_as_the_denial(lang: str) -> None:
    a, b, c, me = CAST[lang]
    town = Town.from_scenario({
        "scenario": "denied", "language": lang, "seed": 4, "start": "2026-05-01T08:00", "tick": "1h",
        "characters": {"dot": {"name": a}, "rufus": {"name": b}, "agnes": {"name": c}, "kit": {"name": me, "player": True}},
        "relationships": [{"from": "rufus", "to": "dot", "kind": "friend", "strength": 0.8, "mutual": True}]})
    def ties() -> dict[str, float]:
        return {e.kind: e.strength for e in town.world.graph.edges_between("rufus", "dot")}

    before = ties()
    town.say("kit", "rufus", SAID[lang])
    told = [bf for bf in town.memory.beliefs_of("rufus") if bf.told_by == "kit"]
    assert told, "no belief from the player's words"
    assert all(bf.claim.about != "dot" for bf in told), [bf.claim for bf in told]  # not "Dot thinks Agnes stole"
    assert any(bf.claim.about == "agnes" and bf.claim.negated for bf in told), [bf.claim for bf in told]
    assert all(ties()[k] >= v - 1e-9 for k, v in before.items()), (before, ties())  # Rufus not cooled to Dot
