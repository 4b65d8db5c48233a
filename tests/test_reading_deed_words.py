"""A rumour of a deed is told back in its own words while it keeps them (memory/claims.py DEED_WORDS).

Played: 张嫂's "小何是故意抓错药的" was retold "张嫂说小何不老实" and "Tom spoiled the dough" as "Martha says Tom
spoiled someone's things": the label said less than the words, and a listener could not tell what was done.
"""

from __future__ import annotations

import pytest

from townsfolk.memory.claims import claim_from_text, render_claim

NAMES = {"zhang": "张嫂", "he": "小何", "li": "李掌柜", "martha": "Martha", "tom": "Tom", "cui": "小翠", "hu": "阿虎"}


@pytest.mark.parametrize(("text", "language", "about", "said_by", "predicate", "told"), [
    ("小何是故意抓错药的", "zh", "he", "zhang", "dishonest", "张嫂说小何是故意抓错药的"),
    ("小何故意抓错药", "zh", "he", "zhang", "dishonest", "张嫂说小何故意抓错药"),
    ("阿虎把我的戏服弄坏了", "zh", "hu", "cui", "damaged", "小翠说阿虎把小翠的戏服弄坏了"),
    ("Tom spoiled the dough", "en", "tom", "martha", "damaged", 'Martha says: "Tom spoiled the dough"'),
    ("Tom mixed up the herbs on purpose", "en", "tom", "martha", "dishonest",
     'Martha says: "Tom mixed up the herbs on purpose"'),
])
def test_deed_told_in_its_words(text: str, language: str, about: str, said_by: str, predicate: str, told: str) -> None:
    claim = claim_from_text(text, about=about, said_by=said_by, embedder=None)
    assert claim.predicate == predicate
    assert render_claim(claim, NAMES, language, listener="li") == told


@pytest.mark.parametrize(("language", "told"), [("zh", "张嫂说小何不老实"), ("en", "Martha says Tom is dishonest")])
def test_label_without_words(language: str, told: str) -> None:
    """No words kept (a seeded claim, or one told harsher): the label, as before."""
    about, said_by = ("he", "zhang") if language == "zh" else ("tom", "martha")
    text = "小何是故意抓错药的" if language == "zh" else "Tom mixed up the herbs on purpose"
    claim = claim_from_text(text, about=about, said_by=said_by, embedder=None).model_copy(update={"quote": None})
    assert render_claim(claim, NAMES, language) == told


def test_words_no_longer_its_reading() -> None:
    """Words kept beside a predicate they no longer read as (changed since) are not said for it."""
    claim = claim_from_text("小何是故意抓错药的", about="he", said_by="zhang", embedder=None)
    claim = claim.model_copy(update={"predicate": "damaged"})
    assert render_claim(claim, NAMES, "zh") == "张嫂说小何弄坏了别人的东西"


def test_told_to_the_one_it_is_about() -> None:
    """老陆 telling 阿虎 what 小翠 said of him: 阿虎 is 你 in the reported words ("小翠说你把小翠的戏服弄坏了")."""
    claim = claim_from_text("阿虎把我的戏服弄坏了", about="hu", said_by="cui", embedder=None)
    told = render_claim(claim, NAMES, "zh", listener="hu")
    assert told == "小翠说你把小翠的戏服弄坏了", told
