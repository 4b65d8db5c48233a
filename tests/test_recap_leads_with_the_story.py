"""M-6 and N-31: a recap ("What happened?" / 出什么事了？ / "What actually happened?" / 到底怎么回事？) tells
the story the NPC saw or was told, however much the player has said first (memory/context.py, memory/topic.py).

Found by the newcomers: after three remarks of the player's, 出什么事了？ drew only what the NPC saw, the tale
李嫂 had told it pushed out of the topic tier by the player's own words (the newest, so ranked first); "What
actually happened?" with nobody named was "I don't really know anything about that." (no topic question)."""

from __future__ import annotations

import pytest

from townsfolk import Town


def _world(lang: str) -> dict:
    zh = lang == "zh"
    return {"scenario": "churn", "language": lang, "seed": 7, "start": "2026-05-02T08:00", "tick": "1h",
            "characters": {"ada": {"name": "阿春" if zh else "Ada", "role": "挤奶的" if zh else "dairymaid"},
                           "bea": {"name": "李嫂" if zh else "Bea", "role": "卖鱼的" if zh else "fishwife"},
                           "cal": {"name": "小六" if zh else "Cal", "role": "马夫" if zh else "stable lad"},
                           "dan": {"name": "老陈" if zh else "Dan", "role": "赶车的" if zh else "carter"},
                           "p": {"name": "客人" if zh else "Pip", "player": True}},
            "relationships": [{"from": "ada", "to": "bea", "kind": "neighbour", "strength": 0.6, "mutual": True}],
            "timeline": [
                {"at": 1, "happen": {"what": "小六打翻了奶桶，一早上的奶全洒了" if zh else
                                     "Cal knocked over the milk churn and spilled the whole morning's milk",
                                     "actor": "cal", "witnesses": ["ada"], "valence": -0.4}},
                {"at": 2, "say": {"speaker": "bea", "to": "ada", "about": "dan",
                                  "text": "老陈赶车太快，在集市上惊了别人的马。" if zh else
                                  "Dan drove his cart through the market too fast and frightened the horses."}}]}


REMARKS = {"zh": ["李嫂的鱼挺新鲜。", "老陈欠我一吊钱。", "小六老是迟到。"],
           "en": ["Bea sells good fish.", "Dan owes me a shilling.", "Cal is always late.", "Bea's sister married a sailor."]}
TALE = {"zh": "惊了", "en": "horses"}
SEEN = {"zh": "奶桶", "en": "churn"}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_players_own_words_do_not_crowd_out_the_story(lang: str) -> None:
    town = Town.from_scenario(_world(lang))
    town.advance(3)
    for line in REMARKS[lang]:
        town.say("p", "ada", line)
    said = town.say("p", "ada", "出什么事了？" if lang == "zh" else "What happened?").text
    assert TALE[lang] in said and SEEN[lang] in said, said
    assert "shilling" not in said and "一吊钱" not in said, said


@pytest.mark.parametrize(("lang", "question"), [("en", "What actually happened?"), ("en", "So what really happened?"),
                                                ("zh", "到底怎么回事？")])
def test_what_actually_happened_tells_the_story(lang: str, question: str) -> None:
    town = Town.from_scenario(_world(lang))
    town.advance(3)
    said = town.say("p", "ada", question).text
    assert SEEN[lang] in said and TALE[lang] in said, said
