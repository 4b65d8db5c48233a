"""A private `tell` stays private on the timeline: the say line, the belief it formed and the edge
move that belief caused all hide the words (play output, --json lines, a Town's advance), in both
languages; the same words said aloud are the control that shows each check can fail."""

from __future__ import annotations

import json

import pytest

from townsfolk.sim.playback import play
from townsfolk.sim.scenario import parse_scenario
from townsfolk.sim.town import Town

WORLDS = {
    "en": ("""
scenario: Lamp oil at the lighthouse
language: en
seed: 3
start: 1901-03-04T19:00
tick: 1h
characters:
  keeper: {name: Keeper Moss, role: lighthouse keeper}
  ida: {name: Ida, role: keeper's niece}
  pilot: {name: Pilot Rusk, role: harbour pilot}
  visitor: {name: Visitor, player: true}
relationships:
  - {from: ida, to: keeper, kind: family, strength: 0.8, mutual: true}
  - {from: pilot, to: keeper, kind: colleague, strength: 0.6, mutual: true}
timeline:
  - {at: 1, tell: {speaker: visitor, to: ida, about: keeper, text: "{words}", private: {private}}}
""", "Keeper Moss stole the lamp oil from the store", "(said in private)", "stole"),
    "zh": ("""
scenario: 茶园的账
language: zh
seed: 3
start: 2026-04-02T08:00
tick: 1h
characters:
  laozhou: {name: 老周, role: 茶园主}
  xiaoyu: {name: 小雨, role: 采茶工}
  ajie: {name: 阿杰, role: 挑夫}
  ke: {name: 客人, player: true}
relationships:
  - {from: xiaoyu, to: laozhou, kind: colleague, strength: 0.7, mutual: true}
  - {from: ajie, to: laozhou, kind: colleague, strength: 0.6, mutual: true}
timeline:
  - {at: 1, tell: {speaker: ke, to: xiaoyu, about: laozhou, text: "{words}", private: {private}}}
""", "老周偷了采茶工的工钱", "（私下说的话）", "偷"),
}


def _scenario(lang: str, private: bool):
    text, words, _, _ = WORLDS[lang]
    return parse_scenario(text.replace("{words}", words).replace("{private}", "true" if private else "false"))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_no_line_of_a_private_tell_shows_its_words(lang) -> None:
    _, _, marker, word = WORLDS[lang]
    log = play(_scenario(lang, True)).log
    kinds = {e.kind for e in log}
    assert {"say", "belief", "edge"} <= kinds, kinds  # the tell formed a belief and moved a tie
    lines = [e.to_json() for e in log] + [e.text for e in log]
    assert not [line for line in lines if word in line]
    for entry in log:
        if entry.kind in ("say", "belief", "edge"):
            assert marker in entry.text and entry.ids.get("private") is True, entry


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_same_words_said_aloud_are_shown(lang) -> None:
    _, _, marker, word = WORLDS[lang]
    log = play(_scenario(lang, False)).log
    shown = {e.kind for e in log if word in e.text}
    assert {"say", "belief", "edge"} <= shown, shown
    assert not [e for e in log if marker in e.text]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_towns_advance_hides_them_too(lang) -> None:
    _, _, marker, word = WORLDS[lang]
    town = Town.from_scenario(_scenario(lang, True))
    entries = town.advance(1).entries
    dumped = json.dumps([e.model_dump(mode="json") for e in entries], ensure_ascii=False)
    assert marker in dumped and word not in dumped


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    from tests.serve_fixture import LiveServer

    server = LiveServer(tmp_path_factory.mktemp("private-lines"), keys={"k-p": "p"}).start()
    with server.client("k-p") as client:
        yield client
    server.stop()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_http_advance_and_stream_hide_them(api, lang) -> None:
    _, _, marker, word = WORLDS[lang]
    text, words, _, _ = WORLDS[lang]
    wid = f"lines-{lang}"
    made = api.post("/v1/worlds", json={"id": wid, "scenario": text.replace("{words}", words)
                                        .replace("{private}", "true")})
    assert made.status_code == 201, made.text
    advanced = api.post(f"/v1/worlds/{wid}/advance", json={"ticks": 1}).text
    stream = api.get(f"/v1/worlds/{wid}/stream", params={"follow": "false"}).text
    for seen in (advanced, stream):
        assert marker in seen and word not in seen, seen
