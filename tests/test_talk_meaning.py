"""What an NPC answers means what was asked (the lead's ferry and orchard worlds, zh and en):
a deed done in substance is owned up to, a greeting with small talk gets small talk, "is all well
here?" draws the news, "your nephew" is the nephew, thanks with a clause is thanks, a plea for
someone is weighed as testimony, and "what kind of person is X?" speaks of the person first."""

from __future__ import annotations

from townsfolk import Town
from townsfolk.agents.deed_match import accusation, owns_up
from townsfolk.agents.voice_phrases import PHRASES

FERRY = {"scenario": "渡口的找零", "language": "zh", "seed": 5, "start": "2026-05-11T06:00", "tick": "1h",
         "characters": {"laohe": {"name": "老何", "role": "船夫", "persona": "老实，嗓门大，护着侄子。"},
                        "ashui": {"name": "阿水", "role": "船夫的侄子", "persona": "年轻，算账常出错。"},
                        "liusao": {"name": "刘嫂", "role": "卖鱼的", "persona": "嘴快，爱把小事说大。",
                                   "traits": {"candour": 0.3, "exaggeration": 0.9}},
                        "qian": {"name": "钱先生", "role": "收渡口税的", "persona": "刻板，讲规矩。"},
                        "guoke": {"name": "过客", "role": "赶路的客人", "player": True}},
         "relationships": [{"from": "laohe", "to": "ashui", "kind": "family", "strength": 0.8, "mutual": True},
                           {"from": "liusao", "to": "qian", "kind": "neighbour", "strength": 0.5, "mutual": True}],
         "timeline": [{"at": 1, "happen": {"what": "阿水给客人找零时少找了五文钱", "actor": "ashui",
                                           "witnesses": ["liusao"], "valence": -0.3, "place": "渡口"}},
                      {"at": 2, "gossip": {"teller": "liusao", "to": "qian", "about": "ashui"}}]}
ORCHARD = {"scenario": "The open gate", "language": "en", "seed": 9, "start": "2026-04-02T07:00", "tick": "1h",
           "characters": {"mara": {"name": "Mara", "role": "orchard owner", "persona": "Proud of her trees, slow to forgive."},
                          "pell": {"name": "Pell", "role": "picker", "persona": "Cheerful and forgetful."},
                          "dunstan": {"name": "Dunstan", "role": "cart driver", "persona": "Loves a story.",
                                      "traits": {"candour": 0.3, "exaggeration": 0.9}},
                          "ilse": {"name": "Ilse", "role": "beekeeper", "persona": "Quiet, notices everything."},
                          "wat": {"name": "Wat", "role": "Mara's nephew", "persona": "Keen, bad at sums."},
                          "buyer": {"name": "Rowan", "role": "fruit buyer", "player": True}},
           "relationships": [{"from": "mara", "to": "pell", "kind": "colleague", "strength": 0.5},
                             {"from": "mara", "to": "wat", "kind": "family", "strength": 0.8, "mutual": True},
                             {"from": "dunstan", "to": "mara", "kind": "acquaintance", "strength": 0.5, "mutual": True},
                             {"from": "ilse", "to": "pell", "kind": "friend", "strength": 0.7, "mutual": True}],
           "timeline": [{"at": 1, "happen": {"what": "Pell left the orchard gate open and the goats chewed three young saplings",
                                             "actor": "pell", "witnesses": ["dunstan", "ilse"], "valence": -0.5}},
                        {"at": 1, "happen": {"what": "Wat gave a customer five pennies too little in change",
                                             "actor": "wat", "witnesses": ["ilse"], "valence": -0.3}},
                        {"at": 2, "gossip": {"teller": "dunstan", "to": "mara", "about": "pell"}}]}


def _town(spec: dict) -> Town:
    town = Town.from_scenario(spec)
    town.advance(2)
    return town


def _one_of(text: str, lang: str, *keys: str) -> bool:
    return any(p.split("{")[0] and p.split("{")[0] in text for k in keys for p in PHRASES[lang][k])


def test_a_deed_done_in_substance_is_owned_up_to_not_denied() -> None:
    zh = _town(FERRY)
    said = zh.say("guoke", "ashui", "听说你找错钱了，是真的吗？").text
    assert _one_of(said, "zh", "admit", "admit_rumour") and not _one_of(said, "zh", "deny_deed"), said
    assert "少找了五文钱" in said, said  # in its own words: what it did
    assert not _one_of(zh.say("guoke", "ashui", "是你偷的钱吗？").text, "zh", "admit", "admit_rumour")  # stealing is another act
    en = _town(ORCHARD)
    said = en.say("buyer", "wat", "Did you short-change a customer?").text
    assert _one_of(said, "en", "admit", "admit_rumour") and "five pennies too little" in said, said
    said = en.say("buyer", "pell", "Did you break the saplings on purpose?").text
    assert not _one_of(said, "en", "admit", "admit_rumour") and "left the orchard gate open" in said, said  # not meant: no yes


def test_owning_up_is_decided_in_substance() -> None:
    cases = [("zh", "听说你找错钱了，是真的吗？", "我给客人找零时少找了五文钱", True, True),
             ("zh", "面粉是你偷的吗？", "我把两袋面粉搬到了卫生所", False, False),  # not a harmful deed
             ("zh", "是你偷的钱吗？", "我给客人找零时少找了五文钱", True, False),  # a named wrong the deed is not
             ("zh", "你是不是故意少找钱的？", "我给客人找零时少找了五文钱", True, False),  # intent the deed does not show
             ("en", "Did you short-change a customer?", "I gave a customer five pennies too little in change", True, True),
             ("en", "Did you break the gate?", "I broke Dora's plough", True, False),  # another thing
             ("en", "Did you steal the flour?", "I carried two flour sacks to the infirmary", False, False)]
    for lang, question, deed, harmful, owned in cases:
        acc = accusation(question, lang)
        assert acc is not None and owns_up(acc, question, deed, lang, harmful=harmful) is owned, (question, deed)


def test_a_greeting_with_small_talk_gets_small_talk_never_a_denial() -> None:
    zh = _town(FERRY)
    said = zh.say("guoke", "ashui", "你好呀，今天生意好吗？").text
    assert not _one_of(said, "zh", "deny_deed", "deny", "admit", "admit_rumour"), said
    assert any(w in said for w in ("还行", "马马虎虎", "还不错", "托你的福", "凑合", "不怎么样")), said
    en = _town(ORCHARD)
    said = en.say("buyer", "pell", "Hello Pell, how's business today?").text
    assert not _one_of(said, "en", "deny_deed", "deny", "admit", "admit_rumour"), said
    assert any(w in said for w in ("Steady", "keeps me going", "Not bad", "Good, thanks", "Slow", "Could be")), said


def test_is_all_well_here_draws_the_news_with_its_source() -> None:
    zh = _town(FERRY)
    said = zh.say("guoke", "qian", "钱先生，渡口最近太平吗？").text
    assert "刘嫂" in said and "阿水" in said and not _one_of(said, "zh", "deny"), said
    en = _town(ORCHARD)
    said = en.say("buyer", "mara", "Morning, Mara. Is everything all right with the trees?").text
    assert "Dunstan" in said and "Pell" in said and not _one_of(said, "en", "deny"), said
    quiet = en.say("buyer", "wat", "Anything going on?").text
    assert not _one_of(quiet, "en", "deny"), quiet


def test_your_nephew_is_the_nephew() -> None:
    zh = _town(FERRY)
    said = zh.say("guoke", "laohe", "你侄子人怎么样？").text
    assert "阿水" in said and not _one_of(said, "zh", "deny"), said
    en = _town(ORCHARD)
    said = en.say("buyer", "mara", "What is your nephew like?").text
    assert "Wat" in said and not _one_of(said, "en", "deny"), said


def test_thanks_with_a_clause_is_thanks() -> None:
    zh = _town(FERRY)
    for text in ("谢谢你刚才告诉我的事。", "多谢你帮忙。", "谢了，辛苦你了。"):
        said = zh.say("guoke", "liusao", text).text
        assert not _one_of(said, "zh", "deny"), (text, said)
    assert _one_of(zh.say("guoke", "qian", "谢谢你刚才告诉我的事。").text, "zh", "thank")
    en = _town(ORCHARD)
    assert _one_of(en.say("buyer", "dunstan", "Thank you for telling me about Pell.").text, "en", "thank")


def test_a_plea_for_someone_is_weighed_as_testimony_and_why_shows_it() -> None:
    en = _town(ORCHARD)
    turn = en.say("buyer", "mara", "Could you go easy on Pell? It was an accident.")
    assert turn.route != "errand" and "Pell" in turn.text and "You'll have heard" not in turn.text, turn.text
    assert "Dunstan" in turn.text, turn.text  # her blame came from Dunstan, as credible as a stranger's word
    plea = [b for b in en.memory.beliefs_of("mara", "pell") if b.told_by == "buyer"]
    assert plea and plea[0].claim.quote == "It was an accident" and plea[0].credibility > 0
    edges = [c for e in en.world.graph.edges_between("mara", "pell") for c in e.history
             if c.cause.kind == "belief" and c.cause.id == plea[0].id]
    assert edges and all(c.delta > 0 for c in edges)  # eased a little, with the player's word as the cause
    zh = _town(FERRY)
    said = zh.say("guoke", "qian", "你就别怪阿水了，他不是故意的。").text
    assert "阿水" in said and "你跟我说过" not in said, said
    assert [b for b in zh.memory.beliefs_of("qian", "ashui") if b.told_by == "guoke" and "不是故意" in (b.claim.quote or "")]


def test_what_kind_of_person_speaks_of_the_person_first() -> None:
    en = _town(ORCHARD)
    said = en.say("buyer", "ilse", "What kind of person is Pell?").text
    assert said.startswith("Pell is a friend of mine"), said
    assert "Cheerful and forgetful." not in said and "left the orchard gate open" in said, said
    zh = _town(FERRY)
    said = zh.say("guoke", "laohe", "阿水是个什么样的人？").text
    assert said.startswith("阿水是我") and "年轻" in said, said


KILN = {"scenario": "窑口的裂碗", "language": "zh", "seed": 11, "start": "2026-06-03T07:00", "tick": "1h",
        "characters": {"dou": {"name": "老窦", "role": "窑师傅", "persona": "手艺好，脾气倔，心疼徒弟。"},
                       "xiaoman": {"name": "小满", "role": "窑师傅的徒弟", "persona": "手脚麻利，性子急。"},
                       "ke": {"name": "林客", "role": "来订货的", "player": True}},
        "relationships": [{"from": "dou", "to": "xiaoman", "kind": "mentor", "strength": 0.8}],
        "timeline": [{"at": 1, "happen": {"what": "小满烧窑时火候太猛，一窑碗裂了一半", "actor": "xiaoman",
                                          "witnesses": ["dou"], "valence": -0.4}}]}


def test_my_own_worlds_intent_follow_ups_how_i_am_treated_and_who_is_over_me() -> None:
    zh = _town(KILN)
    assert _one_of(zh.say("ke", "xiaoman", "听说你把那窑碗烧坏了，是真的吗？").text, "zh", "admit", "admit_rumour")
    said = zh.say("ke", "xiaoman", "你是故意的吗？").text  # the act was named a turn ago
    assert said.startswith(("不是故意的", "我真不是有意的")) and not _one_of(said, "zh", "deny_deed"), said
    said = zh.say("ke", "xiaoman", "你师父对你好吗？").text  # how he treats me, not "你好" nor an accusation
    assert "老窦" in said and not _one_of(said, "zh", "deny_deed", "greet_morning", "greet_day"), said
    assert zh.say("ke", "dou", "你徒弟平时人怎么样？").text.startswith("小满是我一手带的")
    en = _town(ORCHARD)
    said = en.say("buyer", "pell", "Dunstan says you let the goats at the saplings on purpose. Is that true?").text
    assert not _one_of(said, "en", "admit", "admit_rumour") and "left the orchard gate open" in said, said
    said = en.say("buyer", "pell", "What is your boss like?").text  # only Mara is tied to Pell
    assert "Mara" in said and not _one_of(said, "en", "deny"), said
    assert en.say("buyer", "mara", "What is your nephew like?").text.startswith("Wat is my nephew")


def test_how_things_are_at_a_place_is_not_how_things_are_with_a_person() -> None:
    from townsfolk.agents.voice import question_kind

    cases = {("en", "How are things with Martha now?"): "relation", ("en", "All quiet here?"): "news",
             ("en", "Is everything all right with Martha?"): "yes_no",
             ("en", "Morning, Mara. Is everything all right with the trees?"): "news",
             ("zh", "钱先生，渡口最近太平吗？"): "news", ("zh", "你最近怎么样？"): None,
             ("zh", "你师父对你好吗？"): "relation", ("zh", "你好呀，今天生意好吗？"): "small_talk"}
    assert {k: question_kind(k[1], k[0]) for k in cases} == cases
