"""A retelling of what I saw myself is no "what I heard" (newcomer L-32): Agnes, whose silk Arthur stole before her
eyes, retold it as Miles's word and then told the player "I only passed on what I heard."."""

from __future__ import annotations

from pathlib import Path

from tests.small_world import town_of

EN = """
scenario: mulberry
language: en
characters:
  arthur: {name: Arthur, role: carter, pronoun: he}
  agnes: {name: Agnes, role: silk farmer, pronoun: she, traits: {candour: 0.2}}
  jonah: {name: Jonah, role: weaver, pronoun: he}
  miles: {name: Miles, role: dyer, pronoun: he}
  buyer: {name: Buyer, player: true}
relationships:
  - {from: agnes, to: jonah, kind: neighbour, strength: 0.6, mutual: true}
timeline:
  - {at: 1, happen: {what: Arthur stole a bolt of raw silk from Agnes, actor: arthur, about: agnes, witnesses: [agnes], valence: -0.6}}
  - {at: 2, gossip: {teller: agnes, to: jonah, about: arthur, text: Miles says Arthur stole something}}
"""


def test_a_retelling_of_my_own_sighting_is_not_hearsay(tmp_path: Path) -> None:
    said = town_of(tmp_path, EN, 3).say("buyer", "agnes", "Why did you tell Jonah that?").text
    assert "what I heard" not in said and "what I'd been told" not in said, said
