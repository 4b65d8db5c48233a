"""What a newcomer found wrong writing their own world specs: each finding, reproduced with a spec
of this file's own (a harbour in en, a tea village in zh), must stay fixed."""

from __future__ import annotations

import base64
import html
import re
import warnings
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from townsfolk import Town
from townsfolk.memory.player_view import memories_about
from townsfolk.memory.predicate_reader import read_by_cues
from townsfolk.sim.cli import app
from townsfolk.sim.daily_life import DailyLife
from townsfolk.sim.engine import Simulation
from townsfolk.sim.report import build_report, most_changed, tied_pairs
from townsfolk.sim.run_store import RunStore, RunStoreError
from townsfolk.sim.scenario import ScenarioError
from townsfolk.sim.simulate import simulate
from townsfolk.sim.sweep import SweepError, parse_params
from townsfolk.sim.world_spec import parse_world_spec
from townsfolk.sim.worldgen import generate
from townsfolk.world.relationships import Cause

ROOT = Path(__file__).resolve().parent.parent

HARBOUR = """\
world: Saltwick harbour
language: en
seed: 5
days: 1
population: 70
places:
  - {id: quay, kind: work, count: 2, capacity: 40, name: {en: "the quay {n}"}}
  - {id: fishmarket, kind: market, capacity: 60, name: {en: "the fish market"}}
  - {id: anchor, kind: tavern, capacity: 40, name: {en: "the Anchor"}}
roles:
  - {id: fisher, share: 0.5, works_at: quay, hours: [4, 13]}
  - {id: watchman, share: 0.2, works_at: quay, hours: [22, 6]}
  - {id: elder, share: 0.3}
social:
  households: {size_mean: 4}
  friendships: {model: erdos_renyi, p: 0.15, rivals: 0.4}
events:
  - {id: share, rate_per_day: 10, predicate: gift, valence: 0.5, other: true,
     text: {en: "{actor} gave {other} a share of the catch"}}
  - {id: steal, rate_per_day: 10, predicate: theft, valence: -0.7, other: true, text: {en: "{actor} stole {other}'s nets"}}
rumour: {seed_events: [steal]}
players:
  - {id: inspector, name: the Inspector, visits: [market, tavern]}
"""

CUN = """\
world: 云雾茶村
language: zh
seed: 3
days: 1
population: 60
places:
  - {id: chayuan, kind: work, count: 2, capacity: 50, name: {zh: "茶园{n}"}}
  - {id: jishi, kind: market, capacity: 60, name: {zh: "村口集市"}}
  - {id: chaguan, kind: tavern, capacity: 30, name: {zh: "老茶馆"}}
roles:
  - {id: caicha, name: {zh: 采茶的}, share: 0.7, works_at: chayuan, hours: [6, 16]}
  - {id: laoren, name: {zh: 老人家}, share: 0.3}
social:
  households: {size_mean: 4}
events:
  - {id: song, rate_per_day: 6, predicate: gift, valence: 0.5, other: true, text: {zh: "{actor}送了{other}一篮菜"}}
  - {id: tou, rate_per_day: 6, predicate: theft, valence: -0.7, other: true, text: {zh: "{actor}偷了{other}家的鸡"}}
  - {id: bing, rate_per_day: 1, predicate: illness, valence: -0.3, text: {zh: "{actor}病倒了"}}
rumour: {seed_events: [tou]}
players:
  - {id: youke, name: 游客, visits: [market, tavern]}
"""


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = {}
    for name, text in (("harbour", HARBOUR), ("cun", CUN)):
        folder = tmp_path_factory.mktemp(name)
        spec_file = folder / f"{name}.world.yaml"
        spec_file.write_text(text, encoding="utf-8")
        db = folder / f"{name}.db"
        result = CliRunner().invoke(app, ["simulate", str(spec_file), "--db", str(db)])
        assert result.exit_code == 0, result.output
        out[name], out[name + ".out"] = db, result.output  # type: ignore[assignment]
    return out


# --- 1. the report's most-changed ties, the generator's household rivals -------------------------
def test_most_changed_ties_count_only_what_happened_during_the_run() -> None:
    town = generate(parse_world_spec(HARBOUR))
    world, graph = town.world, town.world.graph
    built = next(e for e in graph.edges() if e.kind == "friend")
    other = next(e for e in graph.edges() if e.kind == "colleague")
    # building the town may move a tie at tick 0 for another cause (a bond axis from a rival tie):
    # that is how the town was drawn, not a change
    graph.adjust(built.source, built.target, built.kind, -0.4, tick=0, time=world.now, cause=Cause(kind="tie"),
                 reason="from the rival tie")
    graph.adjust(other.source, other.target, other.kind, -0.05, tick=3, time=world.now, cause=Cause(kind="fact"),
                 reason="saw a theft")
    ranked = most_changed(world)
    assert [e.key for _, _, e, _ in ranked] == [other.key]
    change, moves, _, start = ranked[0]
    assert moves == 1 and change == pytest.approx(0.05) and start == pytest.approx(other.strength + 0.05)


def test_a_household_pair_is_never_made_rivals() -> None:
    spec = parse_world_spec(HARBOUR.replace("rivals: 0.4", "rivals: 1.0"))
    world = generate(spec).world
    family = {(e.source, e.target) for e in world.graph.edges() if e.kind == "family"}
    rivals = {(e.source, e.target) for e in world.graph.edges() if e.kind == "rival"}
    assert family and rivals and not family & rivals


# --- 2. a zh report reads in Chinese, charts included, names not ids ------------------------------
def _chart_texts(page: str) -> list[str]:
    texts = []
    for blob in re.findall(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', page):
        svg = base64.b64decode(blob).decode("utf-8")
        texts += [html.unescape(t) for t in re.findall(r"<text[^>]*>(.*?)</text>", svg, re.S)]
    return texts


def test_a_zh_report_draws_its_charts_in_chinese_with_names(runs: dict[str, Path]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no matplotlib warning leaks to the reader's terminal
        page = build_report(str(runs["cun"]))
    texts = _chart_texts(page)
    assert len(texts) > 50
    english = [t for t in texts if re.search(r"[A-Za-z]{3,}", t.replace("NPC", ""))]
    assert not english, english
    assert not [t for t in texts if re.fullmatch(r"[nf]\d+.*", t)]  # no internal ids
    assert "每条传闻传到了多少人" in texts and "照实说" in texts
    cells = [html.unescape(c) for c in re.findall(r"<td>(.*?)</td>", page)]
    assert not [c for c in cells if re.search(r"[A-Za-z]{3,}", c.replace("Maki-Thompson", "").replace("NPC", ""))], cells
    world, _memory, _log = RunStore(runs["cun"], must_exist=True).load()
    thefts = [f for f in world.facts if f.kind == "happen" and "偷了" in f.text]
    # the legend says what happened, as the en report does (for the rumours that reached furthest)
    theft = next((f for f in thefts if any(f.text[:10] in t for t in texts)), None)
    assert theft is not None, [f.text for f in thefts]
    assert world.name(theft.actor) in page


# --- 3. nobody robs their own household -----------------------------------------------------------
def _household_of(db: Path) -> dict[str, int]:
    """NPC id -> household, from the layout the run saved (two households may share a family name)."""
    homes = RunStore(db, must_exist=True).run_info().extra["headless"]["layout"]["home"]
    return {f"n{i + 1}": h for i, h in enumerate(homes)}


@pytest.mark.parametrize("name", ["harbour", "cun"])
def test_other_is_not_a_housemate_unless_the_event_happens_at_home(runs: dict[str, Path], name: str) -> None:
    world, _memory, _log = RunStore(runs[name], must_exist=True).load()
    home = _household_of(runs[name])
    deeds = [f for f in world.facts if f.kind == "happen" and f.actor in home]
    assert len(deeds) >= 5
    for f in deeds:
        # (the text without the actor's own name: "Lettie Wheeler the Younger" holds her housemate "Lettie Wheeler")
        rest = f.text.replace(world.name(f.actor), "")
        housemates = [c for c in home if c != f.actor and home[c] == home[f.actor] and world.name(c) in rest]
        assert not housemates, f.text
    # `at: [home]` is the designer saying "a family quarrel at home": then {other} is a housemate
    spec = parse_world_spec(HARBOUR.replace("rate_per_day: 10, predicate: gift", "rate_per_day: 0, predicate: gift")
                            .replace("rate_per_day: 10, predicate: theft",
                                     "rate_per_day: 60, at: [home], predicate: theft"))
    result = simulate(spec, days=0.5)
    homes = {f"n{i + 1}": int(h) for i, h in enumerate(result.town.home)}
    at_home = [f for f in result.sim.world.facts if f.kind == "happen" and f.actor in homes and "nets" in f.text
               and f.id not in result.life.seed_origins]  # (the seeded rumour's witnesses are all over town)
    assert at_home and all(homes[w] == homes[f.actor] for f in at_home for w in f.witnesses)


# --- 4. a visiting player meets people, so memories --about PLAYER has something -----------------
@pytest.mark.parametrize(("name", "player"), [("harbour", "inspector"), ("cun", "youke")])
def test_a_visiting_player_is_remembered_without_a_player_event(runs: dict[str, Path], name: str,
                                                                 player: str) -> None:
    world, memory, _log = RunStore(runs[name], must_exist=True).load()
    met = [f for f in world.facts if f.kind == "happen" and f.actor == player]
    assert met, "the player met nobody"
    npc = met[0].witnesses[0]
    view = memories_about(world, memory, npc, player, include_events=True)
    assert view.beliefs and view.events
    result = CliRunner().invoke(app, ["memories", "--db", str(runs[name]), npc, "--about", player, "--events"])
    assert result.exit_code == 0 and world.name(player) in result.output
    spec = parse_world_spec(HARBOUR.replace("visits: [market, tavern]", "visits: [market, tavern], meets_per_hour: 0"))
    quiet = simulate(spec, days=0.5)
    assert not [f for f in quiet.sim.world.facts if f.actor == "inspector"]


# --- 5. designers' ordinary phrasings read as meant --------------------------------------------------
@pytest.mark.parametrize(("text", "key"), [
    ("Ann gave Bo a share of the catch", "gift"), ("Ann gifted Bo a knife", "gift"),
    ("王明送了李四一篮菜", "gift"), ("王明病倒了", "illness"), ("王明发烧病倒了", "illness"),
    ("王明得了病", "illness"), ("Ann took sick", "illness"),
])
def test_ordinary_wording_reads_as_its_predicate(text: str, key: str) -> None:
    reading = read_by_cues(text)
    assert reading is not None and reading.key == key, (text, reading)


@pytest.mark.parametrize("text", ["他送了命", "王明送了货", "他把客人送了一程", "Ann took a share of the blame"])
def test_false_friends_of_the_new_cues_are_not_gifts(text: str) -> None:
    reading = read_by_cues(text)
    assert reading is None or reading.key != "gift", (text, reading)


# --- 6. one word for ties; days and tick lengths as people write them ---------------------------------
def test_simulate_and_report_count_ties_the_same_way_and_say_so(runs: dict[str, Path]) -> None:
    out = " ".join(runs["harbour.out"].split())  # type: ignore[attr-defined]
    assert "1 day " in out and "1 days" not in out
    ties = int(re.search(r"(\d+) tied pairs", out).group(1))
    world, _memory, _log = RunStore(runs["harbour"], must_exist=True).load()
    assert ties == tied_pairs(world)
    page = build_report(str(runs["harbour"]))
    summary = [html.unescape(c) for c in re.findall(r"<td>(.*?)</td>", page)]
    assert str(ties) in summary and "24 (1h)" in summary
    assert "1 day simulated" in page and "1:00:00" not in page


# --- 7. clear errors; night shifts -----------------------------------------------------------------
def test_sweep_names_a_bad_value_and_a_mistyped_key() -> None:
    spec = parse_world_spec(HARBOUR)
    with pytest.raises(SweepError) as bad:
        parse_params(["p=0.1,abc"], spec)
    assert "validation error" not in str(bad.value) and "rumour.tell_probability='abc'" in str(bad.value)
    with pytest.raises(SweepError, match=r"did you mean 'rumour.tell_probability'"):
        parse_params(["rumour.tell_prob=0.1"], spec)
    with pytest.raises(SweepError, match=r"did you mean 'meetings'"):
        parse_params(["meeting=0.1"], spec)


def test_simulate_on_a_scenario_points_to_play() -> None:
    result = CliRunner().invoke(app, ["simulate", str(ROOT / "scenarios" / "teahouse.yaml")])
    assert result.exit_code == 2 and "townsfolk play" in " ".join(result.output.split())
    assert "unknown key" not in result.output


def test_a_duplicate_role_is_reported_where_it_is_repeated() -> None:
    text = HARBOUR.replace("  - {id: elder, share: 0.3}", "  - {id: fisher, share: 0.3}")
    with pytest.raises(ScenarioError) as err:
        parse_world_spec(text, "dup.world.yaml")
    line = text.splitlines().index("  - {id: fisher, share: 0.3}") + 1
    assert err.value.line == line and "roles[2]" in str(err.value)


def test_a_night_shift_wraps_midnight() -> None:
    spec = parse_world_spec(HARBOUR)
    town = generate(spec, npcs=40)
    life = DailyLife(town, Simulation(town.world, town.memory, None, place="town", drive=False))
    life._plan_day(town.world.rng)
    watch = np.flatnonzero(town.role == 1)
    assert len(watch)
    for hour, at_work in ((23, True), (3, True), (12, False)):
        here = life.positions(hour)[watch]
        assert ((here == town.work[watch]) if at_work else (here != town.work[watch])).all(), hour
    with pytest.raises(ScenarioError, match="same hour"):
        parse_world_spec(HARBOUR.replace("hours: [22, 6]", "hours: [6, 6]"))


def test_a_tiny_run_reports_without_warnings(tmp_path: Path) -> None:
    db = tmp_path / "tiny.db"
    simulate(parse_world_spec("world: Two huts\npopulation: 2\ndays: 0.1\nroles: [{id: hermit, share: 1}]\n"), db=db)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert "<html" in build_report(str(db))


# --- 8. a headless run opens with the Python API ------------------------------------------------------
def test_town_open_reads_a_simulate_run(runs: dict[str, Path]) -> None:
    with Town.open(runs["cun"], read_only=True) as town:
        world = town.world
        assert world.title == "云雾茶村" and town.tick == 24
        retold = next(f for f in world.facts if f.kind == "retell")
        why = town.why(retold.to[0], retold.about)
        assert why.beliefs
        met = next(f for f in world.facts if f.actor == "youke")
        assert town.memories(met.witnesses[0], "youke").beliefs
    with pytest.raises(RunStoreError, match="read_only=True"):
        Town.open(runs["cun"])
    Town.open(runs["cun"], read_only=True).close()  # the refused writer left no lock behind
