"""What a told sentence means, as a table: each sentence with the predicate it must read, zh and en,
read the way a world reads it (its names as pronouns for the meaning, memory/name_index.py), with
the default embedder and with the lexical one. From the newcomer's worlds (a frayed rope, a torn
net), the lead's (a ferry's short change, an orchard gate) and sentences written for this table:
negation and its reach, borrowing a thing (no debt), gifts in their commonest phrasing, accidents
(never a theft) and spoiling someone's things."""

from __future__ import annotations

import pytest

from tests.reading_cast import EMBEDDERS, language_of, name_indexes
from townsfolk.memory.predicate_reader import default_embedder, read
from townsfolk.memory.predicates import BUILTIN

NAMES = {"zh": ("阿海", "老陈", "秀姑", "王伯", "阿水"), "en": ("Dov", "Ysolde", "Pell", "Fenwick", "Mara")}
BLAMELESS = {"mishap", "remark", "injured"}  # what an accident may read as: never a deliberate wrong

# (sentence, the predicate it must read, or a set of acceptable ones)
TABLE: list[tuple[str, str | set[str]]] = [
    # --- the newcomer's sentences
    ("Dov ruined Ysolde's rope and never said sorry", "damaged"),
    ("Dov borrowed a ladder from Ysolde", "borrowed"),
    ("Dov borrowed Ysolde's silk rope without asking and frayed it", "took_unasked"),
    ("Dov gave Ysolde a yellow croaker", "gift"),
    ("阿海收网时不小心把老陈的渔网挂破了一个口子", "mishap"),
    ("阿海借了老陈的船没还", "kept_borrowed"),
    ("阿海把老陈的网弄破了，也没吭声", "damaged"),
    ("阿海弄坏了你的网还撒谎说不是他", "dishonest"),  # the lie is the graver news
    ("阿海给了老陈一条黄鱼", "gift"),
    # --- the lead's worlds
    ("Pell left the orchard gate open and the goats chewed three young saplings", "careless"),
    ("阿水给客人找零时少找了五文钱", "overcharged"),
    ("Mara short-changed Dov at the stall", "overcharged"),
    # --- negation and how far it reaches
    ("Dov never said sorry", "unapologetic"),
    ("Dov refused to apologise to Ysolde", "unapologetic"),
    ("阿海从没说过对不起", "unapologetic"),
    ("阿海不肯道歉", "unapologetic"),
    ("Dov shouted at Ysolde and never said sorry", "rude"),
    ("Dov lied to Ysolde and didn't apologise", "dishonest"),
    ("Dov stole Ysolde's purse", "theft"),
    ("阿海偷了老陈的鱼", "theft"),
    ("Dov walked off without paying", "theft"),
    ("Dov helped Ysolde mend the net", "helpful"),
    ("阿海帮老陈补了网", "helpful"),
    ("Dov apologised to Ysolde for the rope", "apologised"),
    ("阿海跟老陈道了歉", "apologised"),
    # --- borrowing: a thing is no debt, money is
    ("Dov borrowed Ysolde's cart for the morning", "borrowed"),
    ("阿海借了老陈的梯子", "borrowed"),
    ("Dov borrowed ten coins from Ysolde", "debt"),
    ("阿海借了老陈十块钱一直没还", "debt_unpaid"),
    ("阿海借了老陈的钱没还", "debt_unpaid"),
    ("Dov borrowed money from Ysolde and never paid it back", "debt_unpaid"),
    ("Dov borrowed a ladder from Ysolde and never returned it", "kept_borrowed"),
    ("阿海去年借了老陈的斧头，到现在都没还", "kept_borrowed"),
    ("Dov borrowed the cart and stole the horse", "theft"),
    ("阿海没打招呼就把老陈的船划走了", "took_unasked"),
    # --- gifts in their commonest phrasing, and the giving that is no gift
    ("Fenwick brought Ysolde a bowl of stew", "gift"),
    ("Dov gave Ysolde a pair of new gloves", "gift"),
    ("阿海给老陈带了一篮鸡蛋", "gift"),
    ("王伯给了秀姑两条鲫鱼", "gift"),
    ("Dov gave Ysolde a piece of his mind", {"remark", "rude", "insulted", "quarrel"}),
    # --- accidents and spoiling someone's things
    ("Dov broke Ysolde's lantern by accident", "mishap"),
    ("Dov accidentally tore Ysolde's costume", "mishap"),
    ("阿海失手打碎了老陈的茶壶", "mishap"),
    ("阿海一不留神把老陈的船桨弄断了", "mishap"),
    ("Dov didn't mean to break Ysolde's cup", BLAMELESS),
    ("阿海故意把老陈的网弄破了", "damaged"),
    ("Dov smashed Ysolde's mirror in a temper", "damaged"),
    ("The storm wrecked Ysolde's wagon", "storm_damage"),
    ("Dov fell and broke his leg", "injured"),
    # --- a name between a cue's words: the template's meaning lost them
    ("Dov paid Ysolde back the five coins", "debt_repaid"),
    ("阿海把欠老陈的钱还清了", "debt_repaid"),
    ("Dov took Ysolde's apples and never paid", "theft"),
    ("阿海拿了老陈的鱼没给钱", "theft"),
    ("Dov kept Ysolde waiting an hour at the gate", "late"),
    ("Dov gave Ysolde back her comb", {"remark", "gift", "helpful", "kind"}),
]
# negated: said, but says the opposite (no tie moves for it)
NEGATED: list[tuple[str, str]] = [
    ("Dov didn't steal Ysolde's purse, he found it", "theft"),
    ("阿海没偷东西", "theft"),
    ("阿海没迟到", "late"),
    ("Dov was not late", "late"),
    ("Dov never helped anyone in all his years here", "helpful"),
    ("阿海从来不帮人", "helpful"),
    ("Dov is no longer rude to anyone", "rude"),
]


INDEXES = name_indexes(NAMES)


def test_the_table_is_its_own_sentences_in_both_languages() -> None:
    examples = {e for spec in BUILTIN for e in spec.examples}
    texts = [t for t, _ in TABLE + NEGATED]
    assert len(texts) >= 40 and not examples & set(texts) and len(set(texts)) == len(texts)
    assert {language_of(t) for t in texts} == {"zh", "en"}


@pytest.mark.parametrize("embedder", EMBEDDERS)
@pytest.mark.parametrize(("text", "expected"), TABLE)
def test_each_sentence_reads_as_its_predicate_with_the_name_template(text: str, expected, embedder: str) -> None:
    reading = read(text, embedder=EMBEDDERS[embedder], names=INDEXES[language_of(text)])
    allowed = expected if isinstance(expected, set) else {expected}
    if embedder == "default" and default_embedder() is None and reading.via == "none":
        allowed = allowed | {"remark"}  # no model installed: a meaning-only sentence reads as nothing
    assert reading.key in allowed and not reading.negated, (text, reading)


@pytest.mark.parametrize(("text", "key"), NEGATED)
def test_a_negated_cue_does_not_fire_its_predicate(text: str, key: str) -> None:
    for embedder in EMBEDDERS.values():
        reading = read(text, embedder=embedder, names=INDEXES[language_of(text)])
        assert reading.key == key and reading.negated, (text, reading)


def test_a_negation_reaches_to_the_end_of_its_clause_and_no_further() -> None:
    from townsfolk.memory.predicate_reader import read_by_cues

    ruin = read_by_cues("Dov ruined Ysolde's rope and never said sorry")
    assert ruin is not None and (ruin.key, ruin.negated, ruin.cold) == ("damaged", False, True)
    plain = read_by_cues("Dov ruined Ysolde's rope")
    assert plain is not None and not plain.cold
    # the "不" of 不小心 negates nothing: the break it tells of is still there, an accident
    assert read_by_cues("阿海不小心把老陈的碗打碎了").key == "mishap"  # type: ignore[union-attr]
    # "didn't come, and then stole": the negation ends with its clause
    late_then = read_by_cues("Dov didn't help, and then he stole the bread")
    assert late_then is not None and (late_then.key, late_then.negated) == ("theft", False)
