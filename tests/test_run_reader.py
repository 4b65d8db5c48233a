"""`why`, `inspect CHARACTER` and `memories` on a saved run read only the rows they need
(sim/run_reader.py): the answers are the ones a full load gives, in en and zh, on a played
scenario (players' rows sealed) and on a headless town; a name is checked against the cast
before anything else is read, and no command here loads the whole run."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from townsfolk.memory.player_view import memories_about
from townsfolk.sim.cli import _load as full_load
from townsfolk.sim.cli import app
from townsfolk.sim.run_reader import RunReader
from townsfolk.sim.run_store import RunStore
from townsfolk.sim.simulate import simulate
from townsfolk.sim.timeline_view import print_explanation, print_inspection
from townsfolk.sim.why import explain
from townsfolk.sim.world_spec import load_world_spec

ROOT = Path(__file__).resolve().parents[1]

# two small towns of this test's own: a salt-pan village (zh) and a river crossing (en), each
# with a visitor who stops to talk, so `memories --about` and sealed rows have something to read
SALT_PANS = """
world: 盐田村
language: zh
seed: 5
start: 2026-06-01T00:00
tick: 1h
days: 1
population: 70
places:
  - {id: pan, kind: work, count: 2, capacity: 40, name: {zh: "盐田{n}"}}
  - {id: shed, kind: market, capacity: 60, name: {zh: "晒盐场"}}
roles:
  - {id: saltman, name: {zh: 晒盐的}, share: 0.7, works_at: pan, hours: [5, 15]}
  - {id: elder, name: {zh: 老人家}, share: 0.3}
social:
  households: {size_mean: 3, kind: family}
  workplaces: {kind: colleague, per_npc: 3}
  friendships: {model: powerlaw_cluster, m: 2, p: 0.2, kind: neighbour}
events:
  - {id: spill, rate_per_day: 6, predicate: mishap, valence: -0.3, at: [work], witnesses: 3,
     text: {zh: "{actor}的盐车卡在了{place}的泥里"}}
  - {id: owe, rate_per_day: 4, predicate: debt_unpaid, valence: -0.5, other: true, witnesses: 2,
     text: {zh: "{actor}借了{other}的钱，一直不还钱"}}
rumour: {rule: townsfolk, tell_probability: 0.5, meetings_per_hour: 0.6, seed_fraction: 0.05, seed_events: [owe]}
players:
  - {id: youke, name: 游客, visits: [market], meets_per_hour: 3}
"""

CROSSING = """
world: Ferrybridge
language: en
seed: 11
start: 2026-03-10T00:00
tick: 1h
days: 1
population: 70
places:
  - {id: ferry, kind: work, count: 2, capacity: 40, name: {en: "landing {n}"}}
  - {id: stalls, kind: market, capacity: 60, name: {en: "the fish stalls"}}
roles:
  - {id: ferryman, name: {en: ferryman}, share: 0.6, works_at: ferry, hours: [6, 16]}
  - {id: elder, name: {en: retired}, share: 0.4}
social:
  households: {size_mean: 3, kind: family}
  workplaces: {kind: colleague, per_npc: 3}
  friendships: {model: powerlaw_cluster, m: 2, p: 0.2, kind: friend}
events:
  - {id: sank, rate_per_day: 6, predicate: mishap, valence: -0.3, at: [work], witnesses: 3,
     text: {en: "{actor}'s cart got stuck in the mud at {place}"}}
  - {id: owed, rate_per_day: 4, predicate: debt_unpaid, valence: -0.5, other: true, witnesses: 2,
     text: {en: "{actor} borrowed money from {other} and never paid back a penny"}}
rumour: {rule: townsfolk, tell_probability: 0.5, meetings_per_hour: 0.6, seed_fraction: 0.05, seed_events: [owed]}
players:
  - {id: visitor, name: the Visitor, visits: [market], meets_per_hour: 3}
"""


def _headless(tmp: Path, text: str, name: str) -> Path:
    spec_file, db = tmp / f"{name}.world.yaml", tmp / f"{name}.db"
    spec_file.write_text(text, encoding="utf-8")
    simulate(load_world_spec(spec_file), db=db, spec_path=str(spec_file))
    return db


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("runs")
    out = {"zh_town": _headless(tmp, SALT_PANS, "salt"), "en_town": _headless(tmp, CROSSING, "crossing")}
    for name in ("rumour_chain", "harbour_two_players"):  # played scenarios (zh and en) with players
        db = tmp / f"{name}.db"
        played = CliRunner().invoke(app, ["play", str(ROOT / "scenarios" / f"{name}.yaml"), "--db", str(db), "--json"])
        assert played.exit_code in (0, 1), played.output[-2000:]
        out[name] = db
    return out


def _text(render, *args) -> str:  # type: ignore[no-untyped-def]
    buf = io.StringIO()
    render(Console(file=buf, width=200, color_system=None, highlight=False), *args)
    return buf.getvalue()


def _pairs(world, memory) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """Pairs worth asking about: every belief's holder and subject, edges whose history names a
    belief or an event, and a few plain ties."""
    pairs = {(b.holder, b.claim.about) for b in memory.beliefs.values() if b.claim.about in world.characters}
    plain = []
    for e in world.graph.edges():
        if any(ch.cause.kind in ("belief", "event") for ch in e.history):
            pairs.add((e.source, e.target))
        elif len(plain) < 5:
            plain.append((e.source, e.target))
    return sorted(pairs - {(a, a) for a in world.characters})[:60] + plain


@pytest.mark.parametrize("run", ["zh_town", "en_town", "rumour_chain", "harbour_two_players"])
def test_slices_answer_as_the_full_load(runs: dict[str, Path], run: str) -> None:
    db = str(runs[run])
    world, memory, _log = full_load(db)  # what the commands read before: the whole run
    reader = RunReader(db)
    pairs = _pairs(world, memory)
    assert len(pairs) >= 5, pairs
    asked_chains = 0
    for holder, target in pairs:
        part = reader.slice_why(holder, target)
        want, got = explain(world, memory, holder, target), explain(part.world, part.memory, holder, target)
        assert got.model_dump() == want.model_dump(), (run, holder, target)
        assert _text(print_explanation, part.world, got) == _text(print_explanation, world, want)
        asked_chains += sum(len(c.chain) > 1 for e in want.edges for c in e.changes)
        assert len(part.memory.beliefs) <= len(memory.beliefs)
    if run.endswith("town"):
        assert asked_chains, "no told-on chain was compared"
    players = [c.id for c in world.characters.values() if c.is_player]
    assert players
    npcs = sorted({b.holder for b in memory.beliefs.values()} - set(players))[:25]
    for npc in npcs:
        part = reader.slice_memories(npc)
        for player in players:
            for events in (False, True):
                want = memories_about(world, memory, npc, player, include_events=events)
                assert memories_about(part.world, part.memory, npc, player, include_events=events) == want
    for who in [*players, *npcs[:6]]:
        part = reader.slice_inspect(who)
        assert _text(print_inspection, part.world, part.memory, who) == _text(print_inspection, world, memory, who)


def test_the_commands_never_load_the_whole_run(runs: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    db = str(runs["zh_town"])
    world, memory, _ = RunStore(db, must_exist=True).load()
    belief = next(b for b in memory.beliefs.values() if b.claim.about in world.characters and b.claim.about != b.holder)
    player = next(c for c in world.characters.values() if c.is_player)

    def no_full_load(self):  # type: ignore[no-untyped-def]
        raise AssertionError("a full load")

    monkeypatch.setattr(RunStore, "load", no_full_load)
    runner, env = CliRunner(), {"COLUMNS": "200", "NO_COLOR": "1"}
    why = runner.invoke(app, ["why", world.name(belief.holder), belief.claim.about, "--db", db], env=env)
    assert why.exit_code == 0, why.output
    assert belief.text in why.output and world.name(belief.holder) in why.output
    seen = runner.invoke(app, ["inspect", belief.holder, "--db", db], env=env)
    assert seen.exit_code == 0 and belief.id in seen.output, seen.output
    mem = runner.invoke(app, ["memories", belief.holder, "--about", player.id, "--db", db, "--events"], env=env)
    assert mem.exit_code == 0, mem.output
    # a mistyped name is refused from the cast table, with the nearest names
    name = world.name(belief.holder)
    typo = runner.invoke(app, ["why", name[:-1] + "X", belief.claim.about, "--db", db], env=env)
    assert typo.exit_code == 2 and "unknown character" in typo.output and "a full load" not in typo.output, typo.output
    missing = runner.invoke(app, ["why", "a", "b", "--db", str(Path(db).with_name("nope.db"))], env=env)
    assert missing.exit_code == 2 and "no database at" in missing.output, missing.output
