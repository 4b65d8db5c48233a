"""A small world from YAML text, played a few ticks: what most dialogue tests start from."""

from __future__ import annotations

from pathlib import Path

from townsfolk import Town


def town_of(tmp_path: Path, text: str, ticks: int, name: str = "w.yaml") -> Town:
    """The scenario `text` written to `tmp_path / name`, loaded and advanced `ticks` ticks."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    town = Town.from_scenario(path)
    town.advance(ticks)
    return town
