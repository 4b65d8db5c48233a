"""NPC wording defects a recheck found: each answered as a player would expect (zh and en).

A news question about one person is about that person; a price, a catch-up and a "whose is that?"
are answered for what they ask; a persona with no gender is said with the name, not "they".
"""

from __future__ import annotations

from townsfolk import Town
from townsfolk.agents.persona_clause import persona_clause, pronoun_for

REED = {
    "scenario": "The reed crossing", "language": "en", "seed": 7, "start": "2026-05-02T08:00", "tick": "1h",
    "place": "Reedham",
    "characters": {
        "hob": {"name": "Hob", "role": "ferryman", "persona": "Counts every coin twice."},
        "mara": {"name": "Mara", "role": "fish trader", "persona": "Sharp-tongued and kind underneath."},
        "tomas": {"name": "Tomas", "role": "net mender", "persona": "Quiet and stubborn."},
        "rowan": {"name": "Rowan", "role": "the miller's boy", "persona": "Always running somewhere."},
        "pell": {"name": "Pell", "role": "the baker", "persona": "Generous with bread and gossip."},
        "kit": {"name": "Kit", "role": "a pedlar", "player": True},
    },
    "relationships": [{"from": "hob", "to": "mara", "kind": "friend", "strength": 0.7, "mutual": True},
                      {"from": "mara", "to": "pell", "kind": "friend", "strength": 0.5, "mutual": True}],
    "timeline": [
        {"at": 1, "happen": {"what": "Pell burned the whole batch of bread", "actor": "pell", "witnesses": ["mara"],
                             "valence": -0.3}},
        {"at": 1, "happen": {"what": "Tomas came home late last night", "actor": "tomas", "witnesses": ["hob"]}},
        {"at": 2, "happen": {"what": "Rowan broke Tomas's net", "actor": "rowan", "about": "tomas",
                             "witnesses": ["hob"], "valence": -0.5}},
    ],
}
BAY = {
    "scenario": "海湾渔村", "language": "zh", "seed": 5, "start": "2026-06-01T07:00", "tick": "1h", "place": "海湾村",
    "characters": {
        "wangbo": {"name": "王伯", "role": "老渔夫", "persona": "话不多，心里有数。"},
        "laochen": {"name": "老陈", "role": "补网的", "persona": "手巧，脾气倔。"},
        "chunsao": {"name": "春嫂", "role": "卖鱼的", "persona": "嘴快，爱打听。"},
        "xiaohu": {"name": "小虎", "role": "渔家小子", "persona": "好动，爱闯祸。"},
        "ke": {"name": "阿客", "role": "外乡人", "player": True},
    },
    "relationships": [{"from": "wangbo", "to": "laochen", "kind": "friend", "strength": 0.7, "mutual": True}],
    "timeline": [
        {"at": 1, "happen": {"what": "小虎弄破了老陈的网", "actor": "xiaohu", "about": "laochen",
                             "witnesses": ["wangbo"], "valence": -0.5}},
        {"at": 1, "happen": {"what": "老陈昨晚很晚才回家", "actor": "laochen", "witnesses": ["chunsao"]}},
    ],
}


def _town(spec: dict, ticks: int = 3) -> Town:  # type: ignore[type-arg]
    t = Town.from_scenario(spec)
    t.advance(ticks)
    return t


def test_news_of_a_person_is_about_that_person_or_says_there_is_none() -> None:
    en = _town(REED)
    said = en.say("kit", "hob", "Heard anything about Rowan?").text
    assert "Rowan broke Tomas's net" in said and "came home late" not in said, said
    said = en.say("kit", "mara", "Heard anything about Rowan?").text
    assert "Rowan" in said and "Pell" not in said and "bread" not in said, said
    said = en.say("kit", "hob", "Any news of Pell?").text
    assert "Pell" in said and "Rowan" not in said, said
    zh = _town(BAY)
    said = zh.say("ke", "chunsao", "你听说小虎的事了吗？").text
    assert "小虎" in said and "老陈" not in said and "回家" not in said, said


def test_a_catch_up_question_is_answered_with_the_news() -> None:
    en = _town(REED)
    said = en.say("kit", "hob", "What have I missed?").text
    assert "Rowan broke Tomas's net" in said, said
    zh = _town(BAY)
    said = zh.say("ke", "wangbo", "我错过了什么？").text
    assert "小虎弄破了老陈的网" in said, said


def test_whose_thing_with_no_fact_is_an_honest_dont_know() -> None:
    en = _town(REED)
    said = en.say("kit", "hob", "Is that your dog?").text
    assert "don't know whose dog" in said or "couldn't tell you whose dog" in said, said
    zh = _town(BAY)
    said = zh.say("ke", "chunsao", "那是你家的狗吗？").text
    assert "狗" in said and "不知道" in said, said


def test_a_ware_sent_on_names_its_trader_by_name_when_gender_is_unknown() -> None:
    en = _town(REED)
    said = en.say("kit", "hob", "Can I get a loaf of bread?").text
    assert "Pell" in said and "they're" not in said and "the the" not in said, said


def test_a_persona_without_gender_is_said_with_the_name_and_he_or_she_when_known() -> None:
    assert persona_clause("Sharp-tongued and kind underneath.", "en", "fish trader", "Mara") \
        == "Mara's sharp-tongued and kind underneath"
    assert persona_clause("Counts every coin twice.", "en", "trader", "Ann") == "Ann counts every coin twice"
    assert persona_clause("Counts every coin twice.", "en", "ferryman", "Hob") == "he counts every coin twice"
    assert pronoun_for("Quiet.", "fisherwoman") == "she" and pronoun_for("Quiet.", "human trader") == "they"
    en = _town(REED)
    said = en.say("kit", "hob", "Who is Mara?").text
    assert "they're" not in said and "Mara is a friend of mine, sharp-tongued" in said, said


def test_a_persona_after_a_tie_of_two_is_its_own_clause() -> None:
    """"Olly and I work together, eager and careless with words" said both were eager: the persona is
    joined as an appositive only after "Olly is ..."; after "X and I ..." it is its own clause."""
    world = {**REED, "relationships": [{"from": "hob", "to": "mara", "kind": "colleague", "strength": 0.7,
                                        "mutual": True}]}
    said = _town(world).say("kit", "hob", "Who is Mara?").text
    assert "Mara and I work together; Mara's sharp-tongued" in said, said


def test_a_name_or_title_then_hao_is_a_greeting() -> None:
    from townsfolk.agents.intent import detect_intents
    from townsfolk.agents.small_talk import without_greeting

    names = ("春嫂", "王伯", "老陈")
    for text in ("春嫂好", "王伯早啊", "老陈好！"):
        assert [i.kind for i in detect_intents(text, "zh", names=names)] == ["greet"], text
    assert "greet" not in [i.kind for i in detect_intents("老陈好像生气了", "zh", names=names)]
    assert without_greeting("老板好，鱼怎么卖？") == "鱼怎么卖？"
    assert without_greeting("哥哥好像生气了") == "哥哥好像生气了"
    zh = _town(BAY)
    turn = zh.say("ke", "chunsao", "春嫂好")
    assert turn.intent == "greet", (turn.intent, turn.text)


def test_coming_home_late_is_not_a_death() -> None:
    from townsfolk.memory.predicate_reader import read

    # the death example once named "Old Tomas": any sentence about a Tomas was pulled toward it
    for text in ("Tomas came home late last night", "Tomas went home early", "老陈昨晚很晚才回家"):
        assert read(text).key != "death", (text, read(text))
    assert read("Tomas died in his sleep").key == "death"
    assert read("老陈睡梦中走了").key == "death"


def _torn_net(language: str) -> dict:  # type: ignore[type-arg]
    zh = language == "zh"
    return {
        "scenario": "net", "language": language, "seed": 5, "start": "2026-06-01T07:00", "tick": "1h", "place": "bay",
        "characters": {
            "chen": {"name": "老陈" if zh else "Tomas", "role": "补网的" if zh else "net mender"},
            "chun": {"name": "春嫂" if zh else "Pell", "role": "卖鱼的" if zh else "baker"},
            "hu": {"name": "小虎" if zh else "Rowan", "role": "渔家小子" if zh else "the miller's boy"},
            "ke": {"name": "阿客" if zh else "Kit", "player": True},
        },
        "relationships": [{"from": "chen", "to": "hu", "kind": "neighbour", "strength": 0.6, "mutual": True}],
        "timeline": [
            {"at": 1, "happen": {"what": "小虎搬船时不小心刮破了老陈的网" if zh
                                 else "Rowan tore Tomas's net by accident while hauling the boat",
                                 "actor": "hu", "about": "chen", "witnesses": ["chun"], "valence": -0.3}},
            {"at": 2, "tell": {"speaker": "chun", "to": "chen", "about": "hu",
                               "text": "小虎是故意弄破你的网的" if zh else "Rowan broke your net on purpose"}},
            {"at": 3, "mediate": {"player": "ke", "between": ["chen", "hu"]}},
        ],
    }


def test_after_a_mediation_an_accident_is_no_longer_said_to_be_on_purpose() -> None:
    for lang, asks, meant in (("zh", ("小虎弄破你的网，是故意的吗？", "最近有什么事吗？"), "故意"),
                              ("en", ("Did Rowan break your net on purpose?", "Any news?"), "on purpose")):
        before = _town(_torn_net(lang), 2)  # the rumour, before the talk: a blame
        assert any(b.claim.predicate != "mishap" for b in before.memory.beliefs_of("chen") if b.concerns("hu"))
        if lang == "zh":
            assert meant in before.say("ke", "chen", asks[0]).text
        town = _town(_torn_net(lang), 3)
        for ask in asks:
            said = town.say("ke", "chen", ask).text
            assert meant not in said, (lang, ask, said)
        held = [b for b in town.memory.beliefs_of("chen") if b.concerns("hu")]
        assert held and all(b.claim.predicate == "mishap" for b in held), [b.text for b in held]
        ex = town.why("chen", "hu", everything=True)
        reasons = [c.superseded_reason or "" for e in ex.edges for c in e.changes]
        assert any(("不小心" in r) if lang == "zh" else ("accident" in r) for r in reasons), reasons


def _rumour(language: str, trusted: bool) -> dict:  # type: ignore[type-arg]
    zh = language == "zh"
    ties = [{"from": "hob", "to": "rowan", "kind": "neighbour", "strength": 0.5, "mutual": True}]
    if trusted:
        ties.append({"from": "hob", "to": "kit", "kind": "friend", "strength": 0.8, "mutual": True})
    return {
        "scenario": "rumour", "language": language, "seed": 7, "start": "2026-05-02T08:00", "tick": "1h", "place": "x",
        "characters": {"hob": {"name": "王伯" if zh else "Hob", "role": "渔夫" if zh else "ferryman"},
                       "rowan": {"name": "小虎" if zh else "Rowan", "role": "渔家小子" if zh else "boy"},
                       "pell": {"name": "春嫂" if zh else "Pell", "role": "卖鱼的" if zh else "baker"},
                       "kit": {"name": "阿客" if zh else "Kit", "player": True}},
        "relationships": ties,
        "timeline": [{"at": 1, "tell": {"speaker": "pell", "to": "hob", "about": "rowan",
                                        "text": "小虎偷了鱼" if zh else "Rowan stole Mara's fish"}}],
    }


def test_a_trusted_players_correction_supersedes_the_rumour() -> None:
    for lang, denial in (("en", "That's not true, Rowan didn't steal it."), ("zh", "不是真的，小虎没偷东西。")):
        town = _town(_rumour(lang, trusted=True), 2)
        town.say("kit", "hob", denial)
        held = [b for b in town.memory.beliefs_of("hob") if b.concerns("rowan")]
        assert held and all(b.claim.negated for b in held), [(b.text, b.status) for b in held]
        ex = town.why("hob", "rowan", viewer="kit")
        assert any("not so" in (c.reason or "") or "不是这样" in (c.reason or "") for e in ex.edges for c in e.changes)
        said = town.say("kit", "hob", "Did Rowan steal anything?" if lang == "en" else "小虎偷东西了吗？").text
        assert "stole" not in said and "偷了鱼" not in said and "not true" not in said, said
        stranger = _town(_rumour(lang, trusted=False), 2)  # a stranger's word sits beside the rumour
        stranger.say("kit", "hob", denial)
        assert any(not b.claim.negated for b in stranger.memory.beliefs_of("hob") if b.concerns("rowan"))


def _confidences(language: str) -> dict:  # type: ignore[type-arg]
    zh = language == "zh"
    return {
        "scenario": "secrets", "language": language, "seed": 7, "start": "2026-05-02T08:00", "tick": "1h", "place": "x",
        "characters": {"hob": {"name": "王伯" if zh else "Hob", "role": "渔夫" if zh else "ferryman"},
                       "mara": {"name": "阿秀" if zh else "Mara", "role": "卖鱼的" if zh else "fish trader"},
                       "pell": {"name": "春嫂" if zh else "Pell", "role": "卖饼的" if zh else "baker"},
                       "rowan": {"name": "小虎" if zh else "Rowan", "role": "渔家小子" if zh else "boy"},
                       "kit": {"name": "阿客" if zh else "Kit", "player": True},
                       "sal": {"name": "小游" if zh else "Sal", "player": True}},
        "relationships": [{"from": "hob", "to": "mara", "kind": "family", "strength": 0.9, "mutual": True},
                          {"from": "hob", "to": "pell", "kind": "friend", "strength": 0.7, "mutual": True},
                          {"from": "hob", "to": "sal", "kind": "friend", "strength": 0.8, "mutual": True}],
        "timeline": [
            {"at": 1, "say": {"speaker": "pell", "to": "hob", "about": "rowan",
                              "text": "这事你别跟别人说，小虎欠了磨坊的钱" if zh
                              else "Keep this between us, but Rowan owes the miller money"}},
            {"at": 1, "happen": {"what": "阿秀在集上偷鱼被抓了" if zh else "Mara was caught stealing fish at the market",
                                 "actor": "mara", "witnesses": ["hob"], "valence": -0.6}},
        ],
    }


def test_a_confidence_and_bad_news_of_family_are_kept_from_a_stranger() -> None:
    for lang, news, secret, kin in (("en", "Any news?", "owes", "Mara"), ("zh", "最近有什么事吗？", "欠", "阿秀")):
        town = _town(_confidences(lang), 2)
        said = town.say("kit", "hob", news).text  # a stranger
        assert secret not in said and kin not in said, (lang, said)
        said = town.say("sal", "hob", news).text  # a friend trusted more than the one who confided
        assert secret in said and kin in said, (lang, said)


def test_a_request_for_help_is_no_help_and_a_passive_damage_is_damage() -> None:
    from townsfolk.memory.predicate_reader import read

    assert read("我的网又被小虎弄破了，你帮我留意着").key == "damaged"  # was "helpful" (帮)
    assert read("我的网又被小虎弄破了").key == "damaged"
    assert read("网被小虎不小心刮破了").key == "mishap"
    assert read("她帮我搬了米袋。").key == "helpful" and read("He helped me carry the sacks").key == "helpful"
