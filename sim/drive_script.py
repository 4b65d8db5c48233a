"""What the script has people tell each other later, so the drive leaves it to the script.

With `drive: true` an NPC speaking up on its own told a listener, a tick early, what a `say` or
`gossip` beat was written to have it tell them (K-50: 钱师傅 told 胖婶 of the soured vat at t1 in his
own words; the script's t2 line then lost to it, 胖婶 passed on the unattributed version, and the
misunderstanding the file was written for never reached 二柱). The drive now holds back, for that
teller and listener, the subjects a later beat of theirs names: the scripted beats happen as written.
"""

from __future__ import annotations

from townsfolk.sim.scenario import Scenario


def scripted_tellings(scenario: Scenario) -> dict[tuple[str, str], list[tuple[int, str]]]:
    """(teller, listener) -> [(last tick, subject)] of every say, tell and gossip beat naming its subject."""
    out: dict[tuple[str, str], list[tuple[int, str]]] = {}
    for beat in scenario.timeline:
        b = beat.body
        if beat.kind in ("say", "tell"):
            pairs = [(b.speaker, to) for to in b.listeners]
        elif beat.kind == "gossip":
            pairs = [(b.teller, b.to)]
        else:
            continue
        if b.about is None:
            continue
        last = beat.ticks()[-1]
        for pair in pairs:
            out.setdefault(pair, []).append((last, b.about))
    return out


def held_back(scripted: dict[tuple[str, str], list[tuple[int, str]]], teller: str, listener: str,
              tick: int) -> frozenset[str]:
    """The subjects a beat still to come has this teller tell this listener."""
    return frozenset(about for last, about in scripted.get((teller, listener), ()) if last > tick)
