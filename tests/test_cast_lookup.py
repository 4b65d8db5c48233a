"""The facade and HTTP take a character by id or by name, as the CLI does, and a miss says what is close
without listing a big cast (a newcomer typed names the world spells and got a 2,000-character list of ids)."""

from __future__ import annotations

import pytest

from tests.serve_fixture import LiveServer
from townsfolk import Town, TownError

WORLD = """scenario: 渡口
language: zh
start: 2026-05-11T06:00
characters:
  laohe: {name: 老何}
  ashui: {name: 阿水}
  guoke: {name: 过客, player: true}
relationships:
  - {from: laohe, to: ashui, kind: family, strength: 0.8, mutual: true}
timeline:
  - {at: 1, happen: {what: 阿水给客人找零时少找了五文钱, actor: ashui, witnesses: [laohe], valence: -0.3}}
"""


def _town() -> Town:
    town = Town.from_scenario(WORLD)
    town.advance(1)
    return town


def test_names_reach_the_same_characters_as_ids() -> None:
    town = _town()
    turn = town.say("过客", "老何", "你好")
    assert (turn.player, turn.npc) == ("guoke", "laohe") and turn.answered
    assert town.why("老何", "阿水").model_dump() == town.why("laohe", "ashui").model_dump()
    assert town.memories("老何", about="过客").model_dump() == town.memories("laohe", about="guoke").model_dump()
    event = town.event("阿水把钱补上了", actor="阿水", witnesses=["老何"])
    assert town.world.facts.get(event.fact).actor == "ashui"


def test_a_miss_names_what_is_close_and_the_kind_it_asked_for() -> None:
    town = _town()
    with pytest.raises(TownError, match=r"no NPC '老河' in this world \(did you mean laohe \(老何\)\?\)"):
        town.say("guoke", "老河", "你好")
    with pytest.raises(TownError, match=r"'过客' is a player, not an NPC"):
        town.say("guoke", "过客", "你好")
    with pytest.raises(TownError, match=r"'老何' is an NPC, not a player"):
        town.say("老何", "ashui", "你好")


def test_a_miss_in_a_big_cast_is_one_short_line() -> None:
    cast = "\n".join(f"  n{i}: {{name: 居民{i}}}" for i in range(300))
    town = Town.from_scenario(f"scenario: 大镇\nlanguage: zh\ncharacters:\n{cast}\n  p: {{name: 客人, player: true}}\n")
    with pytest.raises(TownError) as miss:
        town.say("p", "姜建", "你好")
    assert len(str(miss.value)) < 200 and "n299" not in str(miss.value), str(miss.value)
    with pytest.raises(TownError, match=r"did you mean n12 \(居民12\)"):
        town.say("p", "居民12x", "你好")


def test_http_why_and_talk_by_name(tmp_path) -> None:
    server = LiveServer(tmp_path, keys={"k1": "tea"}).start()
    try:
        with server.client("k1") as api:
            assert api.post("/v1/worlds", json={"id": "ferry", "scenario": WORLD}).status_code == 201
            api.post("/v1/worlds/ferry/advance", json={"ticks": 1})
            why = api.get("/v1/worlds/ferry/why", params={"holder": "老何", "target": "阿水"})
            assert why.status_code == 200 and why.json()["holder"] == "laohe", why.text
            talk = api.post("/v1/worlds/ferry/talk", json={"player": "过客", "npc": "老何", "text": "你好"})
            assert talk.status_code == 200 and talk.json()["npc"] == "laohe", talk.text
            miss = api.post("/v1/worlds/ferry/talk", json={"player": "过客", "npc": "老河", "text": "你好"})
            assert miss.status_code == 422 and "did you mean laohe" in miss.text, miss.text
    finally:
        server.stop()
