"""Who a caller means: an id, or a name as the world spells it, for the CLI, the facade and HTTP alike.

A game server knows its players by id but a designer types "姜建" or "Ysolde"; both must reach the
same character, and a miss must say what was close without printing a cast of 10,000. Lookups by
name use an index built once per cast version (a join adds one character; a rebuild is one pass).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the CLI imports this before any engine module (a typo is answered at once)
    from townsfolk.world.world import World

MAX_LISTED = 8  # a miss lists the whole cast only when it is this short


def unknown_in_cast(names: Mapping[str, str], who: str, noun: str = "character", listed: int = MAX_LISTED) -> str:
    """'unknown character' with the nearest ids and names; the whole cast only when it is short."""
    lead = f"no NPC {who!r} in this world" if noun == "NPC" else f"unknown {noun} {who!r}"
    labels = {k: f"{k} ({name})" if name != k else k for k, name in names.items()}
    cutoff = 0.5 if len(who) <= 3 else 0.6  # a two-character name one character off (老河 for 老何) is 0.5
    near = difflib.get_close_matches(who, list(names) + list(names.values()), n=3, cutoff=cutoff)
    by_name: dict[str, str] = {}
    for cid, name in names.items():
        by_name.setdefault(name, cid)
    ids = list(dict.fromkeys(k if k in names else by_name[k] for k in near))
    if ids:
        return f"{lead} (did you mean {', '.join(labels[i] for i in ids)}?)"
    if len(names) <= listed:
        return f"{lead} (known: {', '.join(labels.values()) or 'none'})"
    return f"{lead}: none of the {len(names)} ids or names is close"


def folded_match(names: Mapping[str, str], who: str) -> str | None:
    """The one id whose id or name is WHO but for case ("quill" for Quill), None when none or several
    are: the did-you-mean had found exactly who was meant and still refused (newcomer K-30)."""
    folded = who.casefold()
    ids = {cid for cid, name in names.items() if cid.casefold() == folded or name.casefold() == folded}
    return ids.pop() if len(ids) == 1 else None


class CastLookup:
    """Id-or-name resolution over one world's cast, its name index kept per cast version."""

    def __init__(self, world: World) -> None:
        self.world = world
        self._version = -1
        self._by_name: dict[str, list[str]] = {}

    def _index(self) -> dict[str, list[str]]:
        cast = self.world.characters
        version = getattr(cast, "version", None)
        if version is None or version != self._version:
            by_name: dict[str, list[str]] = {}
            for cid, c in cast.items():
                by_name.setdefault(c.name, []).append(cid)
            self._by_name, self._version = by_name, version if version is not None else -1
        return self._by_name

    def find(self, who: str, keep: Callable[[str], bool] = lambda _cid: True) -> str | list[str] | None:
        """The id WHO names among characters `keep` accepts: an id first, else a name; a list when
        the name is shared by several; None when nothing matches."""
        if not isinstance(who, str):
            return None
        if who in self.world.characters and keep(who):
            return who
        ids = [cid for cid in self._index().get(who, ()) if keep(cid)]
        if len(ids) == 1:
            return ids[0]
        return ids or folded_match(self.names(keep), who)

    def names(self, keep: Callable[[str], bool]) -> dict[str, str]:
        """id -> name of the characters `keep` accepts (for the miss message)."""
        return {cid: c.name for cid, c in self.world.characters.items() if keep(cid)}
