"""A failed `predicate:` check says the predicate it wanted and the one each found belief has:
two checks that differ only in `predicate:` printed the same line, whose "found" belief plainly met
the words shown, so the failure read as nonsense (newcomer K-10), in English and in Chinese."""

from __future__ import annotations

from townsfolk.sim.playback import play
from townsfolk.sim.scenario import parse_scenario

EN = """
scenario: The almanac
language: en
seed: 7
characters:
  agatha: {name: Agatha}
  milo: {name: Milo}
timeline:
  - {at: 1, happen: {what: "Milo set the almanac page upside down", actor: milo, witnesses: [agatha], valence: -0.3}}
expect:
  - {at: 1, belief: {holder: agatha, about: milo, predicate: work_badly}}
  - {at: 1, belief: {holder: agatha, about: milo, predicate: mishap, max_hops: 2}}
"""
ZH = """
scenario: 酒坊
language: zh
seed: 3
characters:
  qian: {name: 钱师傅}
  erzhu: {name: 二柱}
timeline:
  - {at: 1, happen: {what: 二柱没把酒缸封好，一缸米酒放酸了, actor: erzhu, witnesses: [qian], valence: -0.3}}
expect:
  - {at: 1, belief: {holder: qian, about: erzhu, predicate: work_badly}}
"""


def _failed(text: str, holder: str, about: str) -> tuple[list[tuple[str, str]], str]:
    """The failed checks (said, found) and the predicate the holder's one belief really has."""
    result = play(parse_scenario(text))
    [belief] = result.sim.memory.beliefs_of(holder, about, held_only=False)
    return [(r.description, r.found) for r in result.results if not r.ok], belief.claim.predicate


def test_each_failed_predicate_check_names_the_predicate_wanted_and_found() -> None:
    [(desc0, found0), (desc1, found1)], have = _failed(EN, "agatha", "milo")
    assert have not in ("work_badly", "mishap")
    assert "predicate work_badly" in desc0 and "predicate mishap" in desc1 and "hops <= 2" in desc1
    assert desc0 != desc1
    assert f"({have})" in found0 and f"({have})" in found1


def test_a_chinese_world_says_it_in_chinese() -> None:
    [(desc, found)], have = _failed(ZH, "qian", "erzhu")
    assert "谓词 work_badly" in desc
    assert f"（谓词 {have}）" in found
