"""Affect on two timescales: a fast mood that lives minutes, a slow one that lives days.

Affect is three numbers in [-1, 1]: valence (pleasant vs unpleasant), energy (lively vs flat) and
dominance (assertive vs deferential). Every NPC carries a *fast* layer for the conversation or
place it is in right now, and *slow* layers that remember how things usually go with one other
character or in one group/place. The fast layer is always drifting toward the slow layer it reads,
and slow layers drift toward neutral, so moods colour a scene without sticking forever.

Everything numeric here is a pure function of arrays and elapsed seconds (no wall clock, no random),
so one call updates every NPC at once and hypothesis can check the properties a player would notice:
bounded, convergent, bad moods lingering longer than good ones, the same joke wearing thin.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike
from pydantic import BaseModel, ConfigDict, Field, model_validator

VALENCE, ENERGY, DOMINANCE = 0, 1, 2
AXES = ("valence", "energy", "dominance")


class AffectParams(BaseModel):
    """How fast each layer relaxes and how stimuli land.

    Half-lives are in seconds. The ``*_negative_*`` half-life is used for the valence axis while it
    sits *below* what it relaxes toward (a bad turn is worse than the baseline); it must be at least
    the positive one, because a hurt that fades faster than a joy would read as callous.
    """

    model_config = ConfigDict(frozen=True)

    fast_half_life_s: float = Field(300.0, gt=0)  # 5 min: a good joke is forgotten within a scene
    fast_negative_half_life_s: float = Field(900.0, gt=0)  # 15 min: a snub lingers 3x longer
    slow_half_life_s: float = Field(2 * 86_400.0, gt=0)  # 2 days: a nice evening colours the week
    slow_negative_half_life_s: float = Field(5 * 86_400.0, gt=0)  # 5 days: a quarrel lasts longer
    repeat_decay: float = Field(0.6, gt=0, le=1)  # each repeat of a similar stimulus keeps 60%
    bound_resistance: float = Field(1.0, ge=0)  # exponent p of (1 - |x|)^p for pushes outward
    slow_share: float = Field(0.1, ge=0, le=1)  # fraction of a stimulus the slow layer absorbs

    @model_validator(mode="after")
    def _negativity_bias_and_order(self) -> AffectParams:
        if self.fast_negative_half_life_s < self.fast_half_life_s:
            raise ValueError("fast negative half-life must be >= fast positive half-life")
        if self.slow_negative_half_life_s < self.slow_half_life_s:
            raise ValueError("slow negative half-life must be >= slow positive half-life")
        if self.slow_half_life_s <= self.fast_half_life_s:
            raise ValueError("the slow layer must relax more slowly than the fast one")
        return self


DEFAULT_PARAMS = AffectParams()


def _as_vectors(x: ArrayLike, name: str) -> np.ndarray:
    arr = np.asarray(x, dtype=float)
    if arr.ndim == 0 or arr.shape[-1] != 3:
        raise ValueError(f"{name} must have a last axis of length 3, got shape {arr.shape}")
    return arr


def _elapsed(dt_seconds: float | ArrayLike, lead_shape: tuple[int, ...]) -> np.ndarray:
    if isinstance(dt_seconds, float | int):  # every tick: one number, checked without array reductions
        if not dt_seconds >= 0:  # (NaN fails this too)
            raise ValueError("dt_seconds must be >= 0: time never runs backwards")
        return np.asarray(dt_seconds, dtype=float)
    dt = np.asarray(dt_seconds, dtype=float)
    if np.any(dt < 0) or np.any(np.isnan(dt)):
        raise ValueError("dt_seconds must be >= 0: time never runs backwards")
    if dt.ndim == 0:
        return dt
    return np.broadcast_to(dt, lead_shape)[..., None]


def _relax_toward(
    x: np.ndarray, target: np.ndarray, dt: np.ndarray, half_life: float, negative_half_life: float
) -> np.ndarray:
    """Exponential pull of ``x`` toward ``target``; valence below target uses the slower half-life.

    Because the pull never overshoots, the deviation keeps its sign for the whole interval, so the
    closed form is exact and two steps of t1 and t2 equal one step of t1 + t2 (no resets).
    """
    deviation = x - target
    if dt.ndim == 0:  # one elapsed time for all (every tick): two factors, not an exp2 per element
        scaled = deviation * np.exp2(-dt / half_life)
        below = deviation[..., VALENCE] < 0
        scaled[..., VALENCE] = np.where(below, deviation[..., VALENCE] * np.exp2(-dt / negative_half_life),
                                        scaled[..., VALENCE])
        return np.clip(target + scaled, -1.0, 1.0)
    half_lives = np.full(np.broadcast_shapes(x.shape, target.shape), half_life)
    half_lives[..., VALENCE] = np.where(deviation[..., VALENCE] < 0, negative_half_life, half_life)
    return np.clip(target + deviation * np.exp2(-dt / half_lives), -1.0, 1.0)


@functools.lru_cache(maxsize=64)
def _decay(dt_seconds: float, half_life: float) -> np.float64:
    """The factor a deviation keeps over `dt_seconds`, `np.exp2(-dt / half_life)` as `_relax_toward`
    computes it; kept, since every tick has the same elapsed time (six array steps a tick fewer)."""
    return np.exp2(-np.asarray(dt_seconds, dtype=float) / half_life)


def _relax_rows(x: np.ndarray, target: np.ndarray, dt: np.ndarray, half_life: float,
                negative_half_life: float) -> np.ndarray:
    """`_relax_toward` for (N, 3) rows and one elapsed time, on one new array: the same float steps
    (a town's fast layer every tick, so no temporaries beyond the result). `target` is in [-1, 1]."""
    out = np.subtract(x, target)  # the deviation, then the relaxed value in the same array
    valence = out[:, VALENCE]
    # each valence's factor taken from a two-entry table by its sign (no branch per row: picking the
    # rows below by index and writing them back cost most of the step when signs are mixed)
    factors = np.take(_factor_pair(float(dt), half_life, negative_half_life), (valence < 0).view(np.int8))
    relaxed = valence * factors
    out *= _decay(float(dt), half_life)
    valence[:] = relaxed
    out += target
    return np.clip(out, -1.0, 1.0, out=out)


@functools.lru_cache(maxsize=64)
def _factor_pair(dt_seconds: float, half_life: float, negative_half_life: float) -> np.ndarray:
    """[the factor at or above the target, the one below], as `_decay` gives them."""
    pair = np.array([_decay(dt_seconds, half_life), _decay(dt_seconds, negative_half_life)])
    pair.flags.writeable = False
    return pair


def _filled(row: np.ndarray, n: int) -> np.ndarray:
    """An (n, 3) array whose every row is `row`: the first rows tiled, then copied onto the rest in
    doubling blocks (contiguous copies; a gather of n rows from a table was 4x this at 100k NPCs)."""
    out = np.empty((n, 3), dtype=np.result_type(row.dtype, np.float64))
    done = min(n, 64)
    out[:done] = row
    while done < n:
        more = min(done, n - done)
        out[done:done + more] = out[:more]
        done += more
    return out


def relax(
    fast: ArrayLike,
    slow_target: ArrayLike,
    dt_seconds: float | ArrayLike,
    params: AffectParams = DEFAULT_PARAMS,
) -> np.ndarray:
    """Let the fast layer (N, 3) drift toward the slow layer it reads, for ``dt_seconds``.

    A mood after a conversation should fade back to how the NPC usually feels about that person or
    place, continuously: there is no "reset at midnight". ``dt_seconds`` is a scalar or one value
    per NPC (N,). Negative valence (below target) returns more slowly than positive.
    """
    x = _as_vectors(fast, "fast")
    target = np.clip(_as_vectors(slow_target, "slow_target"), -1.0, 1.0)
    dt = _elapsed(dt_seconds, x.shape[:-1])
    return _relax_toward(x, target, dt, params.fast_half_life_s, params.fast_negative_half_life_s)


def relax_slow(
    slow: ArrayLike, dt_seconds: float | ArrayLike, params: AffectParams = DEFAULT_PARAMS
) -> np.ndarray:
    """Let slow layers (..., 3) drift toward neutral over days, with the same negativity bias.

    Without this an NPC would hold a week-old quarrel forever; with the bias, resentment still
    outlasts goodwill. Accepts any leading shape (per pair, per group), so all of them relax in
    one call.
    """
    x = _as_vectors(slow, "slow")
    dt = _elapsed(dt_seconds, x.shape[:-1])
    return _relax_toward(
        x, np.zeros(3), dt, params.slow_half_life_s, params.slow_negative_half_life_s
    )


def apply_stimulus(
    state: ArrayLike,
    stimulus: ArrayLike,
    repeat_count: int | ArrayLike = 0,
    params: AffectParams = DEFAULT_PARAMS,
) -> np.ndarray:
    """Add a stimulus (N, 3) to affect (N, 3); the result always stays in [-1, 1].

    Two things keep NPCs believable: (a) the same kind of stimulus repeated wears thin, so its
    weight is ``repeat_decay ** repeat_count`` (the fifth identical compliment barely registers);
    (b) the nearer an axis already is to a bound, the less a further push *outward* moves it
    (scaled by ``(1 - |x|) ** bound_resistance``), while a push back toward 0 is never resisted.
    Stimulus components are clipped to [-1, 1] first, which is what makes the bound exact.
    """
    x = np.clip(_as_vectors(state, "state"), -1.0, 1.0)
    s = np.clip(_as_vectors(stimulus, "stimulus"), -1.0, 1.0)
    repeats = np.asarray(repeat_count, dtype=float)
    if np.any(repeats < 0):
        raise ValueError("repeat_count must be >= 0")
    discount = np.power(params.repeat_decay, repeats)
    s = s * (discount if discount.ndim == 0 else discount[..., None])
    outward = s * x > 0
    resistance = np.where(outward, np.power(1.0 - np.abs(x), params.bound_resistance), 1.0)
    return np.clip(x + s * resistance, -1.0, 1.0)


def _push(state: np.ndarray, stimulus: np.ndarray) -> np.ndarray:
    """`apply_stimulus` for no repeats and a bound resistance of 1 (every tick's case): the same
    float steps without the ones that leave every value as it was (a weight of 1, a power of 1)."""
    x = np.minimum(np.maximum(state, -1.0), 1.0)  # np.clip's steps, without its Python wrappers
    s = np.minimum(np.maximum(stimulus, -1.0), 1.0)
    resistance = np.where(s * x > 0, 1.0 - np.abs(x), 1.0)
    out = x + s * resistance
    return np.minimum(np.maximum(out, -1.0, out=out), 1.0, out=out)


def group_fast_target(group_slow: ArrayLike, n_members: int) -> np.ndarray:
    """The relax target (n_members, 3) for NPCs talking in a group: the group's slow vector only.

    In a crowd an NPC takes its cue from the room's usual atmosphere, not from how it privately
    feels about any one person there; otherwise one member's grudge would leak into the whole
    scene. The signature makes this structural: no individual's slow layer can be passed in.
    """
    g = np.clip(_as_vectors(group_slow, "group_slow"), -1.0, 1.0)
    if g.shape != (3,):
        raise ValueError(f"group_slow must be one vector of shape (3,), got {g.shape}")
    if n_members < 0:
        raise ValueError("n_members must be >= 0")
    return np.tile(g, (n_members, 1))


class AffectEffects(BaseModel):
    """How affect shows in behaviour: the range of each effect that :func:`effects` returns.

    - ``reply_length_factor`` in [reply_length_min, reply_length_max], rises with energy;
    - ``warmth`` in [0, 1], rises with valence;
    - ``linger_probability`` in [linger_min, linger_max] (chance to stay in a conversation),
      rises with energy and valence;
    - ``gate_threshold_offset`` in [-gate_offset_span, +gate_offset_span], added to the speak
      gate's threshold, so it *falls* as valence, energy and dominance rise (dominance weighs most:
      it is the axis that governs taking the floor);
    - ``disclosure_level`` in [0, 1], rises with valence only (dominance plays no part: being
      assertive is not the same as opening up) and is capped by trust when trust is given.
    """

    model_config = ConfigDict(frozen=True)

    reply_length_min: float = Field(0.6, gt=0)
    reply_length_max: float = Field(1.5, gt=0)
    linger_min: float = Field(0.05, ge=0, le=1)
    linger_max: float = Field(0.6, ge=0, le=1)
    gate_offset_span: float = Field(0.15, ge=0)

    @model_validator(mode="after")
    def _ordered(self) -> AffectEffects:
        if self.reply_length_min > self.reply_length_max or self.linger_min > self.linger_max:
            raise ValueError("effect ranges must have min <= max")
        return self

    def ranges(self) -> dict[str, tuple[float, float]]:
        """The closed interval each effect lies in, by effect name."""
        return {
            "reply_length_factor": (self.reply_length_min, self.reply_length_max),
            "warmth": (0.0, 1.0),
            "linger_probability": (self.linger_min, self.linger_max),
            "gate_threshold_offset": (-self.gate_offset_span, self.gate_offset_span),
            "disclosure_level": (0.0, 1.0),
        }


DEFAULT_EFFECTS = AffectEffects()


def effects(
    state: ArrayLike,
    trust: ArrayLike | None = None,
    shape: AffectEffects = DEFAULT_EFFECTS,
) -> dict[str, np.ndarray]:
    """Turn affect (N, 3) into behaviour knobs, one array (N,) per effect.

    This is the single place where mood reaches behaviour, so tuning "how much does a good mood
    show" means editing one mapping, and every effect stays bounded and monotone (see
    :class:`AffectEffects` for ranges and directions). ``trust`` (N,) in [0, 1], if given, caps
    disclosure: a cheerful NPC still does not confide in a stranger.
    """
    x = np.clip(_as_vectors(state, "state"), -1.0, 1.0)
    v, e, d = x[..., VALENCE], x[..., ENERGY], x[..., DOMINANCE]
    up_v, up_e = (v + 1.0) / 2.0, (e + 1.0) / 2.0
    disclosure = up_v
    if trust is not None:
        disclosure = np.minimum(disclosure, np.clip(np.asarray(trust, dtype=float), 0.0, 1.0))
    return {
        "reply_length_factor": shape.reply_length_min
        + (shape.reply_length_max - shape.reply_length_min) * up_e,
        "warmth": up_v,
        "linger_probability": shape.linger_min
        + (shape.linger_max - shape.linger_min) * up_e * up_v,
        "gate_threshold_offset": 0.0 - shape.gate_offset_span * (0.25 * v + 0.25 * e + 0.5 * d),
        "disclosure_level": disclosure,
    }


def _group_means(groups: np.ndarray, share: np.ndarray, n_groups: int) -> tuple[np.ndarray, np.ndarray]:
    """Each touched group's mean of its members' stimuli (len(groups), 3), and which groups were
    touched: the sums as `np.add.at` of them onto zeros adds them (one by one, in order, from 0.0:
    `np.bincount` adds its weights so), at a fraction of its cost per member."""
    counts = np.bincount(groups, minlength=n_groups).astype(float)
    touched = counts > 0
    sums = np.empty((int(np.count_nonzero(touched)), 3))
    for axis in range(3):
        sums[:, axis] = np.bincount(groups, weights=share[:, axis], minlength=n_groups)[touched]
    return sums / counts[touched, None], touched


class AffectField:
    """Affect for a whole town as arrays, so one tick updates every NPC without a per-NPC loop.

    Holds the fast layer (N, 3), a sparse slow layer per directed pair that has ever talked
    (E, 3; most pairs never meet, so no N x N block), and a slow layer per group/place (G, 3).
    Each NPC is idle, in a one-to-one conversation (its fast layer reads its slow layer toward the
    partner) or in a group (its fast layer reads the group's slow layer, via
    :func:`group_fast_target`). Idle fast layers relax to neutral.
    """

    def __init__(
        self,
        ids: Sequence[str],
        group_ids: Sequence[str] = (),
        params: AffectParams = DEFAULT_PARAMS,
    ) -> None:
        if len(set(ids)) != len(ids):
            raise ValueError("NPC ids must be unique")
        if len(set(group_ids)) != len(group_ids):
            raise ValueError("group ids must be unique")
        self.params = params
        self.ids: list[str] = list(ids)
        self.index: dict[str, int] = {npc: i for i, npc in enumerate(self.ids)}
        self.group_ids: list[str] = list(group_ids)
        self.group_index: dict[str, int] = {g: i for i, g in enumerate(self.group_ids)}
        n = len(self.ids)
        self.fast = np.zeros((n, 3))
        self.group_slow = np.zeros((len(self.group_ids), 3))
        self.pair_slow = np.zeros((0, 3))
        self.pair_index: dict[tuple[int, int], int] = {}
        self.pair_row = np.full(n, -1, dtype=np.int64)  # row in pair_slow of (i, partner), or -1
        self.group_of = np.full(n, -1, dtype=np.int64)  # row in group_slow, or -1

    # --- lookups -------------------------------------------------------------------------------
    def rows(self, ids: Sequence[str]) -> np.ndarray:
        """Array rows of the given NPC ids, in order."""
        return np.fromiter(map(self.index.__getitem__, ids), dtype=np.int64, count=len(ids))

    def _pair(self, a: int, b: int) -> int:
        row = self.pair_index.get((a, b))
        if row is None:
            row = len(self.pair_index)
            self.pair_index[(a, b)] = row
            self.pair_slow = np.vstack([self.pair_slow, np.zeros((1, 3))])
        return row

    def slow_toward(self, npc: str, other: str) -> np.ndarray:
        """``npc``'s slow affect toward ``other`` (neutral if they never talked)."""
        row = self.pair_index.get((self.index[npc], self.index[other]))
        return np.zeros(3) if row is None else self.pair_slow[row].copy()

    def group_mood(self, group: str) -> np.ndarray:
        """The slow affect of a group/place."""
        return self.group_slow[self.group_index[group]].copy()

    # --- where each NPC is ---------------------------------------------------------------------
    def add_group(self, group: str) -> None:
        """Register a new group/place with a neutral slow layer."""
        if group in self.group_index:
            return
        self.group_index[group] = len(self.group_ids)
        self.group_ids.append(group)
        self.group_slow = np.vstack([self.group_slow, np.zeros((1, 3))])

    def converse(self, a: str, b: str) -> None:
        """Put two NPCs in a one-to-one conversation: each now reads its slow layer toward the other."""
        ia, ib = self.index[a], self.index[b]
        if ia == ib:
            raise ValueError("an NPC cannot converse with itself")
        self.pair_row[ia], self.pair_row[ib] = self._pair(ia, ib), self._pair(ib, ia)
        self.group_of[[ia, ib]] = -1

    def join(self, ids: Sequence[str], group: str) -> None:
        """Put NPCs in a group/place: their fast layers read the group's slow layer only."""
        self.add_group(group)
        rows = self.rows(ids)
        self.group_of[rows] = self.group_index[group]
        self.pair_row[rows] = -1

    def leave(self, ids: Sequence[str]) -> None:
        """Make NPCs idle: their fast layers relax toward neutral."""
        rows = self.rows(ids)
        self.group_of[rows] = -1
        self.pair_row[rows] = -1

    # --- dynamics ------------------------------------------------------------------------------
    def _one_target(self) -> np.ndarray | None:
        """The one target every NPC relaxes toward when all are in the same group (a scenario's
        town, the headless benches) or all idle with no one-to-one talk ever; None otherwise."""
        g = self.group_of
        if not len(g):
            return None
        first = int(g[0])
        if first < -1 or first >= len(self.group_slow) or (first < 0 and self.pair_index) or (g != first).any():
            return None
        return np.zeros(3) if first < 0 else np.clip(self.group_slow[first], -1.0, 1.0)

    def targets(self) -> np.ndarray:
        """What each NPC's fast layer relaxes toward right now (N, 3)."""
        one = self._one_target()
        if one is not None:
            return _filled(one, len(self.group_of))
        # one gather: row 0 is neutral (idle), then each group's target (group_fast_target: its slow
        # vector, clipped); a group wins over a pair, as assigning groups after pairs did
        table = np.concatenate([np.zeros((1, 3)), np.clip(self.group_slow, -1.0, 1.0)])
        out = np.take(table, self.group_of + 1, axis=0)  # (take: a fancy row index is slower)
        if not self.pair_index:  # nobody has ever talked one to one: no pair rows to read
            return out
        in_pair = np.flatnonzero((self.pair_row >= 0) & (self.group_of < 0))
        if len(in_pair):
            out[in_pair] = np.clip(self.pair_slow[self.pair_row[in_pair]], -1.0, 1.0)
        return out  # every row already in [-1, 1] (what `relax` clips its target to)

    def tick(self, dt_seconds: float) -> None:
        """Advance every layer by ``dt_seconds``.

        The fast layers relax toward the slow layers as they stood at the start of the tick, then
        the slow layers relax; with slow half-lives of days and ticks of minutes the difference
        from solving both together is negligible.
        """
        if np.ndim(dt_seconds) == 0:  # every tick: the same float steps in place, fewer passes
            p, dt, neutral = self.params, _elapsed(dt_seconds, ()), np.zeros(3)
            self.fast = _relax_rows(self.fast, self.targets(), dt, p.fast_half_life_s, p.fast_negative_half_life_s)
            if len(self.pair_slow):
                self.pair_slow = _relax_rows(self.pair_slow, neutral, dt, p.slow_half_life_s,
                                             p.slow_negative_half_life_s)
            self.group_slow = _relax_rows(self.group_slow, neutral, dt, p.slow_half_life_s,
                                          p.slow_negative_half_life_s)
            return
        self.fast = relax(self.fast, self.targets(), dt_seconds, self.params)
        self.pair_slow = relax_slow(self.pair_slow, dt_seconds, self.params)
        self.group_slow = relax_slow(self.group_slow, dt_seconds, self.params)

    def stimulate(
        self,
        ids: Sequence[str],
        vectors: ArrayLike,
        repeat_counts: ArrayLike | None = None,
    ) -> None:
        """Apply stimuli (len(ids), 3) to those NPCs; a ``slow_share`` of each also lands slowly.

        An NPC in a one-to-one conversation moves its slow layer toward that partner; an NPC in a
        group moves the group's slow layer by the mean of its members' stimuli this call. Ids must
        be unique within one call (stimuli for the same NPC should be summed by the caller).
        """
        if len(set(ids)) != len(ids):
            raise ValueError("ids must be unique within one stimulate call")
        rows = self.rows(ids)
        stim = _as_vectors(vectors, "vectors").reshape(len(rows), 3)
        if repeat_counts is None and self.params.bound_resistance == 1.0:  # every tick: `_push`, the same steps
            self.stimulate_rows(rows, stim)
            return
        repeats = np.broadcast_to(
            np.asarray(0 if repeat_counts is None else repeat_counts, dtype=float), (len(rows),)
        )
        self.fast[rows] = apply_stimulus(self.fast[rows], stim, repeats, self.params)
        self._stimulate_slow(rows, self.params.slow_share * stim, repeats)

    def stimulate_rows(self, rows: np.ndarray, stim: np.ndarray) -> None:
        """`stimulate` for distinct array rows and (len(rows), 3) stimuli, no repeats: a tick's
        stimuli, which the caller already holds by row (no id lookups, no uniqueness check)."""
        if self.params.bound_resistance != 1.0:
            self.stimulate([self.ids[r] for r in rows.tolist()], stim, np.zeros(len(rows)))
            return
        self.fast[rows] = _push(self.fast[rows], stim)
        self._stimulate_slow(rows, self.params.slow_share * stim, None)

    def _stimulate_slow(self, rows: np.ndarray, share: np.ndarray, repeats: np.ndarray | None) -> None:
        """The slow layers' share of a stimulus: each NPC's pair row, each group's members' mean."""
        pair_rows = self.pair_row[rows]
        has_pair = pair_rows >= 0
        if self.pair_index and has_pair.any():
            p = pair_rows[has_pair]
            if repeats is None:
                self.pair_slow[p] = _push(self.pair_slow[p], share[has_pair])
            else:
                self.pair_slow[p] = apply_stimulus(self.pair_slow[p], share[has_pair], repeats[has_pair], self.params)
        groups = self.group_of[rows]
        has_group = groups >= 0
        if has_group.any():
            mean, touched = _group_means(groups[has_group], share[has_group], len(self.group_slow))
            self.group_slow[touched] = (_push(self.group_slow[touched], mean) if self.params.bound_resistance == 1.0
                                        else apply_stimulus(self.group_slow[touched], mean, 0, self.params))

    def effects(self, trust: ArrayLike | None = None) -> dict[str, np.ndarray]:
        """Behaviour knobs for every NPC from its fast layer (see :func:`effects`)."""
        return effects(self.fast, trust)
