"""What NPCs answer, from a newcomer's play of a schooner (en) and a 戏班 (zh), session 18.

"这话是谁跟你说的？" got "这个我说不上来。" though 老陆 told him; "Where did you hear that Rourke thinks you
are careless?" got "I saw it with my own eyes." (his own careless slip shared one word); a compliment
got small talk or an apology; the one who said or spread the words, asked of them, said it knew
nothing; "What do you do aboard?" and "你跟谁学的戏？" were not known; a player's word for Tom was said
back in Chinese only; a report was quoted inside a quote, and a designer's gloss read out.
"""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.praise import is_praise
from townsfolk.agents.voice_phrases import PHRASES


def _crew(language: str) -> dict:  # type: ignore[type-arg]
    """A bosun says the mate is careless, a tale-teller passes it on bigger, the mate cools."""
    zh = language == "zh"
    n = {"boss": "老韩" if zh else "Hale", "said": "小翠" if zh else "Rourke", "heard": "阿虎" if zh else "Pike",
         "teller": "老陆" if zh else "Finn", "cook": "刘婶" if zh else "Ada"}
    return {
        "scenario": "戏班" if zh else "Kestrel", "language": language, "seed": 7, "start": "2026-09-10T09:00",
        "tick": "30m", "place": "后台" if zh else "the deck",
        "characters": {
            "boss": {"name": n["boss"], "role": "班主" if zh else "master of the schooner"},
            "said": {"name": n["said"], "role": "花旦" if zh else "bosun", "traits": {"candour": 0.8}},
            "heard": {"name": n["heard"], "role": "武生" if zh else "first mate", "traits": {"candour": 0.6}},
            "teller": {"name": n["teller"], "role": "琴师" if zh else "deckhand",
                       "traits": {"candour": 0.2, "exaggeration": 0.9, "mischief": 0.3}},
            "cook": {"name": n["cook"], "role": "管戏箱的" if zh else "ship's cook"},
            "p": {"name": "周先生" if zh else "Juno", "player": True}},
        "relationships": [{"from": "boss", "to": "heard", "kind": "mentor", "strength": 0.8},
                          {"from": "said", "to": "heard", "kind": "colleague", "strength": 0.8, "mutual": True},
                          {"from": "teller", "to": "heard", "kind": "acquaintance", "strength": 0.5, "mutual": True},
                          {"from": "cook", "to": "p", "kind": "friend", "strength": 0.8, "mutual": True}],
        "timeline": [
            {"at": 1, "happen": {"what": ("阿虎练功时不小心把小翠的戏服扯破了" if zh else
                                          "Pike set the wrong heading in the night and lost half a day: a careless slip"),
                                 "actor": "heard", "witnesses": ["said"], "valence": -0.3}},
            {"at": 2, "say": {"speaker": "said", "to": "teller", "about": "heard",
                              "text": "阿虎又把我的戏服弄坏了，真是马虎" if zh else "Pike set the wrong heading again. Careless."}},
            {"at": 3, "gossip": {"teller": "teller", "to": "heard", "about": "said"}}],
    }


def _town(language: str) -> Town:
    town = Town.from_scenario(_crew(language))
    town.advance(4)
    return town


@pytest.mark.parametrize("language", ["zh", "en"])
def test_who_told_you_names_the_teller_in_both_languages(language: str) -> None:
    town = _town(language)
    if language == "zh":
        for q in ("这话是谁跟你说的？", "谁告诉你的？", "你听谁说的？"):
            said = town.say("p", "heard", q).text
            assert "老陆" in said, (q, said)
    else:
        said = town.say("p", "heard", "Where did you hear that Rourke thinks you are careless?").text
        assert "Finn" in said and "own eyes" not in said and "myself" not in said, said


@pytest.mark.parametrize("language", ["zh", "en"])
def test_a_compliment_is_thanked(language: str) -> None:
    town = _town(language)
    q = "刘婶，你的手艺真好！" if language == "zh" else "You're a fine cook, Ada!"
    said = town.say("p", "cook", q).text
    thanks = [p for k in ("praised_warm", "praised", "praised_cool") for p in PHRASES[language][k]]
    assert said in thanks, said
    q = "阿虎，你的功夫真好！" if language == "zh" else "Your charts are beautiful, Pike."
    assert town.say("p", "heard", q).text in thanks


@pytest.mark.parametrize(("text", "language", "praise"), [
    ("你好！", "zh", False), ("你好好想想", "zh", False), ("你的功夫真好吗？", "zh", False), ("你唱得真好听！", "zh", True),
    ("You're a loose-tongued fool, Finn.", "en", False), ("You're not a good cook.", "en", False),
    ("Is your stew good?", "en", False), ("Well done, Ada.", "en", True),
])
def test_what_is_praise(text: str, language: str, praise: bool) -> None:
    assert is_praise(text, language) is praise


@pytest.mark.parametrize("language", ["zh", "en"])
def test_the_one_who_said_it_answers_for_its_words(language: str) -> None:
    zh = language == "zh"
    town = _town(language)
    owned = town.say("p", "said", "阿虎说你说他马虎，你说过吗？" if zh else "Pike thinks you called him careless. Did you?").text
    assert owned.startswith(tuple(PHRASES[language]["words_owned"])), owned  # candid: owns up, then what was said
    assert ("老陆" in owned) if zh else ("Finn" in owned), owned
    why = town.say("p", "teller", "你为什么把话说得那么难听？" if zh else "Why did you make it sound worse than it was?").text
    # not candid: defensive; the teller did tell it harsher than she heard it, so she excuses the addition
    assert why.startswith(tuple(PHRASES[language]["words_worse_excuse"])), why
    assert ("阿虎" in why) if zh else ("Pike" in why), why
    if not zh:
        told = town.say("p", "teller", "You shouldn't spread stories about people.").text
        assert told.startswith(tuple(PHRASES[language]["words_defend"] + PHRASES[language]["words_worse_excuse"])), told


@pytest.mark.parametrize("language", ["zh", "en"])
def test_role_and_master_questions_are_answered_from_the_world(language: str) -> None:
    zh = language == "zh"
    town = _town(language)
    work = town.say("p", "cook", "你在班里做什么？" if zh else "What do you do aboard?").text
    assert ("管戏箱的" in work) if zh else ("ship's cook" in work), work
    master = town.say("p", "heard", "你跟谁学的戏？" if zh else "Who taught you?").text
    assert ("老韩" in master) if zh else ("Hale" in master), master
    if zh:
        play = town.say("p", "heard", "你今晚唱哪出？").text
        assert "武生" in play and "说不上来" not in play, play


def test_a_report_is_not_quoted_nor_a_gloss_read_out() -> None:
    town = _town("en")
    said = town.say("p", "heard", "Why are you so cold to Rourke these days?").text
    assert "‘" not in said and "'Rourke" not in said, said
    assert "careless slip" not in said, said


@pytest.mark.parametrize("language", ["zh", "en"])
def test_a_players_word_for_someone_is_said_back_when_asked_of_them(language: str) -> None:
    """After a player vouched for Tom, "What do you think of Tom?" said only "Tom and I serve together."
    (the name too short for the word match), while 小何 brought the player's word back."""
    zh = language == "zh"
    town = Town.from_scenario({
        "scenario": "药铺" if zh else "bakery", "language": language, "seed": 5, "start": "2026-05-02T08:00",
        "tick": "1h", "place": "x",
        "characters": {"zhang": {"name": "张嫂" if zh else "Martha"}, "li": {"name": "李掌柜" if zh else "Bram"},
                       "he": {"name": "小何" if zh else "Tom"}, "p": {"name": "阿远" if zh else "Robin", "player": True}},
        "relationships": [{"from": "li", "to": "he", "kind": "colleague", "strength": 0.6, "mutual": True},
                          {"from": "li", "to": "p", "kind": "friend", "strength": 0.8, "mutual": True}],
        "timeline": [{"at": 0, "happen": {"what": "小何抓药时把当归和独活弄混了" if zh else "Tom spoiled the dough",
                                          "actor": "he", "witnesses": ["zhang"], "valence": -0.4}},
                     {"at": 1, "tell": {"speaker": "zhang", "to": "li", "about": "he",
                                        "text": "小何是故意抓错药的" if zh else "Tom spoiled the dough on purpose"}}]})
    town.advance(3)
    town.say("p", "li", "张嫂说小何故意抓错药，那不是真的，他只是太累了" if zh else
             "Martha says Tom spoiled the dough on purpose, but that isn't true, he was just exhausted.")
    said = town.say("p", "li", "你觉得小何这人怎么样？" if zh else "What do you think of Tom?").text
    assert ("太累" in said) if zh else ("exhausted" in said), said


def test_my_own_name_in_a_nested_report_is_me() -> None:
    """阿虎 said "刘婶跟我说小翠说阿虎又把……" of himself; his name in the words he reports is 我 (not in a
    quotation, a name called, or the name he gives)."""
    from townsfolk.agents.llm.protocol import GroundingItem, LLMRequest, Message
    from townsfolk.agents.voice import compose, own_name_as_me

    told = "小翠说阿虎又把她的戏服弄坏了"
    g = GroundingItem(kind="belief", id="b1", about="ahu", text=told, valence=-0.4,
                      meta={"source": "told", "teller_name": "刘婶", "claim_text": told, "about_name": "我"})
    req = LLMRequest(task="reply", language="zh", speaker="阿虎", listener="周先生", grounding=[g],
                     messages=[Message(role="user", content="你最近怎么了？")],
                     meta={"act": "answer", "asker": "zhou", "variation": 1})
    said = compose(req)
    assert "小翠说我又把" in said and "阿虎" not in said, said
    assert own_name_as_me("小翠跟我说：“阿虎又弄坏了”", "阿虎") == "小翠跟我说：“阿虎又弄坏了”"
    assert own_name_as_me("阿虎，你来。我叫阿虎。大家都叫我阿虎。", "阿虎") == "阿虎，你来。我叫阿虎。大家都叫我阿虎。"
