"""Privacy a game can state, and secrets a player asks to keep, over a real server on 127.0.0.1:
player B never sees player A's private line (talk replies, streamed talk, memories, why, the
world's stream), whether the game marked it (`private: true`) or the player asked ("keep this
between us", "别告诉别人"); a line said aloud is the control that shows each check can fail."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.serve_fixture import LiveServer
from townsfolk.agents.secrecy import PROMISES
from townsfolk.memory.privacy import asks_to_keep_secret
from townsfolk.sim.town import Town

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
KEYS = {"k-lock": "lock"}

# per world: (A, B, the NPCs, A's whispered line, A's keep-it-secret line, A's line said aloud, what
# B asks, and words of each private line that must never reach B)
WORLDS = {
    "en": dict(file="canal_lock.yaml", a="wren", b="cole", npcs=("hester", "pim"),
               whisper="Cole hid a sack of stolen salt under the towpath bridge",
               secret="Please keep this secret: I think Cole cheats Barnaby on the lock tolls",
               aloud="Cole paid for everyone's supper at the inn tonight",
               announced="Don't tell anyone, but Cole is buying the next round",
               asks=["What did Wren tell you about me?", "Heard anything about me and the tolls?"],
               words=["stolen salt", "towpath bridge", "cheats", "lock tolls"]),
    "zh": dict(file="herb_shop.yaml", a="ahe", b="shitou", npcs=("lindaifu", "xiaoman"),
               whisper="石头偷偷把米铺的两袋米扛回了家",
               secret="这事你知我知：石头往老周的米里掺沙子，别告诉别人",
               aloud="石头今天帮药铺把药柜搬到了后院",
               announced="别告诉别人，石头明天请大家吃汤圆",
               asks=["阿禾跟你说我什么了？", "有人说我什么坏话吗？老周的米怎么了？"],
               words=["两袋米", "扛回", "掺沙子", "米里"]),
}


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    server = LiveServer(tmp_path_factory.mktemp("private"), keys=KEYS).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def api(live):
    with live.client("k-lock") as c:
        yield c


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_player_b_never_sees_player_as_private_lines(api, lang) -> None:
    w = WORLDS[lang]
    wid = f"private-{lang}"
    r = api.post("/v1/worlds", json={"id": wid, "scenario": (SCENARIOS / w["file"]).read_text(encoding="utf-8")})
    assert r.status_code == 201, r.text
    talk = f"/v1/worlds/{wid}/talk"
    first, second = w["npcs"]

    whispered = api.post(talk, json={"player": w["a"], "npc": first, "text": w["whisper"], "private": True}).json()
    assert whispered["private"] is True
    asked = api.post(talk, json={"player": w["a"], "npc": second, "text": w["secret"]}).json()
    assert asked["private"] is True and asked["route"] != "errand"  # no errands in this world
    assert asked["text"].startswith(("I'll keep", "Your secret", "Not a word", "It stays")
                                    if lang == "en" else ("放心", "你放心", "这事我记在心里", "就咱俩知道")), asked
    aloud = api.post(talk, json={"player": w["a"], "npc": first, "text": w["aloud"]}).json()
    assert aloud["private"] is False
    # the game says "said aloud": a keep-it-secret request in the words is then not read as one
    overheard = api.post(talk, json={"player": w["a"], "npc": second, "text": w["announced"],
                                     "private": False}).json()
    assert overheard["private"] is False and not overheard["text"].startswith(asked["text"][:4]), overheard
    api.post(f"/v1/worlds/{wid}/advance", json={"ticks": 3})

    seen_by_b = []
    for npc in w["npcs"]:
        for question in w["asks"]:
            turn = api.post(talk, json={"player": w["b"], "npc": npc, "text": question})
            assert turn.status_code == 200, turn.text
            seen_by_b.append(turn.json()["text"])
        streamed = api.post(talk, params={"stream": "true"},
                            json={"player": w["b"], "npc": npc, "text": w["asks"][0]})
        assert streamed.status_code == 200
        seen_by_b.append(streamed.text)
        for params in ({"about": w["b"], "events": "true"},):
            seen_by_b.append(api.get(f"/v1/worlds/{wid}/npcs/{npc}/memories", params=params).text)
        for target in (w["a"], w["b"]):
            seen_by_b.append(api.get(f"/v1/worlds/{wid}/why",
                                     params={"holder": npc, "target": target, "player": w["b"]}).text)
            seen_by_b.append(api.get(f"/v1/worlds/{wid}/why", params={"holder": npc, "target": target}).text)
    stream = api.get(f"/v1/worlds/{wid}/stream", params={"follow": "false"}).text
    seen_by_b.append(stream)
    seen = "\n".join(seen_by_b)
    leaked = [word for word in w["words"] if word in seen]
    assert leaked == [], leaked
    assert ("(said in private)" if lang == "en" else "（私下说的话）") in stream
    # the controls: lines said aloud (one of them despite its "don't tell anyone") do reach B's side
    assert w["aloud"][-6:] in stream and w["announced"][-6:] in stream
    # and A's own private words were kept, marked private, for A
    mine = api.get(f"/v1/worlds/{wid}/npcs/{first}/memories", params={"about": w["a"], "events": "true"}).json()
    assert any(w["whisper"][-8:] in line["text"] and line["private"] for line in mine["events"])


def test_a_private_field_that_is_not_a_boolean_is_422_naming_it(api) -> None:
    api.post("/v1/worlds", json={"id": "flag", "scenario": (SCENARIOS / "canal_lock.yaml").read_text()})
    r = api.post("/v1/worlds/flag/talk", json={"player": "wren", "npc": "hester", "text": "hi", "private": "maybe"})
    assert r.status_code == 422 and r.json()["error"]["field"] == "private", r.text
    spec = api.get("/openapi.json").json()
    assert "private" in spec["components"]["schemas"]["Talk"]["properties"]


@pytest.mark.parametrize("text", ["Please keep this secret: Barnaby cheats on the tolls", "keep this between us",
                                  "Don't tell anyone, but the mill is sold", "I carry letters, tell no one.",
                                  "Between you and me, the gate is rotten", "not a word to anyone",
                                  "别告诉别人", "这事你知我知", "替我保密", "我要搬走了，先别跟别人说", "千万别告诉我老婆",
                                  "你可别说出去啊", "只跟你说，老周欠钱了"])
def test_a_request_to_keep_it_secret_is_read_in_either_language(text) -> None:
    assert asks_to_keep_secret(text)


@pytest.mark.parametrize("text", ["Did you tell anyone about the gate?", "Tell me about Barnaby", "The river between us",
                                  "I kept the receipt", "你告诉别人了吗？", "别人都说他好", "别说了，我们走吧",
                                  "这个不用保密", "他到处跟人说"])
def test_ordinary_words_are_not_a_request_to_keep_it_secret(text) -> None:
    assert not asks_to_keep_secret(text)


def test_town_say_takes_the_flag_and_a_please_is_no_errand_without_errands() -> None:
    town = Town.from_scenario(SCENARIOS / "canal_lock.yaml")
    turn = town.say("wren", "hester", "Could you tell the others the gate is fixed?", private=True)
    assert turn.private and turn.route != "errand"
    fact = town.world.facts.get(turn.question_fact)
    assert fact.private and town.world.facts.get(turn.reply_fact).private
    heard = [e for e in town.memory.events_of("hester") if e.fact_id == fact.id]
    assert heard and all(e.private for e in heard)
    plain = town.say("wren", "pim", "Please bring me a rope")
    assert plain.route != "errand" and not plain.private


def _echo(body: dict) -> str:
    """A model that answers with the last words it was told (a loose echo, which the reply check
    lets through): the worst case for a private line."""
    said = next((m["content"] for m in reversed(body.get("messages", [])) if m.get("role") == "user"), "")
    return f"Hm, {' and '.join(said.rstrip('.!?').split()[-2:])}. Well, well."


def test_a_model_that_repeats_the_secret_still_never_shows_it_to_another(tmp_path) -> None:
    from tests.chat_server import ChatModel
    from townsfolk.agents.llm.openai_compat import OpenAICompatProvider

    with ChatModel(_echo) as chat:
        provider = OpenAICompatProvider(chat.url, "echo", timeout=10, max_retries=0)
        server = LiveServer(tmp_path, keys=KEYS, provider=lambda: provider).start()
        try:
            with server.client("k-lock") as api:
                api.post("/v1/worlds", json={"id": "echo", "scenario": (SCENARIOS / "canal_lock.yaml").read_text()})
                secret = "Please keep this secret: Cole sold the lock keys to a smuggler"
                turn = api.post("/v1/worlds/echo/talk", params={"stream": "true"},
                                json={"player": "wren", "npc": "hester", "text": secret})
                events = [line[6:] for line in turn.text.splitlines() if line.startswith("data: ")]
                result = json.loads(events[-1])
                assert result["private"] is True and "smuggler" in result["text"], (result["fallback"], result["stream"])  # the asker hears it back
                first = json.loads(events[0])["text"]
                assert result["text"].startswith(first) and first.strip() in " ".join(PROMISES["en"])  # promise first
                stream = api.get("/v1/worlds/echo/stream", params={"follow": "false"}).text
                other = api.post("/v1/worlds/echo/talk", json={"player": "cole", "npc": "hester",
                                                                 "text": "What has Wren been saying?"}).json()
                assert "smuggler" not in stream and "smuggler" not in other["text"]
                assert "(said in private)" in stream
        finally:
            server.stop()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_private_game_event_is_known_to_its_witnesses_and_retold_to_no_one(api, lang) -> None:
    w = WORLDS[lang]
    wid = f"event-{lang}"
    api.post("/v1/worlds", json={"id": wid, "scenario": (SCENARIOS / w["file"]).read_text(encoding="utf-8")})
    first, second = w["npcs"]
    what, seen = (("Wren slipped Hester a purse of silver behind the lock house", "purse of silver")
                  if lang == "en" else ("阿禾偷偷塞给林大夫一包银子", "一包银子"))
    shown = ("Wren mended the lock gate rope for free", "lock gate rope") if lang == "en" else \
        ("阿禾帮药铺补好了门帘", "补好了门帘")
    r = api.post(f"/v1/worlds/{wid}/events", json={"what": what, "actor": w["a"], "witnesses": [first],
                                                   "valence": 0.5, "private": True})
    assert r.status_code == 201 and r.json()["beliefs"], r.text
    api.post(f"/v1/worlds/{wid}/events", json={"what": shown[0], "actor": w["a"], "witnesses": [first],
                                              "valence": 0.4})
    api.post(f"/v1/worlds/{wid}/advance", json={"ticks": 4})
    for question in w["asks"]:
        for npc in w["npcs"]:
            assert seen not in api.post(f"/v1/worlds/{wid}/talk",
                                        json={"player": w["b"], "npc": npc, "text": question}).json()["text"]
    stream = api.get(f"/v1/worlds/{wid}/stream", params={"follow": "false"}).text
    assert seen not in stream and ("(happened in private)" if lang == "en" else "（私下发生的事）") in stream
    assert shown[1] in stream  # the control: the event said aloud is there
    for target in (w["a"], w["b"]):
        assert seen not in api.get(f"/v1/worlds/{wid}/why", params={"holder": first, "target": target}).text
    # the witness holds it, privately, and the NPC who was not there never heard of it
    mine = api.get(f"/v1/worlds/{wid}/npcs/{first}/memories", params={"about": w["a"], "events": "true"}).json()
    assert any(seen in line["text"] and line["private"] for line in mine["beliefs"] + mine["events"]), mine
    theirs = api.get(f"/v1/worlds/{wid}/npcs/{second}/memories", params={"about": w["a"], "events": "true"}).text
    assert seen not in theirs
