"""A remark on a friend's character ("Dorrit exaggerates, you know.") was met as news: "Here's some news:
Dorrit is a friend of mine; she loves a story ..." (newcomer K-26). Who someone is to me is no news: it is
taken up as a remark, then said."""

from __future__ import annotations

from pathlib import Path

from tests.small_world import town_of

WORLD = """
scenario: remark
language: en
seed: {seed}
start: 2026-05-02T08:00
tick: 1h
place: x
characters:
  dora: {{name: Dora, pronoun: she}}
  bea: {{name: Bea, pronoun: she, persona: Loves a story and never tells one the same way twice.}}
  kit: {{name: Kit, player: true}}
relationships:
  - {{from: dora, to: bea, kind: friend, strength: 0.7, mutual: true}}
timeline: []
"""


def test_a_remark_on_a_friend_is_no_news(tmp_path: Path) -> None:
    for seed in range(4):
        town = town_of(tmp_path, WORLD.format(seed=seed), 1, name=f"w{seed}.yaml")
        said = town.say("kit", "dora", "Bea exaggerates, you know.").text
        assert "friend of mine" in said, said
        assert not any(lead in said for lead in ("Have you heard?", "Here's some news:", "You'll have heard")), said
