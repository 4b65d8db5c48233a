"""A player's filler "you know" is nobody's (newcomer K-49): "Agatha thinks highly of Milo, you know." was kept as
"Quill says: 'Agatha thinks highly of Milo, Jasper know'" (you turned to the listener) and could be retold so."""

from __future__ import annotations

from pathlib import Path

from townsfolk import Town
from townsfolk.sim.player_tells import as_listener_keeps_it


def test_filler_dropped_you_kept(tmp_path: Path) -> None:
    path = tmp_path / "w.yaml"
    path.write_text("scenario: s\nlanguage: en\ncharacters:\n  jasper: {name: Jasper}\n  agatha: {name: Agatha}\n"
                    "  milo: {name: Milo}\n  quill: {name: Quill, player: true}\n", encoding="utf-8")
    world = Town.from_scenario(path).world
    assert as_listener_keeps_it(world, "jasper", "Agatha thinks highly of Milo, you know.") == \
        "Agatha thinks highly of Milo."
    assert as_listener_keeps_it(world, "jasper", "You know, Agatha likes you.") == "Agatha likes Jasper."
