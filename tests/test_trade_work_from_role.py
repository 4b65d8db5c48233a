"""The master printer could not print and the compositor could not set type (newcomer K-3): a trade only
answered from `sells:` or a role the engine knew, so "Can you print a hundred handbills?" was "I wish I could
help with that, but I can't." and "How much for a small bell?" to a foundry master "Can't say I know". Now a
print shop, a foundry and an errand runner are trades (en and zh), and a role that says what its holder does
("ink mixer who grinds the colours", "who weaves baskets") does that work or sells what it makes."""

from __future__ import annotations

from townsfolk import Town


def _town(lang: str, chars: dict) -> Town:  # type: ignore[type-arg]
    town = Town.from_scenario({"scenario": "work", "language": lang, "seed": 3, "start": "2026-10-12T09:00",
                               "tick": "1h", "place": "x", "timeline": [],
                               "characters": chars | {"me": {"name": "过客" if lang == "zh" else "Quill", "player": True}}})
    town.advance(1)
    return town


def test_the_printer_prints_the_compositor_sets_the_runner_delivers() -> None:
    town = _town("en", {"agatha": {"name": "Agatha", "role": "master printer and owner of the press"},
                        "milo": {"name": "Milo", "role": "compositor who sets the type"},
                        "fen": {"name": "Fenella", "role": "errand runner who delivers the printed sheets"},
                        "bram": {"name": "Bram", "role": "foundry master"}})
    asked = [("agatha", "Can you print a hundred handbills for me?", "print"),
             ("agatha", "How much for a hundred handbills?", "Handbills"),
             ("milo", "Can you set a page of type for me?", "set"),
             ("fen", "Can you deliver this parcel to the mill?", "there"),
             ("fen", "How much to deliver a parcel?", "delivery"),
             ("bram", "How much for a small bell?", "bell"),
             ("bram", "Can you cast a bell for the chapel?", "pour")]
    for npc, line, word in asked:
        said = town.say("me", npc, line).text
        assert "pen" in said and word in said and "can't" not in said and "know" not in said, (line, said)


def test_a_role_that_says_its_work_does_it() -> None:
    town = _town("en", {"dot": {"name": "Dot", "role": "ink mixer who grinds the colours"},
                        "ivy": {"name": "Ivy", "role": "old woman who weaves baskets by the quay"},
                        "sal": {"name": "Sal", "role": "the woman who patches the sails"}})
    said = town.say("me", "dot", "Could you grind some colours for me?").text
    assert "I can do that" in said and "pence" in said, said
    assert "Grinding colours?" in town.say("me", "dot", "How much to grind the colours?").text
    said = town.say("me", "ivy", "How much for a basket?").text
    assert said.startswith("Baskets?") and "pence each" in said, said
    said = town.say("me", "sal", "Can you patch my sail?").text
    assert "I can do that" in said, said


def test_zh_print_shop_foundry_and_runner() -> None:
    town = _town("zh", {"wang": {"name": "王掌柜", "role": "印书坊掌柜"}, "liu": {"name": "小刘", "role": "排字工"},
                        "zhou": {"name": "周师傅", "role": "铸钟匠"}, "ah": {"name": "阿福", "role": "跑腿的"}})
    asked = [("wang", "能帮我印一百张传单吗？", "印"), ("liu", "能帮我排一版字吗？", "排"),
             ("zhou", "一口小钟多少钱？", "钟"), ("ah", "能帮我送封信到磨坊吗？", "送到")]
    for npc, line, word in asked:
        said = town.say("me", npc, line).text
        assert "文" in said and word in said, (line, said)


def test_zh_watch_mender_mends_watches() -> None:
    town = _town("zh", {"chen": {"name": "陈师傅", "role": "修表匠"}})
    said = town.say("me", "chen", "修块表多少钱？").text
    assert "修表" in said and "文" in said, said  # was 这个我说不上来。
    said = town.say("me", "chen", "能帮我修一下这块表吗？").text
    assert "能修" in said and "文" in said, said


def test_the_bookbinder_binds() -> None:
    town = _town("en", {"jasper": {"name": "Jasper", "role": "bookbinder"}})
    said = town.say("me", "jasper", "Can you bind my book?").text
    assert "I can do that" in said and "pence" in said, said  # was "I can't help you with that myself"
    assert town.say("me", "jasper", "How much to bind a book?").text.startswith("Binding?")
