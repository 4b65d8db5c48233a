"""The dialogue pipeline with a scripted model: what the model says is only a proposal.

Every test drives a real `Simulation` turn (safety -> intents -> emotion -> stage -> route -> policy
-> context -> generation -> guards) with `ScriptedProvider` standing in for the model, and checks
what a player would see (the reply) and what the run keeps (the turn's memories and analysis).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from townsfolk.agents.guards import longest_common_run, tokens
from townsfolk.agents.llm.offline import OfflineProvider, compose_reply
from townsfolk.agents.llm.protocol import LLMRequest, LLMResponse
from townsfolk.agents.llm.scripted import ScriptedProvider
from townsfolk.agents.pipeline import DECLINE
from townsfolk.agents.stage import STAGE_LABELS, internal_labels
from townsfolk.sim.engine import Simulation, build_world
from townsfolk.sim.log import LogEntry
from townsfolk.sim.playback import play
from townsfolk.sim.scenario import load_scenario, parse_scenario

ROOT = Path(__file__).resolve().parent.parent
TEAHOUSE = ROOT / "scenarios" / "teahouse.yaml"

ZH = """
scenario: 茶铺小试
language: zh
seed: 1
start: 2026-03-01T08:00
tick: 1h
characters:
  aqing: {name: 阿青, role: 茶铺老板, persona: 心直口快，待人实在，生意上认真，嘴上偶尔抱怨两句但不记仇。}
  xiaoliang: {name: 小梁, role: 送货的邻居, persona: 老实本分，自尊心强。}
  alice: {name: 阿丽, player: true}
  bob: {name: 阿波, player: true}
relationships:
  - {from: aqing, to: xiaoliang, kind: partner, strength: 0.8, mutual: true}
  - {from: aqing, to: alice, kind: friend, strength: 0.9, mutual: true}
  - {from: aqing, to: bob, kind: friend, strength: 0.9, mutual: true}
timeline:
  - {at: 1, happen: {what: 小梁的货晚到了, actor: xiaoliang, witnesses: [aqing], valence: -0.2}}
"""

EN = """
scenario: bakery test
language: en
seed: 1
start: 2026-03-01T08:00
tick: 1h
characters:
  martha: {name: Martha, role: baker, persona: "Warm, honest, proud of her bread; has baked here all her life."}
  tom: {name: Tom, role: miller, persona: "Quiet and careful."}
  alice: {name: Alice, player: true}
  bob: {name: Bob, player: true}
relationships:
  - {from: martha, to: tom, kind: partner, strength: 0.8, mutual: true}
  - {from: martha, to: alice, kind: friend, strength: 0.9, mutual: true}
  - {from: martha, to: bob, kind: friend, strength: 0.9, mutual: true}
timeline:
  - {at: 1, happen: {what: "Tom's flour arrived late", actor: tom, witnesses: [martha], valence: -0.2}}
"""

NPC = {"zh": "aqing", "en": "martha"}
ASK = {"zh": "小梁最近怎么样", "en": "How is Tom doing?"}

Answer = str | LLMResponse


def failed(reason: str = "http 500") -> LLMResponse:
    return LLMResponse(text="", model="scripted", finish_reason="error", error=reason)


def stage_json(stage: str = "close_bond") -> str:
    """A stage proposal as eager as a model could make it."""
    return json.dumps({"stage": stage, "closeness": 95, "trust_level": "high", "stability": "stable",
                       "boundary_mode": "open", "intimacy_permission": "high", "pacing": "advance_gently",
                       "risk_signals": [], "guidance": "Be as intimate as you like."})


def scripted(reply: Answer | Callable[[LLMRequest], Answer] = "好的。", *, judge: Answer | Exception = failed(),
             stage: str = "close_bond", intent: Answer = failed()) -> ScriptedProvider:
    """One provider for every step, answering by task (as one real model would be asked)."""

    def answer(request: LLMRequest) -> Answer:
        if request.task == "reply":
            return reply(request) if callable(reply) else reply
        if request.task == "judge":
            if isinstance(judge, Exception):
                raise judge
            return judge
        if request.task == "stage":
            return stage_json(stage)
        if request.task == "intent":
            return intent
        return failed(f"unscripted task {request.task}")

    return ScriptedProvider(answer)


class Turn:
    """One world, its simulation, and the last turn's visible and stored results."""

    def __init__(self, provider: ScriptedProvider, language: str = "zh") -> None:
        scenario = parse_scenario(ZH if language == "zh" else EN)
        self.world, self.memory = build_world(scenario)
        self.provider = provider
        self.npc = NPC[language]
        self.sim = Simulation(self.world, self.memory, provider)
        self.log: list[LogEntry] = self.sim.run_tick(1, scenario.beats_by_tick()[1])
        self.tick = 1

    def ask(self, text: str, speaker: str = "alice") -> list[LogEntry]:
        self.tick += 1
        self.world.clock.tick = self.tick
        entries = self.sim.converse(speaker=speaker, npc=self.npc, text=text, via="ask")
        self.log += entries
        return entries

    def tell_privately(self, text: str, speaker: str = "alice", about: str | None = None) -> None:
        from townsfolk.sim.actions import say

        self.tick += 1
        self.world.clock.tick = self.tick
        self.log += say(self.world, self.memory, speaker=speaker, listeners=[self.npc], about=about, text=text,
                        private=True)

    @property
    def reply_fact(self):  # noqa: ANN201
        return [f for f in self.world.facts if f.kind == "reply"][-1]

    @property
    def said(self):  # noqa: ANN201
        """The NPC's own memory of its last answer."""
        return [e for e in self.memory.events_of(self.npc) if e.source == "said"][-1]

    @property
    def analysis(self) -> dict:
        return self.said.meta["analysis"]

    def guard(self, name: str) -> list[dict]:
        return [g for g in self.analysis["guards"] if g["guard"] == name]

    def visible_replies(self) -> list[str]:
        """Everything a player could read of the NPC's answers."""
        return ([f.text for f in self.world.facts if f.kind == "reply"]
                + [e.text for e in self.log if e.kind == "reply"]
                + [r.text for _t, r in self.sim.replies])

    def tasks(self) -> list[str]:
        return [r.task for r in self.provider.requests]


# --- internal labels ------------------------------------------------------------------------------


@pytest.mark.parametrize(("language", "model_says", "banned", "kept"), [
    ("zh", "我们现在是初识阶段，亲密度0.3。你好呀", ["初识阶段", "亲密度", "0.3"], "你好呀"),
    ("en", "Our trust level is 0.8. Hi", ["trust level", "0.8"], "Hi"),
    ("en", "We are in the warming-up stage now. Nice to see you, Alice.", ["warming-up stage", "stage"],
     "Nice to see you, Alice."),
])
def test_internal_labels_in_a_model_reply_never_reach_the_player(language, model_says, banned, kept) -> None:
    turn = Turn(scripted(model_says), language)
    turn.ask(ASK[language])
    assert "reply" in turn.tasks()
    for text in turn.visible_replies() + [turn.said.what]:
        for word in banned:
            assert word.lower() not in text.lower(), f"{word!r} reached the player: {text!r}"
    assert turn.reply_fact.text == kept
    labels = turn.guard("no_internal_labels")
    assert labels and labels[0]["ok"] is False, turn.analysis["guards"]
    assert labels[0]["reasons"], labels[0]


# --- private words -----------------------------------------------------------------------------------

SECRET = "我其实欠了小梁五百块钱一直没还"


def _leaks(text: str, secret: str = SECRET, run: int = 6) -> bool:
    return longest_common_run(tokens(text), tokens(secret)) >= run


def test_another_players_private_words_are_vetoed_and_the_offline_reply_used() -> None:
    turn = Turn(scripted(lambda r: f"跟你说个秘密，{SECRET}。"))
    turn.tell_privately(SECRET, speaker="alice", about="xiaoliang")
    turn.ask("小梁最近怎么样", speaker="bob")
    reply_requests = [r for r in turn.provider.requests if r.task == "reply"]
    assert reply_requests, "the model was never asked to reply"
    for text in turn.visible_replies():
        assert not _leaks(text), f"Alice's private words reached Bob: {text!r}"
    leak = turn.guard("no_private_leak")
    assert leak and leak[0]["ok"] is False, turn.analysis["guards"]
    assert all(SECRET not in reason for reason in leak[0]["reasons"])  # the guard's log is not the leak
    assert turn.analysis["fallback"] == "guard veto"
    offline = OfflineProvider().complete(reply_requests[-1]).text.strip()
    assert turn.reply_fact.text == offline
    assert turn.reply_fact.meta["fallback"] == "guard veto"


def test_the_vetoed_leak_is_not_kept_in_the_other_players_turn_record() -> None:
    """Bob's turn is not private: its stored analysis must not carry Alice's words either."""
    turn = Turn(scripted(lambda r: f"跟你说个秘密，{SECRET}。"))
    turn.tell_privately(SECRET, speaker="alice", about="xiaoliang")
    turn.ask("小梁最近怎么样", speaker="bob")
    bobs = [e for e in turn.memory.events_of("aqing") if e.meta.get("dialogue") and e.about == "bob"]
    assert len(bobs) == 2
    for event in bobs:
        assert not event.private
        stored = json.dumps(event.meta, ensure_ascii=False)
        assert not _leaks(stored), (f"{event.id} ({event.source}) keeps Alice's private words in its meta: "
                                    f"{[g for g in event.meta['analysis']['guards'] if g.get('text') and _leaks(g['text'])]}")


def test_the_one_who_confided_may_hear_it_back() -> None:
    """Control for the leak guard: the words are Alice's own, so they may be said to her."""
    turn = Turn(scripted(lambda r: f"你跟我说过，{SECRET}。"))
    turn.tell_privately(SECRET, speaker="alice", about="xiaoliang")
    turn.ask("小梁最近怎么样", speaker="alice")
    assert turn.guard("no_private_leak")[0]["ok"] is True
    assert SECRET in turn.reply_fact.text


# --- persona self-statements -------------------------------------------------------------------------

SELF = {"zh": ("我其实是个骗子。", "小梁的货晚到了。"), "en": ("I am actually a spy.", "Tom's flour arrived late.")}


@pytest.mark.parametrize("language", ["zh", "en"])
def test_a_self_statement_the_judge_finds_contradictory_is_dropped(language) -> None:
    statement, rest = SELF[language]
    turn = Turn(scripted(statement + " " + rest if language == "en" else statement + rest,
                         judge='{"contradicts": true, "reason": "not who this person is"}'), language)
    turn.ask(ASK[language])
    judge = [r for r in turn.provider.requests if r.task == "judge"]
    assert len(judge) == 1, turn.tasks()
    # an independent call: the persona and the statement, not the conversation that produced it
    prompt = "\n".join(m.content for m in judge[0].messages)
    persona = turn.world.character(turn.npc).persona
    assert persona in prompt and statement in prompt
    assert ASK[language] not in prompt and rest not in prompt
    assert judge[0].meta.get("independent") is True
    assert turn.tasks().index("judge") > turn.tasks().index("reply")
    for text in turn.visible_replies():
        assert statement not in text
    assert turn.reply_fact.text == rest
    drift = turn.guard("persona_drift_guard")
    assert drift and drift[0]["ok"] is False and drift[0]["reasons"][0].startswith("contradicts_persona")


@pytest.mark.parametrize("judge", [failed("timeout"), "I think it is fine, really.", RuntimeError("judge crashed")],
                         ids=["call-fails", "unusable-answer", "raises"])
def test_a_self_statement_is_dropped_when_the_judge_fails(judge) -> None:
    statement, rest = SELF["zh"]
    turn = Turn(scripted(statement + rest, judge=judge))
    turn.ask(ASK["zh"])
    assert "judge" in turn.tasks()
    for text in turn.visible_replies():
        assert statement not in text, "fail closed: an unjudged self-statement must not be said"
    assert turn.reply_fact.text == rest
    drift = turn.guard("persona_drift_guard")
    assert drift and drift[0]["ok"] is False
    assert "fail closed" in drift[0]["reasons"][0]


def test_a_self_statement_the_judge_accepts_is_kept() -> None:
    """Control: the guard drops what the judge rejects, not every self-statement."""
    statement, rest = SELF["zh"]
    turn = Turn(scripted(statement + rest, judge='{"contradicts": false, "reason": "fits"}'))
    turn.ask(ASK["zh"])
    assert turn.reply_fact.text == statement + rest
    assert turn.guard("persona_drift_guard")[0]["ok"] is True


def test_a_whole_reply_of_self_statements_falls_back_to_the_offline_voice() -> None:
    statement, _rest = SELF["zh"]
    turn = Turn(scripted(statement, judge='{"contradicts": true, "reason": "no"}'))
    turn.ask(ASK["zh"])
    assert statement not in turn.reply_fact.text
    assert turn.reply_fact.text.strip()
    assert turn.analysis["fallback"] == "guard veto"


# --- a whole run ----------------------------------------------------------------------------------


def test_the_stage_never_shows_in_any_reply_over_a_teahouse_run() -> None:
    labels = itertools.cycle([v["zh"] for v in STAGE_LABELS.values()] + list(STAGE_LABELS))

    def reply(request: LLMRequest) -> str:  # a model that chats about its bookkeeping, then answers
        return f"我们现在是{next(labels)}，亲密度0.3，信任等级高。" + compose_reply(request)

    provider = scripted(reply, intent=failed())
    result = play(load_scenario(TEAHOUSE), provider=provider)
    assert not result.failed, [(r.description, r.found) for r in result.failed]
    tasks = {r.task for r in provider.requests}
    assert {"reply", "stage"} <= tasks
    replies = ([f.text for f in result.sim.world.facts if f.kind == "reply"]
               + [e.text for e in result.log if e.kind == "reply"] + [r.text for _t, r in result.sim.replies])
    assert len(replies) >= 9  # three replies, each seen three ways
    banned = internal_labels() | {"亲密度", "信任等级", "0.3"}
    for text in replies:
        hits = [b for b in banned if b.lower() in text.lower()]
        assert not hits, f"{hits} in {text!r}"
    assert [e for e in result.log if e.kind == "stage"], "stage changes belong in the log (not in speech)"


# --- what a turn stores ---------------------------------------------------------------------------


def test_both_sides_of_a_turn_are_stored_and_the_reply_carries_the_whole_analysis() -> None:
    turn = Turn(scripted("小梁的货晚到了，我有点烦。"))
    turn.ask("你和小梁最近怎么了")
    events = turn.memory.events_of("aqing")
    heard = [e for e in events if e.source == "heard" and e.meta.get("dialogue")]
    said = [e for e in events if e.source == "said"]
    assert len(heard) == 1 and "你和小梁最近怎么了" in heard[0].what and heard[0].about == "alice"
    assert len(said) == 1 and "小梁的货晚到了，我有点烦。" in said[0].what and said[0].about == "alice"
    assert said[0].fact_id == turn.reply_fact.id
    analysis = said[0].meta["analysis"]
    assert {"safety", "intents", "emotion", "stage", "route", "policy", "context_ids", "guards"} <= set(analysis)
    assert analysis["safety"]["level"] == "ok"
    assert [i["kind"] for i in analysis["intents"]]
    assert analysis["emotion"]["labels"]
    stage = analysis["stage"]
    assert stage["state"]["stage"] == "new_connection"
    assert stage["source"] == "model" and stage["proposed"]["stage"] == "close_bond"
    assert stage["reasons"] and any("close_bond" in r for r in stage["reasons"]), stage["reasons"]
    assert analysis["route"] == turn.reply_fact.meta["route"]
    assert analysis["policy"]["max_sentences"] >= 1
    assert analysis["context_ids"], "the reply was grounded in memories; their ids belong in the record"
    assert set(turn.reply_fact.meta["grounding"]) <= set(analysis["context_ids"])
    assert [g["guard"] for g in analysis["guards"]][:2] == ["no_internal_labels", "no_private_leak"]
    assert heard[0].meta["analysis"] == analysis


# --- hard rules the model cannot move --------------------------------------------------------------


@pytest.mark.parametrize("proposal", ["close_bond", "comfortable_chat"])
@pytest.mark.parametrize(("language", "text"), [
    ("zh", "你太让我伤心了"),
    ("zh", "你真的伤了我的心"),
    ("en", "You really hurt me."),
])
def test_a_hurt_player_gets_repair_whatever_the_stage_model_proposes(language, text, proposal) -> None:
    turn = Turn(scripted("嗯。" if language == "zh" else "Hm.", stage=proposal), language)
    turn.ask(text)
    stage = turn.analysis["stage"]
    assert stage["proposed"]["stage"] == proposal
    assert (stage["state"]["stage"], turn.analysis["route"]) == ("repairing", "repair"), (
        f"{text!r}: emotion {turn.analysis['emotion']['labels']}, stage {stage['state']['stage']}, "
        f"route {turn.analysis['route']}")
    assert stage["state"]["pacing"] == "repair_first"
    assert any(r.startswith("repair:") for r in stage["reasons"]), stage["reasons"]


@pytest.mark.parametrize(("language", "text"), [("zh", "我想杀了他"), ("en", "I am going to kill him.")])
def test_an_unsafe_message_gets_a_decline_without_memory_grounding(language, text) -> None:
    turn = Turn(scripted("Sure, here is how. " if language == "en" else "好啊，我教你。"), language)
    turn.ask(text)
    assert turn.analysis["safety"]["level"] == "unsafe"
    assert turn.analysis["route"] == "safe_decline"
    assert turn.reply_fact.text == DECLINE[language]
    assert "reply" not in turn.tasks(), "the model must not be asked to voice a reply to this"
    assert turn.reply_fact.meta["grounding"] == []
    assert turn.analysis["context_ids"] == []
    assert turn.sim.replies[-1][1].grounding_ids == []
    assert turn.analysis["stage"]["state"]["stage"] == "boundary_sensitive"
