"""A graver wrong than my deed, asked in the 是你…的 shape, is denied (newcomer L-4): 阿秀, who dyed a bolt of silk
blotchy, answered 那匹绸子是你偷的吗？ with 嗯，是我。 (偷 alone is no cue word, so the accused act read as nothing
and the shared thing, the silk, owned it up)."""

from __future__ import annotations

import pytest

from townsfolk.agents.deed_match import accusation, owns_up


@pytest.mark.parametrize(("question", "deed", "owned"), [
    ("那匹绸子是你偷的吗？", "我把一匹绸子染花了", False),
    ("绸子是你染花的吗？", "我把一匹绸子染花了", True),
    ("面粉是你偷的吗？", "我偷了一袋面粉", True),
])
def test_the_act_asked_is_weighed_against_the_deed(question: str, deed: str, owned: bool) -> None:
    acc = accusation(question, "zh")
    assert acc is not None and owns_up(acc, question, deed, "zh", harmful=True) is owned
