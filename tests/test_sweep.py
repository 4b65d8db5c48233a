"""Sweeps (local processes and Ray) and one run's model calls fanned out over several servers."""

from __future__ import annotations

import csv
import json
import time
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest

from tests.chat_server import LoopbackServer, canned_answer
from townsfolk.agents.llm.round_robin import RoundRobinProvider, make_fanout_provider
from townsfolk.sim.simulate import simulate
from townsfolk.sim.sweep import SweepError, parse_params, run_one, run_sweep, write_results
from townsfolk.sim.world_spec import parse_world_spec

SPEC = parse_world_spec("""\
world: Sweep hamlet
language: en
population: 24
days: 0.5
places:
  - {id: market, kind: market, capacity: 30}
  - {id: inn, kind: tavern, capacity: 12}
roles:
  - {id: trader, share: 1, works_at: market, hours: [6, 14]}
events:
  - {id: theft, rate_per_day: 1, predicate: theft, valence: -0.7, text: {en: "{actor} stole a purse at {place}"}}
rumour: {seed_fraction: 0.2, meetings_per_hour: 1.5, tell_probability: 0.5}
""")


def _numbers(row: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in row.items() if k != "run_s"}


def test_params_are_parsed_with_aliases_and_validated() -> None:
    grid = parse_params(["p=0.1,0.3", "rule=townsfolk,maki_thompson"], SPEC)
    assert grid == {"rumour.tell_probability": [0.1, 0.3], "rumour.rule": ["townsfolk", "maki_thompson"]}
    with pytest.raises(SweepError, match="unknown spec key"):
        parse_params(["rumour.chattiness=1"], SPEC)
    with pytest.raises(SweepError, match="tell_probability"):
        parse_params(["p=0.1,7"], SPEC)


def test_a_sweep_in_local_processes_gives_one_table_and_a_plot(tmp_path: Path) -> None:
    grid = parse_params(["p=0.1,0.9"], SPEC)
    rows = run_sweep(SPEC, grid, seeds=2, workers=2)
    assert [(r["rumour.tell_probability"], r["seed"]) for r in rows] == [(0.1, 0), (0.1, 1), (0.9, 0), (0.9, 1)]
    # a run in a worker process is the run made here: same spec, point and seed -> same numbers
    assert _numbers(rows[2]) == _numbers(run_one(SPEC.model_dump(mode="json"), {"rumour.tell_probability": 0.9},
                                                 0, None, None))
    files = write_results(rows, tmp_path, list(grid))
    with files[0].open(encoding="utf-8") as fh:
        table = list(csv.DictReader(fh))
    assert len(table) == 4 and {"rumour.tell_probability", "seed", "rumour_reach", "tellings"} <= set(table[0])
    assert (tmp_path / "sweep.png").stat().st_size > 5_000
    assert sum(r["tellings"] for r in rows[2:]) > sum(r["tellings"] for r in rows[:2])  # p matters


@pytest.mark.ray
def test_a_sweep_on_a_local_ray_matches_local_processes() -> None:
    """Bounded: one tiny run on a local Ray (Ray start-up and the worker's first imports dominate)."""
    pytest.importorskip("ray")
    grid = {"rumour.tell_probability": [0.9]}
    local = run_sweep(SPEC, grid, seeds=1, workers=1)
    started = time.monotonic()
    try:
        rows = run_sweep(SPEC, grid, seeds=1, ray="local")
    except SweepError as exc:
        pytest.skip(f"Ray could not start here: {exc}")
    assert time.monotonic() - started < 120
    assert [_numbers(r) for r in rows] == [_numbers(r) for r in local]


class _Counting(LoopbackServer):
    def __init__(self) -> None:
        super().__init__(_Handler)
        self.requests = 0


class _Handler(BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        owner: _Counting = self.server.owner  # type: ignore[attr-defined]
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
        with owner.lock:
            owner.requests += 1
        payload = json.dumps({"choices": [{"message": {"role": "assistant", "content": canned_answer(body)},
                                           "finish_reason": "stop"}],
                              "usage": {"prompt_tokens": 10, "completion_tokens": 5}}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


def test_one_runs_model_calls_fan_out_round_robin_over_two_servers() -> None:
    with _Counting() as a, _Counting() as b:
        provider = make_fanout_provider("openai", urls=[a.url, b.url], model="m", timeout=5, max_retries=0,
                                        concurrency=2)
        assert isinstance(provider, RoundRobinProvider)
        result = simulate(SPEC, provider=provider)
        provider.close()
        assert a.requests > 0 and b.requests > 0
        assert abs(a.requests - b.requests) <= max(2, (a.requests + b.requests) // 4)  # spread about evenly
        assert provider.sent == [a.requests, b.requests]
        assert result.model_calls == a.requests + b.requests
    with pytest.raises(ValueError, match="need --llm openai"):
        make_fanout_provider("offline", urls=["http://127.0.0.1:1/v1", "http://127.0.0.1:2/v1"])
