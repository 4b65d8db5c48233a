"""Who a text names, found in one scan of the text instead of a pass over every character.

At 10k NPCs a turn that asked every character "is your name in this line?" spent ~12 ms on it.
The index keeps every name (and every id, lower-cased) bucketed by its first three characters, so a
text is scanned once, position by position, and only the few names sharing that prefix are tried.
It is built once per world and kept up to date as characters are added (a player joining is one
insertion, not a rebuild); any other change of the cast (`Cast.version` moving without the cast
growing by as much) rebuilds it.

It also writes a text's *template* for the predicate reader: every name replaced, in order of
appearance, by a pronoun ("P3 paid the fare" and "P4 paid the fare" are both "He paid the fare";
"王婶给小梅带来…" is "他给她带来…"), so a reading by meaning is embedded once per template, not
once per player. Pronouns, because the predicates' example sentences are written with them: a
stand-in name changes what the model reads (the example "Pia gave Yara a jar" pulls "Pia sent
Yara the wrong flour" to gift; "小王给老李带来…" falls below the margin the real names clear),
pronouns changed none of the shipped scenarios' readings (`tests/test_name_index.py`).
"""

from __future__ import annotations

import re
import threading
from itertools import islice
from weakref import WeakKeyDictionary

from townsfolk.world.world import World

KEY = 3  # a name is bucketed by its first three characters (a shorter name by all of it)
_ZH = ("他", "她", "那人")  # the first, second and any further distinct name
_EN = (("He", "him", "his"), ("She", "her", "her"), ("They", "them", "their"))
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+|[\"“‘(]\s*)$")


def _whole(text: str, start: int, end: int) -> bool:
    """text[start:end] is a whole word: no letter, digit or underscore joins it on either side."""
    return not ((start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"))
                or (end < len(text) and (text[end].isalnum() or text[end] == "_")))


def _buckets(pairs: list[tuple[str, str]]) -> dict[str, list[tuple[str, str]]]:
    out: dict[str, list[tuple[str, str]]] = {}
    for word, cid in pairs:
        out.setdefault(word[:KEY], []).append((word, cid))
    for bucket in out.values():
        bucket.sort(key=lambda wc: -len(wc[0]))  # the longest name at a position wins
    return out


class NameIndex:
    """The names and ids of one world's characters, for finding them in text."""

    def __init__(self, world: World) -> None:
        self.language = world.language
        self._names: dict[str, list[tuple[str, str]]] = {}
        self._ids: dict[str, list[tuple[str, str]]] = {}
        self._unnamed: list[str] = []  # an empty name is "in" every text (str.find says 0)
        self._lock = threading.Lock()
        self._version = -1
        self._size = 0
        self.refresh(world)

    def refresh(self, world: World) -> NameIndex:
        """Bring the index up to the world's cast: the newest characters added, or all rebuilt.
        New buckets replace old ones whole (a reader on another thread, the server's read-ahead,
        sees the old index or the new one, never a bucket half sorted)."""
        cast = world.characters
        version = getattr(cast, "version", None)
        if version is not None and version == self._version and len(cast) == self._size:
            return self
        with self._lock:
            if version is not None and version == self._version and len(cast) == self._size:
                return self
            size = len(cast)
            grown = size - self._size
            if version is not None and self._version >= 0 and grown > 0 and version - self._version == grown:
                self._add(list(islice(reversed(cast.values()), grown))[::-1], fresh=False)
            else:
                self._add(list(cast.values()), fresh=True)
            self._version = version if version is not None else -1
            self._size = size
        return self

    def _add(self, characters: list, *, fresh: bool) -> None:
        names = [(c.name, c.id) for c in characters if c.name]
        ids = [(c.id.lower(), c.id) for c in characters]
        built = []
        for old, pairs in ((self._names, names), (self._ids, ids)):
            target = {} if fresh else dict(old)
            for prefix, bucket in _buckets(pairs).items():
                target[prefix] = sorted([*target.get(prefix, ()), *bucket], key=lambda wc: -len(wc[0]))
            built.append(target)
        unnamed = [c.id for c in characters if not c.name]
        self._names, self._ids = built
        self._unnamed = unnamed if fresh else [*self._unnamed, *unnamed]

    @staticmethod
    def _at(text: str, i: int, buckets: dict[str, list[tuple[str, str]]]) -> list[tuple[str, str]]:
        """The names that could start at position i, longest first: those sharing its next three
        characters, then the two- and one-character names that are exactly what is there."""
        out: list[tuple[str, str]] = []
        last = None
        for k in (KEY, 2, 1):
            key = text[i:i + k]
            if key != last:  # near the end of the text two slices can be the same
                out += buckets.get(key, ())
                last = key
        return out

    @classmethod
    def _first(cls, text: str, buckets: dict[str, list[tuple[str, str]]], found: dict[str, int],
               whole: bool = False) -> None:
        for i in range(len(text)):
            for word, cid in cls._at(text, i, buckets):
                if cid not in found and text.startswith(word, i) and (not whole or _whole(text, i, i + len(word))):
                    found[cid] = i

    def mentioned(self, text: str) -> dict[str, int]:
        """Each character whose name is in the text or whose id is in it (any case), with the first
        position of either: `text.find(name)` and `text.lower().find(id.lower())`, the smaller. In
        English both only as whole words: the id `eve` is not in "Do you believe it?", nor Cal in "Calm"."""
        found: dict[str, int] = dict.fromkeys(self._unnamed, 0)
        whole = self.language != "zh"
        self._first(text, self._names, found, whole)
        by_id: dict[str, int] = {}
        self._first(text.lower(), self._ids, by_id, whole)
        for cid, at in by_id.items():
            if at < found.get(cid, at + 1):
                found[cid] = at
        return found

    def named(self, text: str) -> list[str]:
        """The characters whose name is in the text (as `name in text` says; ids not counted), in
        order of first appearance: one scan of the text, not a pass over the cast."""
        found: dict[str, int] = {}
        self._first(text, self._names, found)
        return [cid for _, cid in sorted((at, cid) for cid, at in found.items())]

    def _spans(self, text: str) -> list[tuple[int, int, str]]:
        """Non-overlapping (start, end, name) of every name in the text, left to right, longest first
        at a position; English names as whole words, Chinese names of two characters or more."""
        out: list[tuple[int, int, str]] = []
        i, n, zh = 0, len(text), self.language == "zh"
        while i < n:
            for word, _cid in self._at(text, i, self._names):
                end = i + len(word)
                if not text.startswith(word, i):
                    continue
                if zh and len(word) < 2:
                    continue
                if not zh and ((i > 0 and (text[i - 1].isalnum() or text[i - 1] == "_"))
                               or (end < n and (text[end].isalnum() or text[end] == "_"))):
                    continue
                out.append((i, end, word))
                i = end
                break
            else:
                i += 1
        return out

    def template(self, text: str) -> str:
        """The text with each distinct name replaced by a pronoun, in order of appearance (English:
        He / him / his by position, then She / her, then They / them; Chinese: 他, 她, 那人)."""
        spans = self._spans(text)
        if not spans:
            return text
        order: dict[str, int] = {}
        pieces: list[str] = []
        last = 0
        for start, end, word in spans:
            k = min(order.setdefault(word, len(order)), 2)
            pieces.append(text[last:start])
            if self.language == "zh":
                pieces.append(_ZH[k])
                last = end
                continue
            subject, obj, possessive = _EN[k]
            if text.startswith("'s", end) or text.startswith("’s", end):
                pieces.append(possessive.capitalize() if _SENTENCE_START.search("".join(pieces)) else possessive)
                last = end + 2
            else:
                pieces.append(subject if _SENTENCE_START.search("".join(pieces)) else obj)
                last = end
        pieces.append(text[last:])
        return "".join(pieces)


_INDEXES: WeakKeyDictionary[World, NameIndex] = WeakKeyDictionary()


def name_index(world: World) -> NameIndex:
    """The world's index, built on first use and kept up to date with its cast."""
    index = _INDEXES.get(world)
    if index is None or index.language != world.language:
        index = _INDEXES[world] = NameIndex(world)
        return index
    return index.refresh(world)
