"""The everyday zh words for getting hurt read as injured (newcomer N-24: a world spec's '{actor}在{place}扭伤了脚'
and 烫伤 were refused as reading as nothing, only 受伤/摔伤/摔断/划伤 were cues). Words where someone hurts
someone else (踢伤了老李) are left out on purpose: got hurt there is the wrong person's misfortune."""

from __future__ import annotations

import pytest

from townsfolk.memory.predicate_reader import read_by_cues


@pytest.mark.parametrize("text", ["老王在山道上扭伤了脚", "她崴了脚", "烫伤了手", "他扭了脚，走不了路"])
def test_getting_hurt_reads_as_injured(text: str) -> None:
    reading = read_by_cues(text)
    assert reading is not None and reading.key == "injured" and not reading.negated, (text, reading)


def test_hurting_someone_is_not_one_s_own_injury() -> None:
    reading = read_by_cues("他踢伤了老李")
    assert reading is None or reading.key != "injured"
