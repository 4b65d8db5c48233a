"""What NPCs answer, from newcomers' play of worlds townsfolk was not written around, session 23.

An NPC that had told Lin something, asked of it again, said "I wasn't there myself" before its own
telling; "Who is Gus?" of someone in the cast got "Can't say I know" whatever the NPC held of him;
"Were you there when it happened?" after "What happened to Dora's ledger?" did not find the ledger;
the zh tie line said 他为人 of a woman the scenario gave no word for; "My knife for a lamp?" (and
我这把刀，换你一盏油灯？) were no offer at all; "What do you charge?" of a chandler with several wares, and
a porter's fee (N-30: "What's your fee?", 你的脚钱多少？), were answered from memory, not with prices;
你怎么看周先生 after the player's denial got the denial alone, not the NPC's own view; "说来话长" (N-18) and
"Hm, a few things." led a single sentence; "Ada thinks me stole something" and "the thing me remember most"
(N-3, N-20, N-68); "What's he like?" after "Do you know Silas?" was not about Silas (N-67, N-7);
"Have you met my cousin Bertram?" and 你认识王铁匠吗？ of nobody in the world got "No idea" (N-55, N-27, N-59); "Is it true?" / 这是真的吗？ right after a story got "I haven't heard anything
about that." (C-2); 他为人年轻 (N-36: age is no 为人); 你刚才答应我什么了？ a turn after the promise
to keep a secret got 我还真不知道。 (N-52); the same greeting or lead turn after turn, and "Evening! Come in." from a pupil (N-10,
N-18 of the findings); "Where is the bell?" led in with "Hm, a few things." (N-13), a yes-or-no
with 嗯，我知道一点。, and 它 after 那匹绸子是怎么回事？ was nothing (N-65); "Who helped you sort it out?" of the one
who did got a recap (N-21, N-39); 她也不是有心的 (of the teller just named) was no plea (N-39); 久仰大名 was met with 今天还算清闲 (N-36).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from townsfolk import Town
from townsfolk.agents.barter import read_offer
from townsfolk.agents.grammar_en import fix_case
from townsfolk.agents.is_it_true import ANSWERS as TRUE_ANSWERS
from townsfolk.agents.it_refers import resolve_it, resolve_person
from townsfolk.agents.plea import PHRASES as PLEA_PHRASES
from townsfolk.agents.praise import is_praise
from townsfolk.agents.saw_it import NOT_THERE, SAW_IT
from townsfolk.agents.secrecy import KEPT
from townsfolk.agents.voice_phrases import PHRASES


def _quay(language: str) -> dict:  # type: ignore[type-arg]
    """A harbour master tells a net mender of a porter's slip; he passes it on to his friend."""
    zh = language == "zh"
    return {
        "scenario": "码头" if zh else "The quay", "language": language, "seed": 3, "start": "2026-05-02T07:00",
        "tick": "30m", "place": "码头" if zh else "the quay",
        "characters": {
            "pell": {"name": "老裴" if zh else "Pell", "role": "补网的" if zh else "net mender",
                     "traits": {"candour": 0.9, "exaggeration": 0.1}},
            "lin": {"name": "林嫂" if zh else "Lin", "role": "卖鱼的" if zh else "fishwife"},
            "dora": {"name": "周先生" if zh else "Dora", "role": "港务" if zh else "harbour master"},
            "gus": {"name": "阿固" if zh else "Gus", "role": "挑夫" if zh else "porter"},
            "wil": {"name": "阿威" if zh else "Wil", "role": "点灯的" if zh else "lamplighter"},
            "p": {"name": "客人" if zh else "Traveller", "player": True}},
        "relationships": [{"from": "pell", "to": "lin", "kind": "friend", "strength": 0.7, "mutual": True},
                          {"from": "pell", "to": "dora", "kind": "neighbour", "strength": 0.5, "mutual": True}],
        "timeline": [
            {"at": 1, "say": {"speaker": "dora", "to": "pell", "about": "gus",
                              "text": "阿固把一筐鸡蛋摔在了码头上。" if zh else "Gus dropped a crate of eggs on the pier."}},
            {"at": 2, "gossip": {"teller": "pell", "to": "lin", "about": "gus"}}]}


def _starts_with_one_of(text: str, language: str, key: str, **names: str) -> bool:
    """The text opens with one of the phrases of `key`, said of `names` (or, with a {line}, up to it)."""
    return any(text.startswith(p.split("{line}")[0].format(**names)) for p in PHRASES[language][key])


@pytest.mark.parametrize("language", ["en", "zh"])
def test_my_own_telling_said_again_is_not_prefaced_by_i_was_not_there(language: str) -> None:
    """N-22: the telling is a memory of mine; said again it is "as I said", never "I wasn't there".
    (zh reached the recap's "as I said" before too: 林嫂 in the question overlaps the telling's words.)"""
    town = Town.from_scenario(_quay(language))
    town.advance(3)
    zh = language == "zh"
    first = town.say("p", "pell", "你跟林嫂说了什么？" if zh else "What did you tell Lin?").text
    assert ("林嫂" if zh else "Lin") in first, first
    again = town.say("p", "pell", "林嫂的事呢？" if zh else "What happened with Lin?").text
    assert ("林嫂" if zh else "Lin") in again, again
    assert not _starts_with_one_of(again, language, "not_there_but"), again


@pytest.mark.parametrize("language", ["en", "zh"])
def test_who_is_someone_of_the_cast_is_answered_from_how_i_know_them(language: str) -> None:
    """"Who is X?": a tie is said as the tie, hearsay as hearsay, nobody at all naturally, by name."""
    town = Town.from_scenario(_quay(language))
    town.advance(3)
    zh = language == "zh"
    deny = PHRASES[language]["deny"]
    friend = town.say("p", "pell", "林嫂是谁？" if zh else "Who is Lin?").text
    assert ("林嫂是我的朋友" if zh else "Lin is a friend of mine") in friend, friend
    heard = town.say("p", "pell", "阿固是谁？" if zh else "Who is Gus?").text
    assert _starts_with_one_of(heard, language, "know_heard", about="阿固" if zh else "Gus"), heard
    nobody = town.say("p", "pell", "阿威是谁？" if zh else "Who's Wil?").text
    assert _starts_with_one_of(nobody, language, "who_no", about="阿威" if zh else "Wil"), nobody
    assert nobody not in deny
    known = town.say("p", "pell", "你认识阿固吗？" if zh else "Do you know Gus?").text
    assert _starts_with_one_of(known, language, "know_heard", about="阿固" if zh else "Gus"), known  # heard of, not "Yes, I know Gus"


def _ledger(language: str) -> dict:  # type: ignore[type-arg]
    """A net mender sees the harbour master's ledger go into the water and tells the fishwife."""
    zh = language == "zh"
    return {
        "scenario": "码头" if zh else "The quay", "language": language, "seed": 3, "start": "2026-05-02T07:00",
        "tick": "30m", "place": "码头" if zh else "the quay",
        "characters": {"pell": {"name": "老裴" if zh else "Pell", "role": "补网的" if zh else "net mender"},
                       "lin": {"name": "林嫂" if zh else "Lin", "role": "卖鱼的" if zh else "fishwife"},
                       "dora": {"name": "周先生" if zh else "Dora", "role": "港务" if zh else "harbour master"},
                       "p": {"name": "客人" if zh else "Traveller", "player": True}},
        "relationships": [{"from": "pell", "to": "lin", "kind": "friend", "strength": 0.7, "mutual": True}],
        "timeline": [
            {"at": 1, "happen": {"what": "周先生的账本被吊起的货箱撞进了河里" if zh else
                                 "Dora's ledger fell into the harbour when a crate swung loose",
                                 "actor": "dora", "witnesses": ["pell"], "valence": -0.3}},
            {"at": 2, "say": {"speaker": "pell", "to": "lin", "about": "dora",
                              "text": "周先生把账本掉河里了，真是粗心。" if zh else "Dora dropped her ledger in the harbour."}}]}


def test_it_and_the_zh_unsaid_event_are_the_thing_last_asked_about() -> None:
    assert resolve_it("Were you there when it happened?", "What happened to Dora's ledger?", "en") \
        == "Were you there when Dora's ledger happened?"
    assert resolve_it("Is it bad?", "What's the news?", "en") == "Is it bad?"  # "What's" owns nothing
    assert resolve_it("出事的时候你在场吗？", "周先生的账本怎么了？", "zh") == "账本出事的时候你在场吗？"
    assert resolve_it("那事你怎么看？", "周先生的账本怎么了？", "zh") == "账本的事你怎么看？"


@pytest.mark.parametrize("language", ["en", "zh"])
def test_were_you_there_after_a_turn_about_an_event(language: str) -> None:
    """The witness says yes and what it saw; the one who only heard says no, and from whom."""
    town = Town.from_scenario(_ledger(language))
    town.advance(3)
    zh = language == "zh"
    asked, there = ("周先生的账本怎么了？", "出事的时候你在场吗？") if zh else \
        ("What happened to Dora's ledger?", "Were you there when it happened?")
    town.say("p", "pell", asked)
    saw = town.say("p", "pell", there).text
    assert saw.startswith(tuple(SAW_IT[language])) and ("账本" if zh else "ledger") in saw, saw
    town.say("p", "lin", asked)
    heard = town.say("p", "lin", there).text
    assert heard.startswith(tuple(NOT_THERE[language])) and ("老裴" if zh else "Pell") in heard, heard


def _friends(language: str, pronoun: str | None) -> dict:  # type: ignore[type-arg]
    zh = language == "zh"
    mei = {"name": "小梅" if zh else "Mei", "role": "船家" if zh else "boat hand",
           "persona": "人勤快，爱笑。" if zh else "Hard-working, quick to laugh."}
    if pronoun:
        mei["pronoun"] = pronoun
    return {"scenario": "码头" if zh else "The quay", "language": language, "seed": 3, "start": "2026-05-02T07:00",
            "characters": {"pell": {"name": "老裴" if zh else "Pell", "role": "补网的" if zh else "net mender"},
                           "mei": mei, "p": {"name": "客人" if zh else "Traveller", "player": True}},
            "relationships": [{"from": "pell", "to": "mei", "kind": "friend", "strength": 0.7, "mutual": True}]}


def test_the_tie_line_says_no_he_of_one_the_scenario_gives_no_word_for() -> None:
    said = Town.from_scenario(_friends("zh", None)).say("p", "pell", "你觉得小梅怎么样？").text
    assert "小梅是我的朋友，为人勤快，爱笑" in said, said  # not 他为人 of 小梅
    said = Town.from_scenario(_friends("zh", "she")).say("p", "pell", "你觉得小梅怎么样？").text
    assert "小梅是我的朋友，她为人勤快，爱笑" in said, said
    said = Town.from_scenario(_friends("en", "she")).say("p", "pell", "What do you think of Mei?").text
    assert "Mei is a friend of mine; she's hard-working and quick to laugh" in said, said
    said = Town.from_scenario(_friends("en", None)).say("p", "pell", "What do you think of Mei?").text
    assert "she's" not in said and "he's" not in said, said


def _chandler(language: str) -> dict:  # type: ignore[type-arg]
    zh = language == "zh"
    wares = [{"ware": "油灯", "price": 12, "per": "盏"}, {"ware": "麻绳", "price": 3, "per": "丈"}] if zh else \
        [{"ware": "lamp", "price": 12, "per": "each"}, {"ware": "rope", "price": 3, "per": "fathom"}]
    return {"scenario": "码头" if zh else "The quay", "language": language, "seed": 3, "start": "2026-05-02T07:00",
            "characters": {"tam": {"name": "唐掌柜" if zh else "Tam", "role": "杂货铺掌柜" if zh else "chandler",
                                   "sells": wares},
                           "p": {"name": "客人" if zh else "Traveller", "player": True}}}


def test_a_bare_offer_is_an_offer() -> None:
    assert read_offer("My knife for a lamp?", False) is not None
    assert read_offer("This knife for two loaves, then?", False) is not None
    assert read_offer("My thanks for the bread.", False) is None  # thanks are no thing to hand over
    assert read_offer("我这把刀，换你一盏油灯？", True) is not None
    said = Town.from_scenario(_chandler("en")).say("p", "tam", "My knife for a lamp?").text
    assert "knife" in said and "lamp" in said and not said.startswith(tuple(PHRASES["en"]["deny"])), said
    said = Town.from_scenario(_chandler("zh")).say("p", "tam", "我这把刀，换你一盏油灯？").text
    assert "刀" in said and ("文" in said or "油灯" in said), said


@pytest.mark.parametrize("language", ["en", "zh"])
def test_what_do_you_charge_of_several_wares_prices_each(language: str) -> None:
    zh = language == "zh"
    said = Town.from_scenario(_chandler(language)).say("p", "tam", "你这儿东西怎么卖？" if zh else "What do you charge?").text
    want = ("油灯一盏12文", "麻绳一丈3文") if zh else ("lamp, 12 pence each", "rope, 3 pence a fathom")
    assert all(w in said.lower() for w in want), said


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_porters_fee_is_his_price(language: str) -> None:
    """N-30: a porter carries by the load; 'fee' and 脚钱 ask its price."""
    zh = language == "zh"
    spec = {"scenario": "码头" if zh else "The quay", "language": language,
            "characters": {"ned": {"name": "阿固" if zh else "Ned", "role": "码头挑夫" if zh else "porter on the quay"},
                           "gus": {"name": "阿强" if zh else "Gus", "role": "挑夫" if zh else "porter",
                                   "sells": [{"ware": "挑货" if zh else "carrying", "price": 4, "per": "担" if zh else "load",
                                              "words": ["脚钱"] if zh else ["fee"]}]},
                           "p": {"name": "客人" if zh else "Traveller", "player": True}}}
    town = Town.from_scenario(spec)
    said = town.say("p", "ned", "你的脚钱多少？" if zh else "What's your fee?").text
    assert re.search(r"一担\d+文" if zh else r"\d+ (?:pence|penny) a load", said), said
    said = town.say("p", "gus", "你的脚钱多少？" if zh else "What's your fee?").text
    assert said.startswith("挑货一担4文" if zh else "Carrying? 4 pence a load"), said  # the work, not "Fee?"


@pytest.mark.parametrize("language", ["en", "zh"])
def test_what_i_think_after_the_players_denial_holds_my_own_view(language: str) -> None:
    zh = language == "zh"
    town = Town.from_scenario(_ledger(language))
    town.advance(3)
    town.say("p", "pell", "周先生没把账本掉河里。" if zh else "Dora didn't drop her ledger.")
    said = town.say("p", "pell", "你怎么看周先生？" if zh else "What do you think of Dora?").text
    mine = [p.split("{line}")[0] for p in PHRASES[language]["own_view_against"]]
    assert any(m in said for m in mine), said  # their words, then what I saw myself against them
    assert ("货箱撞进了河里" if zh else "fell into the harbour") in said, said


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_long_story_lead_is_never_said_before_one_sentence(language: str) -> None:
    """N-18: "唉，这事说来话长。" promises more than one line; before one it is another lead (seeds 1, 2, 6
    in zh and 3, 4, 10 in en said it before one)."""
    zh = language == "zh"
    long_leads = ("唉，这事说来话长。",) if zh else ("Hm, a few things.", "Hm. Where to start.")
    for seed in range(12):
        spec = _ledger(language)
        spec["seed"] = seed
        town = Town.from_scenario(spec)
        town.advance(3)
        said = town.say("p", "lin", "周先生的账本怎么了？" if zh else "What happened to Dora's ledger?").text
        assert ("老裴" if zh else "Pell") in said, said
        assert not said.startswith(long_leads), (seed, said)


def test_an_i_with_its_own_verb_stays_the_subject() -> None:
    """N-3 / N-68: "Ada thinks I stole something"; N-20: "the thing I remember most"; objects still "me"."""
    assert fix_case("Hattie said to me that Ada thinks I stole something") == \
        "Hattie said to me that Ada thinks I stole something"
    assert fix_case("Things have been up and down; the thing I remember most: the bell") == \
        "Things have been up and down; the thing I remember most: the bell"
    assert fix_case("Bram sent I the wrong flour") == "Bram sent me the wrong flour"
    assert fix_case("Dot chatted with I.") == "Dot chatted with me."
    assert fix_case("Pell gave I a loaf") == "Pell gave me a loaf"


def _school(language: str) -> dict:  # type: ignore[type-arg]
    zh = language == "zh"
    return {"scenario": "学堂" if zh else "The school", "language": language, "seed": 1, "start": "2026-05-02T07:00",
            "characters": {"ada": {"name": "吴婶" if zh else "Ada", "role": "教书的" if zh else "schoolmistress"},
                           "owen": {"name": "老周" if zh else "Owen", "role": "看门的" if zh else "caretaker"},
                           "silas": {"name": "孙先生" if zh else "Silas", "role": "杂货铺掌柜" if zh else "grocer"},
                           "pip": {"name": "豆豆" if zh else "Pip", "role": "学生" if zh else "pupil"},
                           "p": {"name": "客人" if zh else "Rowan", "player": True}}}


def test_he_and_she_are_the_people_the_last_question_named() -> None:
    """N-67, N-7: a bare he / she / 他 / 她 is the one the previous question named; of two, the one whose
    pronoun it is ("she" is the schoolmistress, "he" the other)."""
    town = Town.from_scenario(_school("en"))
    w = town.world
    assert resolve_person("What's he like?", "Do you know Silas?", w, "pip", "en") == "What's Silas like?"
    assert resolve_person("Did she say he stole it?", "What did Ada tell you about Owen?", w, "pip", "en") \
        == "Did Ada say Owen stole it?"
    assert resolve_person("Is her bell back?", "Have you seen Ada?", w, "pip", "en") == "Is Ada's bell back?"
    assert resolve_person("Is he cross with her?", "Have you seen Ada?", w, "pip", "en") == \
        "Is he cross with Ada?"  # no he was named: left as it is
    zh = Town.from_scenario(_school("zh"))
    assert resolve_person("他这人怎么样？", "你认识孙先生吗？", zh.world, "pip", "zh") == "孙先生这人怎么样？"


@pytest.mark.parametrize("language", ["en", "zh"])
def test_what_is_he_like_of_one_i_do_not_know(language: str) -> None:
    """N-67: "I don't think I know Silas." then "What's he like?" is no opinion of him out of nowhere."""
    zh = language == "zh"
    town = Town.from_scenario(_school(language))
    town.say("p", "pip", "你认识孙先生吗？" if zh else "Do you know Silas?")
    said = town.say("p", "pip", "他这人怎么样？" if zh else "What's he like?").text
    assert ("孙先生" if zh else "Silas") in said, said


@pytest.mark.parametrize(("language", "asked", "named"), [
    ("en", "Have you met my cousin Bertram?", "Bertram"), ("en", "Do you know a man called Barnaby?", "Barnaby"),
    ("zh", "你认识王铁匠吗？", "王铁匠"), ("zh", "你认识我表哥王二吗？", "王二"), ("zh", "你认识我表哥吗？", "你表哥")])
def test_someone_not_in_the_world_is_not_known_by_name(language: str, asked: str, named: str) -> None:
    """N-55, N-27, N-59: a person the world does not hold, asked after, is not known, and named."""
    said = Town.from_scenario(_school(language)).say("p", "pip", asked).text
    assert any(p.format(about=named) == said for p in PHRASES[language]["know_no"]), said


@pytest.mark.parametrize("language", ["en", "zh"])
def test_is_it_true_after_a_story_says_how_sure_and_why(language: str) -> None:
    """C-2: the witness saw it; the one who heard it says whom it has it from."""
    zh = language == "zh"
    town = Town.from_scenario(_ledger(language))
    town.advance(3)
    asked = "周先生的账本怎么了？" if zh else "What happened to Dora's ledger?"
    town.say("p", "pell", asked)
    assert town.say("p", "pell", "真的吗？" if zh else "Is it true?").text == TRUE_ANSWERS[language]["saw"]
    town.say("p", "lin", asked)
    said = town.say("p", "lin", "这是真的吗？" if zh else "Is that really true?").text
    assert said in [TRUE_ANSWERS[language][k].format(teller="老裴" if zh else "Pell") for k in ("sure", "unsure")], said


def test_a_persona_of_age_or_build_is_not_said_with_wei_ren() -> None:
    """N-36: 为人 is said of a character (为人勤快), never of age or strength (not 他为人年轻)."""
    spec = _friends("zh", "he")
    spec["characters"]["mei"].update(name="石头", role="镖师", persona="年轻，力气大，话少。")
    said = Town.from_scenario(spec).say("p", "pell", "你觉得石头怎么样？").text
    assert "石头是我的朋友，他年轻，力气大，话少" in said and "为人年轻" not in said, said


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_promise_to_keep_it_is_remembered(language: str) -> None:
    """N-52: asked what it promised, the NPC says it promised to keep it to itself; another player asking
    gets no such line (the promise was to the one who confided)."""
    zh = language == "zh"
    spec = _school(language)
    spec["characters"]["p2"] = {"name": "阿远" if zh else "Kit", "player": True}
    town = Town.from_scenario(spec)
    town.say("p", "ada", "这事你知我知：我其实是来查镖局的官差。" if zh else "Keep this between us: I'm an inspector from the county.")
    asked = "你刚才答应我什么了？" if zh else "What did you promise me?"
    assert town.say("p", "ada", asked).text == KEPT[language]
    assert town.say("p2", "ada", asked).text != KEPT[language]


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_greeting_is_not_said_twice_to_one_listener_in_a_day(language: str) -> None:
    """N-10: three greetings in a row get three different greetings back, none of them "Come in."."""
    zh = language == "zh"
    spec = _school(language)
    spec["start"] = "2026-05-02T19:00"
    for seed in range(4):
        spec["seed"] = seed
        town = Town.from_scenario(spec)
        heard = [town.say("p", "pip", "晚上好！" if zh else "Good evening!").text for _ in range(3)]
        greetings = sorted(PHRASES[language]["greet_evening"], key=len, reverse=True)
        leads = [next((g for g in greetings if said.startswith(g)), said) for said in heard]  # the longest that opens it
        assert len(set(leads)) == 3, (seed, heard)
        assert not any("Come in" in said for said in heard), heard


@pytest.mark.parametrize("language", ["en", "zh"])
def test_where_is_answered_without_a_lead(language: str) -> None:
    """N-13: a question after a place is answered, not led into like news."""
    zh = language == "zh"
    leads = tuple(p for k in ("open_neutral", "open_bad", "open_hurt") for p in PHRASES[language][k])
    for seed in range(6):
        spec = _ledger(language)
        spec["seed"] = seed
        town = Town.from_scenario(spec)
        town.advance(3)
        said = town.say("p", "pell", "周先生的账本在哪儿？" if zh else "Where is Dora's ledger?").text
        assert ("账本" if zh else "ledger") in said and not said.startswith(leads), (seed, said)


@pytest.mark.parametrize(("language", "asked"), [("en", "Is Dora all right?"), ("zh", "周先生的账本找回来了吗？")])
def test_a_yes_or_no_is_answered_without_a_lead(language: str, asked: str) -> None:
    """N-65: 嗯，我知道一点。 is no answer to a yes-or-no; nor is "Well..." (8 of 8 seeds led with one)."""
    leads = tuple(p for k in ("open_neutral", "open_bad", "open_hurt") for p in PHRASES[language][k])
    for seed in range(4):
        spec = _ledger(language)
        spec["seed"] = seed
        town = Town.from_scenario(spec)
        town.advance(3)
        said = town.say("p", "pell", asked).text
        assert not said.startswith(leads), (seed, said)
    assert resolve_it("它还能卖吗？", "那匹绸子是怎么回事？", "zh") == "绸子还能卖吗？"
    assert resolve_it("它还能用吗？", "头巾怎么了？", "zh") == "头巾还能用吗？"


@pytest.mark.parametrize(("scenario", "player", "npc", "language", "asked"), [
    ("bakery.yaml", "traveller", "tom", "en", "Who helped you sort it out?"),
    ("teahouse.yaml", "player", "aqing", "zh", "是谁帮你们说开的？")])
def test_who_helped_is_answered_to_the_one_who_did(scenario: str, player: str, npc: str, language: str,
                                                   asked: str) -> None:
    """N-21, N-39: "You did!" / 是你啊！ to the player who brought them together."""
    town = Town.from_scenario(str(Path(__file__).parent.parent / "scenarios" / scenario))
    town.advance(14 if language == "en" else 10)
    said = town.say(player, npc, asked).text
    assert said in PHRASES[language]["helped_you"], said


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_bare_excuse_for_the_one_just_named_is_a_plea(language: str) -> None:
    """N-39: "Who told you?" -> Dora; "She didn't mean it." / 他也不是有心的。 pleads for her: nothing held."""
    zh = language == "zh"
    town = Town.from_scenario(_quay(language))
    town.advance(3)
    town.say("p", "pell", "阿固怎么了？" if zh else "What happened with Gus?")
    town.say("p", "pell", "谁跟你说的？" if zh else "Who told you?")
    said = town.say("p", "pell", "他也不是有心的。" if zh else "She didn't mean it.").text
    assert said in [p.format(about="周先生" if zh else "Dora") for p in PLEA_PHRASES[language]["nothing_held"]], said


def test_a_name_that_went_before_them_is_a_compliment() -> None:
    """N-36: 总镖头，久仰大名。 / "I've heard so much about you." are thanked, not met with small talk."""
    assert is_praise("总镖头，久仰大名。", "zh") and is_praise("I've heard so much about you.", "en")
    assert is_praise("Your reputation precedes you.", "en") and not is_praise("I've heard so much about Ada.", "en")
    said = Town.from_scenario(_school("zh")).say("p", "ada", "吴婶，久仰大名。").text
    assert said in PHRASES["zh"]["praised"] + PHRASES["zh"]["praised_warm"] + PHRASES["zh"]["praised_cool"], said


@pytest.mark.parametrize("language", ["en", "zh"])
def test_is_it_true_after_who_told_me_asks_of_the_story_before(language: str) -> None:
    """'What have you heard?' -> the story, 'Who told you?' -> 'I had it from Pell', then 'Is it true?': it is
    the story (the reply before the last), and the hearing of it says whom I have it from."""
    zh = language == "zh"
    town = Town.from_scenario(_ledger(language))
    town.advance(3)
    town.say("p", "lin", "周先生的账本怎么了？" if zh else "What happened to Dora's ledger?")
    town.say("p", "lin", "谁跟你说的？" if zh else "Who told you?")
    said = town.say("p", "lin", "这是真的吗？" if zh else "Is it true?").text
    assert said in [TRUE_ANSWERS[language][k].format(teller="老裴" if zh else "Pell") for k in ("sure", "unsure")], said
