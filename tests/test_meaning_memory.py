"""Issue 8, meaning and memory: the open predicate inventory, appraisal with the right sign,
familiarity that continues from a tie, topic retrieval with tellers, and what the gate sees."""

from __future__ import annotations

import pytest

from townsfolk.agents.gate import Candidate, GateInputs, Trigger, decide
from townsfolk.agents.gate_context import gate_context
from townsfolk.agents.llm.scripted import ScriptedProvider
from townsfolk.memory.claims import claim_from_text, read_predicate
from townsfolk.memory.context import ContextRequest, build_context
from townsfolk.memory.predicate_reader import read_by_cues
from townsfolk.memory.predicates import BUILTIN, INVENTORY
from townsfolk.memory.topic import is_topic_question
from townsfolk.sim.engine import Simulation, build_world
from townsfolk.sim.scenario import ScenarioError, parse_scenario

# ------------------------------------------------------------------ the inventory


def test_inventory_is_broad_bilingual_and_its_ladders_lead_somewhere() -> None:
    assert len(BUILTIN) >= 30
    for spec in BUILTIN:
        if spec.key == "remark":
            continue
        assert spec.examples_en and spec.examples_zh, spec.key
        assert -1.0 <= spec.valence <= 1.0 and 0.0 <= spec.severity <= 1.0
        assert spec.escalates_to is None or spec.escalates_to in INVENTORY, spec.key
    for key in ("gift", "helpful", "debt", "theft", "quarrel", "praised", "promise_kept", "promise_broken",
                "illness", "fire", "wedding", "death", "birth", "work_well", "work_badly", "late", "rude",
                "dishonest"):
        assert key in INVENTORY
    assert INVENTORY.escalate("late") == "unreliable"
    assert INVENTORY.escalate("fire") == "burned_down"  # a misfortune stays a misfortune when retold bigger


@pytest.mark.parametrize("text", [
    "Our supplier replied earlier than usual.",  # sup-pLIEr, ear-LIEr, rep-LIEd
    "She brought chocolate for the children.",   # choco-LATE
    "The yellow door was repainted.",            # YELLow
    "He reminded me about the market.",          # re-MINDED
])
def test_cue_words_match_whole_words_only(text: str) -> None:
    hit = read_by_cues(text)
    assert hit is None or hit.key not in ("dishonest", "late", "rude", "helpful"), (text, hit)
    assert read_predicate(text) not in ("dishonest", "late", "rude")


def test_cues_still_read_their_words_and_negation() -> None:
    assert read_predicate("Tom was late again") == "late"
    assert read_predicate("He lied to me") == "dishonest"
    assert read_predicate("小梁又迟到了") == "late"
    assert claim_from_text("He didn't steal anything", about="tom").negated
    assert claim_from_text("He didn't steal anything", about="tom").valence == 0.0
    assert read_predicate("累死了") != "death"  # a false friend, not a death
    assert read_by_cues("你别夸张了") is None  # 夸张 is exaggerating, not praise


def test_meaning_reads_text_without_cue_words() -> None:
    assert read_predicate("Pia gave Yara a jar she had made") == "gift"
    assert read_predicate("Good morning, nice weather today.") == "remark"


def test_scenario_predicates_are_validated_and_registered() -> None:
    base = """scenario: s
language: en
characters: {a: {name: Ann}, b: {name: Bo}}
predicates:
  - {key: %s, en: rang the bell, zh: 敲了钟, valence: 0.4, examples_en: [She rang the chapel bell at dawn]%s}
timeline:
  - {at: 1, happen: {what: Bo rang the chapel bell at dawn, actor: b, witnesses: [a]}}
expect:
  - {at: 1, belief: {holder: a, about: b, predicate: bell_ringing}}
"""
    with pytest.raises(ScenarioError, match="escalates_to"):
        parse_scenario(base % ("bell_ringing", ", escalates_to: nowhere"))
    with pytest.raises(ScenarioError, match="built-in"):
        parse_scenario(base % ("gift", ""))
    scenario = parse_scenario(base % ("bell_ringing", ", cues_en: [rang the chapel bell]"))
    world, memory = build_world(scenario)
    sim = Simulation(world, memory)
    for tick, beats in sorted(scenario.beats_by_tick().items()):
        sim.run_tick(tick, beats)
    assert [b.claim.predicate for b in memory.beliefs_of("a")] == ["bell_ringing"]


# ------------------------------------------------------------------ appraisal and familiarity

WORLD = """scenario: warmth
language: en
characters:
  pia: {name: Pia}
  yara: {name: Yara}
  bram: {name: Bram}
  wren: {name: Wren, player: true}
relationships:
  - {from: yara, to: pia, kind: friend, strength: 0.7, mutual: true}
  - {from: yara, to: bram, kind: friend, strength: 0.8, mutual: true}
timeline:
  - {at: 1, happen: {what: Pia gave Yara a jar she had made, actor: pia, witnesses: [yara]}}
  - {at: 2, happen: {what: The mill burned down in the night, about: bram, witnesses: [yara], valence: -0.8}}
  - {at: 3, meet: [yara, bram]}
  - {at: 4, happen: {what: The mill burned down in the night, witnesses: [yara], valence: -0.8}}
"""


@pytest.fixture(scope="module")
def warm() -> Simulation:
    scenario = parse_scenario(WORLD)
    world, memory = build_world(scenario)
    sim = Simulation(world, memory)
    sim.seeded = {k: world.graph.get("yara", k, "friend").strength for k in ("pia", "bram")}  # type: ignore[attr-defined]
    sim.seeded_fam = world.graph.get("yara", "bram", "familiarity").strength  # type: ignore[attr-defined]
    for tick, beats in sorted(scenario.beats_by_tick().items()):
        sim.run_tick(tick, beats)
    return sim


def test_a_gift_warms_the_tie(warm: Simulation) -> None:
    assert warm.world.graph.get("yara", "pia", "friend").strength > warm.seeded["pia"]  # type: ignore[attr-defined]


def test_a_fire_nobody_caused_moves_no_tie(warm: Simulation) -> None:
    assert warm.world.graph.get("yara", "bram", "friend").strength == warm.seeded["bram"]  # type: ignore[attr-defined]
    belief = next(b for b in warm.memory.beliefs_of("yara") if b.claim.about == "bram")
    assert belief.claim.predicate == "burned_down" and not belief.claim.blames_subject


def test_familiarity_continues_from_the_tie(warm: Simulation) -> None:
    after = warm.world.graph.get("yara", "bram", "familiarity").strength
    assert after >= warm.seeded_fam  # type: ignore[attr-defined]


def test_topic_question_finds_an_event_about_nobody_with_its_teller(warm: Simulation) -> None:
    assert is_topic_question("What happened last night?", "en") and is_topic_question("最近有什么传闻吗？", "zh")
    assert not is_topic_question("How are you?", "en")
    ctx = build_context(warm.world, warm.memory, ContextRequest(holder="yara", present=["wren"], viewer="wren",
                                                                query="What happened last night?"),
                        relevance=warm.relevance)
    texts = [i.text for i in ctx.items]
    assert any("mill" in t for t in texts), texts
    # without the topic reading, the same question about nobody finds nothing
    none = build_context(warm.world, warm.memory, ContextRequest(holder="yara", present=["wren"], viewer="wren",
                                                                 query="What happened last night?", topic=False),
                         relevance=warm.relevance)
    assert not any("mill" in i.text for i in none.items)


def test_told_beliefs_in_context_carry_their_teller() -> None:
    scenario = parse_scenario("""scenario: chain
language: zh
characters: {a: {name: 阿芳}, b: {name: 大壮}, c: {name: 小红}, x: {name: 小梁}}
timeline:
  - {at: 1, say: {speaker: a, to: b, about: x, text: 小梁又迟到了}}
  - {at: 2, gossip: {teller: b, to: c, about: x}}
""")
    world, memory = build_world(scenario)
    sim = Simulation(world, memory)
    for tick, beats in sorted(scenario.beats_by_tick().items()):
        sim.run_tick(tick, beats)
    ctx = build_context(world, memory, ContextRequest(holder="c", present=[], query="最近有什么传闻吗？"),
                        relevance=sim.relevance)
    told = [i for i in ctx.items if i.source == "told"]
    assert told and told[0].teller == "b"


# ------------------------------------------------------------------ the gate sees what it decides about


def test_level2_gets_context_and_records_its_memories(warm: Simulation) -> None:
    w = warm.world
    cands = [Candidate(id="pia", name="Pia")]
    event = Trigger(kind="nearby_event", npc="yara", at=w.now, place="town", salience=0.9)
    context, memories = gate_context(w, warm.memory, event, cands, relevance=warm.relevance,
                                     query="The mill burned down in the night")
    assert "Yara" in context and memories
    assert any("mill" in m.text for m in memories)
    decision = decide(None, event, GateInputs(unlock=1.0, budget_tokens=1000.0), candidates=cands,
                      context=context, memories=memories, language="en")
    assert decision.level1.passed, decision.level1
    assert decision.memories == [m.id for m in memories]
    light_ctx, _light = gate_context(w, warm.memory, Trigger(kind="drive_tick", npc="yara", at=w.now, place="town",
                                                             salience=0.35), cands, mood="+0.10")
    assert "mood" in light_ctx and "Pia" in light_ctx


# ------------------------------------------------------------------ the model path


def _claim_world(answer: str) -> tuple[Simulation, ScriptedProvider]:
    scenario = parse_scenario("""scenario: model claims
language: en
characters: {ann: {name: Ann}, bo: {name: Bo}}
relationships:
  - {from: ann, to: bo, kind: neighbour, strength: 0.5}
timeline:
  - {at: 1, happen: {what: Bo left a basket of plums on Ann's step, actor: bo, witnesses: [ann]}}
""")
    world, memory = build_world(scenario)
    provider = ScriptedProvider(lambda request: answer if request.task == "claim" else "{}")
    sim = Simulation(world, memory, provider, model_claims=True)
    for tick, beats in sorted(scenario.beats_by_tick().items()):
        sim.run_tick(tick, beats)
    return sim, provider


def test_with_a_model_the_claim_is_its_validated_structured_answer() -> None:
    sim, provider = _claim_world('{"predicate": "gift", "subject": "bo", "object": "ann"}')
    assert any(r.task == "claim" for r in provider.requests)
    belief = sim.memory.beliefs_of("ann")[0]
    assert belief.claim.predicate == "gift" and belief.claim.obj == "ann"
    assert sim.world.graph.get("ann", "bo", "neighbour").strength > 0.5


def test_an_unusable_model_answer_falls_back_to_the_offline_reading() -> None:
    sim, _ = _claim_world('{"predicate": "teleported", "subject": "bo"}')
    offline = claim_from_text("Bo left a basket of plums on Ann's step", about="bo")
    assert sim.memory.beliefs_of("ann")[0].claim.predicate == offline.predicate


def test_a_provider_that_reads_claims_is_asked_through_the_facade() -> None:
    from townsfolk.sim.town import Town

    provider = ScriptedProvider(lambda request: ('{"predicate": "gift", "subject": "bo", "object": "ann"}'
                                                 if request.task == "claim" else "{}"))
    provider.reads_claims = True  # what `townsfolk play --llm-claims` sets
    town = Town.from_scenario({"scenario": "model claims", "language": "en",
                               "characters": {"ann": {"name": "Ann"}, "bo": {"name": "Bo"}},
                               "timeline": [{"at": 1, "happen": {"what": "Bo left a basket of plums on Ann's step",
                                                                 "actor": "bo", "witnesses": ["ann"]}}]},
                              provider=provider)
    town.advance(1)
    assert any(r.task == "claim" for r in provider.requests)
    assert town.memory.beliefs_of("ann")[0].claim.predicate == "gift"
