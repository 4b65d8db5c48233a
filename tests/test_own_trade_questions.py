"""Asked about her own trade or place, an NPC answers from her role (newcomer N-56).

"Tell me about the school." of the schoolmistress got "Like I said, Owen was cool with me today",
"What time do lessons start?" got "Can't say I know", 小六，你在镖局干多久了？ got 这个我说不上来: they name
nobody, so the recap or the no-idea line took them. "Tell me about Owen." is still about Owen.
"""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.role_questions import asks_my_trade
from townsfolk.agents.voice_phrases import PHRASES


def _school(language: str) -> dict:  # type: ignore[type-arg]
    """A schoolmistress tells the baker the caretaker took the bell; the caretaker hears of it."""
    zh = language == "zh"
    return {
        "scenario": "学堂" if zh else "The school", "language": language, "seed": 5, "start": "2026-05-02T07:00",
        "tick": "30m", "place": "学堂" if zh else "the school",
        "characters": {
            "ada": {"name": "严先生" if zh else "Ada", "role": "学堂里教书的" if zh else "schoolmistress"},
            "owen": {"name": "老周" if zh else "Owen", "role": "学堂的杂役" if zh else "caretaker at the school"},
            "hattie": {"name": "花婶" if zh else "Hattie", "role": "卖包子的" if zh else "baker"},
            "p": {"name": "新来的" if zh else "Rowan", "player": True}},
        "relationships": [{"from": "ada", "to": "owen", "kind": "colleague", "strength": 0.7, "mutual": True}],
        "timeline": [
            {"at": 1, "say": {"speaker": "ada", "to": "hattie", "about": "owen",
                              "text": "老周没问一声就把学堂的钟拿走了。" if zh else "Owen took the school bell without asking."}},
            {"at": 2, "gossip": {"teller": "hattie", "to": "owen", "about": "owen"}},
            {"at": 3, "meet": ["owen", "ada"]}]}


def _opens_with(text: str, language: str, key: str, role: str) -> bool:
    return any(text.startswith(p.format(role=role)) for p in PHRASES[language][key])


@pytest.mark.parametrize(("language", "question", "key"), [
    ("en", "Tell me about the school.", "my_trade_about"),
    ("en", "What time do lessons start?", "my_trade_hours"),
    ("en", "How long have you worked here?", "my_trade_how_long"),
    ("zh", "严先生，你在学堂干多久了？", "my_trade_how_long"),
    ("zh", "跟我说说学堂吧。", "my_trade_about")])
def test_my_own_trade_is_answered_from_my_role(language: str, question: str, key: str) -> None:
    town = Town.from_scenario(_school(language))
    town.advance(4)
    role = "学堂里教书的" if language == "zh" else "schoolmistress"
    text = town.say("p", "ada", question).text
    assert _opens_with(text, language, key, role), text


def test_a_question_about_someone_is_not_about_my_trade() -> None:
    """Only a word of my role (or the work itself) makes it my trade; a person or another's work does not."""
    assert asks_my_trade("Tell me about Owen.", "schoolmistress", "en") is None
    assert asks_my_trade("What time does the bakery open?", "schoolmistress", "en") is None
    assert asks_my_trade("Tell me about your work.", "baker", "en") == "about"
    assert asks_my_trade("跟我说说老周吧。", "学堂里教书的", "zh") is None
    assert asks_my_trade("What time do lessons start?", "", "en") is None
    town = Town.from_scenario(_school("en"))
    town.advance(4)
    text = town.say("p", "ada", "Tell me about Owen.").text
    assert "Owen" in text, text
