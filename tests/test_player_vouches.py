"""A player standing up for someone else is read and acted on (agents/vouch.py, sim/player_tells.py).

Played last session: "张嫂说小何故意抓错药，那不是真的，他只是太累了" said to 李掌柜 was one raw quoted
belief that moved nothing, and 李掌柜 went on holding that 小何 did it on purpose. Now it is the
player reporting 张嫂's claim, denying it and excusing 小何 (tired: careless, not meant): weighed by
trust in the player, the rumour is superseded (or, outweighing the player's word, weakened) and the
edge moves it made undone in proportion, and `why` says the player vouched for 小何. "那不是真的"
alone, right after the NPC repeated the rumour, denies that rumour. And the rumour itself, a mistake
said to be on purpose, is read as a wrong, not as nothing.
"""

from __future__ import annotations

import pytest

from townsfolk import Town
from townsfolk.memory.predicate_reader import read
from townsfolk.world.relationships import Cause

RUMOUR = {"zh": "小何是故意抓错药的", "en": "Tom spoiled the dough on purpose"}
DEFENCE = {"zh": "张嫂说小何故意抓错药，那不是真的，他只是太累了",
           "en": "Martha says Tom spoiled the dough on purpose, but that isn't true, he was just exhausted."}


def _world(language: str, *, friend: float | None = 0.8, teller_tie: float | None = None) -> dict:  # type: ignore[type-arg]
    zh = language == "zh"
    ties = [{"from": "li", "to": "he", "kind": "colleague", "strength": 0.6, "mutual": True}]
    if friend is not None:
        ties.append({"from": "li", "to": "p", "kind": "friend", "strength": friend, "mutual": True})
    if teller_tie is not None:
        ties.append({"from": "li", "to": "zhang", "kind": "friend", "strength": teller_tie, "mutual": True})
    return {
        "scenario": "药铺" if zh else "bakery", "language": language, "seed": 5, "start": "2026-05-02T08:00", "tick": "1h",
        "place": "x",
        "characters": {"zhang": {"name": "张嫂" if zh else "Martha", "role": "卖菜的" if zh else "greengrocer"},
                       "li": {"name": "李掌柜" if zh else "Bram", "role": "药铺掌柜" if zh else "baker"},
                       "he": {"name": "小何" if zh else "Tom", "role": "学徒" if zh else "apprentice"},
                       "p": {"name": "阿远" if zh else "Robin", "player": True}},
        "relationships": ties,
        "timeline": [{"at": 0, "happen": {"what": "小何抓药时把当归和独活弄混了" if zh else "Tom spoiled the dough",
                                          "actor": "he", "witnesses": ["zhang"], "valence": -0.4}},
                     {"at": 1, "tell": {"speaker": "zhang", "to": "li", "about": "he", "text": RUMOUR[language]}}],
    }


def _tie(town: Town) -> float:
    return sum(e.strength for e in town.world.graph.edges_between("li", "he") if town.world.warm_tie(e.kind))


def _rumour(town: Town):  # type: ignore[no-untyped-def]
    return next(b for b in town.memory.beliefs_of("li", held_only=False) if b.told_by == "zhang")


def _heard(language: str, **tie: float | None) -> tuple[Town, float, float]:
    town = Town.from_scenario(_world(language, **tie))
    before = _tie(town)
    town.advance(3)
    return town, before, _tie(town)


@pytest.mark.parametrize(("text", "key"), [
    ("小何是故意抓错药的", "dishonest"), ("小何故意把药抓错了", "dishonest"), ("小何抓错药是故意的", "dishonest"),
    ("小何抓错药", "careless"), ("小何不是故意抓错药的", "careless"),
    ("Tom mixed up the herbs on purpose", "dishonest"), ("Tom gave the wrong medicine", "careless"),
    ("Tom handed Ann the wrong jar", "careless"),
])
def test_a_mistake_said_to_be_on_purpose_is_a_wrong(text: str, key: str) -> None:
    assert read(text).key == key, read(text)


@pytest.mark.parametrize("language", ["zh", "en"])
def test_a_trusted_players_vouching_supersedes_the_rumour_and_undoes_its_moves(language: str) -> None:
    town, before, hurt = _heard(language)
    assert hurt < before - 0.01, (before, hurt)  # the rumour cooled 李掌柜 toward 小何
    said = town.say("p", "li", DEFENCE[language]).text
    assert ("信" in said and "张嫂" in said) if language == "zh" else ("believe" in said and "Martha" in said), said
    rumour = _rumour(town)
    assert rumour.status == "superseded", rumour
    vouched = "阿远替小何说话" if language == "zh" else "Robin vouched for Tom"
    assert rumour.superseded_reason and vouched in rumour.superseded_reason, rumour.superseded_reason
    held = [b for b in town.memory.beliefs_of("li") if b.told_by == "p"]
    assert any(b.claim.negated for b in held), [b.text for b in held]
    excuse = [b for b in held if b.claim.predicate == "careless"]  # tired: careless, not malicious
    assert excuse and excuse[0].claim.severity < 0.35, [b.claim for b in held]
    assert ("太累" in excuse[0].text) if language == "zh" else ("exhausted" in excuse[0].text), excuse[0].text
    assert hurt < _tie(town) <= before, (before, hurt, _tie(town))
    why = town.why("li", "he")
    reasons = [c.reason for e in why.edges for c in e.changes] + [b.superseded_reason or "" for b, _ in why.beliefs]
    assert any(vouched in r for r in reasons), reasons
    asked = town.say("p", "li", "你觉得小何这人怎么样？" if language == "zh" else "What do you make of Tom?").text
    assert "不老实" not in asked and "spoiled someone's things" not in asked, asked


@pytest.mark.parametrize("language", ["zh", "en"])
def test_that_is_not_true_alone_denies_the_rumour_just_repeated(language: str) -> None:
    town, before, hurt = _heard(language)
    first = town.say("p", "li", "你听说小何的事了吗？" if language == "zh" else "What do you think of Tom?").text
    assert "张嫂" in first or "Martha" in first, first
    said = town.say("p", "li", "那不是真的。" if language == "zh" else "That's not true.").text
    assert "张嫂" in said or "Martha" in said, said
    assert _rumour(town).status == "superseded"
    assert abs(_tie(town) - before) < 1e-6, (before, hurt, _tie(town))


@pytest.mark.parametrize("language", ["zh", "en"])
def test_a_strangers_vouching_sits_beside_the_rumour(language: str) -> None:
    town, _before, hurt = _heard(language, friend=None)
    said = town.say("p", "li", DEFENCE[language]).text
    assert ("再看看" in said) if language == "zh" else ("see" in said), said
    assert _rumour(town).status == "held" and abs(_tie(town) - hurt) < 1e-9, (hurt, _tie(town))


def test_a_rumour_more_credible_than_the_player_is_weakened_in_proportion() -> None:
    town, before, hurt = _heard("en", friend=0.56, teller_tie=0.95)
    kept = _rumour(town).credibility
    town.say("p", "li", DEFENCE["en"])
    rumour = _rumour(town)
    assert rumour.status == "held" and rumour.credibility < kept, (rumour.credibility, kept)
    changes = [c for e in town.world.graph.edges_between("li", "he") for c in e.history]
    undone = [c for c in changes if c.reason.startswith("doubted: Robin vouched for Tom")]
    moved = sum(c.delta for c in changes if c.cause.kind == "belief" and c.cause.id == rumour.id)
    assert undone and 0 < sum(c.delta for c in undone) < -moved, (undone, moved)


def test_a_rumour_is_weakened_once_and_never_undone_twice() -> None:
    town, before, _hurt = _heard("en", friend=0.56, teller_tie=0.95)
    town.say("p", "li", DEFENCE["en"])
    once, tie = _rumour(town).credibility, _tie(town)
    town.say("p", "li", "Martha says Tom spoiled the dough on purpose. That's not true.")
    assert _rumour(town).credibility == once and abs(_tie(town) - tie) < 1e-9, "weakened twice"
    town.world.graph.adjust("li", "p", "friend", 0.4, tick=town.world.tick, time=town.world.now,
                            cause=Cause(kind="fact", id=None), reason="test: trusted more")
    town.say("p", "li", DEFENCE["en"])  # trusted now: the rumour is cleared, what is left of its moves undone
    assert _rumour(town).status == "superseded"
    excused = sum(c.delta for e in town.world.graph.edges_between("li", "he") for c in e.history
                  if c.reason.startswith("heard: Robin"))  # the excuses, the one tie move left standing
    assert abs(_tie(town) - (before + excused)) < 1e-6, (before, excused, _tie(town))


@pytest.mark.parametrize("language", ["zh", "en"])
def test_a_denial_of_something_else_the_teller_said_leaves_the_rumour(language: str) -> None:
    town, _before, hurt = _heard(language)
    line = {"zh": "张嫂说小何明天来，不对，是后天。", "en": "Martha says Tom comes back on Monday, but that's not right, it's Tuesday."}
    said = town.say("p", "li", line[language]).text
    assert "信" not in said and "believe" not in said, said
    assert _rumour(town).status == "held" and abs(_tie(town) - hurt) < 1e-9


@pytest.mark.parametrize(("language", "line", "kept"), [
    ("zh", "张嫂跟我说小何故意抓错药。其实不是这样，他是累坏了。", "累坏了"),
    ("zh", "张嫂到处说小何存心抓错药，根本没有的事", "根本没有的事"),
    ("en", "Martha is telling everyone Tom spoiled the dough on purpose. He didn't.", "on purpose, he didn't"),
    ("en", "Martha told me Tom spoiled the dough on purpose. That's nonsense, he was worn out.", "worn out"),
])
def test_other_ways_of_vouching(language: str, line: str, kept: str) -> None:
    town, _before, _hurt = _heard(language)
    town.say("p", "li", line)
    assert _rumour(town).status == "superseded", line
    assert any(kept in b.text for b in town.memory.beliefs_of("li") if b.told_by == "p"), \
        [b.text for b in town.memory.beliefs_of("li")]


# "That's not fair on Lise. She's no cheat, her papers were only late." (the customs post, t8): kept as
# "Tamsin says Lise was late", it cooled Brisa's tie to Lise, 0.76 -> 0.75: a defence counted against the
# one defended. The one defended said not to be what is said of them (no cheat, 不是那种人) with a milder
# account beside it is a denial of the harsher rumour, weighed as a vouching is.
NOT_SO = {"zh": "小何不是那种人，他就是这回抓错了一点，你别冤枉他。",
          "en": "That's not fair on Tom. He's no cheat, he only spoiled the dough."}


@pytest.mark.parametrize("language", ["zh", "en"])
@pytest.mark.parametrize("friend", [None, 0.8])
def test_saying_the_defended_is_no_cheat_never_cools_the_tie_to_them(language: str, friend: float | None) -> None:
    town, _before, hurt = _heard(language, friend=friend)
    first = town.say("p", "li", "你听说小何的事了吗？" if language == "zh" else "What do you think of Tom?").text
    assert "张嫂" in first or "Martha" in first, first
    said = town.say("p", "li", NOT_SO[language]).text
    assert "张嫂" in said or "Martha" in said, said  # answered as a vouching: believed, or doubted naming the teller
    held = [b for b in town.memory.beliefs_of("li") if b.told_by == "p"]
    assert held and any(b.claim.negated for b in held), [b.text for b in held]
    assert _tie(town) >= hurt - 1e-9, (hurt, _tie(town))
    assert _rumour(town).status == ("held" if friend is None else "superseded")


@pytest.mark.parametrize(("language", "line"), [
    ("zh", "小何不是故意抓错药的，就这一回，我亲眼看见的。"),
])
def test_a_denial_of_the_rumour_with_no_answer_before_it_is_a_denial_not_a_quote(language: str, line: str) -> None:
    town, _before, hurt = _heard(language)
    town.say("p", "li", line)
    held = [b for b in town.memory.beliefs_of("li") if b.told_by == "p"]
    assert any(b.claim.negated for b in held), [(b.text, b.claim.predicate) for b in held]
    assert _rumour(town).status == "superseded", _rumour(town)  # a friend's denial, not a quote beside it
    assert _tie(town) > hurt, (hurt, _tie(town))


def test_news_said_in_the_same_form_is_no_vouching() -> None:
    town, _before, _hurt = _heard("en")
    town.say("p", "li", "Tom isn't always home on Mondays.")
    held = [b for b in town.memory.beliefs_of("li") if b.told_by == "p"]
    assert held and not any(b.claim.negated for b in held), [b.text for b in held]
    assert _rumour(town).status == "held"
