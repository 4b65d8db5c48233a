"""A generalised claim reads as a habit in both languages: no "一向…了", no past tense after "always"."""

from __future__ import annotations

import re

from townsfolk.memory.claims import PREDICATES, Claim, render_claim
from townsfolk.memory.generalised import habitual_en, habitual_zh

NAMES = {"yd": "闫德", "tom": "Tom"}
PAST_AFTER_ALWAYS = re.compile(r"(?<!is )\balways (?:\w+ed|stole|gave|did|broke|had|got|kept|made|paid|fell|left|held|lost)\b")


def _said(key: str, lang: str) -> str:
    who = "yd" if lang == "zh" else "tom"
    return render_claim(Claim(about=who, predicate=key, severity=0.3, generalised=True), NAMES, lang)


def test_every_predicate_generalised_reads_as_a_habit() -> None:
    for key in PREDICATES:
        zh, en = _said(key, "zh"), _said(key, "en")
        habit = re.search(r"(?:一向|总是|总|老是|一直)(.*)", zh)
        assert habit is None or "了" not in habit.group(1), (key, zh)
        assert not PAST_AFTER_ALWAYS.search(en), (key, en)
        assert "always always" not in en and "is is" not in en, (key, en)


def test_theft_generalised() -> None:
    assert _said("theft", "zh") == "闫德手脚一向不干净"
    assert _said("theft", "en") == "Tom is always stealing"
    assert render_claim(Claim(about="yd", predicate="theft", severity=0.3), NAMES, "zh") == "闫德偷了东西"


def test_a_scenario_predicate_gets_a_habit_by_rule() -> None:
    assert habitual_zh("bell_ringing", "敲了钟") == "总是敲钟"
    assert habitual_en("nets", "mended the nets") == "always mends the nets"
    assert habitual_en("gossip2", "apologised to everyone") == "always apologises to everyone"
    assert habitual_en("loud", "was loud") == "is always loud"
