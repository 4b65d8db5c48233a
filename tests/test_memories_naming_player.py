"""`memories NPC --about PLAYER` lists the memories of others that name the player (session 24, K-15).

After Quill mediated, "what Milo remembers about Quill" showed impressions, summaries and beliefs all
(none), while Milo's memory "Agatha and I had a misunderstanding; Quill helped us clear it up" named
Quill (it is about the two who made up, so erasure keeps it with the player made anonymous).
"""

from __future__ import annotations

from pathlib import Path

from townsfolk.memory.player_view import memories_about
from townsfolk.sim.playback import play
from townsfolk.sim.scenario import load_scenario

HARBOUR = Path(__file__).resolve().parent.parent / "scenarios" / "harbour_erasure.yaml"


def test_a_mediation_the_player_brought_about_is_listed_as_naming_them() -> None:
    run = play(load_scenario(HARBOUR))
    world, memory = run.sim.world, run.sim.memory
    view = memories_about(world, memory, "tobiah", "visitor")
    assert any("Sela" in line.text for line in view.naming), view.naming  # was: no field, nothing shown
    assert not any("Sela" in line.text for line in view.beliefs + view.impressions)  # not claimed to be about her
