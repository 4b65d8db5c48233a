""""你还记得我吗？" / "Do you remember me?" asked by one who confided in the NPC, and by one who did
several things with it: the confidence is remembered to the one who made it (never its words, never
to another player), and the answer leads with the best memory and may mention a second."""

from __future__ import annotations

import pytest

from townsfolk import Town

ZH = """
scenario: 磨坊村
language: zh
seed: 0
start: 2026-04-01T08:00
tick: 1h
characters:
  wangpo: {name: 王婆, role: 卖茶的老婆婆, persona: 嘴碎，心不坏。}
  laozhang: {name: 老张, role: 磨坊主}
  lvke: {name: 旅客, player: true}
  shusheng: {name: 书生, player: true}
"""

EN = """
scenario: Mill lane
language: en
seed: 0
characters:
  bram: {name: Bram, role: miller}
  tess: {name: Tess, role: baker}
  lin: {name: Lin, player: true}
  ada: {name: Ada, player: true}
"""

SECRET = {"zh": ("lvke", "shusheng", "wangpo", "我其实很怕回老家，我爹不认我了。", "你还记得我吗？", ("回老家", "不认")),
          "en": ("lin", "ada", "bram", "I'm scared to go home, my father disowned me.", "Do you remember me?",
                 ("scared", "father", "disowned"))}


def _town(text: str, seed: int) -> Town:
    town = Town.from_scenario(text.replace("seed: 0", f"seed: {seed}"))
    town.advance(2)
    return town


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_one_who_confided_is_remembered_and_nobody_else_hears_of_it(lang: str) -> None:
    player, other, npc, secret, asked, words = SECRET[lang]
    for seed in range(3):
        town = _town(ZH if lang == "zh" else EN, seed)
        town.say(player, npc, secret, private=True)
        town.advance(1)
        mine = town.say(player, npc, asked).text  # asked aloud: the reply is a public fact
        theirs = town.say(other, npc, asked).text
        if lang == "zh":
            assert mine.startswith(("记得", "当然记得")) and ("心事" in mine or "心里话" in mine), mine
            assert "见过" in theirs and "心" not in theirs, theirs
        else:
            assert "remember you" in mine or mine.startswith("I do"), mine
            assert "confid" in mine, mine
            assert "met" in theirs and "confid" not in theirs, theirs
        assert not any(w in mine or w in theirs for w in words), (mine, theirs)  # the secret's words: never


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_answer_leads_with_the_best_memory_and_mentions_a_second(lang: str) -> None:
    seconds = 0
    for seed in range(4):
        town = _town(ZH if lang == "zh" else EN, seed)
        if lang == "zh":
            town.say("lvke", "wangpo", "老张给人算错了账。")
            town.advance(1)
            town.event("旅客帮王婆修好了茶棚", actor="lvke", witnesses=["wangpo"], valence=0.5)
            said = town.say("lvke", "wangpo", "你还记得我吗？").text
            deed, told = said.find("修好了茶棚"), said.find("算错了账")
        else:
            town.say("lin", "bram", "Tess burnt the whole batch of bread.")
            town.advance(1)
            town.event("Lin mended Bram's fence", actor="lin", witnesses=["bram"], valence=0.5)
            said = town.say("lin", "bram", "Do you remember me?").text
            deed, told = said.find("mended my fence"), said.find("burnt")
        assert 0 <= deed, said  # the deed seen leads
        assert told == -1 or deed < told, said
        seconds += told > deed
    assert seconds >= 3  # and what they told me follows it


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_several_talks_are_one_talk_remembered(lang: str) -> None:
    from townsfolk.agents.remember_me import ANSWERS

    player, _, npc, _, asked, _ = SECRET[lang]
    talks = ANSWERS[lang]["talked"]
    for seed in range(3):
        town = _town(ZH if lang == "zh" else EN, seed)
        for words in (("今天天气怎么样？", "茶多少钱一壶？") if lang == "zh" else ("How's the mill today?", "Is the wheel turning?")):
            town.say(player, npc, words)
        said = town.say(player, npc, asked).text.lower()
        assert sum(t.lower() in said for t in talks) == 1, said  # not "You came by and we talked. And we've talked before."


def test_a_model_is_handed_that_there_was_a_confidence_never_its_words() -> None:
    from townsfolk.agents.llm.scripted import ScriptedProvider

    provider = ScriptedProvider(lambda request: "记得你。")
    town = Town.from_scenario(ZH, provider=provider)
    town.advance(2)
    town.say("lvke", "wangpo", "我其实很怕回老家，我爹不认我了。", private=True)
    town.say("lvke", "wangpo", "你还记得我吗？")
    asked = [r for r in provider.requests if r.task == "reply" and r.messages and r.messages[-1].content == "你还记得我吗？"]
    assert asked, [r.task for r in provider.requests]
    handed = " ".join(g.text + str(g.meta.get("quote") or "") for g in asked[-1].grounding)
    assert "心事" in handed and "回老家" not in handed and "不认" not in handed, handed


def test_a_trade_offer_is_remembered_as_a_talk_not_as_news() -> None:
    town = Town.from_scenario(ZH.replace("role: 磨坊主", "role: 卖鱼的"))
    town.advance(2)
    town.say("shusheng", "laozhang", "我拿这个碗换你三条鱼。")
    said = town.say("shusheng", "laozhang", "你还认得我吗").text
    assert "记得" in said and "碗" not in said and "书生" not in said, said
