"""What an NPC says matches what it knows (a newcomer's findings, en and zh, on worlds of their own):
an innocent NPC asked about an act it did not do denies it and says what it did do, even when the
question shares a word with its deed; a yes comes only when its own deed is the accused act (the
verb and the thing); asked whether someone else did it, "not that I know of" and what it knows."""

from __future__ import annotations

from townsfolk import Town
from townsfolk.agents.deed_match import accusation, same_deed
from townsfolk.agents.voice_phrases import PHRASES

MILL = {"scenario": "Ashford mill", "language": "en", "seed": 7, "start": "2026-04-02T09:00", "tick": "1h",
        "characters": {"pell": {"name": "Pell", "role": "miller's boy"}, "rook": {"name": "Rook", "role": "carter"},
                       "tam": {"name": "Tam", "player": True}},
        "timeline": [{"at": 1, "happen": {"what": "Pell carried the grain sacks up to the loft", "actor": "pell",
                                          "witnesses": ["rook"]}}]}
FERRY = {"scenario": "渡口", "language": "zh", "seed": 7, "start": "2026-04-02T09:00", "tick": "1h",
         "characters": {"afu": {"name": "阿福", "role": "摆渡的"}, "sanjie": {"name": "三姐", "role": "卖鱼的"},
                        "ke": {"name": "过客", "player": True}},
         "timeline": [{"at": 1, "happen": {"what": "阿福把渔网晾到了河滩上", "actor": "afu", "witnesses": ["sanjie"]}}]}


def _town(spec: dict) -> Town:
    town = Town.from_scenario(spec)
    town.advance(1)
    return town


def _one_of(text: str, lang: str, *keys: str) -> bool:
    return any(text.startswith(p.split("{")[0]) for k in keys for p in PHRASES[lang][k])


def test_an_innocent_npc_denies_an_act_that_only_shares_a_word_with_his_deed() -> None:
    town = _town(MILL)
    said = town.say("tam", "pell", "Did you steal the grain?").text
    assert not _one_of(said, "en", "admit", "admit_rumour"), said
    assert said.startswith(("No, I didn't steal the grain", "That's not true; I didn't steal the grain")), said
    assert "carried the grain sacks" in said, said  # and says what he did do
    assert _one_of(town.say("tam", "pell", "Did you carry the sacks up to the loft?").text, "en", "admit", "admit_rumour")
    other = town.say("tam", "rook", "Did Pell steal the grain?").text
    assert _one_of(other, "en", "not_known") and "Pell carried the grain sacks" in other, other


def test_an_innocent_npc_denies_in_chinese_naming_the_act() -> None:
    town = _town(FERRY)
    said = town.say("ke", "afu", "渔网是你偷的吗？").text
    assert "不是我偷的" in said and "晾到了河滩上" in said, said
    said = town.say("ke", "afu", "船桨是你弄断的吗？").text
    assert "不是我弄断的" in said and not _one_of(said, "zh", "deny"), said
    assert _one_of(town.say("ke", "afu", "渔网是你晾到河滩上的吗？").text, "zh", "admit", "admit_rumour")
    other = town.say("ke", "sanjie", "渔网是阿福偷的吗？").text
    assert _one_of(other, "zh", "not_known") and "晾到了河滩上" in other, other


def test_the_accused_act_is_compared_in_substance() -> None:
    cases = [("en", "Did you steal the flour?", "I carried two flour sacks to the infirmary", False),
             ("en", "Martha says you broke the gate. Is it true?", "I broke the gate", True),
             ("en", "Did you break the gate?", "I broke Dora's plough", False),
             ("en", "Have you stolen my bread?", "I stole the bread from the sill", True),
             ("zh", "面粉是你偷的吗？", "我把两袋面粉搬到了卫生所", False),
             ("zh", "是你把阿青的茶桌碰翻的吗？", "我撑船时用竹篙把阿青的茶桌碰翻了", True),
             ("zh", "王婶说你往井边倒豆渣，是真的吗？", "我往井边倒了豆渣", True),
             ("zh", "你偷了两袋面粉吗？", "我搬了两袋面粉", False)]
    for lang, question, deed, same in cases:
        acc = accusation(question, lang)
        assert acc is not None and same_deed(acc, question, deed, lang) is same, (question, deed, acc)


SCHOOL = {"scenario": "河边小学", "language": "zh", "seed": 2, "start": "2026-09-01T07:00", "tick": "1h",
          "characters": {"wu": {"name": "吴老师", "role": "算术老师", "persona": "耐心"},
                         "dou": {"name": "豆豆", "role": "学生", "persona": "好动，爱问问题"},
                         "ke": {"name": "阿远", "player": True}},
          "relationships": [{"from": "wu", "to": "dou", "kind": "mentor", "strength": 0.7}]}
GARRISON = {"scenario": "Redwater post", "language": "en", "seed": 2, "start": "2026-09-01T23:00", "tick": "1h",
            "characters": {"voss": {"name": "Major Voss", "role": "commander", "persona": "Dry, exacting."},
                           "kit": {"name": "Kit", "role": "bugler", "persona": "Cheerful, forgetful."},
                           "ash": {"name": "Ash", "player": True}},
            "relationships": [{"from": "voss", "to": "kit", "kind": "mentor", "strength": 0.7}]}


def test_an_npc_asked_about_someone_it_is_tied_to_says_what_the_tie_says() -> None:
    zh = _town(SCHOOL)
    said = zh.say("ke", "wu", "豆豆这孩子平时怎么样？").text
    assert "豆豆是我一手带的" in said and "好动" in said and not _one_of(said, "zh", "deny"), said
    en = _town(GARRISON)
    said = en.say("ash", "voss", "What is Kit like?").text
    assert "Kit is under my wing, cheerful and forgetful" in said, said  # a clause, not the note; the name, not "they"


def test_the_greeting_follows_the_clock_and_the_players_own_greeting() -> None:
    en = _town(GARRISON)  # midnight
    assert _one_of(en.say("ash", "kit", "Hello Kit").text, "en", "greet_evening")
    assert _one_of(en.say("ash", "voss", "Good evening, Major").text, "en", "greet_evening")
    # the school's clock says morning: 晚上好 at eight is met with the morning's greeting (M-10: a greeting the
    # clock does not allow is not echoed; tests/test_greeting_by_the_clock.py)
    assert _one_of(_town(SCHOOL).say("ke", "dou", "晚上好").text, "zh", "greet_morning")


def test_being_called_names_is_met_with_hurt_and_the_question_keeps_its_referent() -> None:
    en = _town(GARRISON)
    said = en.say("ash", "kit", "I heard the major thinks you're a thief").text
    assert _one_of(said, "en", "react_me") and not _one_of(said, "en", "noted"), said
    said = en.say("ash", "kit", "Are you angry with the major?").text
    assert "you and I" not in said and _one_of(said, "en", "feeling_mine_no", "feeling_mine_yes"), said
    zh = _town(SCHOOL)
    said = zh.say("ke", "dou", "听说吴老师觉得你是个小偷").text
    assert _one_of(said, "zh", "react_me"), said


def test_the_players_confidence_is_revoiced_and_said_back_only_when_asked_about() -> None:
    from townsfolk.agents.listener_words import revoiced

    assert revoiced("Between us, I carry letters for the major and I've read one. He plans to leave.", "en") \
        == "you carry letters for the major and you've read one; he plans to leave"
    assert revoiced("Don't tell anyone, but I was there when you fell.", "en") == "you were there when I fell"
    assert revoiced("这事你别跟别人说，我想换个学校。", "zh") == "你想换个学校"
    en = Town.from_scenario({**GARRISON, "timeline": [{"at": 1, "tell": {
        "speaker": "ash", "to": "kit", "about": "voss", "private": True,
        "text": "Between us, I carry letters for the major and I've read one."}}]})
    en.advance(2)
    replies = [en.say("ash", "kit", q).text for q in ("How are you?", "What about the letters for the major?",
                                                       "Anything about the letters?")]
    assert "Between us" not in " ".join(replies) and "letters" not in replies[0], replies
    assert "you carry letters for the major" in replies[1], replies
    assert sum("you carry letters" in r for r in replies) == 1, replies  # once a day, in any wording
    zh = Town.from_scenario({**SCHOOL, "timeline": [{"at": 1, "tell": {
        "speaker": "ke", "to": "wu", "about": "dou", "private": True, "text": "这事你别跟别人说，我想换个学校。"}}]})
    zh.advance(2)
    said = zh.say("ke", "wu", "换学校的事你怎么看？").text
    assert "别跟别人说" not in said and "你想换个学校" in said, said


def test_what_is_wrong_is_answered_from_what_the_npc_holds_and_never_as_already_told() -> None:
    en = _town(GARRISON)
    en.event("The powder store door was found forced open", witnesses=["voss"], valence=-0.5)
    en.advance(1)
    said = en.say("ash", "voss", "Major, what's wrong? The men look tense.").text
    assert "powder store" in said and not _one_of(said, "en", "deny"), said
    assert not _one_of(said, "en", "not_there_but", "as_i_said"), said


def test_a_newcomer_is_welcomed_by_name_and_a_confidence_is_taken_up() -> None:
    zh = _town(SCHOOL)
    said = zh.say("ke", "wu", "我是新来的代课老师阿远").text
    assert _one_of(said, "zh", "welcome") and "阿远" in said, said
    said = zh.say("ke", "wu", "我想换个学校，你别跟别人说。").text
    assert any(p in said for p in PHRASES["zh"]["confided"]) and not any(p in said for p in PHRASES["zh"]["small_talk"]), said
    en = _town(GARRISON)
    said = en.say("ash", "kit", "Hello, I'm Ash, the new clerk.").text
    assert said.startswith(("Nice to meet you, Ash", "Welcome, Ash")), said
    assert not _one_of(en.say("ash", "kit", "I'm fine, thanks").text, "en", "welcome")


def test_the_newest_memory_on_the_question_wins_and_as_i_said_needs_a_telling() -> None:
    from townsfolk.agents.llm.protocol import GroundingItem, LLMRequest, Message
    from townsfolk.agents.voice import compose

    old = GroundingItem(kind="event", id="e1", text="渡船的缆绳断了，船漂走了", meta={"tick": 1})
    new = GroundingItem(kind="event", id="e2", text="我把船追了回来，换上了新缆绳", meta={"tick": 8, "my_deed": True})

    def ask(said: list[str]) -> str:
        return compose(LLMRequest(task="reply", language="zh", speaker="阿福", listener="过客",
                                  messages=[Message(role="user", content="船追回来了吗？")], grounding=[old, new],
                                  meta={"act": "answer", "subjects": [], "asker": "ke", "hour": 10,
                                        "said_to_listener": said}))
    both = ask(["渡船的缆绳断了，船漂走了。", "我把船追了回来，换上了新缆绳。"])
    assert "追了回来" in both and "漂走" not in both, both
    assert not any(both.startswith(p.split("{")[0]) for p in PHRASES["zh"]["as_i_said"] + PHRASES["zh"]["not_there_but"]) \
        or "追了回来" in both
    never = ask(["今天天气不错。"])  # nothing of it told: no "刚才说了"
    assert not any(p.split("{")[0] in never for p in PHRASES["zh"]["as_i_said"]), never


def test_one_thing_is_said_once_in_a_reply_whatever_its_wording() -> None:
    from townsfolk.agents.llm.protocol import GroundingItem, LLMRequest, Message
    from townsfolk.agents.voice import compose

    heard = GroundingItem(kind="belief", id="b1", text="the mill wheel cracked", about="mill",
                          meta={"source": "told", "teller_name": "Bertram", "claim_text": "the mill wheel cracked"})
    event = GroundingItem(kind="event", id="e1", text="Bertram told me that the mill wheel cracked", meta={"tick": 1})
    for seed in range(6):
        said = compose(LLMRequest(task="reply", language="en", speaker="Orla", listener="Ash",
                                  messages=[Message(role="user", content="Any news?")], grounding=[heard, event],
                                  meta={"act": "answer", "subjects": [], "asker": "ash", "hour": 10, "variation": seed}))
        assert said.count("wheel") == 1, said
