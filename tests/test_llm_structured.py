"""complete_structured: JSON out of chatty answers, one repair turn, then fall back."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from townsfolk.agents.llm.protocol import LLMRequest, LLMResponse
from townsfolk.agents.llm.scripted import ScriptedProvider
from townsfolk.agents.llm.structured import complete_structured, extract_json


class Mood(BaseModel):
    mood: str
    score: int


REQUEST = LLMRequest(task="impression", speaker="Mara", language="en")


def test_valid_json_first_time() -> None:
    provider = ScriptedProvider(['{"mood": "calm", "score": 2}'])
    value, responses = complete_structured(provider, REQUEST, Mood)
    assert value == Mood(mood="calm", score=2)
    assert len(responses) == 1
    assert provider.requests[0].json_schema == Mood.model_json_schema()


@pytest.mark.parametrize(
    "text",
    [
        '```json\n{"mood": "calm", "score": 2}\n```',
        'Sure! Here it is: {"mood": "calm", "score": 2} Hope that helps {"x": 1}',
        '```\n{"mood": "calm", "score": 2}\n```\n',
    ],
)
def test_fenced_or_chatty_json(text: str) -> None:
    value, responses = complete_structured(ScriptedProvider([text]), REQUEST, Mood)
    assert value == Mood(mood="calm", score=2)
    assert len(responses) == 1


def test_bad_then_repaired() -> None:
    provider = ScriptedProvider(['{"mood": "calm"}', '{"mood": "calm", "score": 1}'])
    value, responses = complete_structured(provider, REQUEST, Mood)
    assert value == Mood(mood="calm", score=1)
    assert len(responses) == 2
    repair = provider.requests[1]
    assert repair.meta["repair"] is True
    assert repair.json_schema == Mood.model_json_schema()
    roles = [m.role for m in repair.messages]
    assert roles[-2:] == ["assistant", "user"]
    assert repair.messages[-2].content == '{"mood": "calm"}'
    assert "score" in repair.messages[-1].content
    assert roles[0] == "system" and "Mara" in repair.messages[0].content


def test_bad_twice_gives_none_and_both_responses() -> None:
    provider = ScriptedProvider(["I feel fine.", "Really, fine."])
    value, responses = complete_structured(provider, REQUEST, Mood)
    assert value is None
    assert [r.text for r in responses] == ["I feel fine.", "Really, fine."]


def test_provider_failure_is_not_repaired() -> None:
    provider = ScriptedProvider([LLMResponse(error="timeout", finish_reason="error")])
    value, responses = complete_structured(provider, REQUEST, Mood)
    assert value is None and len(responses) == 1
    assert provider.remaining == 0


def test_failed_repair_call_gives_none() -> None:
    provider = ScriptedProvider(["nope", LLMResponse(error="http 500")])
    value, responses = complete_structured(provider, REQUEST, Mood)
    assert value is None and len(responses) == 2


def test_given_schema_is_kept() -> None:
    schema = {"type": "object"}
    provider = ScriptedProvider(['{"mood": "x", "score": 0}'])
    complete_structured(provider, REQUEST.model_copy(update={"json_schema": schema}), Mood)
    assert provider.requests[0].json_schema == schema


def test_extract_json_skips_non_objects_and_handles_braces_in_strings() -> None:
    assert extract_json('list [1] then {"a": "}{", "b": {"c": 1}} tail') == {
        "a": "}{",
        "b": {"c": 1},
    }
    assert extract_json('{broken {"ok": true}') == {"ok": True}
    with pytest.raises(ValueError):
        extract_json("no json here")
