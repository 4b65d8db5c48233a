"""What NPCs say and read, in both languages (issue 9/10 wording defects, each at its cause):
a deed for the sick is not an illness; 无礼 / 失礼 / 顶撞 / 摆脸色 are rude; "late last night" is an
hour, not a lateness; a persona is said as a clause, never pasted; "I'm fine, thanks" is an answer,
not gratitude; a player's statement (a whisper too) leaves the NPC a belief that stays private;
a generated town's ties have reasons that fit their kind; a Chinese world's checks are in Chinese;
removing quotation marks never glues two words."""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.agents.grammar_en import unquote
from townsfolk.agents.persona_clause import persona_clause
from townsfolk.agents.voice_phrases import PHRASES
from townsfolk.memory.predicate_reader import read_by_cues
from townsfolk.sim.daily_life import PLAYER_MEETING


def _one_of(text: str, lang: str, *keys: str) -> bool:
    return any(text.startswith(p.split("{")[0]) for k in keys for p in PHRASES[lang][k])


MILL = {"scenario": "Carrow mill", "language": "en", "seed": 5, "start": "2026-10-02T09:00", "tick": "1h",
        "characters": {"hanna": {"name": "Hanna", "role": "miller", "persona": "Suspicious, counts every sack."},
                       "tomas": {"name": "Tomas", "role": "carter", "persona": "Cheerful, hums while he loads."},
                       "ilse": {"name": "Ilse", "role": "baker"},
                       "wren": {"name": "Wren", "player": True}, "finch": {"name": "Finch", "player": True}},
        "relationships": [{"from": "hanna", "to": "tomas", "kind": "friend", "strength": 0.6, "mutual": True},
                          {"from": "ilse", "to": "hanna", "kind": "friend", "strength": 0.7, "mutual": True}]}
KILN = {"scenario": "窑场", "language": "zh", "seed": 5, "start": "2026-10-02T09:00", "tick": "1h",
        "characters": {"laotao": {"name": "老陶", "role": "窑工", "persona": "退伍老兵，话少，最看不惯偷懒的人。"},
                       "xiaoyu": {"name": "小鱼", "role": "学徒", "persona": "嘴快，爱打听。"},
                       "aman": {"name": "阿满", "role": "拉货的"},
                       "ke": {"name": "客人", "player": True}},
        "relationships": [{"from": "laotao", "to": "xiaoyu", "kind": "mentor", "strength": 0.7}]}


# --- reading: what a deed is for, rude in Chinese, the hour of the night -------------------------------
@pytest.mark.parametrize(("text", "key"), [
    ("He had taken them for the sick, not for himself", "generous"), ("She nursed the sick all winter", "helpful"),
    ("老王把面粉送给病人了", "generous"), ("Tomas fell sick", "illness"),
    ("老王对客人很无礼", "rude"), ("老王很失礼", "rude"), ("老王没礼貌", "rude"), ("老王顶撞了掌柜", "rude"),
    ("老王给我摆脸色", "rude"), ("She was insolent to the magistrate", "rude"),
    ("Pell was late again", "late"), ("老王又迟到了", "late"),
])
def test_words_read_as_what_they_mean(text: str, key: str) -> None:
    reading = read_by_cues(text)
    assert reading is not None and reading.key == key, (text, reading)


@pytest.mark.parametrize(("text", "not_key"), [
    ("He had taken them for the sick", "illness"), ("She is sick of the noise", "illness"),
    ("Tomas took two sacks of flour late last night", "late"), ("Pell came home late at night", "late"),
    ("It was late when Pell left the mill", "late"), ("天晚了，老王才回家", "late"),
])
def test_an_hour_or_the_people_served_are_not_the_predicate(text: str, not_key: str) -> None:
    reading = read_by_cues(text)
    assert reading is None or reading.key != not_key, (text, reading)


def test_a_negated_rude_cue_is_still_read_negated() -> None:
    reading = read_by_cues("老王没有顶撞掌柜")
    assert reading is not None and reading.key == "rude" and reading.negated


# --- a persona becomes a clause ------------------------------------------------------------------------
@pytest.mark.parametrize(("persona", "lang", "said"), [
    ("Suspicious, counts every sack.", "en", "they're suspicious and count every sack"),
    ("Cheerful, hums while he loads.", "en", "he's cheerful and hums while he loads"),
    ("Has crossed this river ten thousand times; trusts her eyes more than anyone's stories.", "en",
     "she has crossed this river ten thousand times and trusts her eyes more than anyone's stories"),
    ("Warm, early riser, proud of her bread.", "en", "she's warm, an early riser and proud of her bread"),
    ("You are a grumpy old man.", "en", None),
    ("好动，爱问问题", "zh", "人好动，爱问问题"), ("退伍老兵，话少，最看不惯偷懒的人。", "zh", "这人是退伍老兵，话少，最看不惯偷懒的人"),
    ("修了三十年伞，话少手稳，谁的伞骨断过几根他都记得。", "zh", "这人修了三十年伞，话少手稳"),
])
def test_a_persona_is_said_as_a_clause(persona: str, lang: str, said: str | None) -> None:
    assert persona_clause(persona, lang) == said


def test_the_tie_phrase_never_pastes_the_persona() -> None:
    town = Town.from_scenario(MILL)
    said = town.say("wren", "hanna", "What is Tomas like?").text
    assert "Tomas is a friend of mine; he's cheerful and hums while he loads" in said, said
    said = Town.from_scenario(KILN).say("ke", "laotao", "小鱼这孩子怎么样？").text
    # a clause, not the note pasted; an apprentice of no declared pronoun is not made a 他 (session 23)
    assert "小鱼是我一手带的，为人嘴快，爱打听" in said, said


# --- "I'm fine, thanks" ------------------------------------------------------------------------------------
def test_a_state_answer_is_met_as_news_not_as_thanks() -> None:
    town = Town.from_scenario(MILL)
    said = town.say("wren", "tomas", "I'm fine, thanks.").text
    assert _one_of(said, "en", "glad_well") and not _one_of(said, "en", "thank"), said
    said = town.say("wren", "ilse", "Not bad, thanks. And you?").text
    assert _one_of(said, "en", "glad_well") and any(p in said for p in PHRASES["en"]["me_well"]), said
    assert _one_of(town.say("wren", "hanna", "Thank you for your help.").text, "en", "thank")
    zh = Town.from_scenario(KILN)
    said = zh.say("ke", "xiaoyu", "挺好的，谢谢").text
    assert _one_of(said, "zh", "glad_well") and not _one_of(said, "zh", "thank"), said


# --- a player's statement leaves a belief; a whisper's stays private ---------------------------------------
def test_a_players_statement_becomes_the_npcs_belief_and_a_whisper_stays_private() -> None:
    town = Town.from_scenario(MILL)
    town.say("wren", "hanna", "Tomas took two sacks of flour.")
    town.say("wren", "hanna", "He had taken them for the sick, not for himself.")  # "he": the one named before
    held = [b for b in town.memory.beliefs_of("hanna", "tomas") if b.told_by == "wren"]
    assert [b.claim.predicate for b in held][-1] == "generous" and not held[-1].private, [b.text for b in held]
    town.say("wren", "ilse", "Tomas took the flour for the sick.", private=True)
    secret = [b for b in town.memory.beliefs_of("ilse", "tomas") if b.told_by == "wren"]
    assert len(secret) == 1 and secret[0].private and secret[0].claim.predicate == "generous", secret
    assert not [e for e in town.timeline() if "for the sick" in e.text and "Tomas took the flour" in e.text
                or "generous" in e.text and e.ids.get("belief") == secret[0].id]  # its words stay off the timeline
    assert "generous" not in town.say("finch", "ilse", "What do you know about Tomas?").text.lower()
    town.advance(6)  # gossip never carries the whisper on
    others = [b for b in town.memory.beliefs.values() if b.holder != "ilse" and b.parent_id == secret[0].id]
    assert not others
    assert "generous" in town.say("wren", "ilse", "What do you know about Tomas?").text  # to the one who told


def test_a_question_or_a_line_about_nobody_makes_no_belief() -> None:
    town = Town.from_scenario(MILL)
    town.say("wren", "hanna", "Did Tomas take the flour?")
    town.say("wren", "hanna", "The weather has turned.")
    assert not [b for b in town.memory.beliefs_of("hanna") if b.told_by == "wren"]


# --- a generated town's ties and a visiting player -----------------------------------------------------------
def test_generated_ties_have_reasons_that_fit_their_kind() -> None:
    from townsfolk.sim.world_spec import load_world_spec
    from townsfolk.sim.worldgen import generate

    for path, lang in (("scenarios/zhen.world.yaml", "zh"), ("scenarios/lockkeep.world.yaml", "en")):
        town = generate(load_world_spec(path), npcs=120)
        reasons: dict[str, set[str]] = {}
        for a in town.npcs[:60]:
            for b in town.npcs[:60]:
                for e in town.world.graph.edges_between(a, b):
                    if town.world.relation_kind(e.kind) is not None and e.history:
                        reasons.setdefault(e.kind, set()).add(e.history[0].reason)
        assert all("一起干活" in r or "work together at" in r for r in reasons["colleague"]), reasons
        assert reasons["family"] == ({"住在一个屋檐下"} if lang == "zh" else {"live under one roof"}), reasons
        assert not any("世代" in r or "as generated" in r for rs in reasons.values() for r in rs), reasons
        assert town.world.characters[town.npcs[0]].persona.startswith("住在" if lang == "zh" else "lives at")
    for lang, template in PLAYER_MEETING.items():
        text = template.format(player="游客" if lang == "zh" else "the Traveller", place="集市" if lang == "zh"
                               else "the market", npc="王明" if lang == "zh" else "Ada")
        reading = read_by_cues(text)
        assert reading is None or reading.key != "visited", text  # a chat at the market is not a visit


# --- a Chinese world's checks are in Chinese --------------------------------------------------------------------
def test_expectation_lines_follow_the_worlds_language() -> None:
    from townsfolk.sim.expectations import check
    from townsfolk.sim.scenario import Expectation

    spec = dict(KILN, expect=[])
    town = Town.from_scenario(spec)
    checks = [Expectation.model_validate(e) for e in (
        {"at": 0, "relation": {"from": "laotao", "to": "xiaoyu", "kind": "mentor"}, "at_least": 0.9},
        {"at": 0, "belief": {"holder": "xiaoyu", "about": "laotao"}},
        {"at": 0, "reply": {"npc": "laotao"}, "mentions": ["窑"]})]
    said = [check(town.sim, i, e) for i, e in enumerate(checks)]
    assert said[0].description == "老陶 → 小鱼【师徒】>= 0.9" and said[0].found.startswith("强度 "), said[0]
    assert said[1].description.startswith("小鱼对老陶有一条看法") and said[1].found == "没有看法", said[1]
    assert said[2].description == "老陶的回答提到“窑”" and said[2].found == "老陶还没回答过", said[2]
    en = Town.from_scenario(MILL)
    assert check(en.sim, 0, Expectation.model_validate(
        {"at": 0, "relation": {"from": "hanna", "to": "tomas", "kind": "friend"}, "below": 0.5})
                 ).description == "hanna -> tomas [friend] < 0.5"


# --- quotation marks ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "said"), [
    ("the loaf\u201ctasted\u201dof ash", "the loaf tasted of ash"),
    ('Ilse said the loaf "tasted" of ash', "Ilse said the loaf tasted of ash"),
    ('Hanna told me:"Tomas stole"and left', "Hanna told me that Tomas stole and left"),
    ('Nell told me: "He was late again."', "Nell told me that he was late again"),
])
def test_unquoting_keeps_words_apart(text: str, said: str) -> None:
    assert unquote(text) == said


# --- who a statement is about; news of others is no quarrel; help I cannot give --------------------------------
def test_a_view_reported_is_the_holders_attitude_and_a_telling_is_the_tellers_word() -> None:
    town = Town.from_scenario(MILL)
    town.say("wren", "tomas", "Hanna thinks you stole the flour.")
    [view] = [b for b in town.memory.beliefs_of("tomas") if b.told_by == "wren"]
    assert (view.claim.about, view.claim.target, view.claim.predicate) == ("hanna", "tomas", "theft"), view
    assert view.text == "Hanna thinks Tomas stole something"  # not "Hanna stole something", not "is stole"
    town.say("wren", "hanna", "Tomas told me Ilse burned the bread.")
    [word] = [b for b in town.memory.beliefs_of("hanna") if b.told_by == "wren"]
    assert (word.claim.about, word.claim.said_by) == ("ilse", "tomas"), word


def test_calling_someone_else_a_liar_is_news_not_a_quarrel_with_the_listener() -> None:
    town = Town.from_scenario(MILL)
    said = town.say("wren", "ilse", "Hanna says Tomas is a liar.").text
    assert not _one_of(said, "en", "apologise"), said
    [view] = [b for b in town.memory.beliefs_of("ilse") if b.told_by == "wren"]
    assert (view.claim.about, view.claim.target, view.claim.predicate) == ("hanna", "tomas", "dishonest"), view
    # said to her face it is an insult: answered as the one wronged (agents/rude_reply.py), not as news
    to_her = town.say("wren", "ilse", "You liar!").text
    assert not _one_of(to_her, "en", "apologise") and "Tomas" not in to_her and "Hanna" not in to_her, to_her


def test_help_an_npc_cannot_give_is_declined_not_chatted_past() -> None:
    said = Town.from_scenario(MILL).say("wren", "tomas", "Can you help me find the road to the city?").text
    assert not _one_of(said, "en", "small_talk", "small_talk_known") and "weather" not in said.lower(), said
    said = Town.from_scenario(KILN).say("ke", "xiaoyu", "你能帮我找一辆去县城的车吗？").text
    assert not _one_of(said, "zh", "small_talk", "small_talk_known") and "天气" not in said, said


@pytest.mark.parametrize(("text", "key", "negated"), [
    ("一窑陶罐裂了一半", "mishap", False), ("她的篮子翻了，鸡蛋全打碎了", "mishap", False),
    ("阿满偷偷拿了两个陶罐", "theft", False), ("He left the stall without paying", "theft", False),
    ("小鱼窑门开早了，是为了救里面的猫，不是偷懒", "lazy", True), ("小鱼不是小偷", "theft", True),
])
def test_more_everyday_wording_reads_as_meant(text: str, key: str, negated: bool) -> None:
    reading = read_by_cues(text)
    assert reading is not None and (reading.key, reading.negated) == (key, negated), (text, reading)


@pytest.mark.parametrize("text", ["他俩闹翻了", "价钱翻了一番", "我心都碎了"])
def test_what_only_looks_like_a_mishap_is_not_one(text: str) -> None:
    reading = read_by_cues(text)
    assert reading is None or reading.key != "mishap", (text, reading)


def test_a_kiln_mishap_blames_nobody() -> None:
    ties = KILN["relationships"] + [{"from": "xiaoyu", "to": "laotao", "kind": "family", "strength": 0.5}]
    town = Town.from_scenario(dict(KILN, relationships=ties, timeline=[{"at": 1, "happen": {
        "what": "一窑陶罐裂了一半", "about": "laotao", "witnesses": ["laotao", "xiaoyu"], "valence": -0.5}}]))
    entries = town.advance(2).entries
    assert not [e for e in entries if e.kind == "edge" and "xiaoyu" in e.who], entries


def test_someone_the_npc_never_heard_of_is_not_known_and_news_in_other_words_is_news() -> None:
    town = Town.from_scenario(MILL)
    town.say("wren", "hanna", "Tomas took two sacks of flour.")
    said = town.say("finch", "hanna", "Do you know a man called Marten?").text
    assert said in [p.format(about="Marten") for p in PHRASES["en"]["know_no"]], said
    said = Town.from_scenario(KILN).say("ke", "xiaoyu", "你认识一个叫王大力的人吗？").text
    assert said in [p.format(about="王大力") for p in PHRASES["zh"]["know_no"]], said
    from townsfolk.memory.topic import is_topic_question
    assert is_topic_question("What's been going on around here?", "en")


def test_a_question_about_what_someone_is_like_is_answered_from_what_is_held() -> None:
    town = Town.from_scenario(MILL)
    assert _one_of(town.say("wren", "hanna", "Is Tomas honest?").text, "en", "trait_yes")  # a friend of hers
    said = Town.from_scenario(KILN).say("ke", "laotao", "阿满这人靠得住吗？").text
    assert said in [p.format(about="阿满") for p in PHRASES["zh"]["cannot_judge"]], said  # nothing held of him


def test_news_openers_are_not_said_back_as_the_players_words() -> None:
    from townsfolk.agents.listener_words import revoiced

    assert revoiced("你听说了吗，小鱼把窑门开早了", "zh") == "小鱼把窑门开早了"
    assert revoiced("Did you hear? Tomas took the flour.", "en") == "Tomas took the flour"
