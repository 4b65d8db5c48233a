"""A player setting the record straight in talk (newcomer K-22): "Agatha only said you rushed the page.
Jasper made it sound worse." to Milo, who was told by Jasper that Agatha says he is always unreliable,
was one quote of Agatha's ("Milo rushed the page. Jasper made it sound worse"), answered "I won't deny
it. I set the almanac page ..." and corrected nothing. Now the two sentences are two beliefs, the reply
weighs the account against what Jasper told him, and a player he trusts sets the rumour right."""

from __future__ import annotations

import pytest

from townsfolk import Town

WORLDS = {
    "en": ({"agatha": {"name": "Agatha", "role": "master printer"}, "milo": {"name": "Milo", "role": "compositor"},
            "dorrit": {"name": "Dorrit", "role": "ink mixer"}, "jasper": {"name": "Jasper", "role": "binder"}},
           "Milo set the almanac page with the tide table upside down", "Milo rushed the almanac page again.",
           "Agatha says Milo is always unreliable.",
           "Agatha only said you rushed the page. Jasper made it sound worse.", ("Jasper told me", "think")),
    "zh": ({"agatha": {"name": "钱师傅", "role": "酿酒师傅"}, "milo": {"name": "二柱", "role": "学徒"},
            "dorrit": {"name": "胖婶", "role": "帮工"}, "jasper": {"name": "小六", "role": "伙计"}},
           "二柱没把酒缸封好，一缸米酒放酸了", "二柱干活太马虎了。", "钱师傅说二柱一向靠不住。",
           "钱师傅只说了你干活马虎。小六添油加醋了。", ("小六", "想想")),
}


def _town(lang: str, trusted: bool) -> Town:
    cast, what, said, retold, _line, _words = WORLDS[lang]
    rel = [{"from": "milo", "to": "me", "kind": "friend", "strength": 0.9, "mutual": True}] if trusted else []
    return Town.from_scenario({
        "scenario": "press", "language": lang, "seed": 1, "start": "2026-05-11T07:00", "tick": "1h", "place": "shop",
        "characters": {**cast, "me": {"name": "Quill" if lang == "en" else "过客", "player": True}},
        "relationships": rel,
        "timeline": [{"at": 0, "happen": {"what": what, "actor": "milo", "witnesses": ["agatha"], "valence": -0.3}},
                     {"at": 1, "say": {"speaker": "agatha", "to": "dorrit", "about": "milo", "text": said}},
                     {"at": 2, "say": {"speaker": "jasper", "to": "milo", "about": "agatha", "text": retold}}]})


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_strangers_account_is_weighed_and_the_sentences_are_two(lang):
    town = _town(lang, trusted=False)
    town.advance(3)
    line, words = WORLDS[lang][4], WORLDS[lang][5]
    text = town.say("me", "milo", line).text
    assert all(w in text for w in words), text
    assert "I won't deny it" not in text and "upside down" not in text and "酒缸" not in text, text
    told = [b for b in town.sim.memory.beliefs_of("milo") if b.told_by == "me"]
    assert len(told) == 2, [b.text for b in told]
    assert not any(("Jasper" in (b.claim.quote or "") or "小六" in (b.claim.quote or "")) and b.claim.said_by == "agatha"
                   for b in told), [b.text for b in told]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_trusted_players_account_sets_the_rumour_right(lang):
    town = _town(lang, trusted=True)
    town.advance(3)
    rumour = next(b for b in town.sim.memory.beliefs_of("milo") if b.told_by == "jasper")
    town.say("me", "milo", WORLDS[lang][4])
    assert rumour.status == "superseded" or rumour.credibility < 0.4, (rumour.status, rumour.credibility)


def test_called_you_unreliable_asks_her_word_not_my_verdict():
    """"Do you still think Agatha called you unreliable?" asked whether she said it, not whether she is
    unreliable: it was "I couldn't say either way." (and after the account "I wouldn't say so, no.") from one who
    holds that she said it."""
    from townsfolk.agents.good_or_bad import ANSWERS

    town = _town("en", trusted=False)
    town.advance(3)
    text = town.say("me", "milo", "Do you still think Agatha called you unreliable?").text
    assert not any(text.startswith(s) for s in ANSWERS["en"]["no_bad"] + ANSWERS["en"]["yes"] + ANSWERS["en"]["unsure"]), text
    assert "Jasper" in text and "unreliable" in text, text
