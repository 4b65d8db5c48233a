"""A player's insult is answered as the one wronged (hurt, a rebuke, a cool line, tension up), never
with the NPC apologising; a player's promise is taken up, not met with repair filler."""

from __future__ import annotations

from pathlib import Path

import pytest

from townsfolk import Town
from townsfolk.agents.bonds import axes
from townsfolk.agents.player_promise import promise_reply
from townsfolk.agents.rude_reply import is_insult

EN = """
scenario: Jetty
language: en
seed: 5
start: 2026-09-14T07:00
tick: 1h
place: the jetty
characters:
  rufus: {name: Rufus, role: fisherman, persona: "Proud."}
  agnes: {name: Agnes, role: lighthouse keeper, persona: "Quiet."}
  p1: {name: Kit, player: true}
relationships:
  - {from: agnes, to: rufus, kind: neighbour, strength: 0.7, mutual: true}
"""
ZH = """
scenario: 药铺
language: zh
seed: 7
start: 2026-09-14T07:00
tick: 1h
place: 药铺
characters:
  laoliu: {name: 刘大叔, role: 木匠, persona: "脾气直。"}
  xiaodie: {name: 小蝶, role: 药铺伙计, persona: "爱说话。"}
  you: {name: 小雨, player: true}
"""
APOLOGY = ("sorry", "didn't mean", "hear you", "对不住", "不是那个意思", "明白你的意思", "天气", "清闲")


def _town(tmp_path: Path, text: str) -> Town:
    spec = tmp_path / "w.yaml"
    spec.write_text(text, encoding="utf-8")
    town = Town.from_scenario(str(spec), db=str(tmp_path / "w.db"))
    town.advance(1)
    return town


@pytest.mark.parametrize("line", ["Shut up, you stupid old fool.", "You are a liar!", "I hate you.",
                                  "You smell like old fish.", "You're an idiot, Rufus."])
def test_an_insult_in_english_gets_no_apology_and_cools_the_tie(tmp_path: Path, line: str) -> None:
    town = _town(tmp_path, EN)
    before = axes(town.world, "rufus", "p1")
    reply = town.say("p1", "rufus", line).text
    after = axes(town.world, "rufus", "p1")
    town.close()
    assert not any(w in reply.lower() for w in APOLOGY), reply
    assert after.tension > before.tension, (before, after)


@pytest.mark.parametrize("line", ["你这个老糊涂！", "滚开！", "你是个骗子！", "闭嘴！", "你这人真讨厌。"])
def test_an_insult_in_chinese_gets_no_apology(tmp_path: Path, line: str) -> None:
    town = _town(tmp_path, ZH)
    reply = town.say("you", "laoliu", line).text
    town.close()
    assert not any(w in reply for w in APOLOGY), reply


def test_news_of_an_insult_or_a_complaint_is_no_insult_to_me() -> None:
    assert not is_insult("Dot says you're a liar.", "en")
    assert not is_insult("王婆说你是骗子。", "zh")
    assert not is_insult("Agnes is a fool.", "en")
    assert is_insult("Get lost!", "en")
    # an accusing question is no insult (it is asked, and answered, as a question)
    assert not is_insult("Did you cheat Tomas on the flour?", "en") and not is_insult("Did you cheat?", "en")
    assert is_insult("You cheat!", "en") and is_insult("You're a dirty cheat.", "en")


def test_a_promise_after_a_quarrel_is_taken_up(tmp_path: Path) -> None:
    town = _town(tmp_path, EN)
    town.say("p1", "rufus", "Shut up, you stupid old fool.")
    reply = town.say("p1", "rufus", "I promise I'll bring your net back tomorrow.").text
    fresh = town.say("p1", "agnes", "I promise I'll help you look for the net tomorrow.").text
    town.close()
    filler = ("haven't heard", "sorry", "didn't mean", "nobody's told me")
    assert not any(w in reply.lower() for w in filler), reply
    assert any(w in reply.lower() for w in ("see", "hold you", "count on", "words")), reply
    assert any(w in fresh.lower() for w in ("hold you", "count on")), fresh


def test_a_promise_in_chinese_and_what_is_no_plain_promise() -> None:
    assert promise_reply({"promise"}, "我保证明天帮你把钱要回来。", "zh", cool=False, seed="s") is not None
    assert promise_reply({"promise", "request"}, "I promise, can you lend me a rope?", "en", cool=False, seed="s") is None
    assert promise_reply({"promise", "apology"}, "Sorry, I promise it won't happen again.", "en", cool=False,
                         seed="s") is None


@pytest.mark.parametrize(("line", "lang"), [("You're a lying old gossip, Bessie.", "en"), ("You old gossip.", "en"),
                                           ("Shut up, you old windbag.", "en"), ("你这个长舌妇！", "zh")])
def test_a_gossip_called_at_me_is_an_insult(line: str, lang: str) -> None:
    """Newcomer L-35: "You're a lying old gossip, Bessie." got small talk ("Quiet day so far.")."""
    from townsfolk.agents.rude_reply import rude_reply

    assert rude_reply(line, lang, "seed") is not None


@pytest.mark.parametrize(("line", "lang"), [("Did you hear the gossip?", "en"), ("Bessie is a gossip.", "en"),
                                           ("There's gossip about you.", "en")])
def test_gossip_as_a_word_is_no_insult(line: str, lang: str) -> None:
    from townsfolk.agents.rude_reply import rude_reply

    assert rude_reply(line, lang, "seed") is None
