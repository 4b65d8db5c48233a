"""`why`'s title speaks of the holder as the rest of the engine does: "as he does" of a character
with `pronoun: he` (or a persona that says so), "as they do" only when nothing says (newcomer K-16)."""

from __future__ import annotations

import io

from rich.console import Console

from townsfolk.sim.playback import play
from townsfolk.sim.scenario import parse_scenario
from townsfolk.sim.timeline_view import print_explanation
from townsfolk.sim.why import explain

WORLD = """
scenario: The press
language: en
seed: 7
characters:
  milo: {name: Milo, pronoun: he}
  agatha: {name: Agatha, persona: "She grumbles, then forgets she did."}
  kit: {name: Kit}
relationships:
  - {from: milo, to: agatha, kind: colleague, strength: 0.8, mutual: true}
  - {from: kit, to: milo, kind: friend, strength: 0.5}
timeline:
  - {at: 1, meet: [milo, agatha]}
"""


def _title(holder: str, target: str) -> str:
    sim = play(parse_scenario(WORLD)).sim
    out = io.StringIO()
    print_explanation(Console(file=out, width=200), sim.world, explain(sim.world, sim.memory, holder, target))
    return out.getvalue().splitlines()[0]


def test_the_title_uses_the_holders_pronoun() -> None:
    assert _title("milo", "agatha") == "Why Milo regards Agatha as he does"
    assert _title("agatha", "milo") == "Why Agatha regards Milo as she does"
    assert _title("kit", "milo") == "Why Kit regards Milo as they do"
