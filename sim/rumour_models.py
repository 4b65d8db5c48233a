"""Reference rumour models, vectorised, to check townsfolk's spreading against known results.

Maki-Thompson (1973): ignorants, spreaders, stiflers; at each step a spreader contacts someone at
random. An ignorant becomes a spreader; if the one contacted already knows (a spreader or a
stifler), the teller loses interest and becomes a stifler. On complete mixing the fraction who
never hear the rumour tends to ~0.203 (the root of x = exp(-2(1 - x))) as N grows.

Under complete mixing only the counts matter, so the process is simulated exactly as a Markov
chain on (ignorants, spreaders), for many seeds at once: one numpy step advances every run.
`tell_probability` (townsfolk's `rumour.tell_probability`) thins contacts into tellings; it
slows the rumour but, as the theory says, leaves the final fraction unchanged.
"""

from __future__ import annotations

import math

import numpy as np
from pydantic import BaseModel


def never_heard_limit(tol: float = 1e-12) -> float:
    """The large-N Maki-Thompson limit: the root in (0, 1) of x = exp(-2 (1 - x)) (~0.2032)."""
    x = 0.2
    for _ in range(200):
        nxt = math.exp(-2.0 * (1.0 - x))
        if abs(nxt - x) < tol:
            break
        x = nxt
    return x


class SpreadResult(BaseModel):
    never_heard: list[float]  # per run: fraction of the population who never heard
    contacts: list[int]  # per run: spreader-initiated contacts until no spreader was left

    @property
    def mean_never_heard(self) -> float:
        return float(np.mean(self.never_heard))


def maki_thompson(n: int, runs: int, *, seed: int = 0, initial_spreaders: int = 1,
                  tell_probability: float = 1.0, rule: str = "maki_thompson") -> SpreadResult:
    """Run the rumour on complete mixing `runs` times at once; returns per-run final fractions.

    rule "maki_thompson": a teller who meets someone who knows becomes a stifler. rule "townsfolk"
    is the engine's default without stifling (tellers never lose interest), kept here to show
    what stifling changes: everyone hears eventually.
    """
    if n < 2 or runs < 1 or not 1 <= initial_spreaders < n or not 0.0 < tell_probability <= 1.0:
        raise ValueError("need n >= 2, runs >= 1, 1 <= initial_spreaders < n, 0 < tell_probability <= 1")
    rng = np.random.default_rng(seed)
    ignorant = np.full(runs, n - initial_spreaders, dtype=np.int64)
    spreaders = np.full(runs, initial_spreaders, dtype=np.int64)
    contacts = np.zeros(runs, dtype=np.int64)
    stifle = rule == "maki_thompson"
    limit = 50 * n * max(1.0, 1.0 / tell_probability)
    steps = 0
    while True:
        live = (spreaders > 0) & (ignorant > 0) if not stifle else spreaders > 0
        if not live.any() or steps > limit:
            break
        steps += 1
        u = rng.random(runs)
        told = rng.random(runs) < tell_probability
        # the one contacted, among the n - 1 others: an ignorant with probability I / (n - 1)
        meets_ignorant = u < ignorant / (n - 1)
        spread = live & told & meets_ignorant
        stifled = live & told & ~meets_ignorant & stifle
        ignorant -= spread
        spreaders += spread.astype(np.int64) - stifled.astype(np.int64)
        contacts += live
    return SpreadResult(never_heard=(ignorant / n).tolist(), contacts=contacts.tolist())
