""""Are you Milo's master?" / 您是小虎的老师吗？ asks the tie from the other side (newcomer K-38: "That's all I know."):
answered yes or no from the tie, as "Is Milo your apprentice?" is."""

from __future__ import annotations

from townsfolk.agents.tie_question import is_that_tie, tie_asked


def test_other_side_words() -> None:
    assert tie_asked("Are you Milo's master?", "en") == ("Milo", "apprentice")
    assert tie_asked("您是小虎的老师吗？", "zh") == ("小虎", "学生")
    assert tie_asked("你是春儿的师父吗？", "zh") == ("春儿", "徒弟")
    assert is_that_tie("mentor", "apprentice") and is_that_tie("mentor", "学生")
    assert tie_asked("Are you Dorrit's friend?", "en") == ("Dorrit", "friend")
