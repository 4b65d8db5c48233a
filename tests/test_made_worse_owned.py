"""A spreader asked why it made a rumour harsher answers from what the timeline marks its retelling as
(agents/voice.py `_answer_for_my_words`, agents/my_tellings.py MADE_WORSE), en and zh: Nell passed on
"Martha says Tom is always careless" (generalised) and, asked why she made it sound worse, said "I just said
what I'd been told; I didn't make it up". Now a defensive teller excuses itself and a candid one owns up; a
retelling told as it was heard is still defended, or regretted without a "too strong"."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.voice_phrases import PHRASES


def _spec(seed: int, lang: str, candour: float) -> dict:
    nell = {"role": "seamstress", "traits": {"candour": candour, "exaggeration": 0.9, "mischief": 0.1}}
    if lang == "en":
        cast = {"martha": {"name": "Martha", "role": "baker"}, "tom": {"name": "Tom", "role": "miller"},
                "nell": {"name": "Nell", **nell}, "jem": {"name": "Jem", "role": "innkeeper"},
                "p": {"name": "Jun", "player": True}}
        said = "Tom sent the wrong flour. Careless, that man."
    else:
        cast = {"martha": {"name": "王婶", "role": "做馒头的"}, "tom": {"name": "老李", "role": "磨坊的"},
                "nell": {"name": "周婆", **nell}, "jem": {"name": "刘掌柜", "role": "客栈掌柜"},
                "p": {"name": "阿远", "player": True}}
        said = "老李送错了面粉，马马虎虎的。"
    return {"scenario": "Flour", "language": lang, "seed": seed, "start": "2026-04-14T05:00", "tick": "30m",
            "characters": cast,
            "relationships": [{"from": "nell", "to": "martha", "kind": "neighbour", "strength": 0.7, "mutual": True},
                              {"from": "nell", "to": "jem", "kind": "neighbour", "strength": 0.7, "mutual": True}],
            "timeline": [{"at": 1, "say": {"speaker": "martha", "to": "nell", "about": "tom", "text": said}},
                         {"at": 2, "gossip": {"teller": "nell", "to": "jem", "about": "tom"}}]}


WHY = {"en": "Why did you make it sound worse?", "zh": "你为什么把话说得那么重？"}


def _asked(seed: int, lang: str, candour: float) -> tuple[str, str]:
    town = Town.from_scenario(_spec(seed, lang, candour))
    town.advance(3)
    retell = next(f for f in town.sim.world.facts._facts.values() if f.kind == "retell")
    return retell.meta["distortion"], town.say("p", "nell", WHY[lang]).text


def _led_by(said: str, lang: str, key: str) -> bool:
    return said.startswith(tuple(PHRASES[lang][key]))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("seed", [0, 4])  # intensified, generalised
def test_made_worse_is_excused_or_owned_never_denied(lang: str, seed: int) -> None:
    distortion, said = _asked(seed, lang, candour=0.2)
    assert distortion in ("intensify", "generalise")
    assert _led_by(said, lang, "words_worse_excuse") and not _led_by(said, lang, "words_defend"), said
    distortion, said = _asked(seed, lang, candour=0.9)
    assert _led_by(said, lang, "words_worse_owned"), said


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_told_as_heard_is_defended_or_regretted_without_too_strong(lang: str) -> None:
    distortion, said = _asked(3, lang, candour=0.2)
    assert distortion == "faithful" and _led_by(said, lang, "words_defend"), said
    distortion, said = _asked(3, lang, candour=0.9)
    assert _led_by(said, lang, "words_as_heard_regret") and not _led_by(said, lang, "words_regret"), said
