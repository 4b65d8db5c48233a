"""What NPCs answer, from newcomers' play of worlds townsfolk was not written around, session 23.

An NPC that had told Lin something, asked of it again, said "I wasn't there myself" before its own
telling; ...
"""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.voice_phrases import PHRASES


def _quay(language: str) -> dict:  # type: ignore[type-arg]
    """A harbour master tells a net mender of a porter's slip; he passes it on to his friend."""
    zh = language == "zh"
    return {
        "scenario": "码头" if zh else "The quay", "language": language, "seed": 3, "start": "2026-05-02T07:00",
        "tick": "30m", "place": "码头" if zh else "the quay",
        "characters": {
            "pell": {"name": "老裴" if zh else "Pell", "role": "补网的" if zh else "net mender",
                     "traits": {"candour": 0.9, "exaggeration": 0.1}},
            "lin": {"name": "林嫂" if zh else "Lin", "role": "卖鱼的" if zh else "fishwife"},
            "dora": {"name": "周先生" if zh else "Dora", "role": "港务" if zh else "harbour master"},
            "gus": {"name": "阿固" if zh else "Gus", "role": "挑夫" if zh else "porter"},
            "p": {"name": "客人" if zh else "Traveller", "player": True}},
        "relationships": [{"from": "pell", "to": "lin", "kind": "friend", "strength": 0.7, "mutual": True},
                          {"from": "pell", "to": "dora", "kind": "neighbour", "strength": 0.5, "mutual": True}],
        "timeline": [
            {"at": 1, "say": {"speaker": "dora", "to": "pell", "about": "gus",
                              "text": "阿固把一筐鸡蛋摔在了码头上。" if zh else "Gus dropped a crate of eggs on the pier."}},
            {"at": 2, "gossip": {"teller": "pell", "to": "lin", "about": "gus"}}]}


def _starts_with_one_of(text: str, language: str, key: str) -> bool:
    return any(text.startswith(p.split("{")[0]) for p in PHRASES[language][key])


@pytest.mark.parametrize("language", ["en", "zh"])
def test_my_own_telling_said_again_is_not_prefaced_by_i_was_not_there(language: str) -> None:
    """N-22: the telling is a memory of mine; said again it is "as I said", never "I wasn't there".
    (zh reached the recap's "as I said" before too: 林嫂 in the question overlaps the telling's words.)"""
    town = Town.from_scenario(_quay(language))
    town.advance(3)
    zh = language == "zh"
    first = town.say("p", "pell", "你跟林嫂说了什么？" if zh else "What did you tell Lin?").text
    assert ("林嫂" if zh else "Lin") in first, first
    again = town.say("p", "pell", "林嫂的事呢？" if zh else "What happened with Lin?").text
    assert ("林嫂" if zh else "Lin") in again, again
    assert not _starts_with_one_of(again, language, "not_there_but"), again
