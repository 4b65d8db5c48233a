"""'Is it true you left a frayed rope?' asked of the one who did it is answered from the deed, owned, not
from the tale of it ("I couldn't swear to it; I only have it from Pip": a newcomer's circus, N-3); asked of
the one who saw it, from what they saw."""

from __future__ import annotations

import pytest

from tests.ring_world import ring
from townsfolk import Town


def _town(lang: str) -> Town:
    zh = lang == "zh"
    town = Town.from_scenario(ring(lang, timeline=[{"at": 1, "happen": {"what": "阿全在台上把鼓点打乱了" if zh else "Alan left a frayed rope on the trapeze rig",
                                          "actor": "alan", "witnesses": ["ines"], "valence": -0.3}},
                     {"at": 2, "say": {"speaker": "ines", "to": "pip", "about": "alan",
                                       "text": "阿全在台上把鼓点打乱了，有点马虎。" if zh else
                                       "Alan left a frayed rope on my rig. A bit careless today."}},
                     {"at": 3, "gossip": {"teller": "pip", "to": "alan", "about": "ines"}}]))
    town.advance(4)
    return town


@pytest.mark.parametrize(("lang", "question", "owned"), [
    ("en", "Is it true you left a frayed rope?", "It's true, I'll own it."),
    ("zh", "你把鼓点打乱了是真的吗？", "是真的，这事是我不对。")])
def test_my_own_deed_asked_if_true_is_owned(lang: str, question: str, owned: str) -> None:
    assert _town(lang).say("sam", "alan", question).text == owned


@pytest.mark.parametrize(("lang", "question", "saw"), [
    ("en", "Is it true Alan left a frayed rope?", "I saw it myself"), ("zh", "阿全把鼓点打乱了是真的吗？", "亲眼")])
def test_the_witness_answers_from_what_it_saw(lang: str, question: str, saw: str) -> None:
    assert saw in _town(lang).say("sam", "ines", question).text
