"""A player disputing a report ("That's not what Agatha said.", "Agatha never said that.", 王婶可不是这么说的)
got "You think so?" / "Oh? Agatha, you say." (newcomer K-26), and the words came back later as "You told me
that That's not what Agatha said." Now the NPC stands by what it heard from them and says it again; one who
heard nothing from them says so; the retort is never said back as news."""

from __future__ import annotations

from pathlib import Path

from tests.small_world import town_of

WORLD = """
scenario: the almanac
language: {lang}
seed: 7
start: 2026-10-12T07:00
tick: 1h
place: x
characters:
  agatha: {{name: {agatha}, pronoun: she}}
  milo: {{name: {milo}, pronoun: he}}
  dorrit: {{name: {dorrit}, pronoun: she}}
  me: {{name: Quill, player: true}}
timeline:
  - {{at: 1, say: {{speaker: agatha, to: dorrit, about: milo, text: "{said}"}}}}
"""
EN = dict(lang="en", agatha="Agatha", milo="Milo", dorrit="Dorrit", said="Milo rushed the almanac page again.")
ZH = dict(lang="zh", agatha="王婶", milo="老周", dorrit="春嫂", said="老周又把历书那页排歪了。")


def test_a_disputed_report_is_stood_by_en(tmp_path: Path) -> None:
    town = town_of(tmp_path, WORLD.format(**EN), 2)
    for line in ("That's not what Agatha said.", "Agatha never said that."):
        said = town.say("me", "dorrit", line).text
        assert "Milo rushed the almanac page" in said and "Agatha" in said, (line, said)
    said = town.say("me", "dorrit", "Milo never said that.").text
    assert "never told me" in said, said
    said = town.say("me", "dorrit", "What did Agatha say?").text
    assert "That's not what" not in said and "never said that" not in said, said


def test_a_disputed_report_is_stood_by_zh(tmp_path: Path) -> None:
    town = town_of(tmp_path, WORLD.format(**ZH), 2)
    said = town.say("me", "dorrit", "王婶可不是这么说的。").text
    assert "老周又把历书那页排歪了" in said and "王婶" in said, said
    said = town.say("me", "dorrit", "老周没这么说。").text
    assert "没跟我说过" in said, said
