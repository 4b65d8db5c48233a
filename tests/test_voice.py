"""The offline voice, its grammar, statements read as news, and several players at one NPC."""

from __future__ import annotations

from datetime import datetime

from townsfolk.agents import grammar_en, grammar_zh
from townsfolk.agents.gate import GateInputs, Trigger, level1
from townsfolk.agents.intent import detect_intents, kinds_of
from townsfolk.agents.llm.protocol import GroundingItem, LLMRequest, Message
from townsfolk.agents.voice import act_prompt, choose_act, compose
from townsfolk.sim.engine import Simulation, build_world
from townsfolk.sim.messages import count, msg
from townsfolk.sim.scenario import parse_scenario


def request(items: list[GroundingItem], *, lang: str = "en", act: str = "answer", **meta: object) -> LLMRequest:
    return LLMRequest(task="reply", language=lang, speaker="Tom", listener="Traveller",  # type: ignore[arg-type]
                      messages=[Message(role="user", content="What happened?")], grounding=items,
                      meta={"act": act, "variation": 5, **meta})


def test_object_case_and_agreement_are_fixed() -> None:
    assert grammar_en.fix_case("Bram sent I the wrong flour") == "Bram sent me the wrong flour"
    assert grammar_en.fix_case("she came with I and Ann") == "she came with me and Ann"
    assert grammar_en.fix_case("Ann and I went; I think you is right") == "Ann and I went; I think you are right"


def test_quotes_become_reported_speech() -> None:
    assert grammar_en.unquote('Nell told me: "He was late again."') == "Nell told me that he was late again"
    assert grammar_en.reported('He was late again. Careless.', subject_name="Tom") == "Tom was late again"
    assert grammar_zh.unquote("我跟老顾客说：“他又迟到了”") == "我跟老顾客说他又迟到了"
    assert grammar_zh.reported("他又迟到了。", subject_name="小梁") == "小梁又迟到了"


def test_a_told_belief_names_its_teller_once_and_keeps_the_hedge() -> None:
    item = GroundingItem(kind="belief", id="b1", text="maybe I am careless", about="tom", valence=-0.35,
                         meta={"source": "told", "teller_name": "Ann", "claim_text": "maybe I am careless"})
    text = compose(request([item]))
    assert "Ann" in text and "maybe I am careless" in text
    assert text.count("Ann") == 1 and '"' not in text


def test_no_stale_cold_line_after_a_making_up() -> None:
    cold = GroundingItem(kind="event", id="e1", text="I saw Martha and kept my distance", about="martha",
                         valence=-0.2, meta={"source": "participated", "tick": 7})
    cleared = GroundingItem(kind="event", id="e2", text="Martha and I had a misunderstanding; you helped us clear it up",
                            about="martha", valence=0.3, meta={"source": "cleared", "cleared": True, "tick": 11})
    text = compose(request([cold, cleared]))
    assert "behind us" in text and "misunderstanding" in text
    assert "kept my distance" not in text


def test_hard_to_say_is_not_said() -> None:
    imp = GroundingItem(kind="impression", id="i1", text="hard to say", about="p", valence=0.02,
                        meta={"about_name": "the Traveller"})
    assert "hard to say" not in compose(request([imp], act="answer"))


def test_the_same_line_is_not_given_twice_in_a_day() -> None:
    item = GroundingItem(kind="event", id="e1", text="the mill burned down in the night", valence=-0.6, meta={})
    first = compose(request([item]))
    second = compose(request([item], said_today=[first]))
    assert second != first and "mill burned down" in second


def test_acts_follow_route_and_intents() -> None:
    assert choose_act("answer_from_memory", {"ask_about"}, "Who?", speaker_is_npc=False, has_memories=False) == "deny"
    assert choose_act("small_talk", {"chat"}, "Thanks a lot!", speaker_is_npc=False, has_memories=True) == "thank"
    assert choose_act("small_talk", {"tell"}, "Bram is careless", speaker_is_npc=True, has_memories=True) == "react"
    assert "不要编造" in act_prompt("deny", "zh") and "who told you" in act_prompt("answer", "en")


def test_news_from_an_npc_gets_a_reaction_not_an_echo() -> None:
    news = GroundingItem(kind="belief", id="b2", text="Bram is unreliable", about="bram", valence=-0.6,
                         meta={"source": "told", "from_listener": True, "fresh": True, "about_name": "Bram",
                               "predicate": "unreliable", "teller_name": "Ada"})
    other = GroundingItem(kind="belief", id="b1", text="Bram is careless", about="bram", valence=-0.35,
                          meta={"source": "told", "teller_name": "Greta", "predicate": "careless",
                                "claim_text": "Bram is careless"})
    text = compose(request([news, other], act="react"))
    assert "You told me" not in text and "Bram" in text and "Greta" in text


def test_a_chinese_statement_about_someone_is_a_tell() -> None:
    kinds = kinds_of(detect_intents("老李，王婶好像在生你的气", "zh", names=("老李", "王婶")))
    assert "tell" in kinds
    assert "tell" not in kinds_of(detect_intents("今天天气不错", "zh"))
    assert "tell" not in kinds_of(detect_intents("你太让我伤心了", "zh"))


def test_a_player_turn_is_not_rate_limited_but_an_npc_line_is() -> None:
    now = datetime(2026, 1, 1, 8)
    trig = Trigger(kind="addressed", npc="odile", at=now, place="quay", from_whom="sal", salience=1.0)
    spoke = GateInputs(last_spoke_at=now)
    assert level1(trig, spoke).outcome == "hold"
    assert level1(trig, spoke.model_copy(update={"answer_owed": True})).outcome == "pass"


TWO_PLAYERS = """
scenario: two at once
language: en
characters:
  odile: {name: Odile}
  pim: {name: Pim, player: true}
  sal: {name: Sal, player: true}
timeline:
  - {at: 1, ask: {player: pim, npc: odile, text: "Morning, Odile!"}}
  - {at: 1, ask: {player: sal, npc: odile, text: "Is the mackerel fresh?"}}
"""


def test_two_players_at_one_npc_in_one_tick_are_both_answered() -> None:
    scenario = parse_scenario(TWO_PLAYERS)
    world, memory = build_world(scenario)
    sim = Simulation(world, memory)
    log = sim.run_tick(1, list(scenario.timeline))
    assert [r.asker for _t, r in sim.replies] == ["pim", "sal"]
    assert not [e for e in log if e.kind == "hold"]


def test_the_catalogue_speaks_chinese_with_plural_forms() -> None:
    assert msg("zh", "why.title", holder="王婶", target="老李") == "王婶为什么这样看老李"
    assert count("en", 2, "summary") == "2 summaries" and count("en", 1, "summary") == "1 summary"
    assert count("zh", 2, "summary") == "2 条总结"
    assert msg("zh", "none") == "（无）"


def test_the_model_gets_the_same_act_and_the_sources() -> None:
    from townsfolk.agents.llm.openai_compat import build_messages
    from townsfolk.agents.llm.protocol import LLMResponse
    from townsfolk.agents.pipeline import dialogue_turn

    seen: list[LLMRequest] = []

    class Recorder:
        name = "recorder"

        def complete(self, req: LLMRequest) -> LLMResponse:
            seen.append(req)
            return LLMResponse(text="I haven't heard anything about that.", model="rec")

        def complete_many(self, reqs: list[LLMRequest]) -> list[LLMResponse]:
            return [self.complete(r) for r in reqs]

    world, memory = build_world(parse_scenario(TWO_PLAYERS))
    dialogue_turn(world, memory, Recorder(), npc="odile", speaker="sal", text="Who mends the nets here?")
    replies = [r for r in seen if r.task == "reply"]
    assert replies and replies[0].meta["act"] == "deny"
    assert act_prompt("deny", "en") in replies[0].messages[0].content
    item = GroundingItem(kind="belief", id="b1", text="Bram is careless", meta={"source": "told", "teller_name": "Cora"})
    prompt = build_messages(request([item]))[0].content
    assert "told me by Cora" in prompt


def test_a_stitched_summary_is_said_as_a_sentence() -> None:
    item = GroundingItem(kind="summary", id="s1", about="hob", valence=-0.3,
                         text="Today, 3 things with Hob, not a good stretch; the one I remember: Hob shouted at I",
                         meta={"about_name": "Hob"})
    text = compose(request([item]))
    assert "things with" not in text and "the one I remember" not in text
    assert "Hob shouted at me" in text
    zh = GroundingItem(kind="summary", id="s2", about="hob", valence=-0.3,
                       text="今天和老何有3件事，总的来说不太愉快；最记得的是：老何冲我嚷嚷", meta={"about_name": "老何"})
    said = compose(request([zh], lang="zh"))
    assert "3件事" not in said and "老何冲我嚷嚷" in said
