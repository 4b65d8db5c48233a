"""Vector index: exact numpy and faiss HNSW agree, removal removes, saves survive a reload."""

from __future__ import annotations

import logging
from pathlib import Path

import numpy as np
import pytest

from townsfolk.memory import vector_index as vi
from townsfolk.memory.vector_index import VectorIndex

N, DIM, K = 2000, 64, 10


def _unit(rng: np.random.Generator, n: int, dim: int = DIM) -> np.ndarray:
    x = rng.standard_normal((n, dim)).astype(np.float32)
    return x / np.linalg.norm(x, axis=1, keepdims=True)


@pytest.fixture(scope="module")
def data() -> tuple[list[str], np.ndarray, np.ndarray]:
    rng = np.random.default_rng(7)
    ids = [f"m{i:05d}" for i in range(N)]
    return ids, _unit(rng, N), _unit(rng, 50)


@pytest.fixture(scope="module")
def faiss_mod():
    return pytest.importorskip("faiss")


def _hnsw(**kw) -> VectorIndex:
    return VectorIndex(DIM, backend="hnsw", **kw)


def _ids(hits: list[tuple[str, float]]) -> list[str]:
    return [h[0] for h in hits]


# ------------------------------------------------------------------- numpy


def test_numpy_is_exact(data) -> None:
    ids, x, queries = data
    idx = VectorIndex(DIM)
    idx.add(ids, x)
    assert idx.backend == "numpy" and len(idx) == N
    for q in queries[:10]:
        scores = x @ q
        want = [ids[j] for j in np.argsort(-scores, kind="stable")[:K]]
        hits = idx.search(q, K)
        assert _ids(hits) == want
        np.testing.assert_allclose([s for _, s in hits], np.sort(scores)[::-1][:K], atol=1e-5)


def test_scores_are_cosines_of_unnormalised_input() -> None:
    idx = VectorIndex(2)
    idx.add(["a", "b"], [[3.0, 0.0], [1.0, 1.0]])
    hits = idx.search([0.0, 10.0], 2)
    assert hits[0][0] == "b" and hits[0][1] == pytest.approx(2**-0.5, abs=1e-6)
    assert hits[1] == ("a", pytest.approx(0.0, abs=1e-6))


def test_ties_break_by_id_even_at_the_kth_place() -> None:
    idx = VectorIndex(3)
    v = np.array([1.0, 0.0, 0.0])
    idx.add(["e", "c", "a", "d", "b"], np.tile(v, (5, 1)))
    idx.add(["z"], [[0.0, 1.0, 0.0]])
    assert _ids(idx.search(v, 2)) == ["a", "b"]
    assert _ids(idx.search(v, 6)) == ["a", "b", "c", "d", "e", "z"]
    assert _ids(idx.search(v, 100)) == ["a", "b", "c", "d", "e", "z"]


def test_numpy_remove_and_replace(data) -> None:
    ids, x, _ = data
    idx = VectorIndex(DIM)
    idx.add(ids[:300], x[:300])
    gone = ids[:300:3]
    assert idx.remove(gone + ["never-added"]) == len(gone)
    assert len(idx) == 300 - len(gone)
    for i in range(300):
        hits = _ids(idx.search(x[i], 5))
        if ids[i] in gone:
            assert ids[i] not in hits and ids[i] not in idx
        else:  # swap-remove kept every other row on its own vector
            assert hits[0] == ids[i]
    # the buffer past the live rows holds no removed vector
    assert not idx._b._mat[len(idx) :].any()
    idx.add([ids[1]], x[299])  # replace
    assert len(idx) == 300 - len(gone)
    assert idx.search(x[299], 2)[0][1] == pytest.approx(1.0, abs=1e-5)
    assert set(_ids(idx.search(x[299], 2))) == {ids[1], ids[299]}


def test_empty_and_bad_input() -> None:
    idx = VectorIndex(4)
    assert idx.search([1, 0, 0, 0], 5) == []
    idx.add([], np.zeros((0, 4)))
    idx.add(["a"], [1, 0, 0, 0])
    assert idx.search([1, 0, 0, 0], 0) == []
    with pytest.raises(ValueError):
        idx.add(["b", "b"], np.ones((2, 4)))
    with pytest.raises(ValueError):
        idx.add(["b"], np.ones((1, 3)))
    with pytest.raises(ValueError):
        idx.add(["b"], [[1, np.nan, 0, 0]])
    with pytest.raises(ValueError):
        idx.search([1, 0, 0], 1)
    with pytest.raises(TypeError):
        idx.add("ab", np.ones((2, 4)))
    with pytest.raises(ValueError):
        VectorIndex(4, backend="annoy")


# -------------------------------------------------------------------- hnsw


def test_hnsw_agrees_with_numpy(data, faiss_mod) -> None:
    ids, x, queries = data
    exact, approx = VectorIndex(DIM, backend="numpy"), _hnsw()
    exact.add(ids, x)
    approx.add(ids, x)
    assert approx.backend == "hnsw" and len(approx) == N
    recall = []
    for q in queries:
        want = set(_ids(exact.search(q, K)))
        got = approx.search(q, K)
        assert len(got) == K
        assert [s for _, s in got] == sorted((s for _, s in got), reverse=True)
        recall.append(len(want & set(_ids(got))) / K)
    assert np.mean(recall) >= 0.9
    # a stored vector finds itself first, with cosine 1
    top = approx.search(x[123], 1)[0]
    assert top[0] == ids[123] and top[1] == pytest.approx(1.0, abs=1e-5)


def test_hnsw_remove_tombstones_then_compact(data, faiss_mod) -> None:
    ids, x, queries = data
    idx = _hnsw(auto_compact_rows=0, compact_ratio=1.0)  # keep tombstones until asked
    idx.add(ids, x)
    gone = ids[::7]
    slots = [idx._b._pos[i] for i in gone]
    assert idx.remove(gone) == len(gone)
    assert idx.tombstones == len(gone) and len(idx) == N - len(gone)
    assert not idx._b._storage_view()[slots].any()  # vector values erased at once
    for i in range(0, N, 7):
        assert ids[i] not in _ids(idx.search(x[i], K))
    before = [idx.search(q, K) for q in queries[:10]]
    idx.compact()
    assert idx.tombstones == 0 and idx._b.slots == N - len(gone)
    after = [idx.search(q, K) for q in queries[:10]]
    overlap = np.mean(
        [len(set(_ids(a)) & set(_ids(b))) / K for a, b in zip(before, after, strict=True)]
    )
    assert overlap >= 0.9
    assert not set(gone) & {h for hits in after for h in _ids(hits)}


def test_hnsw_small_index_compacts_on_remove(data, faiss_mod) -> None:
    ids, x, _ = data
    idx = _hnsw()  # default auto_compact_rows=2000 >= N
    idx.add(ids[:500], x[:500])
    idx.remove(ids[:10])
    assert idx.tombstones == 0 and idx._b.slots == 490
    assert ids[0] not in _ids(idx.search(x[0], K))


def test_hnsw_replace_leaves_no_duplicate(faiss_mod) -> None:
    rng = np.random.default_rng(1)
    x = _unit(rng, 3)
    idx = _hnsw(auto_compact_rows=0, compact_ratio=1.0)
    idx.add(["a", "b"], x[:2])
    idx.add(["a"], x[2:])
    assert len(idx) == 2 and idx.tombstones == 1
    assert idx.search(x[2], 1)[0][0] == "a"
    assert _ids(idx.search(x[0], 5)).count("a") == 1


def test_auto_moves_to_hnsw_past_threshold_and_back(data, faiss_mod) -> None:
    ids, x, _ = data
    idx = VectorIndex(DIM, threshold=100)
    idx.add(ids[:100], x[:100])
    assert idx.backend == "numpy"
    idx.add(ids[100:150], x[100:150])
    assert idx.backend == "hnsw" and len(idx) == 150
    assert idx.search(x[120], 1)[0][0] == ids[120]
    idx.remove(ids[:110])
    assert idx.backend == "numpy" and len(idx) == 40
    assert idx.search(x[120], 1)[0][0] == ids[120]


def test_hnsw_without_faiss_falls_back_to_numpy(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(vi, "faiss_available", lambda: False)
    with caplog.at_level(logging.WARNING, logger="townsfolk.vector_index"):
        idx = VectorIndex(4, backend="hnsw")
    assert idx.backend == "numpy"
    assert any("faiss" in r.getMessage() for r in caplog.records)


# -------------------------------------------------------------- save/load


def test_numpy_save_load_round_trip(data, tmp_path: Path) -> None:
    ids, x, queries = data
    idx = VectorIndex(DIM)
    idx.add(ids[:500], x[:500])
    idx.remove(ids[:5])
    path = tmp_path / "mem.npz"
    idx.save(path)
    back = VectorIndex.load(path)
    assert back.backend == "numpy" and len(back) == 495 and ids[0] not in back
    for q in queries[:5]:
        assert back.search(q, K) == idx.search(q, K)


def test_hnsw_save_load_keeps_graph_and_tombstones(data, tmp_path: Path, faiss_mod) -> None:
    ids, x, queries = data
    idx = _hnsw(auto_compact_rows=0, compact_ratio=1.0)
    idx.add(ids[:1500], x[:1500])
    idx.remove(ids[:20])
    path = tmp_path / "mem.npz"
    idx.save(path)
    assert not (tmp_path / "mem.npz.tmp").exists()
    back = VectorIndex.load(path)
    assert back.backend == "hnsw" and len(back) == 1480 and back.tombstones == 20
    assert back._b.index.hnsw.efSearch == 64
    for q in queries[:10]:
        assert back.search(q, K) == idx.search(q, K)
    assert ids[0] not in _ids(back.search(x[0], K))
    # grows incrementally: the loaded graph is extended, not rebuilt
    graph = back._b.index
    back.add(ids[1500:], x[1500:])
    assert back._b.index is graph and graph.ntotal == 2000
    assert back.search(x[1999], 1)[0][0] == ids[1999]


def test_load_refuses_foreign_files(tmp_path: Path) -> None:
    path = tmp_path / "x.npz"
    np.savez(path, meta=np.frombuffer(b'{"format": "other"}', np.uint8))
    with pytest.raises(ValueError):
        VectorIndex.load(path)
    (tmp_path / "junk.npz").write_bytes(b"PK\x03\x04 not really a zip")
    with pytest.raises(ValueError):
        VectorIndex.load(tmp_path / "junk.npz")
