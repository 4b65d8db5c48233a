"""Secrets in NPC-to-NPC talk: words an NPC heard under "别告诉别人" / "keep this between us" are
never passed on to another NPC, by gossip (one telling or a tick's batch) or in conversation, and
a player's whisper never is either; the same words said without the request are the control."""

from __future__ import annotations

from townsfolk import Town
from townsfolk.sim import actions
from townsfolk.sim.tellings import tell_all

WORLD = """
scenario: 磨坊村的秘密
language: {lang}
seed: 5
start: 2026-04-01T08:00
tick: 1h
characters:
  wangpo: {{name: {wangpo}, role: tea seller}}
  laozhang: {{name: {laozhang}, role: miller}}
  xiaoli: {{name: {xiaoli}, role: water carrier, traits: {{candour: 0.9}}}}
  aniu: {{name: {aniu}, role: cowherd}}
  lvke: {{name: {lvke}, player: true}}
relationships:
  - {{from: wangpo, to: xiaoli, kind: neighbour, strength: 0.7, mutual: true}}
  - {{from: xiaoli, to: aniu, kind: friend, strength: 0.9, mutual: true}}
  - {{from: xiaoli, to: lvke, kind: friend, strength: 0.9}}
timeline:
  - {{at: 1, say: {{speaker: wangpo, to: xiaoli, about: laozhang, text: "{said}"}}}}
"""
NAMES = {"zh": dict(wangpo="王婆", laozhang="老张", xiaoli="小李", aniu="阿牛", lvke="旅客"),
         "en": dict(wangpo="Wanda", laozhang="Lars", xiaoli="Lia", aniu="Arno", lvke="Lin")}
SECRET = {"zh": "别告诉别人，老张偷了磨坊的麦子", "en": "Keep this between us: Lars stole the wheat from the mill"}
ALOUD = {"zh": "老张偷了磨坊的麦子", "en": "Lars stole the wheat from the mill"}
WORD = {"zh": "偷", "en": "stole"}


def _town(lang: str, said: str) -> Town:
    town = Town.from_scenario(WORLD.format(lang=lang, said=said, **NAMES[lang]))
    town.advance(2)
    return town


def _heard_by_arno(town: Town) -> list:
    return [b for b in town.memory.beliefs_of("aniu") if b.claim.about == "laozhang"]


def test_a_confidence_is_never_gossiped() -> None:
    for lang in ("zh", "en"):
        town = _town(lang, SECRET[lang])
        assert town.memory.beliefs_of("xiaoli"), "the hearer believes it"
        actions.gossip(town.world, town.memory, teller="xiaoli", listener="aniu", about="laozhang", text=None)
        actions.gossip(town.world, town.memory, teller="xiaoli", listener="aniu", about=None, text=None)
        tell_all(town.world, town.memory, [("xiaoli", "aniu")])  # the headless tick's batched tellings
        assert _heard_by_arno(town) == [], lang
        control = _town(lang, ALOUD[lang])  # said without the request: passed on
        actions.gossip(control.world, control.memory, teller="xiaoli", listener="aniu", about="laozhang", text=None)
        assert _heard_by_arno(control), lang


def test_a_confidence_is_not_told_to_another_npc_in_talk() -> None:
    for lang in ("zh", "en"):
        town = _town(lang, SECRET[lang])
        sim = town.sim
        ask = "最近有什么新鲜事吗？" if lang == "zh" else "Any news lately?"
        _, reply, _, _ = actions.ask(sim.world, sim.memory, sim.provider, player="aniu", npc="xiaoli", text=ask)
        assert WORD[lang] not in reply.text, reply.text
        control = _town(lang, ALOUD[lang])
        sim = control.sim
        _, reply, _, _ = actions.ask(sim.world, sim.memory, sim.provider, player="aniu", npc="xiaoli", text=ask)
        assert WORD[lang] in reply.text, reply.text
        # a player the NPC trusts more than the one who confided it may still hear it (agents/confidences.py)
        assert WORD[lang] in town.say("lvke", "xiaoli", ask).text


def test_a_players_whisper_is_never_retold_by_an_npc() -> None:
    town = _town("zh", "老张今天来过茶摊")
    town.say("lvke", "xiaoli", "老张把磨坊的钥匙偷偷配了一把", private=True)
    actions.gossip(town.world, town.memory, teller="xiaoli", listener="aniu", about="laozhang", text=None)
    tell_all(town.world, town.memory, [("xiaoli", "aniu")])
    assert not any("钥匙" in (b.claim.quote or b.text) for b in town.memory.beliefs_of("aniu"))
    sim = town.sim
    _, reply, _, _ = actions.ask(sim.world, sim.memory, sim.provider, player="aniu", npc="xiaoli", text="老张的钥匙怎么回事？")
    assert "钥匙" not in reply.text or "没听说" in reply.text, reply.text


def test_a_headless_teller_never_picks_a_confidence() -> None:
    """The generated towns' encounters pick what to pass on themselves (sim/daily_life.py)."""
    from tests.test_headless import SMALL
    from townsfolk.sim.daily_life import DailyLife
    from townsfolk.sim.engine import Simulation
    from townsfolk.sim.world_spec import parse_world_spec
    from townsfolk.sim.worldgen import generate

    def teller_of(words: str):  # noqa: ANN202
        town = generate(parse_world_spec(SMALL))
        life = DailyLife(town, Simulation(town.world, town.memory, drive=False))
        a, b, c, d = town.npcs[:4]
        actions.say(town.world, town.memory, speaker=a, listeners=[b], about=c,
                    text=words.format(c=town.world.name(c)))
        return life._tellable(b, d)  # noqa: SLF001

    assert teller_of("{c} stole the flour from the mill") is not None  # the control
    assert teller_of("Keep this between us: {c} stole the flour from the mill") is None
