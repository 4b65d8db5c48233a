"""A headless commit's edges as a row block made from columns (sim/edge_rows.py `edge_columns`,
sim/row_blocks.py `pack_cols`): the same block `pack` makes of `edge_rows`' rows, value for value
and type for type; the same rows when no block can be made (a text orjson refuses)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.test_block_bodies import typed
from tests.test_scale_engine import small_town
from townsfolk.sim.edge_rows import EdgeSaved, edge_columns, edge_rows
from townsfolk.sim.row_blocks import pack, pack_cols, unpack


def _town():  # noqa: ANN202
    sim, rumour = small_town(40, seed=5)
    for tick in (1, 2):
        sim.world.clock.tick = tick
        rumour.step()
        sim.run_tick(tick, [])
    g = sim.world.graph
    some = next(iter(g.edges()))
    g.set_edge(some.source, some.target, some.kind, 0.25, tick=2, time=sim.world.now, reason="a later word")
    g.set_dormant(some.source, some.target, sim.world.now)
    return sim


def _both(sim, first_saved: EdgeSaved):  # noqa: ANN001, ANN202
    """(edge_rows' rows, edge_columns' columns) of every edge and change past `first_saved`."""
    out = []
    for fn in (lambda s: edge_rows(s, sim.world, sim.memory, set(), lambda b, *_a: b, None, full_rows=True,
                                   columns=True),
               lambda s: edge_columns(s, sim.world)):
        sim.world.graph.mark_all_dirty()
        store = SimpleNamespace(_history_saved=EdgeSaved(edges=first_saved.edges, changes=first_saved.changes))
        out.append(fn(store))
    return out


@pytest.mark.parametrize("saved", [EdgeSaved(), EdgeSaved(edges=300, changes=900)])
def test_the_column_block_is_the_row_block(saved):
    sim = _town()
    (new, moved, changes), cols = _both(sim, saved)
    rows = sorted(new + moved, key=lambda r: r[5])  # (edge_rows writes them in name order, columns in row order)
    assert len(rows) == sim.world.graph.columns.n and len(changes) == sim.world.graph.log.n - saved.changes > 100
    assert pack("edge", rows) == pack_cols("edge", cols.edges, cols.edge_body)
    assert pack("edge_change", changes) == pack_cols("edge_change", cols.changes, cols.change_body)
    for table, want, got in (("edge", rows, cols.edges), ("edge_change", changes, cols.changes)):
        block = unpack(pack_cols(table, got, cols.edge_body if table == "edge" else cols.change_body))
        assert typed([block.body(i) for i in range(block.n)]) == typed([unpack(pack(table, want)).body(i)
                                                                        for i in range(len(want))])
    got_new, got_moved = cols.edge_rows()
    assert (got_new, got_moved) == ([r for r in rows if r[5] >= saved.edges], [r for r in rows if r[5] < saved.edges])
    assert cols.change_rows() == changes


def test_a_text_orjson_refuses_leaves_the_rows():
    sim = _town()
    g = sim.world.graph
    some = next(iter(g.edges()))
    g.set_edge(some.source, some.target, some.kind, 0.5, tick=2, time=sim.world.now, reason="lone \ud800 surrogate")
    (_new, _moved, changes), cols = _both(sim, EdgeSaved())
    assert pack("edge_change", changes) is None
    assert pack_cols("edge_change", cols.changes, cols.change_body) is None
    assert cols.change_rows() == changes
    with pytest.raises(ValueError, match="do not make"):
        pack_cols("edge", {**cols.edges, "extra": []}, cols.edge_body)

