"""`{actor}欠{other}的钱一直没还` is a debt left unpaid (issue 10): a world spec's debt_unpaid event
in those words loads (it was refused: "reads as nothing"), and the short cues (没还, 不还) do not make
一直没还手 (never hit back) or a borrowed hoe a debt, nor outweigh a longer cue beside them (不老实)."""

from __future__ import annotations

import pytest

from tests.tiny_town import tiny_spec
from townsfolk.memory.predicate_reader import read_by_cues
from townsfolk.sim.world_spec import parse_world_spec


@pytest.mark.parametrize("text", ["{actor}欠{other}的钱一直没还", "{actor}欠{other}的债一直没还", "{actor}借了{other}的钱不还"])
def test_a_debt_event_in_ordinary_words_loads(text: str) -> None:
    spec = tiny_spec(1).replace("language: en", "language: zh").replace(
        '{id: theft, rate_per_day: 2, predicate: theft, valence: -0.7, text: {en: "{actor} stole a loaf at {place}"}}',
        f'{{id: qian, rate_per_day: 1, predicate: debt_unpaid, valence: -0.5, other: true, text: {{zh: "{text}"}}}}')
    assert parse_world_spec(spec).events[0].predicate == "debt_unpaid"


@pytest.mark.parametrize(("text", "key"), [("阿强被人打了一直没还手", None), ("阿强从不还嘴", None),
                                           ("阿强借了老李的锄头一直没还", "kept_borrowed"),
                                           ("阿强欠老李的钱一直没还", "debt_unpaid"),
                                           ("小梁欠我的钱一直没还，他不老实", "dishonest")])
def test_the_money_cues_read_only_money(text: str, key: str | None) -> None:
    reading = read_by_cues(text)
    assert (reading.key if reading else None) == key
