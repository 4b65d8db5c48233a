"""A thing put in place the wrong way up is carelessness (third newcomer K-9): "Milo set the almanac page with
the tide table upside down" was read as a mishap (nobody's fault: the master's tie never moved) or as nothing;
二柱把招牌挂反了 as nothing. An accident that turned something over stays no one's deed."""

from __future__ import annotations

import pytest

from townsfolk.memory.predicate_reader import read


@pytest.mark.parametrize("text", ["Milo set the almanac page with the tide table upside down",
                                  "Tom hung the sign upside down", "She sewed the sleeve on inside out",
                                  "二柱把招牌挂反了", "他把版排倒了"])
def test_wrong_way_up_is_careless(text: str) -> None:
    assert read(text).key == "careless", (text, read(text))


@pytest.mark.parametrize("text", ["他没把招牌挂反", "The cart turned upside down in the ditch", "他把杯子放倒了"])
def test_not_a_careless_deed(text: str) -> None:
    assert read(text).key != "careless", (text, read(text))
