"""Compliments a newcomer paid that were chatted past: a kept post, a neat ledger, a fragrant bowl."""

from __future__ import annotations

import pytest

from tests.test_voice_newcomer_s18 import _town
from townsfolk.agents.praise import is_praise
from townsfolk.agents.small_talk import ASK_BACK, TALKED_BACK
from townsfolk.agents.voice_phrases import PHRASES


@pytest.mark.parametrize(("text", "language", "praise"), [
    ("You keep this post in fine order, Halvard. Best-run crossing on the border.", "en", True),
    ("Your ledger is the neatest I've ever seen.", "en", True),
    ("你这面做得真香，比城里馆子还好吃！", "zh", True),
    ("You keep making a mess.", "en", False), ("You keep this post in fine order?", "en", False),
    ("Is your ledger the neatest?", "en", False), ("你这面做得真香吗？", "zh", False),
])
def test_what_is_praise_second_look(text: str, language: str, praise: bool) -> None:
    assert is_praise(text, language) is praise


@pytest.mark.parametrize("language", ["zh", "en"])
def test_a_kept_post_and_a_good_bowl_are_thanked(language: str) -> None:
    town = _town(language)
    thanks = [p for k in ("praised_warm", "praised", "praised_cool") for p in PHRASES[language][k]]
    qs = (["刘婶，你这面做得真香，比城里馆子还好吃！"] if language == "zh" else
          ["You keep this galley in fine order, Ada.", "Your ledger is the neatest I've ever seen, Ada."])
    for q in qs:
        said = town.say("p", "cook", q).text
        assert said in thanks, (q, said)


@pytest.mark.parametrize("language", ["zh", "en"])
def test_talk_about_me_is_asked_after_not_chatted_past(language: str) -> None:
    town = _town(language)
    q = "阿虎，你还好吗？外面有人说你闲话。" if language == "zh" else "Are you all right? People have been talking about you."
    said = town.say("p", "heard", q).text
    assert any(b in said for b in TALKED_BACK[language]), said
    assert not any(b in said for b in ASK_BACK[language]), said
    plain = town.say("p", "cook", "你还好吗？" if language == "zh" else "Are you all right?").text
    assert not any(b in plain for b in TALKED_BACK[language]), plain


def test_chat_lines_name_no_hour_of_the_day() -> None:
    """The chat line is said at any hour: "Busy morning, this one" was said at 19:00."""
    for line in PHRASES["en"]["small_talk"]:
        assert not any(w in line.lower() for w in ("morning", "afternoon", "evening", "tonight")), line


@pytest.mark.parametrize("language", ["zh", "en"])
def test_a_tale_going_round_about_me_hurts(language: str) -> None:
    """Told a small blame of me is going round, I am hurt, not "I see what you mean" nor my own lateness."""
    town = _town(language)
    q = "老陆到处跟人说你总是迟到，你知道吗？" if language == "zh" else "Finn has been telling people you're always late. Did you know?"
    said = town.say("p", "heard", q).text
    assert any(said.startswith(h) for h in PHRASES[language]["react_me"]), said
    fine = "Finn has been telling people you're a fine cook." if language == "en" else "老陆到处跟人说你的功夫真好！"
    assert not any(town.say("p", "heard", fine).text.startswith(h) for h in PHRASES[language]["react_me"])
