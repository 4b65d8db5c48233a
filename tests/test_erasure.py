"""The player's right to erasure, through the `townsfolk forget` command on saved runs.

What a player would check: the NPC no longer remembers, what was derived from it is gone too, the
words cannot be dug out of the database file, and a mistaken request changes nothing at all.
"""

from __future__ import annotations

import hashlib
import json
import logging
import shutil
import sqlite3
from pathlib import Path

import numpy as np
import pytest
import yaml
from typer.testing import CliRunner

import townsfolk.sim.engine as sim_engine
from townsfolk.memory.embeddings import LexicalEmbedder
from townsfolk.memory.relevance import Relevance
from townsfolk.memory.store import MemoryStore
from townsfolk.sim.cli import app
from townsfolk.sim.playback import play
from townsfolk.sim.run_store import RunStore
from townsfolk.sim.scenario import load_scenario, parse_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
RUNNER = CliRunner()
ERASED = "[erased]"


# --- helpers ------------------------------------------------------------------------------------
def cli(*args: str):
    return RUNNER.invoke(app, list(args), env={"COLUMNS": "250", "NO_COLOR": "1"})


def flat(text: str) -> str:
    return " ".join(text.split())


def _finish(db: Path) -> None:
    """Fold the WAL into the file so the run is one self-contained file."""
    RunStore(db, must_exist=True).compact()


def _play_to(scenario, db: Path) -> None:
    """Play and save a run. Erasure does not depend on which embedder ranked memories, so the runs
    here use the lexical one (the multilingual model is slow when the machine is busy); the rows
    still carry embeddings, which is what erasure must remove."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sim_engine, "make_embedder", lambda *_a, **_k: LexicalEmbedder())
        play(scenario, db=db)
    _finish(db)


def _copy(src: Path, dst_dir: Path) -> Path:
    dst = dst_dir / src.name
    for f in src.parent.iterdir():
        if f.name.startswith(src.name):
            shutil.copyfile(f, dst_dir / f.name)
    return dst


def dump_digest(db: Path) -> str:
    """sha256 of every row of every table, in a canonical order."""
    con = sqlite3.connect(db)
    try:
        tables = sorted(r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'"))
        h = hashlib.sha256()
        for t in tables:
            rows = sorted(repr(r) for r in con.execute(f'SELECT * FROM "{t}"'))
            h.update(t.encode())
            for r in rows:
                h.update(r.encode())
    finally:
        con.close()
    return h.hexdigest()


def file_digest(db: Path) -> str:
    return hashlib.sha256(db.read_bytes()).hexdigest()


def disk_bytes(db: Path) -> dict[str, bytes]:
    """The database file and anything SQLite keeps next to it (-wal, -shm, -journal)."""
    return {f.name: f.read_bytes() for f in db.parent.iterdir() if f.name.startswith(db.name)}


def rows(db: Path, sql: str, *params) -> list[tuple]:
    con = sqlite3.connect(db)
    try:
        return list(con.execute(sql, params))
    finally:
        con.close()


def memories(db: Path, npc: str, player: str) -> dict:
    r = cli("memories", "--db", str(db), npc, "--about", player, "--events", "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def _all_lines(view: dict) -> list:
    return view["impressions"] + view["summaries"] + view["beliefs"] + view["events"]


# --- played runs, shared -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def teahouse_db(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("teahouse") / "teahouse.db"
    _play_to(load_scenario(SCENARIOS / "teahouse.yaml"), db)
    return db


@pytest.fixture
def teahouse(teahouse_db, tmp_path) -> Path:
    return _copy(teahouse_db, tmp_path)


def _travellers_without_expectations():
    """two_travellers as written, minus `expect`: its `excludes` lists quote the private words
    themselves (the designer's text, not the player's), which would defeat a byte scan."""
    data = yaml.safe_load((SCENARIOS / "two_travellers.yaml").read_text(encoding="utf-8"))
    data.pop("expect")
    return parse_scenario(yaml.safe_dump(data, allow_unicode=True))


@pytest.fixture(scope="module")
def travellers_db(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("travellers") / "travellers.db"
    _play_to(_travellers_without_expectations(), db)
    return db


@pytest.fixture
def travellers(travellers_db, tmp_path) -> Path:
    return _copy(travellers_db, tmp_path)


CHAIN = """
scenario: 传话
language: zh
seed: 11
start: 2026-03-01T08:00
tick: 1h
characters:
  aqing: {name: 阿青, traits: {candour: 1.0, exaggeration: 0.0}}
  guke: {name: 老顾客, traits: {candour: 1.0, exaggeration: 0.0}}
  laowang: {name: 老王}
  xiaoliang: {name: 小梁}
  player: {name: 旅人, player: true}
relationships:
  - {from: aqing, to: xiaoliang, kind: partner, strength: 0.8, mutual: true}
  - {from: guke, to: xiaoliang, kind: acquaintance, strength: 0.6}
  - {from: laowang, to: xiaoliang, kind: neighbour, strength: 0.7}
  - {from: aqing, to: guke, kind: customer, strength: 0.6, mutual: true}
  - {from: guke, to: laowang, kind: friend, strength: 0.6, mutual: true}
timeline:
  - {at: 1, tell: {speaker: player, to: aqing, about: xiaoliang, text: 我看见小梁把货弄错了}}
  - {at: 2, gossip: {teller: aqing, to: guke, about: xiaoliang, text: 旅人说小梁把货弄错了}}
  - {at: 3, gossip: {teller: guke, to: laowang, about: xiaoliang}}
  - {at: 4, happen: {what: 小梁的货晚到了, actor: xiaoliang, witnesses: [aqing], valence: -0.2}}
"""


# --- erasing what one NPC holds ------------------------------------------------------------------
def test_forget_everything_one_npc_holds_about_the_player(teahouse):
    before = memories(teahouse, "aqing", "player")
    assert _all_lines(before), "the teahouse run should leave aqing with memories of the traveller"
    other_before = memories(teahouse, "xiaoliang", "player")
    assert _all_lines(other_before)

    r = cli("forget", "--db", str(teahouse), "--player", "player", "--npc", "aqing")
    assert r.exit_code == 0, r.output
    assert "已抹去" in r.output  # a zh world reports in zh

    assert _all_lines(memories(teahouse, "aqing", "player")) == []
    # only aqing was asked about: xiaoliang still remembers the traveller
    assert memories(teahouse, "xiaoliang", "player") == other_before
    # and what aqing said to the traveller is no longer in the file
    removed = [line["text"] for line in before["events"]]
    blob = b"".join(disk_bytes(teahouse).values())
    for text in removed:
        assert text.encode("utf-8") not in blob, text
    # a second request has nothing left to erase: a clear refusal, not a silent success
    again = cli("forget", "--db", str(teahouse), "--player", "player", "--npc", "aqing")
    assert again.exit_code == 2
    assert "nothing to erase" in flat(again.output)


def test_forget_one_memory_takes_what_was_derived_from_it(tmp_path):
    db = tmp_path / "chain.db"
    _play_to(parse_scenario(CHAIN), db)
    store = RunStore(db, must_exist=True)
    world, memory, _ = store.load()
    [told] = [b for b in memory.beliefs_of("aqing") if b.told_by == "player"]
    [g] = [b for b in memory.beliefs_of("guke") if b.parent_id == told.id]
    [w] = [b for b in memory.beliefs_of("laowang") if b.parent_id == g.id]
    witnessed = [b for b in memory.beliefs_of("aqing") if b.source == "witnessed"]
    assert witnessed
    heard = [e for e in memory.events_of("aqing") if e.source == "heard" and "player" in e.participants]
    assert heard
    strengths = {k: world.graph.get(*k).strength for k in
                 [("aqing", "xiaoliang", "partner"), ("guke", "xiaoliang", "acquaintance"),
                  ("laowang", "xiaoliang", "neighbour")]}
    assert strengths[("laowang", "xiaoliang", "neighbour")] < 0.7  # the rumour did cost something
    store.engine.dispose()

    r = cli("forget", "--db", str(db), "--player", "player", "--npc", "aqing", "--memory", told.id)
    assert r.exit_code == 0, r.output

    world, memory, log = RunStore(db, must_exist=True).load()
    # the belief and its descendants in every holder it was retold to are gone
    for b in (told, g, w):
        assert memory.get_or_none(b.id) is None, b.id
    assert memory.beliefs_of("guke", "xiaoliang") == []
    assert memory.beliefs_of("laowang", "xiaoliang") == []
    # the retellings are forgotten by both sides
    assert not [e for h in ("aqing", "guke", "laowang") for e in memory.events_of(h)
                if world.facts.get(e.fact_id).kind == "retell"]
    # only that memory: aqing still saw the late delivery herself, and still recalls being told
    assert [b.id for b in memory.beliefs_of("aqing") if b.source == "witnessed"] == [b.id for b in witnessed]
    assert [e.id for e in heard if memory.get_or_none(e.id) is not None] == [e.id for e in heard]
    # no rewind (issue 8): what the rumour did among the NPCs stays where it was; only the link to
    # the erased words goes
    for key, before in strengths.items():
        assert world.graph.get(*key).strength == pytest.approx(before, abs=1e-9), key
    erased_ids = {told.id, g.id, w.id}
    for key in strengths:
        for change in world.graph.get(*key).history:
            assert change.cause.id not in erased_ids, (key, change)
    # the timeline no longer shows the retellings
    assert not [e for e in log if e.kind == "gossip" and e.text != ERASED]


def test_world_wide_erasure(teahouse):
    world, memory, _ = RunStore(teahouse, must_exist=True).load()
    said = sorted({f.text for f in world.facts if "player" in f.participants and f.kind in ("ask", "reply")})
    assert len(said) >= 4

    r = cli("forget", "--db", str(teahouse), "--player", "player")
    assert r.exit_code == 0, r.output

    for npc in ("aqing", "xiaoliang", "guke"):
        assert _all_lines(memories(teahouse, npc, "player")) == [], npc
    world, memory, log = RunStore(teahouse, must_exist=True).load()
    for f in world.facts:
        if "player" in f.participants:
            assert f.text == ERASED, f
    blob = b"".join(disk_bytes(teahouse).values())
    for text in said:
        assert text.encode("utf-8") not in blob, text


def test_world_wide_erasure_leaves_no_reference_to_erased_items(teahouse):
    world, memory, _ = RunStore(teahouse, must_exist=True).load()
    before = {i.id for _, i in memory.all_items()}
    r = cli("forget", "--db", str(teahouse), "--player", "player")
    assert r.exit_code == 0, r.output
    world, memory, _ = RunStore(teahouse, must_exist=True).load()
    left = {i.id for _, i in memory.all_items()}
    gone = before - left
    assert gone
    dangling = []
    for kind, item in memory.all_items():
        refs = {"parent_id": getattr(item, "parent_id", None), "superseded_by": getattr(item, "superseded_by", None),
                "absorbed_by": getattr(item, "meta", {}).get("absorbed_by")}
        refs.update({f"covers:{c}": c for c in getattr(item, "covers", [])})
        refs.update({f"sources:{c}": c for c in getattr(item, "sources", [])})
        for field, ref in refs.items():
            if ref in gone:
                dangling.append(f"{kind} {item.id}.{field} -> {ref}")
    assert dangling == [], dangling


# --- private words, erased, are gone from disk ----------------------------------------------------
PRIVATE_WORDS = ["文三路", "13812345678", "不老实", "欠我的钱"]


def test_erasing_a_private_confidence_removes_it_and_its_words_from_disk(travellers):
    world, memory, _ = RunStore(travellers, must_exist=True).load()
    private = [b for b in memory.beliefs_of("aqing") if b.private]
    assert len(private) == 1 and private[0].told_by == "lin"
    pid = private[0].id
    # private never spreads: nothing descends from it, nothing retold it
    assert [b.id for b in memory.beliefs.values() if b.parent_id == pid] == []
    assert [f.id for f in world.facts if f.kind == "retell" and f.meta.get("basis") == pid] == []
    # it was embedded (阿青 was asked questions), so its vector sits in the file too
    embedded = {r[0] for r in rows(travellers, "SELECT id FROM memory_item WHERE holder='aqing' "
                                               "AND embedding IS NOT NULL")}
    private_rows = {r[0] for r in rows(travellers, "SELECT id FROM memory_item WHERE holder='aqing' AND private=1")}
    assert pid in private_rows and len(private_rows) >= 2
    assert embedded & private_rows, "a private memory was embedded, so its vector sits in the file too"

    r = cli("forget", "--db", str(travellers), "--player", "lin", "--npc", "aqing")
    assert r.exit_code == 0, r.output

    world, memory, _ = RunStore(travellers, must_exist=True).load()
    assert memory.get_or_none(pid) is None
    assert [b for b in memory.beliefs.values() if b.private] == []
    assert [b for b in memory.beliefs.values() if b.told_by == "lin"] == []
    # the rows, and with them the embeddings of the erased items, are gone
    marks = ",".join("?" * len(private_rows))
    assert rows(travellers, f"SELECT id FROM memory_item WHERE id IN ({marks})", *sorted(private_rows)) == []
    assert rows(travellers, "SELECT id FROM memory_item WHERE holder='aqing' AND private=1") == []
    # public memories and their embeddings stay
    kept = {r[0] for r in rows(travellers, "SELECT id FROM memory_item WHERE holder='aqing' "
                                           "AND embedding IS NOT NULL")}
    assert kept and kept <= embedded - private_rows


def test_aqings_rows_hold_none_of_the_erased_words(travellers):
    r = cli("forget", "--db", str(travellers), "--player", "lin", "--npc", "aqing")
    assert r.exit_code == 0, r.output
    found = [(rid, w) for rid, data in rows(travellers, "SELECT id, data FROM memory_item WHERE holder='aqing'")
             for w in PRIVATE_WORDS if w in data]
    assert found == []
    facts = [(fid, w) for fid, data in rows(travellers, "SELECT id, data FROM fact") for w in PRIVATE_WORDS
             if w in data]
    assert facts == []


@pytest.mark.parametrize("scope", [["--npc", "aqing"], []], ids=["npc", "world"])
def test_erased_private_words_cannot_be_found_in_the_database_files(travellers, scope):
    def readable(db: Path) -> str:
        world, memory, log = RunStore(db, must_exist=True).load()
        return " ".join([f.text for f in world.facts] + [str(i.model_dump()) for _k, i in memory.all_items()]
                        + [e.text for e in log])

    # there before, readable through the store; on disk only sealed under the player's key
    assert all(w in readable(travellers) for w in PRIVATE_WORDS[:2])
    blob = b"".join(disk_bytes(travellers).values())
    assert not any(w.encode("utf-8") in blob for w in PRIVATE_WORDS)

    r = cli("forget", "--db", str(travellers), "--player", "lin", *scope)
    assert r.exit_code == 0, r.output

    assert not any(w in readable(travellers) for w in PRIVATE_WORDS)
    files = disk_bytes(travellers)
    where = {w: [name for name, data in files.items() if w.encode("utf-8") in data] for w in PRIVATE_WORDS}
    holders = {w: [f"{rid} ({holder})" for rid, holder, data in
                   rows(travellers, "SELECT id, holder, data FROM memory_item") if w in data] for w in PRIVATE_WORDS}
    assert all(not v for v in where.values()), (where, holders)


# --- refusals: exit 2, a clear message, nothing touched -------------------------------------------
def _foreign_memory(db: Path) -> str:
    """A memory of the player held by someone other than aqing."""
    _, memory, _ = RunStore(db, must_exist=True).load()
    return next(e.id for e in memory.events_of("xiaoliang") if "player" in e.participants)


def _unrelated_memory(db: Path) -> str:
    """A memory aqing holds that has nothing to do with the player."""
    _, memory, _ = RunStore(db, must_exist=True).load()
    return next(e.id for e in memory.events_of("aqing") if "player" not in e.participants and e.about != "player")


REFUSALS = {
    "no_such_memory": (lambda db: ["--player", "player", "--npc", "aqing", "--memory", "e9999"], "no memory 'e9999'"),
    "unknown_player": (lambda db: ["--player", "ghost"], "unknown character 'ghost'"),
    "unknown_npc": (lambda db: ["--player", "player", "--npc", "ghost"], "unknown character 'ghost'"),
    "npc_as_player": (lambda db: ["--player", "aqing"], "is an NPC, not a player"),
    "player_as_npc": (lambda db: ["--player", "player", "--npc", "player"], "is a player, not an NPC"),
    "memory_of_another_npc": (lambda db: ["--player", "player", "--npc", "aqing", "--memory", _foreign_memory(db)],
                              "is held by 'xiaoliang', not 'aqing'"),
    "memory_not_about_player": (lambda db: ["--player", "player", "--npc", "aqing", "--memory",
                                            _unrelated_memory(db)], "is not about 'player'"),
}


@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_a_refused_erasure_exits_2_and_touches_nothing(teahouse, case):
    make_args, message = REFUSALS[case]
    args = make_args(teahouse)
    dump_before, file_before = dump_digest(teahouse), file_digest(teahouse)

    r = cli("forget", "--db", str(teahouse), *args)

    assert r.exit_code == 2, r.output
    out = flat(r.output)
    assert "error:" in out and message in out, out
    assert "erased" not in out.replace("[erased]", "") and "已抹去" not in out  # no claim of success
    assert dump_digest(teahouse) == dump_before
    assert file_digest(teahouse) == file_before
    # nothing waits in a write-ahead log either (an open connection may leave an empty one behind)
    assert {n: len(b) for n, b in disk_bytes(teahouse).items() if n.endswith("-wal")} in (
        {}, {teahouse.name + "-wal": 0}), sorted(disk_bytes(teahouse))


def test_forget_on_a_missing_database_is_refused(tmp_path):
    db = tmp_path / "nope.db"
    r = cli("forget", "--db", str(db), "--player", "player")
    assert r.exit_code == 2
    assert "no database" in flat(r.output)
    assert not db.exists()


# --- a corrupt embedding ------------------------------------------------------------------------
def test_a_corrupt_embedding_loads_with_a_warning_and_is_recomputed(teahouse, caplog):
    before_store = RunStore(teahouse, must_exist=True)
    _, memory_before, _ = before_store.load()
    assert before_store.problems == []
    embedded = [r[0] for r in rows(teahouse, "SELECT id FROM memory_item WHERE holder='aqing' "
                                             "AND embedding IS NOT NULL ORDER BY seq")]
    assert len(embedded) >= 3
    victim = embedded[1]
    before_store.engine.dispose()
    con = sqlite3.connect(teahouse)
    con.execute("UPDATE memory_item SET embedding=? WHERE id=?", (b"\x00\x01\x02", victim))
    con.commit()
    con.close()

    caplog.set_level(logging.WARNING, logger="townsfolk.store")
    store = RunStore(teahouse, must_exist=True)
    world, memory, _ = store.load()
    warnings = [rec.getMessage() for rec in caplog.records if rec.levelno >= logging.WARNING]
    assert any(victim in w and "corrupt" in w for w in warnings), warnings
    assert len(store.problems) == 1 and victim in store.problems[0]
    # the item itself is intact; only its vector is missing
    assert memory.get(victim) == memory_before.get(victim)
    assert victim not in memory.vectors
    for other in embedded:
        if other != victim:
            assert np.array_equal(memory.vectors[other], memory_before.vectors[other]), other
    assert len(memory.events) == len(memory_before.events)

    # needed again: the vector is recomputed, close to what it was, and saved
    rel = Relevance(memory, LexicalEmbedder())  # the embedder the run was played with
    victim_item = memory.get(victim)
    rel.index_of(victim_item.holder, MemoryStore.kind_of(victim_item))
    assert memory.vectors[victim].shape == memory_before.vectors[victim].shape
    assert np.allclose(memory.vectors[victim], memory_before.vectors[victim], atol=1e-6)
    run = store.run_info()
    store.commit_tick(world, memory, [], finished=run.finished, extra=run.extra)
    store.engine.dispose()
    [(blob,)] = rows(teahouse, "SELECT embedding FROM memory_item WHERE id=?", victim)
    assert len(blob) == 4 * memory_before.vectors[victim].shape[0]
    again = RunStore(teahouse, must_exist=True)
    again.load()
    assert again.problems == []


def test_the_cli_still_reads_a_run_with_a_corrupt_embedding(teahouse):
    [(victim,)] = rows(teahouse, "SELECT id FROM memory_item WHERE holder='aqing' AND embedding IS NOT NULL "
                                 "ORDER BY seq LIMIT 1")
    con = sqlite3.connect(teahouse)
    con.execute("UPDATE memory_item SET embedding=? WHERE id=?", (b"\x00\x01\x02", victim))
    con.commit()
    con.close()
    view = memories(teahouse, "aqing", "player")
    assert _all_lines(view)
    r = cli("forget", "--db", str(teahouse), "--player", "player", "--npc", "aqing")
    assert r.exit_code == 0, r.output
    assert _all_lines(memories(teahouse, "aqing", "player")) == []


# --- issue 8: erasure removes the player's words and identity, it does not rewind the world --------
def _rumour_and_tie(db: Path):
    world, memory, _ = RunStore(db, must_exist=True).load()
    rumours = [b for b in memory.beliefs_of("xiaoliang", held_only=False) if b.claim.about == "aqing" or b.hops >= 2]
    return world, memory, {b.id: b.status for b in rumours}, world.graph.get("xiaoliang", "aqing", "partner").strength


def test_forgetting_the_mediator_keeps_the_reconciliation_and_makes_them_someone(teahouse):
    world, memory, statuses, partner = _rumour_and_tie(teahouse)
    assert "superseded" in statuses.values() and partner >= 0.8  # the traveller's mediation worked

    r = cli("forget", "--db", str(teahouse), "--player", "player")
    assert r.exit_code == 0, r.output

    world, memory, after, partner_after = _rumour_and_tie(teahouse)
    # 小梁 does not believe the rumour again, and the partnership does not fall back
    assert {i: s for i, s in after.items() if i in statuses} == statuses
    assert partner_after == pytest.approx(partner, abs=1e-12)
    # who brought it about is "someone" now, in what 小梁 keeps and in the world's record
    cleared = [e for e in memory.events_of("xiaoliang") if e.source == "cleared"]
    assert cleared and all("有人" in e.what and "旅人" not in e.what and "player" not in e.participants
                           for e in cleared)
    [mediation] = [f for f in world.facts if f.kind == "mediate"]
    assert mediation.actor is None and mediation.text.startswith("有人")
    reasons = [c.reason for c in world.graph.get("xiaoliang", "aqing", "partner").history]
    assert any("有人" in x for x in reasons) and not any("旅人" in x for x in reasons)
    why = cli("why", "--db", str(teahouse), "小梁", "阿青")
    assert why.exit_code == 0 and "旅人" not in why.output and "有人" in why.output


def test_memories_about_a_player_lists_only_items_about_them(teahouse):
    world, memory, _ = RunStore(teahouse, must_exist=True).load()
    view = memories(teahouse, "xiaoliang", "player")
    listed = {line["id"] for line in _all_lines(view)}
    assert listed
    for item_id in listed:
        item = memory.get(item_id)
        about = getattr(item, "about", None) or getattr(getattr(item, "claim", None), "about", None)
        told = getattr(item, "told_by", None)
        assert "player" in (about, told) or world.facts.get(item.fact_id).actor == "player", item
    # the reconciliation 小梁 remembers is about 阿青, not about the traveller who brought it about
    cleared = {e.id for e in memory.events_of("xiaoliang") if e.source == "cleared"}
    assert cleared and not cleared & listed


def test_an_english_world_forgets_the_visitor_but_not_the_peace(tmp_path):
    """scenarios/harbour_erasure.yaml: a visitor mends a quarrel and confides a debt, then is erased."""
    db = tmp_path / "harbour.db"
    _play_to(load_scenario(SCENARIOS / "harbour_erasure.yaml"), db)
    world, memory, _ = RunStore(db, must_exist=True).load()
    partner = world.graph.get("tobiah", "maren", "partner").strength
    assert any(i.private for _k, i in memory.all_items() if i.holder == "maren")  # the confided debt

    r = cli("forget", "--db", str(db), "--player", "visitor")
    assert r.exit_code == 0, r.output

    world, memory, log = RunStore(db, must_exist=True).load()
    assert world.graph.get("tobiah", "maren", "partner").strength == pytest.approx(partner, abs=1e-12)
    assert [i.id for _k, i in memory.all_items() if getattr(i, "private", False)] == []
    [mediation] = [e for e in log if e.kind == "mediate"]
    assert mediation.text.startswith("Someone") and "Sela" not in mediation.text, mediation.text
    assert any(e.source == "cleared" and "someone" in e.what.lower() for e in memory.events_of("tobiah"))
    blob = b"".join(disk_bytes(db).values())
    for words in (b"forty crowns", b"Heron", b"What happened between you and Maren"):
        assert words not in blob, words
    assert sorted(world.characters) == ["gull", "maren", "tobiah", "visitor"]
