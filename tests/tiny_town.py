"""The small generated town the headless tests run (30 NPCs, two shops, a market and an inn, thefts
at a steady rate, 10% seeded with the rumour): one spec, so a change to the format is made once."""

from __future__ import annotations

TINY_SPEC = """\
world: Tiny
language: en
population: 30
days: {days}
places:
  - {{id: market, kind: market, capacity: 20}}
  - {{id: inn, kind: tavern, capacity: 10}}
  - {{id: shop, kind: work, count: 2, capacity: 8}}
roles:
  - {{id: keeper, share: 0.5, works_at: shop}}
  - {{id: idler, share: 0.5}}
evening: {{weights: {{home: 0.3, tavern: 0.7}}}}
events:
  - {{id: theft, rate_per_day: 2, predicate: theft, valence: -0.7, text: {{en: "{{actor}} stole a loaf at {{place}}"}}}}
rumour: {{seed_fraction: 0.1}}
"""


def tiny_spec(days: int = 1) -> str:
    """The tiny town's spec text, lived for `days`."""
    return TINY_SPEC.format(days=days)
