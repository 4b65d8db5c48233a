"""Seeing someone do a wrong costs trust in them first of all (newcomer N-43: Alice saw her colleague
steal a sack of flour; the colleague tie and affinity fell, trust and tension stayed where they were).
Tension rises too, most when the wrong was done to the witness; a small slip (late) costs no trust."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.bonds import axes


def _town(lang: str) -> Town:
    zh = lang == "zh"
    beats = [{"at": 1, "happen": {"what": "老柯偷了磨坊一袋面粉" if zh else "Colin stole a sack of flour from the mill",
                                  "actor": "colin", "witnesses": ["alice"], "valence": -0.6}},
             {"at": 2, "happen": {"what": "老柯偷了阿朵的钱袋" if zh else "Colin stole Dora's purse",
                                  "actor": "colin", "witnesses": ["dora"], "valence": -0.7}},
             {"at": 3, "happen": {"what": "老柯上工迟到了" if zh else "Colin was late to the mill",
                                  "actor": "colin", "witnesses": ["eli"], "valence": -0.2}}]
    names = {"alice": "阿莉", "colin": "老柯", "dora": "阿朵", "eli": "小以"} if zh else \
        {"alice": "Alice", "colin": "Colin", "dora": "Dora", "eli": "Eli"}
    town = Town.from_scenario({"scenario": "mill", "language": lang, "seed": 2, "start": "2026-05-02T08:00",
                               "tick": "1h", "place": "mill", "timeline": beats,
                               "characters": {k: {"name": v} for k, v in names.items()},
                               "relationships": [{"from": w, "to": "colin", "kind": "colleague", "strength": 0.6,
                                                  "mutual": True} for w in ("alice", "dora", "eli")]})
    return town


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_theft_seen_costs_trust_and_raises_tension(lang: str) -> None:
    town = _town(lang)
    before = {w: axes(town.world, w, "colin") for w in ("alice", "dora", "eli")}
    town.advance(4)
    after = {w: axes(town.world, w, "colin") for w in ("alice", "dora", "eli")}
    assert after["alice"].trust < before["alice"].trust - 0.05
    assert after["dora"].trust < before["dora"].trust - 0.05
    assert 0 < after["alice"].tension < after["dora"].tension  # robbed herself: the more strained
    assert after["eli"].trust == pytest.approx(before["eli"].trust) and after["eli"].tension == 0  # late: no wrong
    why = town.why("alice", "colin")
    assert any(c.reason.endswith(("Colin stole a sack of flour from the mill", "老柯偷了磨坊一袋面粉"))
               for e in why.edges if e.kind == "trust" for c in e.changes), why
