"""Errand state at rest is sealed with its player's key, like every other row that names a player.

An errand's state (kept in the run's extra record, saved with every commit) holds the player's own
words: the slot values they gave and, in its history, the line each came from. So each errand is
sealed under the key of its player (and of any other player it names) as the store writes the
run's record, and opened as it reads it; once `forget --player` destroys the key, an old copy of
that record (a backup, the WAL) holds only noise where the errand was. An errand whose key is gone
is left out on reading, as a scripted beat of an erased player is.
"""

from __future__ import annotations

import json
from typing import Any

from townsfolk.sim.crypto_shred import (
    KeyDestroyed,
    KeyRing,
    is_sealed,
    open_json,
    owners_in,
    seal_json,
)


class ErrandSeals:
    """Seals a run's errands for one store. The same errands are saved with every commit: each is
    sealed again only when it or its players' current keys changed (sealing draws
    fresh nonces, so resealing an unchanged errand would rewrite its bytes for nothing)."""

    def __init__(self) -> None:
        self._memo: dict[str, Any] = {}  # plain errand + its keys -> its sealed value

    def seal(self, keys: KeyRing, extra: dict[str, Any], players: set[str]) -> dict[str, Any]:
        """The run's extra record with every errand that names a player sealed under their keys."""
        errands = extra.get("errands")
        if not players or not isinstance(errands, list) or not errands:
            return extra
        memo: dict[str, Any] = {}
        sealed = []
        for e in errands:
            owners = owners_in(e, players) if isinstance(e, dict) and not is_sealed(e) else set()
            if not owners:
                sealed.append(e)
                continue
            kids = [keys.kid_for(p) for p in sorted(owners)]  # an erasure's fresh key reseals it
            plain = json.dumps([e, kids], ensure_ascii=False, sort_keys=True)
            value = self._memo.get(plain)
            if value is None:
                value = seal_json(keys, owners, e)
            memo[plain] = value
            sealed.append(value)
        self._memo = memo  # only the errands of this record are kept
        return {**extra, "errands": sealed}


def open_errands(keys: KeyRing, extra: dict[str, Any]) -> dict[str, Any]:
    """`ErrandSeals.seal` undone; an errand whose player's key was destroyed (the player erased) is
    left out."""
    errands = extra.get("errands")
    if not isinstance(errands, list) or not any(is_sealed(e) for e in errands):
        return extra
    opened = []
    for e in errands:
        try:
            opened.append(open_json(keys, e) if is_sealed(e) else e)
        except KeyDestroyed:
            continue
    return {**extra, "errands": opened}
