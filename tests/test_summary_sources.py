"""A summary names the source of the thing it keeps: what the holder saw is not "X told me" because
someone else told them something else about the same person; and a bad report beside a good deed
is a mixed stretch, not "nothing special" (the reply says so too)."""

from __future__ import annotations

from townsfolk.memory.consolidation import SummaryDraft, offline_summary
from townsfolk.sim.playback import play
from townsfolk.sim.scenario import parse_scenario

EN = """
scenario: The baker's shutters
language: en
seed: 2
characters:
  nell: {name: Nell, role: baker}
  cy: {name: Cy, role: carter}
  rafe: {name: Rafe, role: joiner}
  guest: {name: Guest, player: true}
relationships:
  - {from: nell, to: rafe, kind: neighbour, strength: 0.6}
timeline:
  - {at: 1, say: {speaker: cy, to: nell, about: rafe, text: "Rafe was rude to the priest."}}
  - {at: 2, meet: [nell, rafe]}
  - {at: 3, happen: {what: "Rafe fixed Nell's shutters", actor: rafe, witnesses: [nell], valence: 0.6}}
  - {at: 4, ask: {player: guest, npc: nell, text: "What do you think of Rafe?"}}
"""

ZH = """
scenario: 豆腐坊的门
language: zh
seed: 2
characters:
  liusao: {name: 刘嫂, role: 豆腐坊}
  dashan: {name: 大山, role: 挑夫}
  amu: {name: 阿木, role: 木匠}
  ke: {name: 客人, player: true}
relationships:
  - {from: liusao, to: amu, kind: neighbour, strength: 0.6}
timeline:
  - {at: 1, say: {speaker: dashan, to: liusao, about: amu, text: 阿木对教书先生很没礼貌}}
  - {at: 2, meet: [liusao, amu]}
  - {at: 3, happen: {what: 阿木帮刘嫂修好了门, actor: amu, witnesses: [liusao], valence: 0.6}}
  - {at: 4, ask: {player: ke, npc: liusao, text: 你觉得阿木怎么样？}}
"""


def _summary_and_reply(text: str, holder: str) -> tuple[str, str]:
    result = play(parse_scenario(text))
    summaries = [s for s in result.sim.memory.summaries.values() if s.holder == holder]
    assert summaries, [e.text for e in result.log]
    return summaries[0].text, result.log[[e.kind for e in result.log].index("reply")].text


def test_a_deed_seen_is_not_sourced_to_another_teller_en() -> None:
    summary, reply = _summary_and_reply(EN, "nell")
    assert "fixed my shutters" in summary and "Cy told me" not in summary, summary
    assert "mixed" in summary and "nothing special" not in summary, summary
    assert "shutters (Cy" not in reply and "quiet lately" not in reply and "up and down" in reply, reply


def test_a_deed_seen_is_not_sourced_to_another_teller_zh() -> None:
    summary, reply = _summary_and_reply(ZH, "liusao")
    assert "修好了门" in summary and "大山跟我说的" not in summary, summary
    assert "有好有坏" in summary and "平平常常" not in summary, summary
    assert "大山跟我说的" not in reply and "有好有坏" in reply, reply


def test_the_teller_of_the_kept_thing_stays_and_others_told_it_too() -> None:
    told = SummaryDraft(holder="a", about="c", about_name="Cal", language="en", days=0.1,
                        texts=['Fay told me: "Cal cheated at cards"', "Cal waved", "I saw Cal cheat at cards"],
                        valences=[-0.6, 0.1, -0.5], things=["f1", "f2", "f1"], tellers=["Fay"],
                        told=["Fay", "", ""])
    assert offline_summary(told).count("Fay") == 1  # named in the words, not again
    seen = told.model_copy(update={"texts": ["I saw Cal cheat at cards", "Cal waved", 'Gil told me: "Cal cheated"'],
                                   "valences": [-0.6, 0.1, -0.5], "things": ["f1", "f2", "f1"],
                                   "tellers": ["Gil"], "told": ["", "", "Gil"]})
    assert offline_summary(seen).endswith("(Gil told me too)"), offline_summary(seen)
    other = seen.model_copy(update={"things": ["f1", "f2", "f3"]})  # Gil told of another thing
    assert "Gil" not in offline_summary(other), offline_summary(other)
