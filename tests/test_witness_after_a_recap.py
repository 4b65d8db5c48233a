"""A witness in a generated town, asked "你亲眼看见的吗？" / "谁最先说的？" after a recap of its own summary (自流井 at 300,
read as a player): 这事我没听说过 (the story looked for among what the summary folded was a friendly meeting), and
是邵伟跟我说的 of what it saw itself. The recap's story is what the summary folds, never a chat; the teller of a tale
is named only when I did not see it."""

from __future__ import annotations

import pytest

from tests.test_zh_town_reads import SPEC
from townsfolk.agents.saw_it import SAW_IT
from townsfolk.sim.simulate import simulate
from townsfolk.sim.town import Town
from townsfolk.sim.world_spec import parse_world_spec


@pytest.fixture(scope="module")
def town(tmp_path_factory: pytest.TempPathFactory) -> Town:
    db = tmp_path_factory.mktemp("zl") / "zl.db"
    simulate(parse_world_spec(SPEC.replace("days: 2", "days: 1")), db=db)
    return Town.open(str(db), read_only=True)


def test_a_witness_says_it_saw_what_it_recapped(town: Town) -> None:
    world = town.world
    player = next(cid for cid, c in world.characters.items() if c.is_player)
    asked = 0
    for fact in [f for f in world.facts if f.kind == "happen" and f.valence < 0 and f.witnesses][:3]:
        witness = fact.witnesses[0]
        news = town.say(player, witness, "最近有什么新鲜事？").text
        if fact.text[:6] not in news:
            continue  # this one's news is another matter
        asked += 1
        saw = town.say(player, witness, "你亲眼看见的吗？").text
        assert saw.startswith(tuple(SAW_IT["zh"])), (news, saw)
        assert "亲眼" in town.say(player, witness, "谁最先说的？").text
    assert asked, "no witness told its own sighting as news"
