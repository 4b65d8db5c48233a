"""Property: whatever a designer's file holds, loading and playing it ends in a result or one ScenarioError.

Hypothesis mutates the shipped scenarios (drops, duplicates and retypes keys, pushes numbers to
extremes, swaps and breaks ids, truncates text, injects unicode, cuts the file anywhere) and then
loads the text and plays its first few ticks offline. Any other exception is a bug: it would have
been a traceback from `townsfolk play`. The outcomes are counted and printed (`pytest -s`).
"""

from __future__ import annotations

import copy
import math
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import townsfolk.sim.engine as engine
from townsfolk.sim.playback import play
from townsfolk.sim.scenario import ScenarioError, parse_scenario

ROOT = Path(__file__).resolve().parent.parent
PLAY_TICKS = 3
OUTCOMES: Counter[str] = Counter()


def _shipped() -> dict[str, Any]:
    out = {}
    for path in sorted((ROOT / "scenarios").glob("*.yaml")):
        if path.name.endswith(".world.yaml"):
            continue  # world generator specs, not scenarios
        text = path.read_text(encoding="utf-8")
        try:
            parse_scenario(text, path.name)
        except ScenarioError:
            continue
        out[path.name] = yaml.safe_load(text)
    return out


SHIPPED = _shipped()
EXTREMES = [0, -1, 1, 2, 10**23, -(10**23), 2**63, 1e308, -1e308, 0.5, math.nan, math.inf, True, False, None, "",
            "2026-13-40", [], {}, "x" * 3000]


def _paths(node: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, path + (i,))
    return out


def _get(node: Any, path: tuple) -> Any:
    for p in path:
        node = node[p]
    return node


def _ids(data: dict) -> list[str]:
    chars = data.get("characters")
    return [str(k) for k in chars] if isinstance(chars, dict) else []


def _mutate(data: dict, draw: Any) -> dict:
    data = copy.deepcopy(data)
    paths = [p for p in _paths(data) if p]
    if not paths:
        return data
    path = draw(st.sampled_from(paths))
    parent, key = _get(data, path[:-1]), path[-1]
    value = parent[key]
    kind = draw(st.sampled_from(["drop", "retype", "extreme", "small_int", "swap_id", "unknown_id", "truncate",
                                 "unicode", "duplicate_entry", "rename_key"]))
    if kind == "drop":
        del parent[key]
    elif kind == "retype" or kind == "extreme":
        parent[key] = draw(st.sampled_from(EXTREMES))
    elif kind == "small_int":
        parent[key] = draw(st.integers(min_value=-2, max_value=PLAY_TICKS))
    elif kind == "swap_id" and _ids(data):
        parent[key] = draw(st.sampled_from(_ids(data)))
    elif kind == "unknown_id":
        parent[key] = draw(st.sampled_from(["zed", "Ann", "", " ", "ann\n", "☃"]))
    elif kind == "truncate" and isinstance(value, str):
        parent[key] = value[: draw(st.integers(min_value=0, max_value=len(value)))]
    elif kind == "unicode" and isinstance(value, str):
        extra = draw(st.text(min_size=1, max_size=12))
        at = draw(st.integers(min_value=0, max_value=len(value)))
        parent[key] = value[:at] + extra + value[at:]
    elif kind == "duplicate_entry" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(value))
    elif kind == "rename_key" and isinstance(parent, dict):
        new = draw(st.sampled_from(["at", "to", "kind", "speaker", "what", "zz", "x[1]", "from", *_ids(data)]))
        parent[new] = parent.pop(key)
    return data


def _text_mutation(text: str, draw: Any) -> str:
    kind = draw(st.sampled_from(["none", "none", "cut", "duplicate_line", "inject"]))
    lines = text.splitlines(keepends=True)
    if kind == "cut":
        return text[: draw(st.integers(min_value=0, max_value=len(text)))]
    if kind == "duplicate_line" and lines:
        i = draw(st.integers(min_value=0, max_value=len(lines) - 1))
        return "".join(lines[: i + 1] + [lines[i]] + lines[i + 1:])
    if kind == "inject":
        at = draw(st.integers(min_value=0, max_value=len(text)))
        return text[:at] + draw(st.sampled_from(["&a ", "*a", "[", "{", ": ", "\t", "\x00", "\ufeff", "!!python/none ",
                                                 "\U0001f600", "<<: *a\n"])) + text[at:]
    return text


@pytest.fixture(scope="module", autouse=True)
def one_embedder():
    """Every example builds a world; they share one embedder so the model loads once."""
    made: dict[str, Any] = {}
    original = engine.make_embedder

    def shared(name: Any = None) -> Any:
        return made.setdefault(str(name), original(name))

    engine.make_embedder = shared
    yield
    engine.make_embedder = original
    print(f"\nscenario fuzz: {sum(OUTCOMES.values())} cases: {dict(OUTCOMES)}")


@settings(max_examples=120, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_a_mutated_scenario_plays_or_fails_cleanly(data):
    name = data.draw(st.sampled_from(sorted(SHIPPED)))
    mutated = SHIPPED[name]
    for _ in range(data.draw(st.integers(min_value=1, max_value=3))):
        mutated = _mutate(mutated, data.draw)
    text = yaml.safe_dump(mutated, allow_unicode=True, sort_keys=False)
    text = _text_mutation(text, data.draw)
    try:
        scenario = parse_scenario(text, name)
    except ScenarioError as exc:
        assert exc.file == name and exc.message, exc
        assert "Traceback" not in str(exc)
        OUTCOMES["ScenarioError"] += 1
        return
    result = play(scenario, db=None, until=min(scenario.last_tick, PLAY_TICKS))
    assert result.ticks >= 1
    OUTCOMES["played"] += 1
