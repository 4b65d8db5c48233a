"""`why` says who told whom for a fact that is words someone said (newcomer N-26): a headless chat's fact
printed "fact f141 @tick 41: Una Piper is dishonest", which reads as something true; now "Ruth Cooper told
Basil Gale: Agnes Ward stole something" (zh: 甲对乙说：...). A fact that happened is printed as before."""

from __future__ import annotations

from tests.tiny_town import tiny_spec
from townsfolk.sim.simulate import simulate
from townsfolk.sim.why import explain
from townsfolk.sim.world_spec import parse_world_spec


def test_a_retelling_fact_names_its_teller_and_listener() -> None:
    run = simulate(parse_world_spec(tiny_spec(2).replace("population: 30", "population: 80")))
    world, memory = run.sim.world, run.sim.memory
    said = happened = 0
    for e in world.graph.edges():
        for c in e.history:
            if c.cause.kind != "fact" or not c.cause.id or c.cause.id not in world.facts:
                continue
            f = world.facts.get(c.cause.id)
            ex = explain(world, memory, e.source, e.target)
            texts = [ch.fact_text for edge in ex.edges for ch in edge.changes if ch.fact_id == f.id]
            assert texts, f.id
            if f.kind == "retell":
                assert texts[0] == f"{world.name(f.actor)} told {world.name(f.to[0])}: {f.text}", texts[0]
                said += 1
            elif f.kind == "happen":
                assert texts[0] == f.text
                happened += 1
            if said and happened:
                return
    assert said, "no edge change was caused by a retelling in this town"


def test_over_time_starts_where_an_edge_made_by_a_move_began() -> None:
    import io

    from rich.console import Console

    from townsfolk.sim.timeline_view import print_explanation

    run = simulate(parse_world_spec(tiny_spec(2).replace("population: 30", "population: 80")))
    world, memory = run.sim.world, run.sim.memory
    # an edge made at a meeting: a no-op row (hidden) and then the move, "t4 0.00 → 0.05"
    edge = next(e for e in world.graph.edges() if len(e.history) == 2 and e.history[0].cause.kind == "fact"
                and f"{e.history[1].before:.2f}" != f"{e.history[1].after:.2f}")
    out = io.StringIO()
    print_explanation(Console(file=out, width=300), world, explain(world, memory, edge.source, edge.target))
    first = edge.history[1]
    line = next(ln for ln in out.getvalue().splitlines() if f"now {edge.strength:.2f}" in ln)
    assert line.endswith(f"{first.before:.2f} → {first.after:.2f}"), line
