"""A world's own kind of tie names what `from` is to `to`, as the built-in mentor does: with
`{from: silas, to: owen, kind: employer}` Silas said "Owen is my employer" (newcomer N-4). Now Silas
says "I'm Owen's employer" and Owen, who holds no edge of his own to Silas, "Silas is my employer"."""

from __future__ import annotations

import pytest

from townsfolk import Town


def _town(lang: str) -> Town:
    zh = lang == "zh"
    return Town.from_scenario({
        "scenario": "yard", "language": lang, "seed": 3, "start": "2026-09-07T08:00", "tick": "1h", "place": "yard",
        "relationship_kinds": [{"key": "employer", "en": "employer", "zh": "东家", "warmth": 0.5}],
        "characters": {"silas": {"name": "老石" if zh else "Silas"}, "owen": {"name": "欧文" if zh else "Owen"},
                       "rowan": {"name": "若文" if zh else "Rowan", "player": True}},
        "relationships": [{"from": "silas", "to": "owen", "kind": "employer", "strength": 0.6}], "timeline": []})


@pytest.mark.parametrize("lang,asked,npc,said", [
    ("en", "Who is Owen?", "silas", "I'm Owen's employer"), ("en", "Who is Silas?", "owen", "Silas is my employer"),
    ("zh", "欧文是谁？", "silas", "我是欧文的东家"), ("zh", "老石是谁？", "owen", "老石是我的东家"),
])
def test_the_kind_names_the_from_end(lang: str, asked: str, npc: str, said: str) -> None:
    reply = _town(lang).say("rowan", npc, asked).text
    assert said in reply, reply


def test_a_recap_runs_on_in_lower_case() -> None:
    # "Like I said, When I ran into Owen, ..." (a line's own capital after the lead); a name or I keeps its own
    from townsfolk.agents.voice import _RUNS_ON_EN

    assert _RUNS_ON_EN.match("When I ran into Owen, I kept my distance") and _RUNS_ON_EN.match("It's been weighing on me")
    assert not _RUNS_ON_EN.match("Owen was cool with me") and not _RUNS_ON_EN.match("I told Hattie")
    assert not _RUNS_ON_EN.match("Theo came by") and not _RUNS_ON_EN.match("Athelstan said so")
