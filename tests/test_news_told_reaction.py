"""A player's news is what the NPC reacts to (newcomer N-57).

Hattie told "I saw Silas drunk at the Wheatsheaf last night." said "Really? I passed on to Silas that
Ada says Owen stole something." (the news is written to memory after the turn, so she reached for her
old gossip that names Silas), and "He could barely stand." got "Where did you hear that?" of a player
who had just said they saw it.
"""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.voice_phrases import PHRASES


def _gate(language: str) -> dict:  # type: ignore[type-arg]
    """The schoolmistress tells the baker the caretaker took the bell; the baker tells the grocer."""
    zh = language == "zh"
    return {
        "scenario": "学堂" if zh else "The school", "language": language, "seed": 5, "start": "2026-05-02T07:00",
        "tick": "30m", "place": "学堂门口" if zh else "the school gate",
        "characters": {
            "ada": {"name": "严先生" if zh else "Ada", "role": "教书先生" if zh else "schoolmistress"},
            "owen": {"name": "老周" if zh else "Owen", "role": "杂役" if zh else "caretaker"},
            "hattie": {"name": "花婶" if zh else "Hattie", "role": "卖包子的" if zh else "baker"},
            "silas": {"name": "孙掌柜" if zh else "Silas", "role": "杂货铺掌柜" if zh else "grocer"},
            "p": {"name": "新来的" if zh else "Rowan", "player": True}},
        "relationships": [{"from": "hattie", "to": "silas", "kind": "customer", "strength": 0.5, "mutual": True}],
        "timeline": [
            {"at": 1, "say": {"speaker": "ada", "to": "hattie", "about": "owen",
                              "text": "老周没问一声就把学堂的钟拿走了。" if zh else "Owen took the school bell without asking."}},
            {"at": 2, "gossip": {"teller": "hattie", "to": "silas", "about": "owen"}}]}


def _one_of(text: str, language: str, key: str) -> bool:
    return any(p.format(about="") in text for p in PHRASES[language][key] if "{" not in p)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_news_seen_by_the_player_is_reacted_to_not_met_with_old_gossip(language: str) -> None:
    zh = language == "zh"
    town = Town.from_scenario(_gate(language))
    town.advance(4)
    said = "花婶，我昨晚看见孙掌柜在酒馆喝醉了。" if zh else "Hattie, I saw Silas drunk at the Wheatsheaf last night."
    first = town.say("p", "hattie", said).text
    assert ("孙掌柜" if zh else "Silas") in first, first
    assert not any(w in first for w in (("钟", "老周", "严先生") if zh else ("bell", "Owen", "Ada", "stole"))), first
    assert not _one_of(first, language, "who_said"), first
    assert _one_of(first, language, "react_seen"), first


def test_more_of_the_news_seen_is_not_asked_where_it_was_heard() -> None:
    town = Town.from_scenario(_gate("en"))
    town.advance(4)
    town.say("p", "hattie", "Hattie, I saw Silas drunk at the Wheatsheaf last night.")
    more = town.say("p", "hattie", "He could barely stand.").text
    assert not _one_of(more, "en", "who_said"), more
    assert _one_of(more, "en", "react_seen"), more


def test_news_heard_from_someone_is_still_asked_where_it_came_from() -> None:
    """Not seen by the player: "Where did you hear that?" is still a fair question."""
    town = Town.from_scenario(_gate("en"))
    town.advance(4)
    text = town.say("p", "hattie", "Silas was drunk at the Wheatsheaf last night.").text
    assert "Silas" in text and not _one_of(text, "en", "react_seen"), text
    assert _one_of(text, "en", "who_said"), text
