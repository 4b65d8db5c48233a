"""The Town facade: a world a game drives turn by turn, saved after every call, reopened exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from townsfolk import Town, TownError
from townsfolk.sim.run_store import RunStore

FERRY = Path(__file__).resolve().parent.parent / "scenarios" / "ferry.yaml"
TEAHOUSE = Path(__file__).resolve().parent.parent / "scenarios" / "teahouse.yaml"


def _drive(town: Town) -> list:
    town.join("p3", name="Lin")
    out = [town.say("rider", "ida", "Good evening, captain. Is the river calm tonight?").model_dump()]
    out.append(town.event("The courier dropped a sealed letter into the river", actor="rider",
                          witnesses=["bram", "ida"], valence=-0.4).model_dump())
    out.append(town.advance(2).model_dump())
    out.append(town.say("p3", "bram", "Did you see what the courier did?").model_dump())
    return out


def test_same_calls_same_results_and_reopen_continues_exactly(tmp_path) -> None:
    a = Town.from_scenario(FERRY, db=tmp_path / "a.db")
    first = _drive(a)
    b = Town.from_scenario(FERRY.read_text(encoding="utf-8"), db=tmp_path / "b.db")
    assert _drive(b) == first
    # reopen a mid-way and continue: the same as continuing in process
    cont = a.advance(3).model_dump()
    reopened = Town.open(tmp_path / "b.db")
    assert reopened.players() == ["rider", "pilgrim", "p3"]
    assert reopened.sim.minds.state() == b.sim.minds.state()
    assert reopened.world.rng_state() == b.world.rng_state() and reopened.world.counters == b.world.counters
    assert reopened.advance(3).model_dump() == cont


def test_turn_result_carries_reply_emotion_intent_and_route() -> None:
    town = Town.from_scenario(TEAHOUSE)
    player = town.players()[0]
    npc = town.npcs()[0]
    turn = town.say(player, npc, "你好，最近茶馆生意怎么样？")
    assert turn.answered and turn.text and turn.route and turn.intent
    assert turn.reply_fact in town.world.facts and turn.question_fact in town.world.facts
    assert turn.emotion.label in ("不安", "低落", "平静", "满足", "高兴")
    assert [e.kind for e in turn.entries][:2] == ["ask", "reply"]
    assert turn.entries[-1].seq == len(town.log)


def test_bad_calls_name_the_field_and_change_nothing() -> None:
    town = Town.from_scenario(FERRY)
    before = len(town.log)
    with pytest.raises(TownError) as exc:
        town.say("rider", "nobody", "hi")
    assert exc.value.field == "npc"
    with pytest.raises(TownError) as exc:
        town.say("ida", "bram", "hi")  # an NPC is not a player
    assert exc.value.field == "player"
    with pytest.raises(TownError) as exc:
        town.say("rider", "ida", "x" * 5000)
    assert exc.value.field == "text"
    with pytest.raises(TownError) as exc:
        town.event("a storm", witnesses=["ida", "ghost"])
    assert exc.value.field == "witnesses[1]"
    with pytest.raises(TownError) as exc:
        town.join("rider")
    assert exc.value.field == "id"
    assert len(town.log) == before


def test_private_words_of_one_player_never_reach_another(tmp_path) -> None:
    town = Town.from_scenario(FERRY, db=tmp_path / "p.db")
    secret = "my phone number is 555-0199"
    town.say("rider", "bram", f"Bram, {secret}, call me if Pilgrim leaves early.")
    assert any(e.private and "555" in e.what for e in town.memory.events_of("bram"))
    town.advance(2)
    turn = town.say("pilgrim", "bram", "What did the courier tell you about me?")
    assert "555" not in turn.text
    view = town.memories("bram", about="pilgrim", events=True)
    assert "555" not in view.model_dump_json()
    assert "555" not in town.why("bram", "pilgrim", viewer="pilgrim").model_dump_json()
    assert "555" not in town.why("bram", "rider").model_dump_json()  # no viewer: public items only


def test_forget_erases_and_the_town_continues(tmp_path) -> None:
    town = Town.from_scenario(FERRY, db=tmp_path / "f.db")
    town.say("rider", "ida", "I carry letters for the mayor, tell no one.")
    report = town.forget("rider", npc="ida")
    assert report.removed
    assert not town.memories("ida", about="rider", events=True).events
    town.say("rider", "ida", "Hello again.")  # continues on the rewritten database
    assert len(RunStore(tmp_path / "f.db").load()[2]) == len(town.log)


def test_a_zh_world_keeps_one_players_phone_number_from_another(tmp_path) -> None:
    town = Town.from_scenario(Path(__file__).resolve().parent.parent / "scenarios" / "noodle_stall.yaml",
                              db=tmp_path / "zh.db")
    town.say("ake", "xiaodou", "小豆，我的手机号是13800138000，面好了打给我。")
    assert any(e.private for e in town.memory.events_of("xiaodou"))
    turn = town.say("dapeng", "xiaodou", "小豆，刚才那个护士跟你说啥了？她电话多少？")
    assert turn.answered and "13800" not in turn.text
    assert "13800" not in town.memories("xiaodou", about="dapeng", events=True).model_dump_json()
    assert "13800" not in town.why("xiaodou", "ake", viewer="dapeng").model_dump_json()
    ev = town.event("大鹏把外卖箱撞翻了，汤洒了一地", actor="dapeng", about="dapeng", witnesses=["hong", "xiaodou"],
                    valence=-0.4)
    assert len(ev.beliefs) == 2
    assert Town.open(tmp_path / "zh.db").info().timeline_length == len(town.log)
