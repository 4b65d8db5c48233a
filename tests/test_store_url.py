"""The store of record takes a plain path or any SQLAlchemy URL."""

from __future__ import annotations

from townsfolk.memory.embeddings import LexicalEmbedder
from townsfolk.sim import engine
from townsfolk.sim.playback import play
from townsfolk.sim.run_store import RunStore
from townsfolk.sim.scenario import load_scenario


def test_a_run_saved_through_a_sqlalchemy_url_loads_back(tmp_path, monkeypatch):
    monkeypatch.setattr(engine, "make_embedder", lambda name: LexicalEmbedder())
    url = f"sqlite+pysqlite:///{tmp_path / 'tea.db'}"
    result = play(load_scenario("scenarios/teahouse.yaml"), db=url)
    assert not result.failed
    world, memory, log = RunStore(url, must_exist=True).load()
    edge = world.graph.get("xiaoliang", "aqing", "partner")
    assert edge is not None and edge.strength == result.sim.world.graph.get("xiaoliang", "aqing", "partner").strength
    assert len(memory.beliefs) == len(result.sim.memory.beliefs) and log
    assert (tmp_path / "tea.db").is_file()
