""""Glad the bell is back, Owen." is met in kind, with the NPC's newest memory of the bell (newcomer N-22).

It got "Here's some news: I took the school bell down from its post without asking anyone.": the
oldest deed, as news, though he had since brought it back mended.
"""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.glad_remark import AGREE, glad_thing


def _bell(language: str) -> dict:  # type: ignore[type-arg]
    """The caretaker takes the bell down, then brings it back mended."""
    zh = language == "zh"
    return {
        "scenario": "学堂" if zh else "The school", "language": language, "seed": 5, "start": "2026-05-02T07:00",
        "tick": "30m", "place": "学堂" if zh else "the schoolyard",
        "characters": {
            "ada": {"name": "严先生" if zh else "Ada", "role": "教书先生" if zh else "schoolmistress"},
            "owen": {"name": "老周" if zh else "Owen", "role": "杂役" if zh else "caretaker"},
            "p": {"name": "新来的" if zh else "Rowan", "player": True}},
        "relationships": [{"from": "ada", "to": "owen", "kind": "colleague", "strength": 0.7, "mutual": True}],
        "timeline": [
            {"at": 1, "happen": {"what": "老周没跟人说一声就把学堂的钟摘了下来" if zh else
                                 "Owen took the school bell down from its post without asking anyone",
                                 "actor": "owen", "witnesses": ["ada"], "valence": -0.1}},
            {"at": 6, "happen": {"what": "老周把修好的钟从铁匠铺拿回来挂上了" if zh else
                                 "Owen brought the school bell back from the smithy, mended and polished",
                                 "actor": "owen", "witnesses": ["ada"], "valence": 0.4}}]}


@pytest.mark.parametrize("language", ["en", "zh"])
def test_glad_the_thing_is_back_is_agreed_with_my_newest_memory_of_it(language: str) -> None:
    zh = language == "zh"
    town = Town.from_scenario(_bell(language))
    town.advance(8)
    text = town.say("p", "owen", "老周，钟修好了，真好。" if zh else "Glad the bell is back, Owen.").text
    assert text.startswith(tuple(AGREE[language])), text
    assert ("摘了下来" if zh else "took the school bell down") not in text, text
    if not zh:  # zh: the context holds no memory of the bell for this remark yet (no word of it is shared)
        assert "mended" in text, text


def test_glad_reading() -> None:
    assert glad_thing("Glad the bell is back, Owen.", "en") == "bell"
    assert glad_thing("Good to see the bell fixed.", "en") == "bell"
    assert glad_thing("钟又挂回去了，真好。", "zh") == "钟"
    assert glad_thing("I'm glad you came.", "en") is None
    assert glad_thing("Is the bell back?", "en") is None
