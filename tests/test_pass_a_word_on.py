"""Asked to pass a word on, the NPC says it will (newcomer N-24b): Hattie asked "Will you tell Silas that?"
said "I can't help you with that myself, I'm afraid. Try asking around." (flat: she is the one who can). Now a
word to pass on to someone of the world is promised, warmly or coolly by the NPC's warmth; en and zh."""

from __future__ import annotations

import pytest

from townsfolk import Town


def _town(lang: str) -> Town:
    zh = lang == "zh"
    return Town.from_scenario({"scenario": "gate", "language": lang, "seed": 11, "start": "2026-09-07T07:00", "tick": "1h",
                               "characters": {"hattie": {"name": "柳娘" if zh else "Hattie", "role": "摆茶摊的" if zh else "baker"},
                                              "silas": {"name": "石头" if zh else "Silas", "role": "镖师" if zh else "grocer"},
                                              "p": {"name": "过路客" if zh else "Rowan", "player": True}}})


@pytest.mark.parametrize("lang,asked", [("en", "Will you tell Silas that?"), ("en", "Could you let Silas know?"),
                                        ("zh", "你能跟石头说一声吗？"), ("zh", "帮我告诉石头一声吧。")])
def test_a_word_to_pass_on_is_promised(lang: str, asked: str) -> None:
    said = _town(lang).say("p", "hattie", asked).text
    assert ("Silas" in said or "石头" in said) and "can't" not in said and "帮不上" not in said, said


def test_a_story_asked_is_no_word_to_pass_on() -> None:
    said = _town("en").say("p", "hattie", "Will you tell me a story?").text
    assert "when I see" not in said and "hear it from me" not in said, said
