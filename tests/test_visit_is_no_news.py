"""A player's own visit is no news to them (session 24, K-31; agents/our_visit.py).

In a generated town the NPC a player stopped to chat with held nothing but that chat, and then:
"What did we talk about?" -> "Can't say I know, I'm afraid."; "Any news?" -> "As I told you, you
stopped at the cookhouse and chatted with me."; "What's the gossip about Greta Cobb?" -> "I've told
you all I know."
"""

from __future__ import annotations

from pathlib import Path

from tests.tiny_town import tiny_spec
from townsfolk.sim.simulate import simulate
from townsfolk.sim.town import Town
from townsfolk.sim.world_spec import parse_world_spec

SPEC = tiny_spec(1).replace("rumour: {seed_fraction: 0.1}", "rumour: {seed_fraction: 0.0}\n"
                            "players:\n  - {id: reporter, name: Nora, visits: [market], meets_per_hour: 1.0}")


def test_the_asker_s_own_visit_is_no_news(tmp_path: Path) -> None:
    spec = parse_world_spec(SPEC.replace("rate_per_day: 2,", "rate_per_day: 0,"))
    simulate(spec, db=tmp_path / "t.db")
    town = Town.open(tmp_path / "t.db", read_only=True)
    met = [c for c in town.npcs() if (held := town.memory.beliefs_of(c)) and all(b.claim.about == "reporter" for b in held)]
    assert met
    npc = met[0]
    other = town.world.name(next(c for c in town.npcs() if c != npc))
    talked = town.say("reporter", npc, "What did we talk about?").text
    assert talked.startswith(("Nothing much", "Nothing in particular")) and "chatted with me" in talked, talked
    assert town.say("reporter", npc, "Any news?").text in ("Nothing new that I've heard.", "Not a thing, as far as I've heard.")
    assert town.say("reporter", npc, f"What's the gossip about {other}?").text == f"I haven't heard anything about {other}."
