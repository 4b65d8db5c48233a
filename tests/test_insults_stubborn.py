"""你这个老顽固 / "You stubborn old mule!" are names of abuse (newcomer K-12: small talk, "今天还算清闲"): the
NPC answers the insult."""

from __future__ import annotations

import pytest

from townsfolk.agents.rude_reply import is_insult as insulted


@pytest.mark.parametrize(("text", "lang"), [("你这个老顽固。", "zh"), ("你真是个铁公鸡", "zh"), ("你个死脑筋！", "zh"),
                                            ("You stubborn old mule!", "en"), ("You cheapskate.", "en")])
def test_stubborn_and_stingy_are_insults(text: str, lang: str) -> None:
    assert insulted(text, lang), text


@pytest.mark.parametrize(("text", "lang"), [("他是个老顽固", "zh"), ("Did you see the mule?", "en")])
def test_not_at_me(text: str, lang: str) -> None:
    assert not insulted(text, lang), text
