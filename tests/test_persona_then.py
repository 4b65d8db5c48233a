"""A persona's "X, then Y" stays in order (newcomer K-28): "Exacting about every line; grumbles, then forgets she
did." was said "she's exacting about every line and then forgets she did, and grumbles" (forgets being exacting)."""

from __future__ import annotations

from townsfolk.agents.persona_clause import persona_clause_en


def test_then_kept_with_its_deed() -> None:
    said = persona_clause_en("Exacting about every line; grumbles, then forgets she did.", "master printer", "Agatha",
                             "she")
    assert said == "she's exacting about every line and grumbles, then forgets she did", said
