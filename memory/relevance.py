"""Relevance: one vector per memory item, computed once and kept; one index per holder.

Vectors are stored with the item (and saved in its row); each holder's items sit in a
`VectorIndex` (numpy for the hundreds most NPCs hold, faiss HNSW past the threshold), so finding
what is relevant costs a search, not a scan. Deleted items leave the index at once.
"""

from __future__ import annotations

import numpy as np

from memory.embeddings import Embedder
from memory.store import MemoryStore
from memory.vector_index import VectorIndex

INDEXED_KINDS = ("summary", "event", "belief")


def item_text(item: object) -> str:
    return getattr(item, "what", None) or getattr(item, "text", "")


class Relevance:
    """Embeds memory items on demand (once), and answers 'what does this holder have near this query'."""

    def __init__(self, memory: MemoryStore, embedder: Embedder, *, hnsw_threshold: int = 20_000) -> None:
        self.memory = memory
        self.embedder = embedder
        self.vectors: dict[str, np.ndarray] = memory.vectors
        self.indexes: dict[str, VectorIndex] = {}
        self.hnsw_threshold = hnsw_threshold
        self.pending: dict[str, list[object]] = {}  # new items of holders whose index is already built
        memory.on_delete.append(self.forget)
        memory.on_put.append(self._on_put)

    def _on_put(self, kind: str, item: object) -> None:
        holder = getattr(item, "holder", "")
        if kind in INDEXED_KINDS and holder in self.indexes:
            self.pending.setdefault(holder, []).append(item)

    def index_of(self, holder: str) -> VectorIndex:
        """The holder's index, brought up to date with items written since (each embedded once)."""
        index = self.indexes.get(holder)
        if index is None:
            index = self.indexes[holder] = VectorIndex(self.embedder.dim, threshold=self.hnsw_threshold)
            missing = [item for kind in INDEXED_KINDS for item in self.memory._of(holder, kind)]  # noqa: SLF001
        else:
            missing = [m for m in self.pending.pop(holder, []) if m.id not in index  # type: ignore[attr-defined]
                       and self.memory.get_or_none(m.id) is not None]  # type: ignore[attr-defined]
        if missing:
            dim = self.embedder.dim
            todo = [m for m in missing if m.id not in self.vectors or self.vectors[m.id].shape != (dim,)]
            if todo:
                vecs = self.embedder.embed_passages([item_text(m) for m in todo])
                for m, v in zip(todo, vecs, strict=True):
                    self.vectors[m.id] = np.asarray(v, dtype=np.float32)
                    self.memory.touch(m)
            index.add([m.id for m in missing], np.stack([self.vectors[m.id] for m in missing]))
        return index

    def search(self, holder: str, query_vec: np.ndarray, k: int) -> list[tuple[str, float]]:
        index = self.index_of(holder)
        return index.search(query_vec, min(k, len(index))) if len(index) else []

    def forget(self, kind: str, item_id: str, holder: str) -> None:
        """Drop an item's vector and index entry (called by the store on every delete)."""
        self.vectors.pop(item_id, None)
        index = self.indexes.get(holder)
        if index is not None and item_id in index:
            index.remove([item_id])
