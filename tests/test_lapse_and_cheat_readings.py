"""A lapse of duty is carelessness and selling bad goods is a cheat, read offline by the clause (no cue word
said them: "forgot to tie the horse", 往茶里掺了凉水 were read as a remark, and the rumour grew into "is always
making remarks"); a negated one is no lapse and no cheat (sentences written for this test)."""

from __future__ import annotations

import pytest

from townsfolk.memory.predicate_reader import read_by_cues

READ = [("Wil forgot to bar the stable door.", "careless"), ("Ansel dozed off on guard duty.", "careless"),
        ("Nell fell asleep at her post and the fire went out.", "careless"),
        ("Dag left the sluice gate unlatched.", "careless"),
        ("阿水昨夜忘了关鸡笼，黄鼠狼叼走了两只鸡", "careless"), ("老吴值夜的时候打瞌睡，让贼溜了进来", "careless"),
        ("他忘记把仓门锁上了", "careless"),
        ("Osric let the kiln fire die overnight and the glazes came out dull.", "careless"),  # not a fire
        ("The smith let his forge go cold.", "careless"), ("老周让窑火灭了，一窑碗全废了", "careless"),
        ("小何抓药时把当归和独活弄混了", "careless"), ("他把账记错了", "careless"),
        ("Brand sold the widow rotten apples.", "dishonest"), ("Mott sold Jem a mouldy sack of oats.", "dishonest"),
        ("She passed off last week's bread as fresh.", "dishonest"), ("He watered the ale again.", "dishonest"),
        ("老周往米里兑了陈米的糠", "dishonest"), ("掌柜的在酒中偷偷掺了水", "dishonest"), ("那家铺子缺斤短两", "overcharged"),
        ("他的摊子缺斤少两", "overcharged")]  # short weight is overcharging (its predicate's own cue)
NOTHING = ["He never forgot to feed the goats.", "Let the lamp burn all night.", "她让我把灯灭了", "他没把账记错", "Corvin never sold wet sand.", "Lin sold Ida a fine horse.",
           "我忘了他叫什么名字", "她从来不往茶里掺水"]


@pytest.mark.parametrize(("text", "key"), READ)
def test_a_lapse_or_a_cheat_is_read_by_its_clause(text: str, key: str) -> None:
    reading = read_by_cues(text)
    assert reading is not None and reading.key == key and not reading.negated, (text, reading)


@pytest.mark.parametrize("text", NOTHING)
def test_no_lapse_or_cheat_where_none_is_said(text: str) -> None:
    reading = read_by_cues(text)
    assert reading is None or reading.key not in ("careless", "dishonest") or reading.negated, (text, reading)
