"""False scales are short weight (overcharging), and a purpose denied is an accident: "老周的秤好像不太准" was
a remark, so the rumour never blamed the miller; "it wasn't on purpose" kept a broken cup a deed done on purpose
(sentences written for this test, from a rice mill and a potter's yard of our own)."""

from __future__ import annotations

import pytest

from townsfolk.memory.claims import claim_from_text

SHORT_WEIGHT = ["老周的秤好像不太准", "老周的秤不准", "他的秤有问题", "老周短秤", "李掌柜的秤做了手脚",
                "His scales are off", "The miller's scales are a bit off", "He uses a rigged scale",
                "Her weights were light again"]
NOT_SHORT_WEIGHT = ["老周的秤准不准", "秤砣上粘了一块泥", "She weighed the flour on his scale",
                    "I carried the weights off the cart", "他的秤一向很准"]
ACCIDENTS = ["He broke the cup, but it wasn't on purpose", "他打碎了碗，不过不是故意的",
             "秤砣上粘了泥，秤不准不是他故意的", "The scales were off by accident"]


@pytest.mark.parametrize("text", SHORT_WEIGHT)
def test_false_scales_are_short_weight(text: str) -> None:
    assert claim_from_text(text, about="x").predicate == "overcharged", text


@pytest.mark.parametrize("text", NOT_SHORT_WEIGHT)
def test_a_scale_named_is_no_cheat(text: str) -> None:
    assert claim_from_text(text, about="x").predicate != "overcharged", text


@pytest.mark.parametrize("text", ACCIDENTS)
def test_a_purpose_denied_is_an_accident(text: str) -> None:
    assert claim_from_text(text, about="x").predicate == "mishap", text


def test_a_purpose_said_is_still_meant() -> None:
    assert claim_from_text("He broke the cup on purpose", about="x").predicate == "damaged"
