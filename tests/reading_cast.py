"""What the reading tests share: a cast's name index per language (the reader resolves names
through it), the embedders to read with, and a sentence's language guessed from its script."""

from __future__ import annotations

from datetime import datetime

from townsfolk.memory.embeddings import make_embedder
from townsfolk.memory.name_index import NameIndex
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.world import World

EMBEDDERS = {"default": None, "lexical": make_embedder("lexical")}


def name_indexes(names: dict[str, tuple[str, ...]]) -> dict[str, NameIndex]:
    """A name index per language over a world of just these people (ids c0, c1, ...)."""
    def index(language: str) -> NameIndex:
        world = World(clock=SimClock(start=datetime(2026, 1, 1, 8, 0)), seed=1, language=language)
        for i, name in enumerate(names[language]):
            world.add_character(Character(id=f"c{i}", name=name))
        return NameIndex(world)
    return {language: index(language) for language in names}


def language_of(text: str) -> str:
    return "zh" if any("\u4e00" <= ch <= "\u9fff" for ch in text) else "en"
