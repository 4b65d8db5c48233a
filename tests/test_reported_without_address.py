"""Words said to someone by name were re-voiced with the name in them: "Dora, Cal keeps leaving the gate
open." told to Dora came back "I heard from Bea that I, Cal keeps leaving the gate open.", Bea's own words
"I told Dora that Dora, Cal keeps ...", and Cal's "I'll mend your fence tomorrow, Bea, I promise." became
"Cal told me that Cal'll mend my fence tomorrow, me, Cal promise." (zh: 我听王婶说，我，老周老是不关院门。).
Reported speech calls no one by name, and the speaker the frame has just named is "he"."""

from __future__ import annotations

from pathlib import Path

from tests.small_world import town_of

WORLD = """
scenario: the gate
language: {lang}
seed: 3
start: 2026-05-02T08:00
tick: 1h
place: x
characters:
  dora: {{name: {dora}, pronoun: she}}
  cal: {{name: {cal}, pronoun: he}}
  bea: {{name: {bea}, pronoun: she}}
  kit: {{name: Kit, player: true}}
relationships:
  - {{from: dora, to: bea, kind: friend, strength: 0.7, mutual: true}}
timeline:
  - {{at: 2, say: {{speaker: cal, to: bea, about: cal, text: "{mend}"}}}}
  - {{at: 3, say: {{speaker: bea, to: dora, about: cal, text: "{gate}"}}}}
"""
EN = dict(lang="en", dora="Dora", cal="Cal", bea="Bea", mend="I'll mend your fence tomorrow, Bea, I promise.",
          gate="Dora, Cal keeps leaving the gate open.")
ZH = dict(lang="zh", dora="春嫂", cal="老周", bea="王婶", mend="王婶，我明天就来修你家的篱笆。", gate="春嫂，老周老是不关院门。")


def test_no_vocative_in_reported_speech_en(tmp_path: Path) -> None:
    town = town_of(tmp_path, WORLD.format(**EN), 4)
    heard = town.say("kit", "dora", "What did Bea tell you?").text
    assert "Cal keeps leaving the gate open" in heard and "I, Cal" not in heard and "Dora," not in heard, heard
    told = town.say("kit", "bea", "What did Cal say?").text
    assert "he'll mend my fence tomorrow" in told and ", me" not in told and "Cal'll" not in told, told
    assert "that Dora," not in told, told


def test_no_vocative_in_reported_speech_zh(tmp_path: Path) -> None:
    town = town_of(tmp_path, WORLD.format(**ZH), 4)
    heard = town.say("kit", "dora", "王婶跟你说什么了？").text
    assert "老周老是不关院门" in heard and "我，" not in heard and "春嫂，" not in heard, heard
    told = town.say("kit", "bea", "你跟春嫂说什么了？").text
    assert "老周老是不关院门" in told and "春嫂，老周" not in told, told


def test_what_they_said_to_me_of_themselves_is_what_they_told_me(tmp_path: Path) -> None:
    """"What did Cal tell you?" was "Cal hasn't told me anything." though Cal's own words to Bea were a say beat."""
    town = town_of(tmp_path, WORLD.format(**EN), 4)
    said = town.say("kit", "bea", "What did Cal tell you?").text
    assert "mend my fence" in said and "hasn't told me" not in said, said
    town = town_of(tmp_path, WORLD.format(**ZH), 4, name="zh.yaml")
    said = town.say("kit", "bea", "老周跟你说什么了？").text
    assert "篱笆" in said and "没跟我说过" not in said, said
