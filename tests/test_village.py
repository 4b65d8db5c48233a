"""Millbrook end to end: 25 NPCs over four simulated days with the gate and the drive on.

One offline play of scenarios/village.yaml (module-scoped: it takes several seconds), then what a
designer would look for in the run: expectations pass, the model budget holds, NPCs both speak and
keep quiet, Rosa reaches out to her nephew and follows up at most once, nobody takes the initiative
at night, moods move and settle, stage changes carry reasons, and `townsfolk decisions` explains
Rosa's reconnect and follow-up decisions.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path

import pytest

from townsfolk.sim.playback import PlayResult, play
from townsfolk.sim.run_store import RunStore
from townsfolk.sim.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
VILLAGE = ROOT / "scenarios" / "village.yaml"
TOWNSFOLK = Path(sys.executable).parent / "townsfolk"
DAYS = 4
MAX_CALLS_PER_NPC_DAY = 30
AWAKE_FROM, AWAKE_UNTIL = 7, 22
INITIATIVE_TRIGGERS = ("drive_tick", "reconnect", "follow_up")
CALM = "calm"


@pytest.fixture(scope="module")
def village(tmp_path_factory: pytest.TempPathFactory) -> tuple[PlayResult, Path]:
    db = tmp_path_factory.mktemp("village") / "village.db"
    scenario = load_scenario(VILLAGE)
    result = play(scenario, db=db, scenario_path=str(VILLAGE))
    return result, db


def _hour(iso: str) -> int:
    return datetime.fromisoformat(iso).hour


def _awake(iso: str) -> bool:
    return AWAKE_FROM <= _hour(iso) < AWAKE_UNTIL


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "400"}  # wide enough that no decision line is wrapped
    return subprocess.run([str(TOWNSFOLK), *args], cwd=cwd, env=env, capture_output=True, text=True,
                          encoding="utf-8", timeout=120)


def test_the_run_finishes_with_every_expectation_met(village) -> None:
    result, _db = village
    assert result.finished
    assert result.results, "the village declares expectations; none were checked"
    failed = [f"{r.description}: {r.found}" for r in result.failed]
    assert not failed, failed
    summary = result.summary()
    assert summary["expectations_failed"] == 0
    assert summary["expectations_passed"] == len(load_scenario(VILLAGE).expect)


def test_model_calls_per_npc_per_day_stay_within_budget(village) -> None:
    result, _db = village
    summary = result.summary()
    assert summary["npcs"] == 25
    assert summary["model_calls"] > 0, "nobody was asked anything: the run did not exercise the gate"
    per_npc_day = summary["model_calls"] / summary["npcs"] / DAYS
    assert per_npc_day <= MAX_CALLS_PER_NPC_DAY, summary


def test_npcs_both_speak_and_keep_quiet(village) -> None:
    result, _db = village
    summary = result.summary()
    gate, outcomes = summary["gate"], summary["gate_outcomes"]  # per trigger; summed per outcome
    assert all(":" in k for k in gate), gate
    assert outcomes.get("speak", 0) > 0, outcomes
    assert outcomes.get("hold", 0) > 0, outcomes
    # initiative was both taken and withheld, not only answers to the player
    assert gate.get("drive_tick:hold", 0) > 0, gate
    assert sum(v for k, v in gate.items() if k in {f"{t}:speak" for t in ("nearby_event", *INITIATIVE_TRIGGERS)}) > 0, gate
    # the ordinary village chatter is mostly silence: far more holds than things said
    assert outcomes["hold"] > outcomes["speak"], outcomes


def test_rosa_reaches_out_to_the_traveller_and_follows_up_at_most_once(village) -> None:
    result, _db = village
    world = result.sim.world
    messages = [f for f in world.facts if f.kind == "message"]
    from_rosa = [f for f in messages if f.actor == "rosa" and tuple(f.to) == ("traveller",)]
    first = [f for f in from_rosa if not f.meta.get("follow_up_of")]
    assert first, f"Rosa never reached out to the traveller; messages: {[m.text for m in messages]}"
    assert all(f.meta.get("expects_reply") for f in from_rosa)
    assert any("while" in f.text for f in first), [f.text for f in first]
    shown = [e for e in result.log if e.kind == "message" and e.who == ["rosa", "traveller"]]
    assert len(shown) == len(from_rosa), "every message Rosa sent shows up on the timeline"

    by_id = {f.id: f for f in messages}
    follow_ups = Counter(f.meta["follow_up_of"] for f in messages if f.meta.get("follow_up_of"))
    assert follow_ups, "an ignored message was never followed up"
    for msg_id, n in follow_ups.items():
        assert n <= 1, f"message {msg_id} ({by_id[msg_id].text!r}) was followed up {n} times"
        assert not by_id[msg_id].meta.get("follow_up_of"), f"a follow-up ({msg_id}) was itself followed up"
        assert by_id[msg_id].actor == next(f.actor for f in messages if f.meta.get("follow_up_of") == msg_id)


def test_once_the_traveller_answers_rosa_stops_chasing(village) -> None:
    result, _db = village
    world = result.sim.world
    answered_at = min(f.tick for f in world.facts if f.kind == "ask" and f.actor == "traveller"
                      and f.to and f.to[0] == "rosa")
    later = [f for f in world.facts if f.kind == "message" and f.actor == "rosa" and f.tick > answered_at
             and f.meta.get("follow_up_of")]
    assert not later, f"Rosa followed up after the traveller had answered: {[f.text for f in later]}"


def test_rosa_remembers_writing_to_her_nephew_when_he_finally_answers(village) -> None:
    """She wrote to him four times; when he apologises she must not answer as if nothing happened."""
    result, _db = village
    world, memory = result.sim.world, result.sim.memory
    sent = {f.id: f.text for f in world.facts if f.kind == "message" and f.actor == "rosa"}
    assert sent
    remembered = {e.fact_id for e in memory.events_of("rosa")}
    missing = [text for fid, text in sent.items() if fid not in remembered]
    assert not missing, f"Rosa keeps no memory of the messages she sent: {missing}"
    answer = next(r for t, r in result.sim.replies if r.npc == "rosa" and r.asker == "traveller")
    assert answer.grounding_ids, f"Rosa's answer to her nephew draws on nothing she remembers: {answer.text!r}"


def test_no_initiative_at_night(village) -> None:
    result, db = village
    world = result.sim.world
    scripted_ticks = {b.at for b in load_scenario(VILLAGE).timeline if b.kind in ("say", "gossip", "tell")}
    initiated = [f for f in world.facts
                 if f.kind == "message" or (f.kind in ("gossip", "say") and f.tick not in scripted_ticks)]
    assert initiated, "the drive never initiated anything: nothing to check"
    at_night = [(f.tick, f.time.isoformat(), f.kind, f.text) for f in initiated if not _awake(f.time.isoformat())]
    assert not at_night, at_night
    for e in result.log:
        if e.kind in ("message", "gossip"):
            assert _awake(e.time), f"{e.kind} at {e.time}: {e.text}"

    store = RunStore(db, must_exist=True)
    spoke = [(t, d["npc"], d["trigger"]["kind"], d["at"]) for t, d in store.decisions()
             if d["trigger"]["kind"] in INITIATIVE_TRIGGERS and d["outcome"] == "speak"]
    assert spoke
    night = [s for s in spoke if not _awake(s[3])]
    assert not night, night
    # the nights really were played and weighed: drive ticks at night were never even considered
    night_ticks = [d for _t, d in store.decisions() if d["trigger"]["kind"] == "drive_tick" and not _awake(d["at"])]
    assert not night_ticks, night_ticks[:3]
    assert any(not _awake(e.time) for e in result.log), "the run never reached a night"


MOOD = re.compile(r"^(?P<name>.+): (?P<label>\w+) \((?P<valence>[+-]\d+\.\d+)\)$")


def test_moods_move_and_settle(village) -> None:
    result, _db = village
    per_npc: dict[str, list[str]] = {}
    for e in result.log:
        if e.kind != "mood":
            continue
        m = MOOD.match(e.text)
        if m is None:  # the "cold toward" notes of a meeting are moods too, but not labels
            continue
        per_npc.setdefault(e.who[0], []).append(m["label"])
    assert per_npc, "no mood ever changed"
    moved_and_back = [npc for npc, labels in per_npc.items()
                      if any(label != CALM for label in labels)
                      and any(a != CALM and CALM in labels[i + 1:] for i, a in enumerate(labels))]
    assert moved_and_back, per_npc
    assert any(label == "low" for labels in per_npc.values() for label in labels)
    assert any(label == "cheerful" for labels in per_npc.values() for label in labels)
    # settled: by the end of the run nobody is stuck away from calm
    final = result.sim.minds.moods
    assert all(label == CALM for label in final.values()), {k: v for k, v in final.items() if v != CALM}


STAGE = re.compile(r"→ (?P<stage>[a-z_]+) \((?P<why>.*)\)$")


def test_stage_changes_are_logged_with_reasons(village) -> None:
    result, _db = village
    stages = [e for e in result.log if e.kind == "stage"]
    assert stages
    reasons = []
    for e in stages:
        m = STAGE.search(e.text)
        assert m is not None, e.text
        if m["why"] not in ("heuristic", "model"):
            reasons.append(m["why"])
    assert reasons, [e.text for e in stages]
    assert any(":" in r for r in reasons), reasons  # "rule: detail", not just a source name


def test_decisions_command_explains_rosas_reconnect_and_follow_up(village) -> None:
    _result, db = village
    listing = _cli("decisions", "--db", str(db), "rosa", cwd=db.parent)
    assert listing.returncode == 0, listing.stderr
    lines = listing.stdout.splitlines()
    assert "gate decisions of Rosa" in listing.stdout
    for kind in ("reconnect", "follow_up"):
        spoke = [line for line in lines if f"[{kind}] speak" in line]
        assert spoke, f"no [{kind}] speak line in:\n" + "\n".join(lines[:20])
        line = spoke[0]
        assert re.search(r"L1 pass \([^)]*above_threshold; score \d\.\d\d vs \d\.\d\d\)", line), line
        assert re.search(r"L2 \w+: speak — \S", line), line
        assert "to the Traveller" in line, line
    assert any("[reconnect] hold" in line for line in lines), "Rosa never weighed reaching out and held back"

    as_json = _cli("decisions", "--db", str(db), "rosa", "--json", cwd=db.parent)
    assert as_json.returncode == 0, as_json.stderr
    rows = [json.loads(line) for line in as_json.stdout.splitlines() if line.strip()]
    assert len(rows) == len([line for line in lines if line.startswith("t")])
    for kind in ("reconnect", "follow_up"):
        row = next(r for r in rows if r["trigger"]["kind"] == kind and r["outcome"] == "speak")
        parts = row["level1"]["parts"]
        assert {"salience", "bond", "base", "cold_start"} <= set(parts), parts
        assert row["level1"]["score"] >= row["level1"]["threshold"]
        assert row["level2"]["speak"] is True and row["level2"]["why"]
        assert row["addressed"] == ["traveller"]
