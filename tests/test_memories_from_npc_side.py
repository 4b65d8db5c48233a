"""What an NPC remembers of a player is shown from its own side (newcomer N-44: Anna Piper's belief
read "the Walker stopped at the Wheatsheaf and chatted with Anna Piper", her own name in the third
person, while her events said "with me")."""

from __future__ import annotations

import pytest

from townsfolk import Town


@pytest.mark.parametrize("lang,what,want", [
    ("en", "the Walker stopped at the Wheatsheaf and chatted with Anna Piper", "chatted with me"),
    ("zh", "行路人在麦穗酒馆歇脚，跟安娜聊了几句", "跟我聊了几句"),
])
def test_a_belief_about_a_player_is_in_the_npcs_own_words(lang: str, what: str, want: str) -> None:
    anna = "安娜" if lang == "zh" else "Anna Piper"
    town = Town.from_scenario({"scenario": "inn", "language": lang, "seed": 1, "start": "2026-05-02T08:00", "tick": "1h",
                               "place": "inn", "characters": {"anna": {"name": anna},
                                                              "walker": {"name": "行路人" if lang == "zh" else "the Walker",
                                                                         "player": True}},
                               "timeline": [{"at": 1, "happen": {"what": what, "actor": "walker", "witnesses": ["anna"],
                                                                 "valence": 0.2}}]})
    town.advance(2)
    lines = [b.text for b in town.memories("anna", about="walker").beliefs]
    assert lines and all(want in t and anna not in t for t in lines), lines
