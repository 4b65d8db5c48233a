"""Words said to the NPC about itself, not questions of fact (the newcomer's glass and post-house worlds):
a plea for secrecy is promised, and a confidence gets the promise and nothing after it; comfort is
thanked; "Are you all right?" / "你还好吗？" is answered with how the NPC is; a name of abuse called at
the NPC ("you clumsy oaf", "你这个长舌头") is an insult; "What's the gossip?" asks for news; "多保重" and
"我走了，保重" take leave."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.intent import detect_intents, kinds_of
from townsfolk.agents.rude_reply import _LINES as RUDE
from townsfolk.agents.rude_reply import is_insult
from townsfolk.agents.secrecy import PROMISES
from townsfolk.agents.small_talk import ANSWERS
from townsfolk.agents.voice_phrases import PHRASES

EN = {"scenario": "Furnace Row", "language": "en", "seed": 23, "start": "2026-10-02T09:00", "tick": "1h",
      "characters": {"orla": {"name": "Orla", "role": "glassblower"}, "brin": {"name": "Brin", "role": "apprentice"},
                     "mira": {"name": "Mira", "player": True}, "tal": {"name": "Tal", "player": True}}}
ZH = {"scenario": "驿站", "language": "zh", "seed": 23, "start": "2026-10-02T09:00", "tick": "1h",
      "characters": {"laohei": {"name": "老黑", "role": "马夫"}, "xiaohu": {"name": "小虎", "role": "学徒"},
                     "yun": {"name": "云娘", "player": True}}}


def _pool(lang: str, topic: str) -> list[str]:
    return [line for tone in ANSWERS[lang][topic].values() for line in tone]


@pytest.mark.parametrize(("spec", "player", "npc", "text"), [
    (EN, "mira", "orla", "You won't tell anyone, will you?"), (ZH, "yun", "laohei", "你不会告诉别人吧？"),
    (ZH, "yun", "laohei", "你不会说出去吧？"),
])
def test_a_plea_for_secrecy_is_promised(spec: dict, player: str, npc: str, text: str) -> None:
    assert Town.from_scenario(spec).say(player, npc, text).text in PROMISES[spec["language"]]


@pytest.mark.parametrize(("spec", "player", "npc", "text"), [
    (EN, "mira", "orla", "Please keep this between us: I broke the window of the lamp shop."),
    (EN, "tal", "orla", "Can you keep a secret? I owe Corvin twenty pence and I can't pay."),
    (ZH, "yun", "laohei", "这事你千万别跟别人说：驿站马槽是我踢坏的。"),
    (ZH, "yun", "laohei", "跟你说个秘密，别告诉别人：我欠了老黑三百文，还不上。"),
])
def test_a_confidence_gets_the_promise_and_nothing_after(spec: dict, player: str, npc: str, text: str) -> None:
    said = Town.from_scenario(spec).say(player, npc, text, private=True).text
    assert said in PROMISES[spec["language"]], said


@pytest.mark.parametrize(("spec", "player", "npc", "text"), [
    (EN, "mira", "brin", "Don't worry, Brin. Everyone cracks a vase sometimes."),
    (ZH, "yun", "xiaohu", "别难过了，谁还没个疏忽的时候。"), (ZH, "yun", "xiaohu", "别难过，谁都有失手的时候"),
])
def test_comfort_is_thanked(spec: dict, player: str, npc: str, text: str) -> None:
    assert Town.from_scenario(spec).say(player, npc, text).text in _pool(spec["language"], "comfort")


@pytest.mark.parametrize(("spec", "player", "npc", "text"), [
    (EN, "tal", "orla", "You look tired. Are you all right?"), (EN, "tal", "orla", "How are you, Orla?"),
    (ZH, "yun", "laohei", "你还好吗？"), (ZH, "yun", "laohei", "老黑，你看着很累，你还好吗？"),
])
def test_are_you_all_right_is_answered_with_how_the_npc_is(spec: dict, player: str, npc: str, text: str) -> None:
    said = Town.from_scenario(spec).say(player, npc, text).text
    assert any(line in said for line in _pool(spec["language"], "self")), said


def test_asking_after_the_npc_with_someone_else_is_not_asking_how_it_is() -> None:
    said = Town.from_scenario(EN).say("tal", "orla", "Are you all right with Brin?").text
    assert not any(line in said for line in _pool("en", "self")), said


@pytest.mark.parametrize(("text", "lang"), [
    ("Brin, you clumsy oaf, you'll never be a glassblower.", "en"), ("You sly weasel.", "en"), ("You're a snake.", "en"),
    ("你这个长舌头，就会搬弄是非！", "zh"), ("你这个搬弄是非的小人！", "zh"),
])
def test_a_name_of_abuse_called_at_the_npc_is_an_insult(text: str, lang: str) -> None:
    assert is_insult(text, lang)
    spec, player, npc = (ZH, "yun", "laohei") if lang == "zh" else (EN, "tal", "brin")
    assert Town.from_scenario(spec).say(player, npc, text).text in RUDE[lang]


@pytest.mark.parametrize(("text", "lang"), [
    ("Did you see the rat in the barn?", "en"), ("Have you got a rat problem?", "en"), ("Brin says you are a rat.", "en"),
    ("你是个小人物吗？", "zh"),
])
def test_the_same_words_as_plain_words_are_no_insult(text: str, lang: str) -> None:
    assert not is_insult(text, lang)


def test_whats_the_gossip_asks_for_the_news() -> None:
    town = Town.from_scenario(EN)
    town.say("mira", "orla", "Brin cracked the blue vase this morning.")
    said = town.say("tal", "orla", "Hello Orla. What's the gossip?").text
    assert "Brin" in said and "Mira" in said, said  # the news, with its source


@pytest.mark.parametrize("text", ["老黑，我明天就走了，多保重。", "好了，我走了，保重"])
def test_a_chinese_leave_taking_is_a_farewell(text: str) -> None:
    assert "farewell" in kinds_of(detect_intents(text, "zh"))
    assert Town.from_scenario(ZH).say("yun", "laohei", text).text in PHRASES["zh"]["farewell"]


def test_how_the_npc_is_follows_its_own_mood() -> None:
    town = Town.from_scenario(EN)
    town.event("Brin cracked the blue vase", actor="brin", witnesses=["brin", "orla"], valence=-0.8)
    town.advance(1)  # the mishap weighs on Brin's mood
    said = town.say("tal", "brin", "Are you all right?").text
    assert any(line in said for line in ANSWERS["en"]["self"]["bad"]), said
