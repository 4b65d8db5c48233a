"""`check`'s notes on trades: an NPC whose role reads as a trade the engine does not know sells and does nothing.

A designer who writes `role: glassblower` expects Ida to sell glass; the engine knows a trade's wares only
from `sells:`, the wares the role names ("sells pies", 卖馒头的), the work it says ("who sets the type") or a
trade of its list, and otherwise declines "Can you blow me a bottle?" as a stranger's odd request. The
designer learnt that only by asking (newcomer K-3). `check` now says so up front, with what to add; the file
still loads, so a note is no error.
"""

from __future__ import annotations

import re

from townsfolk.agents.trade_goods import own_trade
from townsfolk.world.characters import Character

# words that make a role a trade: one who keeps, runs or works at something others come to buy or have done
_TRADE_EN = re.compile(r"(?<!harbour )(?<!harbor )(?<!station )(?<!head)(?<!school)(?<!choir)(?<!quarter)(?<!dock )(?<!ship's )"
                       r"\bmaster\b(?! of (?:ceremonies|the (?:ship|house|hounds)))|\bowner\b|\bproprietor\b|\bforeman\b|\bjourneyman\b"
                       r"|\b\w+(?:smith|wright|maker|monger|blower|cutter|seller|dealer|merchant|vendor|mixer|dyer|tanner)\b"
                       r"|\b(?:shop|stall|works|workshop|yard)\b|\bwho (?:makes|sells|mends)\b", re.I)
_TRADE_ZH = re.compile(r"匠|坊|铺|店|掌柜|老板|东家|摊|作坊|行(?:的)?$")


def trade_notes(file: str, characters: dict[str, object], language: str, lines: dict[tuple, int]) -> list[str]:
    """One `note:` line for each NPC whose role reads as a trade but who has nothing to sell or do."""
    zh = language == "zh"
    notes = []
    for cid, spec in characters.items():
        role, name = getattr(spec, "role", "") or "", getattr(spec, "name", cid)
        if getattr(spec, "player", False) or getattr(spec, "sells", None) or not role:
            continue
        if not (_TRADE_ZH if zh else _TRADE_EN).search(role):
            continue
        if own_trade(Character(id=cid, name=name, role=role), zh) is not None:
            continue
        line = lines.get(("characters", cid, "role")) or lines.get(("characters", cid))
        where = f"{file}:{line}" if line else file
        example = "sells: [{ware: 琉璃盏, price: 30, per: 个}]" if zh else "sells: [{ware: glass bottle, price: 6, per: bottle}]"
        notes.append(f"note: {where}: characters.{cid}.role: no trade townsfolk knows is named in {role!r}, so {name} "
                     f"declines to sell or work when asked; say what {name} sells or does with `sells:` "
                     f"(e.g. `{example}`; a ware per job, visit or 趟 is work done)")
    return notes
