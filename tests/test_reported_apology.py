"""A sorry someone never said is news of them, not the player's apology: the NPC forms a belief
instead of forgiving the player."""

from __future__ import annotations

from pathlib import Path

from townsfolk import Town
from townsfolk.agents.intent import detect_intents, kinds_of

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
  p1: {name: Kit, player: true}
"""


def test_a_reported_sorry_is_no_apology() -> None:
    names = ("Osk", "Bram", "王婆")
    assert "apology" not in kinds_of(detect_intents("Osk broke the lantern and never said sorry.", "en", names=names))
    assert "apology" not in kinds_of(detect_intents("Osk didn't even apologise.", "en", names=names))
    assert "apology" not in kinds_of(detect_intents("王婆打碎了我的碗，连句对不起都没说。", "zh", names=names))
    assert "apology" in kinds_of(detect_intents("Sorry, Bram, I was rude.", "en", names=names))
    assert "apology" in kinds_of(detect_intents("对不起，是我不好。", "zh", names=names))


def test_the_npc_takes_it_as_news_of_osk(tmp_path: Path) -> None:
    spec = tmp_path / "w.yaml"
    spec.write_text(WORLD, encoding="utf-8")
    town = Town.from_scenario(str(spec), db=str(tmp_path / "w.db"))
    town.advance(1)
    reply = town.say("p1", "bram", "Osk broke the lantern on the landing and never said sorry.").text
    about_osk = [b for b in town.memory.beliefs_of("bram") if b.claim.about == "osk"]
    town.close()
    assert "all right" not in reply.lower() and "forgive" not in reply.lower(), reply
    assert about_osk, "no belief about Osk formed"


def test_a_sorry_never_said_reads_as_none_said_in_chinese() -> None:
    from townsfolk.memory.claims import claim_from_text

    assert claim_from_text("老周连句对不起都没说", about="laozhou").predicate == "unapologetic"
    assert claim_from_text("老周打碎了春嫂的碗，连句对不起都没说", about="laozhou").predicate != "apologised"
    assert claim_from_text("老周跟春嫂说了对不起", about="laozhou").predicate == "apologised"
