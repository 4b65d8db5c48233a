"""What a real (weak) model sends back is checked before anyone hears it or code trusts it."""

from __future__ import annotations

import pytest

from townsfolk.agents.llm.openai_compat import OpenAICompatProvider, prompt_messages
from townsfolk.agents.llm.protocol import GroundingItem, LLMRequest, LLMResponse, Message
from townsfolk.agents.llm.scripted import ScriptedProvider
from townsfolk.agents.llm.structured import complete_structured
from townsfolk.agents.pipeline import unusable_reply
from townsfolk.agents.stage import StageState


@pytest.mark.parametrize(("text", "finish", "language", "why"), [
    ("<SYS>\n<ULL>\n<ULL>", "stop", "zh", "markup"),
    ("没什么，就是他上次迟到了", "length", "zh", "cut off"),
    ("Nothing much, he was late once.", "stop", "zh", "wrong language"),
    ("还好。" * 12, "stop", "zh", "too long"),
])
def test_a_reply_a_player_should_not_hear_is_refused_with_a_reason(text, finish, language, why):
    reason = unusable_reply(LLMResponse(text=text, finish_reason=finish), language, max_sentences=3)
    assert reason is not None and why.split()[0] in reason


def test_a_good_reply_passes():
    assert unusable_reply(LLMResponse(text="没什么，就是他上次迟到我提过一句。"), "zh", 3) is None


def test_a_truncated_structured_answer_is_not_repaired_with_the_same_budget():
    provider = ScriptedProvider([LLMResponse(text='{"stage": "new_conn', finish_reason="length")])
    answer, responses = complete_structured(provider, LLMRequest(task="stage"), StageState)
    assert answer is None and len(responses) == 1  # no second call that would stop the same way


def test_memories_ride_in_the_first_system_message_of_a_caller_written_prompt():
    request = LLMRequest(task="reply", language="zh",
                         messages=[Message(role="system", content="你是阿青。"), Message(role="user", content="怎么了")],
                         grounding=[GroundingItem(kind="event", id="e1", text="小梁的货晚到了")])
    sent = prompt_messages(request)
    assert [m.role for m in sent] == ["system", "user"]  # one system message: chat templates keep only one
    assert "小梁的货晚到了" in sent[0].content


@pytest.mark.parametrize(("mode", "expected_type", "has_schema"), [
    ("json_object", "json_object", False), ("schema", "json_object", True), ("json_schema", "json_schema", True),
])
def test_structured_output_is_asked_for_in_the_form_the_server_understands(mode, expected_type, has_schema):
    provider = OpenAICompatProvider("http://127.0.0.1:9/v1", "m", json_mode=mode)
    body = provider.payload(LLMRequest(task="stage", json_schema=StageState.model_json_schema()))
    fmt = body["response_format"]
    assert fmt["type"] == expected_type
    assert ("schema" in fmt or "json_schema" in fmt) == has_schema


def test_an_unknown_json_mode_is_refused():
    with pytest.raises(ValueError, match="json_mode"):
        OpenAICompatProvider("http://127.0.0.1:9/v1", "m", json_mode="grammar")


def test_a_ticks_level2_questions_go_out_together_and_come_back_in_order():
    from datetime import datetime

    from townsfolk.agents.gate import Candidate, Trigger, level2_many

    class Counting(ScriptedProvider):
        batches: list[int] = []

        def complete_many(self, requests):  # noqa: ANN001, ANN201
            self.batches.append(len(requests))
            return super().complete_many(requests)

    provider = Counting([
        '{"speak": true, "to": "b", "why": "news to share"}',  # x, in the fan-out
        "I think I should speak!",  # y, in the fan-out: unusable, so repaired once, on its own
        '{"speak": false, "to": null, "why": "nothing to add"}',  # z, in the fan-out
        '{"speak": true, "to": "a", "why": "asked after her"}',  # y's repair
    ])
    now = datetime(2026, 5, 4, 9, 0)
    jobs = [(Trigger(kind="drive_tick", npc=n, at=now), [Candidate(id="a"), Candidate(id="b")], n) for n in "xyz"]
    verdicts = level2_many(provider, jobs)
    assert provider.batches == [3]  # one fan-out for the three first answers
    assert [(v.speak, v.to) for v in verdicts] == [(True, "b"), (True, "a"), (False, None)]
    assert [v.model_calls for v in verdicts] == [1, 2, 1]
