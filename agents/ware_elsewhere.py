"""A ware asked of someone who does not sell it, when another in the world does (by its `sells:`).

Asked "How much is the cough syrup?", the apothecary's apprentice answered with the day the syrup came
out bitter (the words matched a memory), and "I'd like a bottle of cough syrup." got "I'm the apprentice;
that's not my line at all", though Hazel in the same shop sells it at 4 pence a bottle. One who works
beside the seller (a colleague or family tie) knows their price and says it; anyone else points to the seller.
"""

from __future__ import annotations

import re
import zlib

from townsfolk.agents.persona_clause import pronoun_for
from townsfolk.agents.trade_goods import Ware, own_trade, price_of, ware_in
from townsfolk.world.world import World

_SAID = {
    "en": {"near": ["That's {name}'s to sell: {ware}, {price} {coin} {unit}. I'll fetch {obj}.",
                    "{Name} sells that, {price} {coin} {unit}; I'll call {obj}."],
           "far": ["You want {name}, the {role}; {pron} sells {ware}.", "Try {name}, the {role}: {ware} is {poss} line."]},
    "zh": {"near": ["这是{name}卖的，{ware}{unit}{price}文。我去叫{name}来。", "{ware}归{name}管，{unit}{price}文，我给你叫{name}。"],
           "far": ["{ware}得找{role}{name}。", "这你得去问{name}，{ware}是{name}卖的。"]},
}


_WORK_BESIDE = frozenset({"colleague", "family", "spouse", "partner", "employer", "employee", "master", "apprentice"})


def seller_of(world: World, npc: str, text: str) -> tuple[str, Ware] | None:
    """(who, ware): another non-player whose own `sells:` has the ware the words name; None when none does."""
    zh = world.language == "zh"
    for cid, c in world.characters.items():
        if cid == npc or c.is_player or not c.sells:
            continue
        trade = own_trade(c, zh)
        ware = ware_in(trade, text, zh) if trade is not None else None
        if ware is not None:
            return cid, ware
    return None


def sold_elsewhere(world: World, npc: str, text: str) -> str | None:
    """The answer to a ware or its price asked of me when someone else here sells it; None otherwise."""
    found = seller_of(world, npc, text)
    if found is None:
        return None
    cid, ware = found
    zh = world.language == "zh"
    seller = world.character(cid)
    near = npc in world.graph.g and cid in world.graph.g and any(
        e.kind in _WORK_BESIDE for e in world.graph.edges_between(npc, cid, both_ways=True))
    options = _SAID["zh" if zh else "en"]["near" if near else "far"]
    n = zlib.crc32(f"{world.seed}|{npc}|elsewhere|{ware.name_en}".encode()) % len(options)
    said_pron = pronoun_for(seller.persona, seller.role, seller.pronoun)
    pron = {"he": ("he", "him", "his"), "she": ("she", "her", "her")}.get(said_pron, ("they", "them", "their"))
    price = price_of(world, cid, ware)
    name = seller.name if zh else seller.name.split()[0]
    role = re.sub(r"^(?:the|a|an)\s+", "", seller.role, flags=re.I) if seller.role else ("" if zh else "seller")
    role = re.sub(r"\s+(?:who|whose|that|which)\b.*$", "", role, flags=re.I)  # "laundress whose two boys ...": laundress
    said = options[n].format(name=name, Name=name, ware=ware.name_zh if zh else ware.name_en, price=price,
                             coin="penny" if price == 1 else "pence", unit=ware.unit_zh if zh else ware.unit_en,
                             obj=pron[1] if pron[0] != "they" else name, pron=pron[0] if pron[0] != "they" else name,
                             poss=pron[2] if pron[0] != "they" else f"{name}'s", role=role)
    return said[:1].upper() + said[1:] if not zh else said
