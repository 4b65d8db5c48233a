""""What did Agatha really say to you?" is the question a player asks to unpick a rumour (newcomer L-24): Bessie
answered with her own harsher retelling first ("I told Ned that Agatha thinks Ned is careless."), as if it were
Agatha's; "really" kept the question from being read as asking what Agatha told her."""

from __future__ import annotations

import pytest

from townsfolk.agents.tellings_asked import teller_asked


@pytest.mark.parametrize("question", ["What did Agatha really say to you?", "What did Agatha actually tell you?",
                                      "What did Agatha tell you?", "What has Agatha been saying to you?"])
def test_what_someone_really_said_asks_their_words_to_me(question: str) -> None:
    assert teller_asked(question, "en", ["Agatha", "Ned"]) == "Agatha"


@pytest.mark.parametrize(("question", "mine", "lang", "not_those"), [
    ("Did you tell Bessie that Ned is careless?", "Ned forgot the stove again this morning.", "en", True),
    ("Did you tell Bessie that Ned forgot the stove?", "Ned forgot the stove again this morning.", "en", False),
    ("Did you tell Bessie that Ned is careless?", "Ned is careless with the stove.", "en", False),
    ("你是不是跟刘婶说阿秀手艺差？", "阿秀这回又把绸子染花了", "zh", True),
])
def test_a_blaming_word_i_never_said_is_not_owned(question: str, mine: str, lang: str, not_those: bool) -> None:
    """Newcomer L-8: Agatha answered "I did, yes." to the word the player was tracing, though she never said it."""
    from townsfolk.agents.those_words import not_in_those_words

    assert not_in_those_words(question, mine, lang) is not_those
