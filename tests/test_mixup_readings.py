"""A slip at one's work said plainly is carelessness, read by its clause: "Rowan mixed up two jars and
Gideon's cough syrup came out bitter" was read by meaning as an illness (the syrup's "cough"), "nearly
poisoned you with that syrup" and 把桌腿锯短了一截 as nothing at all, 阿秀把一匹绸子染花了 as a theft; 偷工减料 (skimping on the work to
cheat the buyer) is a cheat, not poor work (sentences written for this test, from worlds of my own)."""

from __future__ import annotations

import pytest

from townsfolk.memory.predicate_reader import read, read_by_cues

READ = [("Rowan mixed up two jars and Gideon's cough syrup came out bitter", "careless"),
        ("Rowan mixed up two jars", "careless"), ("Ida muddled the orders again", "careless"),
        ("He swapped the labels on the tins", "careless"), ("The herbs were mislabelled by Pip", "careless"),
        ("Rowan nearly poisoned you with that syrup", "careless"), ("Tom mixed up the herbs on purpose", "dishonest"),
        ("阿木把孙掌柜订的方桌桌腿锯短了一截，桌子放不稳", "careless"), ("她把布裁歪了", "careless"),
        ("小梁差点把你毒死", "careless"), ("老周偷工减料，给你的桌子都是拿边角料拼的", "dishonest"),
        ("Brock cut corners on the roof", "dishonest"),
        # one's own work spoilt at the craft (newcomer L-1: 阿秀把一匹绸子染花了 was read by meaning as a theft)
        ("阿秀把一匹绸子染花了", "careless"), ("阿秀染坏了一匹布", "careless"), ("他把衣服缝错了", "careless")]
NOT_CARELESS = ["I got mixed up about the day", "She mixed up with a bad crowd", "He never mixed up the jars",
                "She mixed the dough", "他没锯歪"]


@pytest.mark.parametrize(("text", "key"), READ)
def test_a_slip_or_a_cheat_is_read_by_its_words(text: str, key: str) -> None:
    reading = read_by_cues(text)
    assert reading is not None and reading.key == key and not reading.negated, (text, reading)


@pytest.mark.parametrize("text", NOT_CARELESS)
def test_no_slip_where_none_is_said(text: str) -> None:
    reading = read(text)
    assert reading.key != "careless" or reading.negated, (text, reading)


def test_a_fight_one_is_mixed_up_in_stays_a_fight() -> None:
    assert read("He got mixed up in a fight").key == "fight"
