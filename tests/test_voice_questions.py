"""A question is answered as the question it is (a newcomer's findings, en and zh): the actor's own
"his" retold as "my", "did you like it" and "is X angry with you" answered from memory instead of
denied, a person's opinion said of a person, "do you know X" from what is held of X, a disclosure
noted rather than answered with an opinion of someone else, repeats recapped instead of dismissed,
"what did you do today" answered from the NPC's own deeds, summaries that count what they say."""

from __future__ import annotations

import re

from townsfolk import Town
from townsfolk.agents.dialogue import grounding_from, own_deeds_today
from townsfolk.agents.llm.protocol import LLMRequest, Message
from townsfolk.agents.openers import npc_opener
from townsfolk.agents.voice import compose
from townsfolk.agents.voice_phrases import PHRASES
from townsfolk.memory.consolidation import SummaryDraft, offline_summary
from townsfolk.memory.context import ContextRequest, build_context

CANAL = {"scenario": "Canal lock", "language": "en", "seed": 3, "start": "2026-05-01T07:00", "tick": "1h",
         "characters": {"barnaby": {"name": "Barnaby", "role": "bargeman"}, "wren": {"name": "Wren"},
                        "odile": {"name": "Odile"}, "ana": {"name": "Ana"}, "bo": {"name": "Bo", "player": True}},
         "impressions": [{"holder": "wren", "about": "barnaby", "text": "noisy but honest", "valence": 0.3}]}
RIVER = {"scenario": "河埠头", "language": "zh", "seed": 5, "start": "2026-05-01T07:00", "tick": "1h",
         "characters": {"xiaohu": {"name": "小虎"}, "aqing": {"name": "阿青"}, "liu": {"name": "刘婶"},
                        "ke": {"name": "旅人", "player": True}},
         "impressions": [{"holder": "aqing", "about": "xiaohu", "text": "嗓门大但实在", "valence": 0.3}]}


def _canal() -> Town:
    town = Town.from_scenario(CANAL)
    town.event("Barnaby scraped the lock gate with his coal barge", actor="barnaby", witnesses=["wren"], valence=-0.4)
    town.event("Bo gave Wren a jar of honey as a present", actor="bo", about="wren", witnesses=["wren"], valence=0.6)
    town.event("Ana gave Odile a woven scarf as a gift", actor="ana", about="odile", witnesses=["odile"], valence=0.6)
    town.advance(1)
    return town


def _river() -> Town:
    town = Town.from_scenario(RIVER)
    town.event("小虎撑船时用他的竹篙把阿青的茶桌碰翻了", actor="xiaohu", witnesses=["aqing"], valence=-0.4)
    town.event("旅人送给阿青一罐蜂蜜", actor="ke", about="aqing", witnesses=["aqing"], valence=0.6)
    town.event("刘婶送给阿青一块绣帕", actor="liu", about="aqing", witnesses=["aqing"], valence=0.6)
    town.advance(1)
    return town


def _one_of(text: str, lang: str, *keys: str) -> bool:
    return any(text.startswith(p.split("{")[0]) for k in keys for p in PHRASES[lang][k])


def test_the_actor_retells_his_deed_with_my_and_the_witness_to_him_with_your() -> None:
    en = _canal()
    assert "with my coal barge" in en.say("bo", "barnaby", "What happened at the lock gate this morning?").text
    zh = _river()
    said = zh.say("ke", "xiaohu", "今天早上茶铺那边出什么事了？").text
    assert "我的竹篙" in said and "他的竹篙" not in said, said
    mine = [e.what for e in zh.memory.events_of("xiaohu")]
    assert any("我撑船时用我的竹篙" in w for w in mine), mine
    # someone else named first keeps the pronoun theirs
    from townsfolk.memory.pronouns import follow_name
    assert follow_name("Tom said Barnaby broke his cart", "Barnaby", "I", "en", ["Tom"]) == "Tom said I broke his cart"
    assert follow_name("Ana gave her a scarf", "Ana", "I", "en") == "I gave her a scarf"
    from townsfolk.agents.dialogue import second_person
    assert second_person("Barnaby scraped the gate with his barge", "Barnaby", "en") == "you scraped the gate with your barge"
    assert second_person("小虎用他的竹篙碰翻了茶桌", "小虎", "zh") == "你用你的竹篙碰翻了茶桌"


def test_yes_no_questions_are_not_accusations() -> None:
    en = _canal()
    liked = en.say("bo", "wren", "Did you like the honey?").text
    assert _one_of(liked, "en", "liked_good"), liked
    angry = en.say("bo", "wren", "Is Barnaby angry with you?").text
    assert not _one_of(angry, "en", "deny_deed", "admit", "admit_rumour"), angry
    assert _one_of(angry, "en", "feeling_no"), angry
    zh = _river()
    liked = zh.say("ke", "aqing", "你喜欢那罐蜂蜜吗？").text
    assert _one_of(liked, "zh", "liked_good"), liked
    angry = zh.say("ke", "aqing", "小虎在生你的气吗？").text
    assert _one_of(angry, "zh", "feeling_no") and not _one_of(angry, "zh", "deny_deed"), angry
    # a real accusation is still answered yes or no
    assert _one_of(zh.say("ke", "xiaohu", "是你把阿青的茶桌碰翻的吗？").text, "zh", "admit", "admit_rumour")


def test_an_opinion_of_a_person_is_said_of_a_person() -> None:
    en = _canal()
    said = en.say("bo", "wren", "What do you think of Barnaby?").text
    assert "Barnaby" in said.split(".")[0] and not said.startswith(("It's all right", "Can't complain")), said
    zh = _river()
    said = zh.say("ke", "aqing", "你觉得小虎这人怎么样？").text
    assert "小虎" in re.split("[。，]", said)[0], said


def test_do_you_know_someone_is_answered_from_what_is_held_of_them() -> None:
    en = _canal()
    said = en.say("bo", "odile", "Do you know Ana?").text
    assert _one_of(said, "en", "know_yes") and "scarf" in said, said
    assert _one_of(en.say("bo", "barnaby", "Do you know Ana?").text, "en", "know_no")
    zh = _river()
    said = zh.say("ke", "aqing", "你认识刘婶吗？").text
    assert _one_of(said, "zh", "know_yes") and "绣帕" in said, said


def test_a_disclosure_is_noted_not_answered_with_an_opinion_of_someone_else() -> None:
    en = _canal()
    said = en.say("bo", "wren", "My phone number is 555-0134 and I live at 12 Mill Lane.").text
    assert "Barnaby" not in said and said in PHRASES["en"]["noted"], said
    zh = _river()
    said = zh.say("ke", "aqing", "我的电话是13800001111，我住在东街12号。").text
    assert "小虎" not in said and said in PHRASES["zh"]["noted"], said


def test_a_stranger_is_not_greeted_as_an_old_friend() -> None:
    town = Town.from_scenario({"scenario": "Two at the well", "language": "zh",
                               "characters": {"zhao": {"name": "赵哥"}, "qian": {"name": "钱婶"}}})
    first = npc_opener(town.world, town.memory, "zhao", "qian")
    assert first in [p for p in ("你好，头回见吧？", "你好啊，怎么称呼？", "你好，以前没见过你。")], first
    assert "见到你真好" not in "".join(PHRASES["zh"]["small_talk"])
    en = Town.from_scenario({**CANAL, "impressions": []})
    hellos = [en.say("bo", npc, "Good morning!").text for npc in ("wren", "odile", "ana", "barnaby")]
    assert not any("see you" in h for h in hellos), hellos


def test_repeats_are_recapped_once_then_all_said_never_three_dismissals() -> None:
    en = _canal()
    en.say("bo", "barnaby", "What happened at the lock gate this morning?")
    again = en.say("bo", "barnaby", "And how was the coal run?").text
    assert "coal barge" in again and _one_of(again, "en", "as_i_said"), again
    assert en.say("bo", "barnaby", "And the coal run?").text in PHRASES["en"]["all_said"]


def _ask(town: Town, npc: str, player: str, text: str) -> str:
    """The turn's grounding built the way the pipeline builds it, with the question passed on."""
    w, m = town.world, town.memory
    ctx = build_context(w, m, ContextRequest(holder=npc, present=[player], query=text, viewer=player, need_events=True))
    grounding = grounding_from(w, m, ctx, npc, player, question=text)
    req = LLMRequest(task="reply", language=w.language, speaker=w.name(npc), listener=w.name(player),  # type: ignore[arg-type]
                     messages=[Message(role="user", content=text)], grounding=grounding,
                     meta={"act": "answer" if grounding else "deny", "subjects": [], "asker": player, "hour": 10})
    return compose(req)


def test_what_did_you_do_today_is_answered_from_the_npcs_own_deeds() -> None:
    zh = _river()
    assert own_deeds_today(zh.world, zh.memory, "xiaohu", skip=set())
    said = _ask(zh, "xiaohu", "ke", "你今天干嘛去了？")
    assert "竹篙" in said and "没人跟我提过" not in said, said
    en = _canal()
    said = _ask(en, "barnaby", "bo", "What did you do today?")
    assert "I scraped the lock gate with my coal barge" in said, said


def test_a_summary_names_its_teller_once_and_counts_distinct_things() -> None:
    en = SummaryDraft(holder="a", about="c", about_name="Callum Gunn", language="en", days=0.2,
                      texts=['Fergus Mackay told me: "Callum Gunn cheated at cards"', "Callum Gunn waved", "Callum Gunn left"],
                      valences=[-0.6, 0.1, 0.0], tellers=["Fergus Mackay", "Ewan Macleod"], things=["f1", "f2", "f3"])
    text = offline_summary(en)
    assert text.count("Fergus Mackay") == 1 and "Ewan Macleod told me too" in text, text
    zh = SummaryDraft(holder="a", about="x", about_name="小梁", language="zh", days=2,
                      texts=["老周跟我说：“小梁又迟到了”", "我看见小梁又迟到了", "老王跟我说：“小梁又迟到了”"],
                      valences=[-0.3, -0.3, -0.3], tellers=["老周", "老王"], things=["f1", "f1", "f1"])
    text = offline_summary(zh)
    assert "3件事" not in text and text.count("老周") == 1, text


def test_question_kinds_are_not_overread() -> None:
    from townsfolk.agents.voice import question_kind

    cases = {("en", "Did you like the honey?"): "opinion", ("en", "Is Barnaby angry with you?"): "feeling",
             ("en", "Do you know Ana?"): "know", ("en", "Do you know if Ana is coming?"): "yes_no",
             ("en", "What did you do today?"): "my_day", ("en", "Did you break the gate?"): "deed",
             ("en", "Martha says you broke the gate. Is it true?"): "deed", ("en", "Are you happy?"): "yes_no",
             ("zh", "你知道小虎把茶桌碰翻了吗？"): "yes_no", ("zh", "你认识刘婶吗？"): "know",
             ("zh", "小虎在生你的气吗？"): "feeling", ("zh", "王婶说你往井边倒豆渣，是真的吗？"): "deed",
             ("zh", "今天天气怎么样"): "small_talk", ("zh", "你今天干嘛去了？"): "my_day"}
    assert {k: question_kind(k[1], k[0]) for k in cases} == cases


def test_what_did_you_do_today_through_the_front_door() -> None:
    """The whole turn (Town.say, the pipeline), not only the voice: the question reaches the grounding."""
    said = _river().say("ke", "xiaohu", "你今天干嘛去了？").text
    assert "竹篙" in said and "没人跟我提过" not in said and "还是老样子" not in said, said
    said = _canal().say("bo", "barnaby", "What did you do today?").text
    assert "coal barge" in said and "usual rounds" not in said, said
