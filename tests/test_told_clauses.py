"""A statement that says two things of someone forms a belief for each ("Rufus owes me ten pounds
and I think he drinks too much" keeps the debt), and one naming two people is still one claim."""

from __future__ import annotations

from pathlib import Path

from townsfolk import Town
from townsfolk.sim.told_clauses import clauses

WORLD = """
scenario: Ferry
language: en
seed: 5
start: 2026-09-14T07:00
tick: 1h
place: the ferry
characters:
  osk: {name: Osk, role: boatman, persona: "Gruff."}
  bram: {name: Bram, role: ferryman, persona: "Chatty."}
  rufus: {name: Rufus, role: fisherman, persona: "Proud."}
  p1: {name: Kit, player: true}
"""


def test_clauses_put_the_pronoun_back() -> None:
    assert clauses("Rufus owes me ten pounds and I think he drinks too much.", "en", "Rufus") == ["Rufus drinks too much"]
    assert clauses("Rufus owes me ten pounds.", "en", "Rufus") == []
    assert clauses("王婆欠我钱，而且她爱说闲话。", "zh", "王婆") == ["王婆爱说闲话"]


def test_both_claims_become_beliefs(tmp_path: Path) -> None:
    spec = tmp_path / "w.yaml"
    spec.write_text(WORLD, encoding="utf-8")
    town = Town.from_scenario(str(spec), db=str(tmp_path / "w.db"))
    town.advance(1)
    town.say("p1", "bram", "Rufus owes me ten pounds and I think he drinks too much.")
    preds = {b.claim.predicate for b in town.memory.beliefs_of("bram") if b.claim.about == "rufus"}
    town.say("p1", "osk", "Rufus and Bram stole the net.")
    osk = [b for b in town.memory.beliefs_of("osk")]
    town.close()
    assert {"debt", "drunkard"} <= preds, preds
    assert len(osk) == 1, [b.text for b in osk]


def test_a_chinese_debt_said_with_me_is_a_debt() -> None:
    from townsfolk.memory.claims import claim_from_text

    assert claim_from_text("春嫂欠我一壶茶钱", about="chunsao").predicate == "debt"
    assert claim_from_text("王婆欠我二两银子，一直不还", about="wangpo").predicate == "debt_unpaid"
