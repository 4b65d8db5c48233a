"""Chinese dialogue defects seen in play: who owes whom when the player says it of themselves,
a greeting that is a question (您吃了吗), "do you remember me?", and a plain question about the
NPC's own deed answered plainly (not "是真的" as if it were a rumour)."""

from __future__ import annotations

from townsfolk import Town

ZH = """
scenario: 磨坊村
language: zh
seed: 5
start: 2026-04-01T08:00
tick: 1h
characters:
  wangpo: {name: 王婆, role: 卖茶的老婆婆, persona: 嘴碎，心不坏。}
  laozhang: {name: 老张, role: 磨坊主, persona: 倔脾气。, traits: {candour: 0.7}}
  xiaoli: {name: 小李, role: 挑水的, persona: 爱打听。}
  lvke: {name: 旅客, player: true}
  shusheng: {name: 书生, player: true}
relationships:
  - {from: wangpo, to: xiaoli, kind: neighbour, strength: 0.7, mutual: true}
timeline:
  - {at: 1, happen: {what: 老张把磨盘弄坏了, actor: laozhang, witnesses: [laozhang], valence: -0.4}}
"""

EN = """
scenario: Mill lane
language: en
seed: 5
characters:
  bram: {name: Bram, role: miller}
  tess: {name: Tess, role: baker}
  lin: {name: Lin, player: true}
"""


def _town(text: str) -> Town:
    town = Town.from_scenario(text)
    town.advance(2)
    return town


def _beliefs(town: Town, holder: str) -> list:
    return town.memory.beliefs_of(holder)


def test_the_player_who_owes_is_the_debtor() -> None:
    town = _town(ZH)
    town.say("lvke", "xiaoli", "我其实欠了王婆三两银子")
    (b,) = _beliefs(town, "xiaoli")
    assert (b.claim.about, b.claim.obj, b.claim.predicate) == ("lvke", "wangpo", "debt"), b
    town.say("lvke", "wangpo", "我其实欠了王婆三两银子")  # said to the creditor herself
    (b,) = _beliefs(town, "wangpo")
    assert (b.claim.about, b.claim.obj) == ("lvke", "wangpo"), b
    town.say("shusheng", "xiaoli", "我听说老张欠了王婆的钱")  # a report: still about 老张
    assert any(x.claim.about == "laozhang" and x.told_by == "shusheng" for x in _beliefs(town, "xiaoli"))


def test_the_player_who_owes_is_the_debtor_in_english() -> None:
    town = _town(EN)
    town.say("lin", "tess", "I owe Bram two crowns.")
    (b,) = _beliefs(town, "tess")
    assert (b.claim.about, b.claim.obj) == ("lin", "bram"), b
    town.say("lin", "tess", "I heard Bram owes the smith money.")
    assert any(x.claim.about == "bram" for x in _beliefs(town, "tess"))


def _with_seed(text: str, seed: int) -> Town:
    town = Town.from_scenario(text.replace("seed: 5", f"seed: {seed}"))
    town.advance(2)
    return town


def test_a_meal_greeting_is_a_greeting() -> None:
    for seed in range(4):
        town = _with_seed(ZH, seed)
        for words in ("您吃了吗", "王婆，吃饭了没？", "吃了吗您"):
            said = town.say("lvke", "wangpo", words).text
            assert "吃" in said and "不是我" not in said, (words, said)
        assert "不是我吃的" in town.say("lvke", "xiaoli", "你吃了我的包子吗？").text  # a real accusation


def test_do_you_remember_me_is_answered_from_memories_of_the_asker() -> None:
    for seed in range(3):
        town = _with_seed(ZH, seed)
        town.event("旅客帮王婆修好了茶棚", actor="lvke", witnesses=["wangpo"], valence=0.5)
        said = town.say("lvke", "wangpo", "你还记得我吗？").text
        assert "记得" in said and "修好了茶棚" in said and "不是我" not in said, said
        said = town.say("shusheng", "wangpo", "您还认得我吗").text  # never met
        assert "见过" in said and "不是我" not in said, said
    town = _town(EN)
    town.event("Lin mended Bram's fence", actor="lin", witnesses=["bram"], valence=0.5)
    assert "remember" in town.say("lin", "bram", "Do you remember me?").text.lower()
    assert "met" in town.say("lin", "tess", "Do you remember me?").text


def test_a_plain_question_about_my_deed_gets_a_plain_yes() -> None:
    rumour_words = 0
    for seed in range(8):
        town = _with_seed(ZH, seed)
        plain = town.say("lvke", "laozhang", "磨盘是你弄坏的吗？").text
        assert plain.startswith(("是，是我", "是我，", "嗯，是我")) and "是真的" not in plain, plain
        put = town.say("shusheng", "laozhang", "听说你把磨盘弄坏了，是真的吗？").text
        assert "磨盘" in put and "不是我" not in put, put
        rumour_words += "是真的" in put
    assert rumour_words  # a rumour put to him may be answered "是真的"


def test_the_accused_thing_named_by_its_head_noun_is_my_deed() -> None:
    """石头 knocked over a vat of indigo; asked "染缸是你打翻的吗？" he owns up (the same verb, and 缸
    is the thing), instead of "没有，不是我打翻的。我把一缸靛青打翻了…"; a theft of the cloth he did
    not do is still denied, and his master, who did not do it, says so and who did."""
    town = Town.from_scenario(ZH.replace("老张把磨盘弄坏了, actor: laozhang, witnesses: [laozhang]",
                                         "老张把一缸靛青打翻了, actor: laozhang, witnesses: [laozhang, wangpo]"))
    town.advance(2)
    said = town.say("lvke", "laozhang", "染缸是你打翻的吗？").text
    assert "不是我" not in said and "靛青" in said, said
    assert "不是我偷的" in town.say("lvke", "laozhang", "布是你偷的吗？").text
    said = town.say("shusheng", "wangpo", "染缸是你打翻的吗？").text
    assert "不是我" in said and "老张" in said, said


DYERS = """
scenario: 染坊
language: zh
seed: 3
characters:
  langu: {name: 蓝姑, role: 染坊老板娘}
  zhou: {name: 周掌柜, role: 布庄掌柜}
  shitou: {name: 石头, role: 学徒}
  asi: {name: 阿四, player: true}
timeline:
  - {at: 1, say: {speaker: langu, to: zhou, about: shitou, text: 石头染坏了周掌柜订的三匹布}}
"""


def test_my_name_in_words_told_to_me_is_me_not_the_teller() -> None:
    """蓝姑 told 周掌柜 "石头染坏了周掌柜订的三匹布": retold by him it is the cloth *he* ordered
    (我订的), never 蓝姑订的 (his name made 我, then their 我 made 蓝姑)."""
    for seed in range(3):
        town = _with_seed(DYERS.replace("seed: 3", "seed: 5"), seed)
        said = town.say("asi", "zhou", "石头最近怎么样？").text
        assert "我订的" in said and "蓝姑订的" not in said, said


def test_what_the_player_owns_up_to_is_kept_in_their_name() -> None:
    """"不瞒你说，我把老张的磨盘弄坏了" is kept as 旅客把老张的磨盘弄坏了 (kept with its 我, the NPC
    retelling it would say it did it); "说实话，我欠了王婆…" is a statement too; "老张欠我…" was done
    to the player, "我听说老张…" only reports."""
    town = _town(ZH)
    town.say("lvke", "xiaoli", "不瞒你说，我把老张的磨盘弄坏了")
    (b,) = _beliefs(town, "xiaoli")
    assert b.claim.about == "lvke" and b.claim.quote == "旅客把老张的磨盘弄坏了", b.claim
    town.say("lvke", "xiaoli", "说实话，我欠了王婆三两银子")
    assert any(x.claim.about == "lvke" and x.claim.obj == "wangpo" for x in _beliefs(town, "xiaoli"))
    town.say("shusheng", "wangpo", "老张欠我三两银子")
    assert any(x.claim.about == "laozhang" and x.claim.obj == "shusheng" for x in _beliefs(town, "wangpo"))
    town.say("shusheng", "wangpo", "我听说老张偷了东西")
    assert all(x.claim.obj is None for x in _beliefs(town, "wangpo") if x.claim.predicate == "theft")
    en = _town(EN)
    en.say("lin", "tess", "I broke Bram's cart.")
    assert any(x.claim.about == "lin" and "Lin broke" in (x.claim.quote or "") for x in _beliefs(en, "tess"))
