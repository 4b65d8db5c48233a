"""The teahouse end to end through the command line: play, expectations, why, inspect, replies."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from townsfolk.sim.run_store import RunStore

ROOT = Path(__file__).resolve().parent.parent
TEAHOUSE = ROOT / "scenarios" / "teahouse.yaml"
TOWNSFOLK = Path(sys.executable).parent / "townsfolk"

IMPOSSIBLE = "  - {at: 4, relation: {from: xiaoliang, to: aqing, kind: partner}, at_least: 0.99}"
# a rendered hop of a chain, labelled in the world's language:
#   阿青: “小梁迟到” (witnessed, 第0手, 可信度 0.95, faithful)
HOP = re.compile(r"(\S+)：“[^”]*”（(\w+)(?: ← (\S+))?，第(\d+)手，可信度 (\d\.\d\d)，(\w+)）")


def start(*args: str, cwd: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "COLUMNS": "300"}  # wide enough that no line of the tree is wrapped
    return subprocess.Popen([str(TOWNSFOLK), *args], cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, encoding="utf-8")


def finish(proc: subprocess.Popen[str]) -> subprocess.CompletedProcess[str]:
    out, err = proc.communicate(timeout=180)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def shortened_with_an_impossible_expectation() -> str:
    """The teahouse up to the rumour (ticks 0-4), plus an expectation no run can meet."""
    lines = TEAHOUSE.read_text(encoding="utf-8").splitlines()
    out, section = [], None
    for line in lines:
        if line and not line.startswith((" ", "#")):
            section = line.split(":")[0]
        if section == "timeline" and line.startswith("  - ") and not re.search(r"at: [123],", line):
            continue
        if section == "expect" and line.startswith("  - ") and "at: 4," not in line:
            continue
        out.append(line)
        if line == "expect:":
            out.append(IMPOSSIBLE)
    return "\n".join(out) + "\n"


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, subprocess.CompletedProcess[str] | Path]:
    cwd = tmp_path_factory.mktemp("teahouse")
    (cwd / "short.yaml").write_text(shortened_with_an_impossible_expectation(), encoding="utf-8")
    play = start("play", str(TEAHOUSE), "--json", "--db", "t.db", cwd=cwd)
    failing = start("play", "short.yaml", "--db", "short.db", cwd=cwd)
    out: dict[str, subprocess.CompletedProcess[str] | Path] = {"cwd": cwd, "play": finish(play),
                                                               "failing": finish(failing)}
    procs = {"why": start("why", "--db", "t.db", "小梁", "阿青", cwd=cwd),
             "why_json": start("why", "--json", "--db", "t.db", "xiaoliang", "aqing", cwd=cwd),
             "inspect": start("inspect", "--db", "t.db", cwd=cwd)}
    out.update({name: finish(p) for name, p in procs.items()})
    return out


def ok(r: subprocess.CompletedProcess[str], code: int = 0) -> subprocess.CompletedProcess[str]:
    assert "Traceback" not in r.stderr, r.stderr
    assert r.returncode == code, f"exit {r.returncode}\nstdout: {r.stdout[-2000:]}\nstderr: {r.stderr[-2000:]}"
    return r


def test_teahouse_plays_with_every_expectation_met(runs):
    r = ok(runs["play"])
    entries = [json.loads(line) for line in r.stdout.splitlines() if line.strip()]
    checks = [e for e in entries if e["kind"] == "expect"]
    assert len(checks) == 6
    assert all(e["ids"]["ok"] for e in checks), [e["text"] for e in checks if not e["ids"]["ok"]]
    summary = entries[-1]
    assert summary["kind"] == "summary"
    figures = {**(summary.get("ids") or {}), **summary}
    assert figures["expectations_passed"] == 6 and figures["expectations_failed"] == 0


def test_a_failed_expectation_says_what_was_found_and_exits_1(runs):
    r = ok(runs["failing"], code=1)
    text = r.stdout + r.stderr
    assert re.search(r"期望 \d+ 在时刻 4 未通过", text), text  # a zh world reports in Chinese
    assert "小梁 → 阿青【合作】>= 0.99" in text  # the check itself in Chinese too (names, the tie's own word)
    found = re.search(r"实际：强度 (\d\.\d+)", text.split("在时刻 4 未通过", 1)[1])
    assert found, text
    assert 0.0 < float(found.group(1)) < 0.99
    # the two real expectations of tick 4 still pass
    assert "2 条通过" in text and "1 条未通过" in text


def test_why_shows_the_chain_of_tellers(runs):
    r = ok(runs["why"])
    hops = [m.groups() for m in HOP.finditer(r.stdout)]
    assert hops, r.stdout
    # the rumour's chain, first-hand witness first: 阿青 saw it, told 老顾客, who told 小梁
    rumour = [h for h in hops if h[5] == "说重了"]  # intensify, as a zh reader says it
    assert rumour, r.stdout
    assert rumour[0][0] == "小梁" and rumour[0][2] == "老顾客" and rumour[0][3] == "2"
    chain_lines = [ln for ln in r.stdout.splitlines() if HOP.search(ln)]
    joined = "\n".join(chain_lines)
    for who in ("阿青", "老顾客", "小梁"):
        assert any(HOP.search(ln).group(1) == who for ln in chain_lines), f"{who} missing from\n{joined}"
    witnessed = [h for h in hops if h[1] == "亲眼看到"]
    assert witnessed and witnessed[0][0] == "阿青" and witnessed[0][3] == "0"
    told_once = [h for h in hops if h[2] == "阿青" and h[1] == "听说"]
    assert told_once and told_once[0][0] == "老顾客" and told_once[0][3] == "1"
    # every hop shows how credible it was
    for line in chain_lines:
        assert re.search(r"可信度 \d\.\d\d", line), line
    assert "说重了" in r.stdout and "intensify" not in r.stdout  # the world's language, not our ids
    assert "小梁" in r.stdout.splitlines()[0] and "阿青" in r.stdout.splitlines()[0]


def test_why_json_ties_the_partner_edge_to_a_three_hop_chain(runs):
    ex = json.loads(ok(runs["why_json"]).stdout)
    assert (ex["holder"], ex["target"]) == ("xiaoliang", "aqing")
    partner = [e for e in ex["edges"] if e["kind"] == "partner"]
    assert len(partner) == 1
    by_belief = [c for c in partner[0]["changes"] if c["cause_kind"] == "belief"]
    three = [c for c in by_belief if len(c["chain"]) == 3]
    assert three, by_belief
    change = three[0]
    assert change["after"] < change["before"], "the rumour cooled the partnership"
    chain = change["chain"]
    assert [h["holder"] for h in chain] == ["aqing", "guke", "xiaoliang"]
    assert [h["hops"] for h in chain] == [0, 1, 2]
    assert [h["told_by"] for h in chain] == [None, "aqing", "guke"]
    assert chain[-1]["belief_id"] == change["cause_id"]
    assert chain[-1]["distortion"] == "intensify"
    creds = [h["credibility"] for h in chain]
    assert all(0.0 <= c <= 1.0 for c in creds) and creds == sorted(creds, reverse=True)
    assert change["fact"] and change["fact"].startswith("f1 ")
    assert change["superseded_reason"]
    # and the correction that reversed it is there too, caused by the account
    later = [c for c in by_belief if c["tick"] == 8]
    assert later and later[0]["after"] > later[0]["before"]
    assert later[0]["chain"][-1]["source"] == "account"


def test_inspect_lists_characters_edges_beliefs_and_facts(runs):
    out = ok(runs["inspect"]).stdout
    for title in ("人物", "关系", "看法", "事实"):
        assert title in out, title
    for name in ("阿青", "小梁", "老顾客", "旅人"):
        assert name in out
    assert "合作" in out and "相识" in out and "partner" not in out  # tie kinds in the world's language
    assert "阿青嫌小梁不靠谱" in out and "已不再相信" in out and "superseded" not in out
    assert "小梁的货晚到了" in out and "他又迟到了" in out
    assert re.search(r"\bb4\b", out) and re.search(r"\bf1\b", out)


def test_aqing_reply_at_tick_6_mentions_lateness_and_is_grounded(runs):
    store = RunStore(runs["cwd"] / "t.db", must_exist=True)
    world, memory, _ = store.load()
    store.engine.dispose()
    replies = [f for f in world.facts if f.kind == "reply" and f.tick == 6]
    assert len(replies) == 1
    reply = replies[0]
    assert reply.actor == "aqing" and reply.to == ("player",)
    assert "迟到" in reply.text
    grounding = reply.meta["grounding"]
    assert grounding, "a reply must rest on something she remembers"
    for item_id in grounding:
        item = memory.get_or_none(item_id)
        assert item is not None, f"grounding {item_id} is not in memory"
        assert item.holder == "aqing", f"grounding {item_id} belongs to {item.holder}"
    # at least one grounding item is about the lateness itself
    assert any("迟到" in (getattr(memory.get(i), "what", None) or getattr(memory.get(i), "text", ""))
               or "晚到" in (getattr(memory.get(i), "what", None) or getattr(memory.get(i), "text", ""))
               for i in grounding)
    # the same reply shows in the played timeline
    played = [json.loads(line) for line in runs["play"].stdout.splitlines() if line.strip()]
    shown = [e for e in played if e["kind"] == "reply" and e["tick"] == 6]
    assert shown and "迟到" in shown[0]["text"]
    assert shown[0]["ids"].get("grounding") == grounding
