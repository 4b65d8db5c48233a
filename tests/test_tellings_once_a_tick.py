"""What a tick's tellings work out once and reuse gives what working it out each time gave: a gossip
line whose quotation's marks were turned once reads as the whole line turned, a claim's valence and
blame are the claim's own, and a word's code is looked up without interning it."""

from __future__ import annotations

from datetime import datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from townsfolk.agents.grammar_en import inner_quotes as inner_quotes_en
from townsfolk.agents.grammar_zh import inner_quotes as inner_quotes_zh
from townsfolk.memory.claims import Claim
from townsfolk.sim.messages import distortion_label
from townsfolk.sim.tellings import _gossip_text, _Tick
from townsfolk.world.characters import Character
from townsfolk.world.clock import SimClock
from townsfolk.world.edge_log import Interned
from townsfolk.world.world import World

T0 = datetime(2026, 3, 2, 9)


def _tick(language: str = "en") -> _Tick:
    world = World(clock=SimClock(start=T0, tick_length=timedelta(hours=3)), seed=3, language=language)
    for i in range(3):
        world.add_character(Character(id=f"n{i}", name=f"Npc{i}"))
    return _Tick(world)


_spoken = st.text(alphabet=st.sampled_from(list('ab "“”\'.,:;!?()')), max_size=24)


@settings(max_examples=400, deadline=None)
@given(_spoken, st.sampled_from(["faithful", "intensify", "misattribute"]))
def test_gossip_line_turns_its_marks_as_the_whole_line(spoken, applied):
    tk = _tick("en")
    assert _gossip_text(tk, "Npc0", "Npc1", spoken, applied) == inner_quotes_en(f'Npc0 to Npc1: "{spoken}" ({applied})')
    assert _gossip_text(tk, 'Npc "Red" 0', "Npc1", spoken, applied) == inner_quotes_en(
        f'Npc "Red" 0 to Npc1: "{spoken}" ({applied})')
    zh = _tick("zh")
    label = distortion_label("zh", applied)
    assert _gossip_text(zh, "王婶", "小梅", spoken, applied) == inner_quotes_zh(f"王婶 对 小梅 说：“{spoken}”（{label}）")
    assert _gossip_text(zh, "“阿”婶", "小梅", spoken, applied) == inner_quotes_zh(
        f"“阿”婶 对 小梅 说：“{spoken}”（{label}）")


def test_a_claims_valence_and_blame_are_its_own():
    tk = _tick()
    for claim in (Claim(about="n1", predicate="late", severity=0.3), Claim(about="n1", predicate="stole", severity=0.8),
                  Claim(about="n1", predicate="stole", severity=0.8, negated=True),
                  Claim(about="n1", predicate="remark", severity=0.0, quote="fine weather", tone=0.2)):
        seen = tk.seen(claim)
        assert (seen.valence, seen.blames) == (claim.valence, claim.blames_subject)
        twin = claim.model_copy()  # another object with the same fields: the same answers
        assert tk.seen(twin).fields == seen.fields and tk.words(tk.seen(twin)) == tk.say(claim)


def test_known_codes_add_nothing():
    texts = Interned()
    assert texts.known("fact") is None and len(texts) == 0
    assert texts.code("fact") == 0 and texts.known("fact") == 0 and texts.values == ["fact"]
