"""Why a generated town's ties exist, in words that fit each kind of tie.

A seeded tie carries a reason that `why` shows and a reader takes at its word. One reason for all
("世代住在一起") told a reader that two colleagues share a house; here a household says it lives
under one roof, a workplace names the place where the two work, a friendship says how long it has
lasted in the word of its own kind (friends, neighbours ...), a rivalry that the two never got on.
"""

from __future__ import annotations

from townsfolk.world.world import World


class SeedReasons:
    """The reason for each generated tie, by the generator's source of it (household, workplace,
    friendship graph, rivalry) and the tie's kind, in the town's language."""

    def __init__(self, world: World, language: str, household_kind: str, workplace_kind: str,
                 friendship_kind: str) -> None:
        self.world = world
        self.zh = language == "zh"
        self.household_kind = household_kind
        self.workplace_kind = workplace_kind
        self.friendship_kind = friendship_kind
        self._cache: dict[tuple[str, str | None], str] = {}

    def _label(self, kind: str) -> str:
        spec = self.world.relation_kind(kind)
        if spec is None:
            return kind
        return spec.zh if self.zh else spec.en

    def reason(self, kind: str, workplace: str | None = None) -> str:
        """One tie's reason: `workplace` is the place a workplace tie comes from (None otherwise)."""
        key = (kind, workplace)
        said = self._cache.get(key)
        if said is None:
            said = self._cache[key] = self._words(kind, workplace)
        return said

    def _words(self, kind: str, workplace: str | None) -> str:
        if workplace is not None:
            return f"在{workplace}一起干活" if self.zh else f"work together at {workplace}"
        if kind == "rival":
            return "一向不对付" if self.zh else "never got on"
        if kind == self.household_kind:
            return "住在一个屋檐下" if self.zh else "live under one roof"
        label = self._label(kind)
        if self.zh:
            return f"多年的{label}"
        return f"{label}s for years" if not label.endswith("s") else f"{label} for years"
