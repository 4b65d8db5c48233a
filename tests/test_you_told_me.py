""""What did I tell you about Mabel?" / 我跟你说过刘婶什么？ is answered with the asker's own words and nothing else
(Rowan said "Hm. Where to start. You told me that Between me and me, I think Mabel made the whole thing up ...
I mixed up two jars ...": the confiding opener kept in the quote, and the day's story after it); 悄悄跟你说 is a
confidence (it was "是吗？", the words kept public)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.small_world import town_of
from tests.test_sorry_asked import EN, ZH
from townsfolk.memory.privacy import asks_to_keep_secret


def test_the_confiding_opener_is_not_kept_as_what_was_said(tmp_path: Path) -> None:
    town = town_of(tmp_path, EN, 3)
    town.say("wren", "rowan", "Between you and me, I think Mabel made the whole thing up.")
    held = [b for b in town.memory.beliefs.values() if b.holder == "rowan" and b.claim.said_by == "wren"]
    assert held and all("Between" not in (b.claim.quote or "") for b in held), [b.claim.quote for b in held]


@pytest.mark.parametrize(("text", "player", "npc", "secret", "ask", "want", "not_said"), [
    (EN, "wren", "rowan", "Between you and me, I think Mabel made the whole thing up.",
     "What did I tell you about Mabel?", "you think Mabel made the whole thing up", ("Between", "jars")),
    (ZH, "ke", "amu", "悄悄跟你说，我觉得刘婶是故意的。", "我跟你说过刘婶什么？", "你觉得刘婶是故意的", ("悄悄", "锯短")),
])
def test_what_i_told_you_is_my_words_alone(tmp_path: Path, text: str, player: str, npc: str, secret: str, ask: str,
                                           want: str, not_said: tuple[str, ...]) -> None:
    town = town_of(tmp_path, text, 3)
    town.say(player, npc, secret)
    said = town.say(player, npc, ask).text
    assert want in said and not any(w in said for w in not_said), said


@pytest.mark.parametrize(("text", "player", "npc", "ask", "want"), [
    (EN, "wren", "rowan", "What did I tell you about Gideon?", ("haven't told me anything about Gideon",
                                                                 "Nothing about Gideon")),
    (ZH, "ke", "amu", "我跟你说过老周什么？", ("你没跟我提过", "你没跟我说过老周")),
])
def test_nothing_told_is_said_so(tmp_path: Path, text: str, player: str, npc: str, ask: str,
                                 want: tuple[str, ...]) -> None:
    said = town_of(tmp_path, text, 3).say(player, npc, ask).text
    assert any(w in said for w in want), said


@pytest.mark.parametrize("line", ["悄悄跟你说，我觉得刘婶是故意的。", "偷偷告诉你，老周欠了债。", "私下跟你讲，阿木想走。"])
def test_a_whisper_is_a_confidence(line: str) -> None:
    assert asks_to_keep_secret(line)
