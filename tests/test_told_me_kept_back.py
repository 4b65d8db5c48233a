"""'What did Wenna tell you?' of what the NPC keeps from this listener (bad news of its own people, told
to a stranger: agents/confidences.py) was answered "Wenna hasn't told me anything." two turns after he
had quoted her (second newcomer M-4). Now it is a refusal, never a denial; one who told nothing is
still said to have told nothing."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.tellings_asked import NOTHING


def _town(lang: str) -> Town:
    zh = lang == "zh"
    people = {"bryn": {"name": "老布" if zh else "Bryn"}, "cal": {"name": "阿凯" if zh else "Cal"},
              "wenna": {"name": "文娜" if zh else "Wenna"}, "dewi": {"name": "德伟" if zh else "Dewi"},
              "p": {"name": "客人" if zh else "Rowan", "player": True}}
    beats = [{"at": 1, "say": {"speaker": "dewi", "to": "wenna", "about": "cal",
                               "text": "阿凯偷了德伟的钱" if zh else "Cal cheated at cards"}},
             {"at": 2, "gossip": {"teller": "wenna", "to": "bryn", "about": "cal"}}]
    return Town.from_scenario({"scenario": "harbour", "language": lang, "seed": 2, "start": "2026-06-01T07:00", "tick": "1h",
                               "place": "quay", "characters": people, "timeline": beats, "relationships": [
                                   {"from": "bryn", "to": "cal", "kind": "family", "strength": 0.8, "mutual": True},
                                   {"from": "bryn", "to": "wenna", "kind": "friend", "strength": 0.6, "mutual": True}]})


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_what_i_keep_back_is_refused_not_denied(lang: str) -> None:
    town = _town(lang)
    town.advance(3)
    wenna = "文娜" if lang == "zh" else "Wenna"
    said = town.say("p", "bryn", f"{wenna}跟你说了什么？" if lang == "zh" else f"What did {wenna} tell you?").text
    assert said != NOTHING[lang].format(who=wenna), said
    assert said.startswith(("Nothing I", "那是我们")), said  # bad news of his own nephew, asked by a stranger
    cal = "阿凯" if lang == "zh" else "Cal"
    said = town.say("p", "bryn", f"{cal}跟你说了什么？" if lang == "zh" else f"What did {cal} tell you?").text
    assert said == NOTHING[lang].format(who=cal), said
