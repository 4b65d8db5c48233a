"""Headless towns: world specs, the generator, the daily life, `simulate`, `report`, Maki-Thompson."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from tests.tiny_town import tiny_spec
from townsfolk.sim.cli import app
from townsfolk.sim.daily_life import DailyLife
from townsfolk.sim.engine import Simulation
from townsfolk.sim.rumour_models import maki_thompson, never_heard_limit
from townsfolk.sim.scenario import ScenarioError
from townsfolk.sim.simulate import apply_overrides, simulate
from townsfolk.sim.world_spec import load_world_spec, parse_world_spec
from townsfolk.sim.worldgen import generate

ROOT = Path(__file__).resolve().parent.parent
TOWN = ROOT / "scenarios" / "town.world.yaml"
ZHEN = ROOT / "scenarios" / "zhen.world.yaml"

SMALL = tiny_spec(1)


def _world_fingerprint(town) -> tuple:  # noqa: ANN001
    w = town.world
    chars = [(c.id, c.name, c.role, tuple(sorted(c.traits.items()))) for c in w.characters.values()]
    edges = sorted((e.source, e.target, e.kind, e.strength) for e in w.graph.edges())
    return chars, edges, town.home.tolist(), town.work.tolist()


def test_shipped_world_specs_load_in_both_languages() -> None:
    town, zhen = load_world_spec(TOWN), load_world_spec(ZHEN)
    assert town.language == "en" and town.population >= 2000
    assert zhen.language == "zh" and zhen.rumour.rule == "maki_thompson"


def test_same_spec_and_seed_give_the_same_world_another_seed_another() -> None:
    spec = load_world_spec(TOWN)
    a, b = generate(spec, npcs=150), generate(spec, npcs=150)
    assert _world_fingerprint(a) == _world_fingerprint(b)
    c = generate(spec, npcs=150, seed=spec.seed + 1)
    assert _world_fingerprint(c) != _world_fingerprint(a)
    names = [ch.name for ch in a.world.characters.values()]
    assert len(set(names)) == len(names)  # a name finds one person
    # households share a family name; ties of every kind the spec asks for exist
    first = [n for n in a.npcs if a.home[int(n[1:]) - 1] == 0]
    assert len({a.world.name(n).split()[-1] for n in first}) == 1
    assert {"family", "colleague", "friend"} <= set(a.ties)


def test_zh_town_has_chinese_names_and_places() -> None:
    town = generate(load_world_spec(ZHEN), npcs=120)
    name = town.world.name("n1")
    assert re.fullmatch(r"[\u4e00-\u9fff]{2,4}\d*", name), name
    assert any(p.name.startswith("茶馆") for p in town.places)


@pytest.mark.parametrize(("text", "where", "needle"), [
    (SMALL.replace("population: 30", "population: lots"), ":3", "population"),
    (SMALL.replace("works_at: shop", "works_at: shopp"), ":10", "unknown place 'shopp'"),
    (SMALL.replace("rate_per_day: 2,", "rate_per_day: 2, colour: red,"), ":14", "unknown key 'colour'"),
    (SMALL.replace("predicate: theft", "predicate: gift"), ":14", "reads as 'theft', not 'gift'"),
    (SMALL.replace("tavern: 0.7", "temple: 0.7"), ":12", "no place of kind 'temple'"),
    (SMALL.replace("{actor} stole", "{who} stole"), ":14", "bad template"),
    # the same hardened reader as scenarios: a key written twice is an error, not "the last one wins"
    (SMALL.replace("population: 30", "population: 30\npopulation: 40"), ":4", "duplicate key 'population'"),
])
def test_bad_world_specs_name_file_line_and_field(text: str, where: str, needle: str) -> None:
    with pytest.raises(ScenarioError) as err:
        parse_world_spec(text, "tiny.world.yaml")
    assert str(err.value).startswith(f"tiny.world.yaml{where}"), str(err.value)
    assert needle in str(err.value)


def test_default_evenings_fit_a_town_without_taverns() -> None:
    spec = parse_world_spec(SMALL.replace("  - {id: inn, kind: tavern, capacity: 10}\n", "")
                            .replace("evening: {weights: {home: 0.3, tavern: 0.7}}\n", ""))
    town = generate(spec)
    life = DailyLife(town, Simulation(town.world, town.memory, drive=False))
    life.plan(1)
    assert set(town.place_kind[life.positions(19)[: life.n]]) <= {"home", "market"}


def test_bad_spec_on_the_command_line_exits_2_without_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.world.yaml"
    bad.write_text(SMALL.replace("share: 0.5, works_at", "share: -1, works_at"), encoding="utf-8")
    result = CliRunner().invoke(app, ["simulate", str(bad), "--db", str(tmp_path / "x.db")])
    assert result.exit_code == 2
    said = "".join(result.output.split())  # rich wraps long lines
    assert "bad.world.yaml:10:roles[0].share:" in said and "Traceback" not in result.output


def test_daily_life_moves_people_by_hour() -> None:
    spec = parse_world_spec(SMALL)
    town = generate(spec)
    sim = Simulation(town.world, town.memory, drive=False)
    life = DailyLife(town, sim)
    life.plan(1)  # plans the day
    kinds = town.place_kind
    night, noon, evening = life.positions(2), life.positions(12), life.positions(19)
    assert (night[: life.n] == town.home).all()  # everyone sleeps at home
    keepers = town.work >= 0
    assert (kinds[noon[: life.n][keepers]] == "work").all()  # keepers at their shop by day
    assert (noon[: life.n][keepers] == town.work[keepers]).all()
    out = kinds[evening[: life.n]]
    assert set(out) <= {"home", "tavern"} and (out == "tavern").any()
    inn = np.flatnonzero(kinds == "tavern")[0]
    assert (evening[: life.n] == inn).sum() <= town.places[inn].capacity  # the inn turns people away when full


def test_a_headless_run_is_deterministic() -> None:
    spec = parse_world_spec(SMALL)
    a, b = simulate(spec, days=0.75), simulate(spec, days=0.75)
    facts = [[(f.kind, f.actor, f.to, f.text) for f in r.sim.world.facts] for r in (a, b)]
    assert facts[0] == facts[1] and len(facts[0]) > 5
    assert a.tellings == b.tellings and a.tellings > 0


def test_a_database_holding_a_run_is_only_replaced_on_request(tmp_path: Path) -> None:
    from townsfolk.sim.run_store import RunStore, RunStoreError

    spec = parse_world_spec(SMALL)
    db = tmp_path / "tiny.db"
    first = simulate(spec, days=0.5, db=db, commit_every=5)
    assert RunStore(db, must_exist=True).run_info().finished
    with pytest.raises(RunStoreError, match="already holds a run"):
        simulate(spec, days=0.5, db=db)
    again = simulate(spec, days=0.5, db=db, overwrite=True)
    assert again.tellings == first.tellings  # committing every 5 ticks changes nothing in the run


def test_overrides_are_validated() -> None:
    spec = parse_world_spec(SMALL)
    assert apply_overrides(spec, {"rumour.tell_probability": 0.9}).rumour.tell_probability == 0.9
    with pytest.raises(ValueError, match="unknown spec key"):
        apply_overrides(spec, {"rumour.tell_prob": 0.9})


@pytest.fixture(scope="module")
def town_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    db = tmp_path_factory.mktemp("headless") / "town.db"
    result = CliRunner().invoke(app, ["simulate", str(TOWN), "--npcs", "120", "--days", "2", "--db", str(db),
                                      "--json"])
    assert result.exit_code == 0, result.output
    return db, json.loads(result.output.strip().splitlines()[-1])


def test_simulate_saves_a_run_that_why_inspect_and_memories_read(town_run: tuple[Path, dict]) -> None:
    db, summary = town_run
    assert summary["kind"] == "summary" and summary["npcs"] == 120 and summary["ticks"] == 48
    assert summary["tellings"] > 0
    # offline, as `play --json`: no model calls; the rules' answers counted apart
    assert summary["model"] == "offline" and summary["model_calls"] == 0 and summary["offline_calls"] > 0
    from townsfolk.sim.run_store import RunStore

    world, memory, _log = RunStore(db, must_exist=True).load()
    retold = next(f for f in world.facts if f.kind == "retell")
    runner = CliRunner()
    why = runner.invoke(app, ["why", "--db", str(db), "--json", retold.to[0], retold.about])
    assert why.exit_code == 0, why.output
    assert retold.actor in why.output or world.name(retold.actor) in why.output  # the chain names the teller
    inspect = runner.invoke(app, ["inspect", "--db", str(db), retold.to[0]])
    assert inspect.exit_code == 0 and world.name(retold.to[0]) in inspect.output
    helped = next(f for f in world.facts if f.actor == "traveller")
    witness = helped.witnesses[0]
    mem = runner.invoke(app, ["memories", "--db", str(db), witness, "--about", "traveller", "--events", "--json"])
    assert mem.exit_code == 0, mem.output
    assert json.loads(mem.output)["events"], mem.output


def test_report_is_one_self_contained_page(town_run: tuple[Path, dict], tmp_path: Path) -> None:
    db, _ = town_run
    out = tmp_path / "report.html"
    result = CliRunner().invoke(app, ["report", "--db", str(db), "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    images = re.findall(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', page)  # text kept as text
    assert len(images) >= 6
    assert not re.search(r'(src|href)="(https?:|file:|/)', page)  # nothing to fetch
    for title in ("Rumour reach over time", "Credibility and distortion by hop", "The largest cascade",
                  "Relationships over time", "Mood", "Top spreaders", "Most-changed ties", "Summary"):
        assert title in page


def test_maki_thompson_on_complete_mixing_leaves_about_a_fifth_unaware() -> None:
    assert never_heard_limit() == pytest.approx(0.2032, abs=1e-4)
    result = maki_thompson(2000, 40, seed=3)
    assert abs(result.mean_never_heard - 0.203) < 0.02, result.mean_never_heard
    # thinning contacts (townsfolk's tell_probability) slows the rumour but keeps its end
    thinned = maki_thompson(2000, 40, seed=4, tell_probability=0.3)
    assert abs(thinned.mean_never_heard - 0.203) < 0.02
    assert np.mean(thinned.contacts) > 2 * np.mean(result.contacts)
    # without stifling the rumour reaches everyone: stifling is what the 0.203 measures
    assert maki_thompson(500, 5, seed=5, rule="townsfolk").mean_never_heard == 0.0


def test_maki_thompson_tellers_in_the_engine_stop_when_the_listener_knows() -> None:
    spec = apply_overrides(parse_world_spec(SMALL), {"rumour.rule": "maki_thompson", "rumour.tell_probability": 1.0,
                                                      "rumour.seed_fraction": 0.3, "rumour.meetings_per_hour": 2.0})
    result = simulate(spec, days=1)
    assert result.stifled > 0
    memory = result.sim.memory
    told = [(f.tick, f.actor, memory.get(f.meta["basis"]).origin_fact_id)
            for f in result.sim.world.facts if f.kind == "retell"]
    assert told
    for tick, teller, origin in result.life.stifle_log:
        assert not [t for t in told if t[1] == teller and t[2] == origin and t[0] > tick], (teller, origin)
