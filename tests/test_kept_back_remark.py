"""An honest NPC does not deny a remark it made in private (newcomer N-32): Hal told Ruth in
private "Bea's shoeing lamed that pony"; asked "Did you tell anyone about Bea's shoeing?" he said
"That's not true; I didn't tell anyone". Now he keeps it back without lying, in en and zh; an NPC
that said nothing still says no."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.my_tellings import KEPT_BACK

WORLDS = {
    "en": ({"hal": {"name": "Hal", "role": "country vet", "traits": {"candour": 0.9}},
            "ruth": {"name": "Ruth", "role": "vet's nurse"}, "bea": {"name": "Bea", "role": "farrier"}},
           {"speaker": "hal", "to": "ruth", "about": "bea", "text": "Bea's shoeing lamed that pony. Poor work."},
           "Did you tell anyone about Bea's shoeing?"),
    "zh": ({"laochen": {"name": "老陈", "role": "兽医", "traits": {"candour": 0.9}},
            "afang": {"name": "阿芳", "role": "帮手"}, "tiejiang": {"name": "铁匠", "role": "铁匠"}},
           {"speaker": "laochen", "to": "afang", "about": "tiejiang", "text": "铁匠钉的马掌把那匹小马弄瘸了，活儿太糙。"},
           "你跟别人说过铁匠钉马掌的事吗？"),
}


def _ask(lang: str, private: bool | None) -> str:
    cast, said, question = WORLDS[lang]
    timeline = [] if private is None else [{"at": 0, "say": {**said, "private": private}}]
    town = Town.from_scenario({"scenario": "vet", "language": lang, "seed": 1, "start": "2026-05-11T07:00",
                               "tick": "1h", "place": "surgery", "timeline": timeline,
                               "characters": {**cast, "sam": {"name": "Sam", "player": True}}})
    return town.say("sam", said["speaker"], question).text


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_private_remark_is_kept_back_not_denied(lang):
    text = _ask(lang, True)
    assert any(text.endswith(k) for k in KEPT_BACK[lang]), text
    assert "not true" not in text and "没有" not in text and "不是我" not in text
    assert "lamed" not in text and "弄瘸" not in text  # and the remark itself is not repeated


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_with_no_remark_made_the_answer_is_still_no(lang):
    assert not any(k in _ask(lang, None) for k in KEPT_BACK[lang])
