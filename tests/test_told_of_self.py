"""An NPC told the teller's own news answers the teller (agents/voice.py `_react_to_news`), en and zh: in drive
mode Ned passing on what was said of himself ("I got hurt") drew "you? Is that so." (the name slot filled with
"you") and "Where did you hear that?". Now a misfortune gets sympathy, a good deed praise, a wrong of its own a
kind word; nobody is asked where they heard their own news."""

from __future__ import annotations

import re

import pytest
import yaml

from townsfolk.agents.llm.offline import OfflineProvider
from townsfolk.sim.actions import gossip
from townsfolk.sim.engine import Simulation, build_world
from townsfolk.sim.scenario import parse_scenario

CASES = [("en", "Ned slipped on the jetty and hurt his back", r"all right|sorry|bad luck"),
         ("en", "Ned helped Dot carry her washing home", r"Good for you|Well done"),
         ("zh", "阿海在码头滑了一跤，把腰扭了", r"没事|好些|运气"),
         ("zh", "阿海帮王婆把衣服搬回了家", r"太好了|高兴")]


def _reply_to_own_news(lang: str, what: str) -> str:
    en = lang == "en"
    scenario = parse_scenario(yaml.safe_dump({
        "scenario": "S", "language": lang, "seed": 3, "start": "2026-06-03T08:00", "tick": "1h",
        "characters": {"ned": {"name": "Ned" if en else "阿海", "role": "fisherman"},
                       "hal": {"name": "Hal" if en else "何伯", "role": "ferry captain"},
                       "dot": {"name": "Dot" if en else "王婆", "role": "washerwoman"}},
        "relationships": [{"from": "hal", "to": "ned", "kind": "friend", "strength": 0.7, "mutual": True}],
        "timeline": [{"at": 1, "happen": {"what": what, "actor": "ned", "witnesses": ["dot"]}}]}, allow_unicode=True))
    world, memory = build_world(scenario)
    sim = Simulation(world, memory, OfflineProvider())
    sim.run_tick(1, scenario.beats_by_tick()[1])
    world.clock.tick = 2
    gossip(world, memory, teller="dot", listener="ned", about="ned", text=None)  # what is said of Ned, to Ned
    world.clock.tick = 3
    log = gossip(world, memory, teller="ned", listener="hal", about=None, text=None)  # ... which he passes on
    told = next(f for f in world.facts if f.id == log[0].ids["fact"])
    assert told.about == "ned"
    replies = [e.text for e in sim.converse(speaker="ned", npc="hal", text=told.text, via="npc") if e.kind == "reply"]
    assert replies
    return replies[0]


@pytest.mark.parametrize(("lang", "what", "wanted"), CASES)
def test_the_tellers_own_news_is_answered_to_the_teller(lang: str, what: str, wanted: str) -> None:
    said = _reply_to_own_news(lang, what)
    assert not re.search(r"\byou\?|Is that so|Where did you hear|Who told you|你？|哪儿听来|谁说的", said), said
    assert re.search(wanted, said), said
