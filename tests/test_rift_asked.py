"""'Is something wrong between you and Cal?' of an uncle cold to Cal over what he was told got "Not that
I know of." (second newcomer M-1): the yes/no shape read as a denial of what he does not hold, while
"Why are you so cold with Cal?" got the story. Now a question whether something came between us is
answered with what came between us."""

from __future__ import annotations

import pytest

from townsfolk import Town

NO = ("Not that I know of.", "No, not that I've heard.", "I don't think so, no.", "我知道的都跟你说了。", "没有")


def _town(lang: str) -> Town:
    zh = lang == "zh"
    people = {"bryn": {"name": "老布" if zh else "Bryn"}, "cal": {"name": "阿凯" if zh else "Cal"},
              "wenna": {"name": "文娜" if zh else "Wenna"}, "p": {"name": "客人" if zh else "Rowan", "player": True}}
    beats = [{"at": 1, "say": {"speaker": "wenna", "to": "bryn", "about": "cal",
                               "text": "阿凯偷了老布的渔网" if zh else "Cal stole Bryn's nets"}}]
    return Town.from_scenario({"scenario": "harbour", "language": lang, "seed": 2, "start": "2026-06-01T07:00", "tick": "1h",
                               "place": "quay", "characters": people, "timeline": beats, "relationships": [
                                   {"from": "bryn", "to": "cal", "kind": "family", "strength": 0.8, "mutual": True},
                                   {"from": "bryn", "to": "wenna", "kind": "friend", "strength": 0.6, "mutual": True}]})


@pytest.mark.parametrize("lang,asked,want", [
    ("en", "Is something wrong between you and Cal?", "Wenna"), ("en", "Is there anything wrong between you and Cal?", "Wenna"),
    ("zh", "你跟阿凯之间有什么不对劲吗？", "文娜"), ("zh", "你和阿凯是不是有什么误会？", "文娜"),
])
def test_what_came_between_us_is_said(lang: str, asked: str, want: str) -> None:
    town = _town(lang)
    town.advance(2)
    said = town.say("p", "bryn", asked).text
    assert want in said and not said.startswith(NO), said
