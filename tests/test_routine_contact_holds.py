"""A month of friendly daily meetings holds a good impression (K-48): each weekly "nothing special"
fold pulled it toward 0 (+0.50 -> +0.29, "hard to say", confidence 1.00) and wrote the same summary
again; a stretch on the judgement's side, only milder, now holds it, and one summary stands for the
same words said week after week."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of
from tests.smithy_world import CAST_EN
from townsfolk.memory.consolidation import impression_step

MONTH = CAST_EN + """\
timeline:
  - {at: 1, happen: {what: "Tobin forged the gate hinge with a crack in it", actor: tobin, witnesses: [bram], valence: -0.3, place: the forge}}
  - {at: 2, say: {speaker: bram, to: wren, about: tobin, text: "Tobin rushed the hinge again. Careless work."}}
  - {at: 3, gossip: {teller: wren, to: hal, about: tobin}}
  - {at: 4, gossip: {teller: hal, to: tobin, about: bram}}
  - {at: 5, meet: [tobin, bram]}
  - {at: 8, mediate: {player: visitor, between: [tobin, bram]}}
  - {at: 9, meet: [tobin, bram]}
  - {at: 24, every: 24, until: 720, meet: [tobin, bram]}
"""


def test_friendly_routine_contact_holds_good_impressions(tmp_path: Path) -> None:
    town = town_of(tmp_path, MONTH, 721)
    memory = town.memory
    for holder, about, start, words in (("bram", "tobin", 0.4, "quick but hasty"), ("tobin", "bram", 0.5, "strict but fair")):
        imp = memory.impression(holder, about)
        assert imp is not None and imp.valence == pytest.approx(start) and imp.text == words, imp
        folded = [s.text for s in memory.summaries_of(holder, about) if "nothing special" in s.text]
        assert len(folded) == 1, folded  # week after week the same words: one summary, not copies
        rolled = [s for s in memory.summaries.values() if s.holder == holder and s.status == "superseded"]
        assert rolled and all(s.superseded_by for s in rolled)


def test_milder_agreeing_stretch_holds_and_the_other_way_still_moves() -> None:
    assert impression_step(0.5, 0.05, 1.0) == 0.5  # chats (target +0.15) do not wear "strict but fair" down
    assert impression_step(-0.5, -0.05, 1.0) == -0.5
    assert impression_step(0.5, -0.05, 1.0) < 0.5  # a bad stretch still tells
    assert impression_step(-0.5, 0.05, 1.0) > -0.5  # and a good one softens a grudge
    assert impression_step(0.2, 0.2, 1.0) > 0.2  # stronger on its side: it firms up


def test_a_plain_stretch_of_daily_meetings_is_not_called_quiet(tmp_path: Path) -> None:
    """ "It's been quiet with Tobin lately" said of a month of daily meetings: a plain stretch is steady."""
    town = town_of(tmp_path, MONTH, 721)
    reply = town.say("visitor", "bram", "How are things with Tobin these days?").text
    assert "quiet" not in reply and "steady" in reply, reply
