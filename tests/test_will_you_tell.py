""""你会告诉别人吗？" / "Will you tell anyone?" after a confidence asks whether it will be kept (newcomer K-29:
"这事我没听说过" and the errand decline "I can't help you with that myself"): the promise answers it, alone."""

from __future__ import annotations

from pathlib import Path

from townsfolk import Town
from townsfolk.memory.privacy import asks_if_kept, asks_to_keep_secret

WORLD = """
scenario: confidences
language: {lang}
characters:
  erzhu: {{name: {npc}, role: {role}}}
  ke: {{name: {player}, player: true}}
"""


def test_asked_if_kept() -> None:
    for text in ("你会告诉别人吗？", "二柱，你不会跟别人说吧？", "Will you tell anyone?", "You won't tell anyone, will you?"):
        assert asks_to_keep_secret(text) and asks_if_kept(text), text
    assert not asks_if_kept("Will you tell anyone what Dorrit did?")


def test_promise_alone(tmp_path: Path) -> None:
    for lang, npc, role, player, confide, ask in (
            ("zh", "二柱", "学徒", "过客", "二柱，别告诉别人，我觉得胖婶是个长舌妇。", "你会告诉别人吗？"),
            ("en", "Jasper", "bookbinder", "Quill", "Keep this between us, but I think Dorrit is a gossip.",
             "Will you tell anyone?")):
        path = tmp_path / f"{lang}.yaml"
        path.write_text(WORLD.format(lang=lang, npc=npc, role=role, player=player), encoding="utf-8")
        town = Town.from_scenario(path)
        town.advance(1)
        town.say("ke", "erzhu", confide)
        said = town.say("ke", "erzhu", ask).text
        assert not any(w in said for w in ("没听说", "can't help", "asking around", "Try asking")), said
        assert any(w in said for w in ("不会", "不说", "不往外", "myself", "promise", "Not a word", "safe with me", "between us", "stays with me")), said
