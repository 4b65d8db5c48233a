"""Record through a provider, replay byte for byte, and fail clearly on a miss."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from townsfolk.agents.llm.cassette import (
    RecordingProvider,
    ReplayProvider,
    canonical_json,
    read_cassette,
    request_key,
)
from townsfolk.agents.llm.protocol import GroundingItem, LLMRequest, LLMResponse, Message
from townsfolk.agents.llm.scripted import ScriptedProvider

REQUESTS = [
    LLMRequest(
        task="reply",
        speaker="阿梅",
        grounding=[GroundingItem(kind="event", id="e1", text="磨坊着火了", valence=-0.5)],
    ),
    LLMRequest(task="gate", language="en", messages=[Message(role="user", content="speak?")]),
    LLMRequest(
        task="reply",
        speaker="阿梅",
        grounding=[GroundingItem(kind="event", id="e1", text="磨坊着火了", valence=-0.5)],
    ),
]
ANSWERS: list[str | LLMResponse] = [
    "听说磨坊昨晚着火了。",
    LLMResponse(text="", model="m", finish_reason="error", error="timeout"),
    "又是磨坊的事。",
]


def record(path: Path) -> list[LLMResponse]:
    recorder = RecordingProvider(ScriptedProvider(list(ANSWERS)), path)
    first = recorder.complete(REQUESTS[0])
    rest = recorder.complete_many(REQUESTS[1:])
    return [first, *rest]


def test_replay_is_byte_for_byte(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    recorded = record(path)
    replay = ReplayProvider(path)
    replayed = [replay.complete(REQUESTS[0]), *replay.complete_many(REQUESTS[1:])]
    assert [r.model_dump_json() for r in replayed] == [r.model_dump_json() for r in recorded]
    assert replay.misses == []


def test_cassette_lines_are_keyed_canonical_json(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    record(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3
    first = json.loads(lines[0])
    assert set(first) == {"key", "request", "response"}
    expected = hashlib.sha256(canonical_json(REQUESTS[0]).encode("utf-8")).hexdigest()
    assert first["key"] == expected == request_key(REQUESTS[0])
    assert "磨坊" in lines[0]  # ensure_ascii=False
    assert [e.key for e in read_cassette(path)][0] == expected


def test_identical_requests_answer_in_recorded_order(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    record(path)
    replay = ReplayProvider(path)
    assert replay.complete(REQUESTS[2]).text == "听说磨坊昨晚着火了。"
    assert replay.complete(REQUESTS[0]).text == "又是磨坊的事。"
    exhausted = replay.complete(REQUESTS[0])
    assert exhausted.error is not None and exhausted.error.startswith("cassette exhausted: ")


def test_missing_request_is_an_error_response(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    record(path)
    replay = ReplayProvider(path)
    changed = REQUESTS[1].model_copy(update={"temperature": 0.7})
    response = replay.complete(changed)
    key = request_key(changed)
    assert response.error == f"not in cassette: {key[:12]}"
    assert response.text == ""
    assert replay.misses == [key]


def test_lenient_replay_repeats_and_falls_back(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    record(path)
    fallback = ScriptedProvider(["from fallback"])
    replay = ReplayProvider(path, strict=False, fallback=fallback)
    assert replay.complete(REQUESTS[1]).error == "timeout"
    assert replay.complete(REQUESTS[1]).error == "timeout"  # repeats the last answer
    assert replay.complete(LLMRequest(task="new")).text == "from fallback"


def test_corrupt_cassette_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"key": "k"}\n', encoding="utf-8")
    with pytest.raises(ValueError, match="bad.jsonl:1"):
        ReplayProvider(path)
