"""A zh town's `why` says the daily tension fade in Chinese: "芥蒂随时间淡了 (时间)", not the
stored English "tension fades (time)" among its Chinese lines (newcomer K-34); English is unchanged."""

from __future__ import annotations

from townsfolk.sim.messages import cause_label, reason_label


def test_the_fade_is_said_in_the_worlds_language() -> None:
    assert reason_label("zh", "tension fades") == "芥蒂随时间淡了"
    assert cause_label("zh", "time", None) == "时间"
    assert reason_label("en", "tension fades") == "tension fades"
    assert cause_label("en", "time", None) == "time"
