"""Crypto-shredding: each player's rows are sealed at rest with that player's own key.

Deleting rows cannot reach the copies a database keeps elsewhere (PostgreSQL's WAL, backups,
replicas, a file copied away). So every stored row that names a player — their words, what NPCs
remember of them, private confidences, the embeddings of those memories — is sealed with AES-GCM
under a key of that player; `forget --player P` destroys P's key, and every old copy of P's rows
becomes unreadable noise. A row naming two players is sealed under both keys (either erasure
shreds it).

Keys live in their own file (`<db>.keys` beside a SQLite run; for a server URL a file under
$TOWNSFOLK_KEYS_DIR, default ~/.townsfolk/keys), never in the database, so neither the database's
WAL nor its backups ever hold a key. The key file is rewritten atomically (temp file, fsync,
os.replace). Keys and nonces come from os.urandom, not the world's rng: the run's outputs do not
depend on them (same seed -> same `--json` output byte for byte), only the sealed bytes on disk
differ between two runs, and the world's random stream is not perturbed.

`seal_json`/`open_json` and `seal_bytes`/`open_bytes` are the whole boundary: the store calls
them on each row's `data` (and `embedding`) as it writes and reads, nothing else knows.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

SEAL = "sealed"  # marker key of a sealed JSON value: {"sealed": [key ids], "ct": base64}
BYTES_MAGIC = b"TFS1"


class KeyDestroyed(Exception):
    """A row sealed with a key that no longer exists: its player was erased."""


def keys_path(db: str, sqlite_file: Path | None) -> Path:
    """Where the key file of a database lives (never inside the database)."""
    if sqlite_file is not None:
        return sqlite_file.with_name(sqlite_file.name + ".keys")
    base = Path(os.environ.get("TOWNSFOLK_KEYS_DIR") or Path.home() / ".townsfolk" / "keys")
    # the URL without its password names the file
    bare = db.split("://", 1)
    if len(bare) == 2 and "@" in bare[1]:
        creds, rest = bare[1].rsplit("@", 1)
        bare = [bare[0], creds.split(":", 1)[0] + "@" + rest]
    return base / (hashlib.sha256("://".join(bare).encode()).hexdigest()[:20] + ".keys")


class KeyRing:
    """Per-player AES-256 keys in one JSON file; `current` maps a player to the key new rows use."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._keys: dict[str, dict[str, str]] = {}  # kid -> {"player", "key"}
        self._current: dict[str, str] = {}
        self._aead: dict[str, AESGCM] = {}
        self._reload()

    def _reload(self) -> None:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            data = {}
        self._keys = dict(data.get("keys", {}))
        self._current = dict(data.get("current", {}))
        self._aead = {k: v for k, v in self._aead.items() if k in self._keys}

    def save(self) -> None:
        """Atomic replace: a reader or a crash sees the old file or the new one, never half of one."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(self.path.name + ".tmp")
        body = json.dumps({"keys": self._keys, "current": self._current}, indent=1, sort_keys=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, body.encode())
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, self.path)
        fsync_dir(self.path.parent)

    def kid_for(self, player: str) -> str:
        """The key id new rows of this player are sealed with (made and saved on first use)."""
        kid = self._current.get(player)
        if kid is None:
            kid = os.urandom(8).hex()
            self._keys[kid] = {"player": player, "key": base64.b64encode(AESGCM.generate_key(bit_length=256)).decode()}
            self._current[player] = kid
            self.save()  # before any row sealed with it can be committed
        return kid

    def current_of(self, players: Iterable[str]) -> list[str | None]:
        """The key id each player's new rows are sealed with now (None: none made yet)."""
        return [self._current.get(p) for p in players]

    def kids_of(self, player: str) -> list[str]:
        return sorted(k for k, v in self._keys.items() if v["player"] == player)

    def retire(self, player: str) -> list[str]:
        """Stop sealing new rows with the player's keys; returns them for `destroy` once unused."""
        self._current.pop(player, None)
        return self.kids_of(player)

    def destroy(self, kids: Iterable[str]) -> list[str]:
        gone = [k for k in kids if k in self._keys]
        for k in gone:
            del self._keys[k]
            self._aead.pop(k, None)
            self._current = {p: c for p, c in self._current.items() if c != k}
        if gone:
            self.save()
        return gone

    def aead(self, kid: str) -> AESGCM:
        a = self._aead.get(kid)
        if a is None:
            if kid not in self._keys:
                self._reload()  # a writer may have added it since this ring was read
            if kid not in self._keys:
                raise KeyDestroyed(f"key {kid} does not exist (destroyed by an erasure, or the key file "
                                   f"{self.path.name} is missing)")
            a = self._aead[kid] = AESGCM(base64.b64decode(self._keys[kid]["key"]))
        return a


def fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _encrypt(ring: KeyRing, kids: list[str], plain: bytes) -> bytes:
    for kid in kids:
        nonce = os.urandom(12)
        plain = nonce + ring.aead(kid).encrypt(nonce, plain, kid.encode())
    return plain


def _decrypt(ring: KeyRing, kids: list[str], blob: bytes) -> bytes:
    for kid in reversed(kids):
        try:
            blob = ring.aead(kid).decrypt(blob[:12], blob[12:], kid.encode())
        except InvalidTag:
            raise KeyDestroyed(f"row sealed with key {kid} does not open (wrong key file?)") from None
    return blob


def owners_in(value: Any, players: set[str], found: set[str] | None = None) -> set[str]:
    """Players named anywhere in a JSON value (as a whole string: ids are matched exactly)."""
    found = set() if found is None else found
    if isinstance(value, str):
        if value in players:
            found.add(value)
    elif isinstance(value, dict):
        for v in value.values():
            owners_in(v, players, found)
    elif isinstance(value, list | tuple):
        for v in value:
            owners_in(v, players, found)
    return found


@lru_cache(maxsize=64)
def _value_pattern(players: frozenset[str]) -> re.Pattern[str] | None:
    """A string value (not a key) equal to one of the players, in valid JSON text: its quote follows
    `[`, `{`, `,` or `:` (a quote inside a string is escaped, so it follows a backslash) and a `,`,
    `]` or `}` follows it (a key is followed by `:`). None when an id would need escaping in JSON."""
    if any(json.dumps(p, ensure_ascii=False)[1:-1] != p for p in players):
        return None
    ids = "|".join(re.escape(p) for p in sorted(players, key=len, reverse=True))
    return re.compile(rf'(?:(?<=[\[{{,:])|^)\s*"({ids})"(?=\s*(?:[,\]}}]|$))')


def owners_in_text(text: str, players: set[str] | frozenset[str]) -> set[str]:
    """`owners_in` of JSON text without decoding it: one regex pass (a row's body is scanned as the
    text it is stored as, instead of walked value by value)."""
    if not players:
        return set()
    pattern = _value_pattern(frozenset(players))
    if pattern is None or "\\u" in text:  # an odd id, or text with \u escapes: decode and walk it
        return owners_in(json.loads(text), set(players))
    return set(pattern.findall(text))


def owners_of(body: Any, players: set[str]) -> set[str]:
    """`owners_in` of a row body, whether JSON text (scanned) or a JSON value (walked)."""
    return owners_in_text(body, players) if isinstance(body, str) else owners_in(body, players)


def seal_text(ring: KeyRing, owners: Iterable[str], text: str) -> str | None:
    """A row's JSON text sealed under each owner's key, as the JSON text of the sealed value (the
    same value `seal_json` returns); None when no player owns it (the caller keeps the text)."""
    kids = [ring.kid_for(p) for p in sorted(set(owners))]
    if not kids:
        return None
    ct = base64.b64encode(_encrypt(ring, kids, text.encode("utf-8"))).decode()
    # key ids are hex and base64 needs no escaping: the JSON of {SEAL: kids, "ct": ct}, written out
    quoted = ", ".join(f'"{k}"' for k in kids)
    return f'{{"{SEAL}": [{quoted}], "ct": "{ct}"}}'


def seal_json(ring: KeyRing, owners: Iterable[str], body: dict[str, Any]) -> dict[str, Any]:
    """A row's JSON, sealed under each owner's key (returned as is when no player owns it)."""
    kids = [ring.kid_for(p) for p in sorted(set(owners))]
    if not kids:
        return body
    plain = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return {SEAL: kids, "ct": base64.b64encode(_encrypt(ring, kids, plain)).decode()}


def is_sealed(data: Any) -> bool:
    return isinstance(data, dict) and set(data) == {SEAL, "ct"}


def open_json(ring: KeyRing, data: dict[str, Any]) -> dict[str, Any]:
    if not is_sealed(data):
        return data
    return json.loads(_decrypt(ring, list(data[SEAL]), base64.b64decode(data["ct"])))


def seal_bytes(ring: KeyRing, owners: Iterable[str], raw: bytes) -> bytes:
    kids = [ring.kid_for(p) for p in sorted(set(owners))]
    if not kids:
        return raw
    head = ",".join(kids).encode()
    return BYTES_MAGIC + len(head).to_bytes(2, "big") + head + _encrypt(ring, kids, raw)


def open_bytes(ring: KeyRing, blob: bytes) -> bytes:
    if not blob.startswith(BYTES_MAGIC) or len(blob) < 6:
        return blob
    n = int.from_bytes(blob[4:6], "big")
    kids = blob[6:6 + n].decode().split(",")
    return _decrypt(ring, kids, blob[6 + n:])


def sealed_kids(data: Any) -> list[str]:
    """The key ids a stored value is sealed with (for audits and tests)."""
    if is_sealed(data):
        return list(data[SEAL])
    if isinstance(data, bytes | bytearray) and data.startswith(BYTES_MAGIC):
        n = int.from_bytes(data[4:6], "big")
        return bytes(data[6:6 + n]).decode().split(",")
    return []
