"""Relevance: one vector per memory item, computed once and kept; one index per holder.

Vectors are stored with the item (and saved in its row); each holder's items sit in a
`VectorIndex` (numpy for the hundreds most NPCs hold, faiss HNSW past the threshold), so finding
what is relevant costs a search, not a scan. Deleted items leave the index at once.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from townsfolk.memory.embeddings import Embedder
from townsfolk.memory.store import MemoryStore
from townsfolk.memory.vector_index import VectorIndex

EF_SEARCH = 48  # HNSW search breadth: candidates are re-ranked by recency and importance anyway
INDEXED_KINDS = ("summary", "event")  # beliefs are found by whom they concern, not by similarity


def item_text(item: object) -> str:
    return getattr(item, "what", None) or getattr(item, "text", "")


def searchable(item: object) -> bool:
    """Whether an item belongs in a similarity index. Lines of a conversation do not: the context
    builder never brings them back (what was said is not quoted back), so embedding them cost
    a model call each and their entries only took candidate places from the events."""
    meta = getattr(item, "meta", None)
    return not (meta and meta.get("dialogue"))


class Relevance:
    """Embeds memory items on demand (once) and keeps one index per holder and kind, so a query
    searches only the layer it wants (a few summaries, or a long-lived NPC's many events)."""

    def __init__(self, memory: MemoryStore, embedder: Embedder, *, hnsw_threshold: int = 5_000) -> None:
        self.memory = memory
        self.embedder = embedder
        self.vectors: dict[str, np.ndarray] = memory.vectors
        self.indexes: dict[tuple[str, str], VectorIndex] = {}
        self.hnsw_threshold = hnsw_threshold
        self.pending: dict[tuple[str, str], list[object]] = {}  # new items of indexes already built
        self._text_vectors: dict[str, np.ndarray] = {}  # beliefs' texts: scored for topic questions, not indexed
        memory.on_delete.append(self.forget)
        memory.on_put_many.append(self._on_put_many)

    def _on_put_many(self, kinds: Sequence[str], items: Sequence[object]) -> None:
        """New items wait for their holder's index, if it is built (else `index_of` builds it from the
        store): a headless town builds none, and its tellings write thousands of items a tick."""
        if not self.indexes:
            return
        indexes, pending = self.indexes, self.pending
        for kind, item in zip(kinds, items, strict=True):
            if kind in INDEXED_KINDS:
                key = (getattr(item, "holder", ""), kind)
                if key in indexes and searchable(item):
                    pending.setdefault(key, []).append(item)

    def _embed(self, items: list) -> None:
        dim = self.embedder.dim
        todo = [m for m in items if m.id not in self.vectors or self.vectors[m.id].shape != (dim,)]
        if todo:
            vecs = self.embedder.embed_passages([item_text(m) for m in todo])
            for m, v in zip(todo, vecs, strict=True):
                self.vectors[m.id] = np.asarray(v, dtype=np.float32)
                self.memory.touch(m)

    def index_of(self, holder: str, kind: str) -> VectorIndex:
        """The holder's index of one kind, brought up to date with items written since."""
        key = (holder, kind)
        index = self.indexes.get(key)
        if index is None:
            missing = [m for m in self.memory._of(holder, kind) if searchable(m)]  # noqa: SLF001
            # a big set goes straight to HNSW: no exact index built first and then copied
            backend = "hnsw" if len(missing) > self.hnsw_threshold else "auto"
            index = self.indexes[key] = VectorIndex(self.embedder.dim, backend, threshold=self.hnsw_threshold,
                                                    ef_search=EF_SEARCH)
        else:
            missing = [m for m in self.pending.pop(key, []) if m.id not in index  # type: ignore[attr-defined]
                       and self.memory.get_or_none(m.id) is not None]  # type: ignore[attr-defined]
        if missing:
            self._embed(missing)
            index.add([m.id for m in missing], np.stack([self.vectors[m.id] for m in missing]))
        return index

    def search(self, holder: str, kind: str, query_vec: np.ndarray, k: int) -> list[tuple[str, float]]:
        index = self.index_of(holder, kind)
        return index.search(query_vec, min(k, len(index))) if len(index) else []

    def score_texts(self, texts: list[str], query_vec: np.ndarray) -> np.ndarray:
        """Similarity of a few unindexed texts (a holder's beliefs) to the query, cached by text."""
        cache = self._text_vectors
        if len(cache) > 50_000:
            cache.clear()
        todo = [t for t in dict.fromkeys(texts) if t not in cache]
        if todo:
            for t, v in zip(todo, self.embedder.embed_passages(todo), strict=True):
                cache[t] = np.asarray(v, dtype=np.float32)
        if not texts:
            return np.zeros(0)
        return np.stack([cache[t] for t in texts]) @ np.asarray(query_vec, dtype=np.float32)

    def forget(self, kind: str, item_id: str, holder: str) -> None:
        """Drop an item's vector and index entry (called by the store on every delete)."""
        self.vectors.pop(item_id, None)
        index = self.indexes.get((holder, kind))
        if index is not None and item_id in index:
            index.remove([item_id])
