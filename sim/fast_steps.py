"""The fast affect layer saved as the step one tick took, not as its whole array.

Every NPC's fast affect relaxes every tick (toward its group's mood, its partner's, or neutral),
so every byte of the array moves and each commit of a 10k town rewrote all 240 KB of it (~0.8 ms
of SQLite pages). Yet most rows only relaxed: the new row is the old one pulled one tick toward a
target that the arrays saved by the last commit already fix. A step holds that recipe (the target
of each group, the targets of NPCs talking one to one, the two decay factors) and, for the rows
that moved otherwise (the tick's stimuli), their new values. `replay` turns the previous array
into the new one with `agents/affect._relax_rows`' own float steps. Who moved group in the tick
is kept too (rows and their group before), so a chain of steps replays over placements that
changed along it: a load walks them back from the ones stored last.

`step_of` replays a step before it is kept and compares the result with the live array bit for bit;
when it cannot reproduce it (several ticks since the last commit, someone moved group, the affect
model changed) it returns None and the caller writes the array whole. A stored step is never an
approximation, and a change elsewhere can only cost the saving, not the state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

HEAD = 7  # float64 values before the arrays: the two factors, then five counts (rows, table, pairs, set, moved)


@dataclass
class StepWork:
    """The arrays a store's steps are computed in, kept from commit to commit: two fresh (N, 3)
    arrays per step (240 KB each at 10k) were each a fresh mapping of pages, faulted in and handed
    back, and that was two thirds of a 10k town's step."""

    target: np.ndarray | None = None
    relaxed: np.ndarray | None = None

    def get(self, name: str, like: np.ndarray) -> np.ndarray:
        """The `name` array, (re)made when it does not fit `like` (its shape and dtype)."""
        arr = getattr(self, name)
        if arr is None or arr.shape != like.shape or arr.dtype != like.dtype or not arr.flags.c_contiguous:
            arr = np.empty_like(like, order="C")
            setattr(self, name, arr)
        return arr


def _targets(group_of: np.ndarray, table: np.ndarray, over_rows: np.ndarray, over: np.ndarray,
             out: np.ndarray | None = None) -> np.ndarray:
    """What each row relaxes toward: its group's row of `table` (row 0: no group), then the
    one-to-one targets over it (as `AffectField.targets` gathers them); into `out` when given (its
    caller has checked every group is a row of `table`: numpy's checked mode copies through a
    buffer of its own)."""
    if out is None:
        out = np.take(table, group_of + 1, axis=0)
    else:
        np.take(table, group_of + 1, axis=0, out=out, mode="clip")
    if len(over_rows):
        out[over_rows] = over
    return out


def _relaxed(prev: np.ndarray, target: np.ndarray, factor: float, negative_factor: float,
             out: np.ndarray | None = None) -> np.ndarray:
    """`agents/affect._relax_rows` with its two factors given: the same steps on the same floats
    (into `out` when given)."""
    out = np.subtract(prev, target, out=out)
    valence = out[:, 0]
    below = np.flatnonzero(valence < 0)
    slower = valence[below] * negative_factor
    out *= factor
    valence[below] = slower
    out += target
    return np.clip(out, -1.0, 1.0, out=out)


def _bits(arr: np.ndarray) -> np.ndarray:
    return arr.view(np.int64)  # compared as bits: -0.0 is not 0.0 and a NaN is itself


def step_of(prev: np.ndarray, now: np.ndarray, *, group_slow: np.ndarray, pair_slow: np.ndarray,
            group_of: np.ndarray, pair_row: np.ndarray, group_of_before: np.ndarray, params: Any,
            dt_seconds: float, work: StepWork | None = None) -> bytes | None:
    """The step from `prev` to `now` (both (N, 3) float64), relaxing toward the targets the slow
    layers `group_slow`/`pair_slow` (as saved with `prev`) and this tick's placements `group_of`/
    `pair_row` give; the step also keeps who moved group since `group_of_before` (the placements
    saved with `prev`), so a load can walk the placements back (`placements_before`). None when
    the step does not reproduce `now` exactly or is not much smaller than `now` itself.

    `work`: the arrays to compute in (none made per call); a step returned leaves `work.relaxed`
    holding `now` bit for bit, which the caller may keep as its copy of `now` instead of copying it."""
    if prev.shape != now.shape or prev.dtype != np.float64 or now.dtype != np.float64 or now.ndim != 2:
        return None
    n = len(now)
    if group_of_before.shape != group_of.shape:
        return None
    moved = np.flatnonzero(group_of_before != group_of)
    table = np.concatenate([np.zeros((1, 3)), np.clip(group_slow, -1.0, 1.0)])
    if len(group_of) != n or len(pair_row) != n or (len(group_of) and not (
            -1 <= group_of.min() and group_of.max() < len(table) - 1)):
        return None
    over_rows = np.flatnonzero((pair_row >= 0) & (group_of < 0))
    if len(over_rows) and pair_row[over_rows].max() >= len(pair_slow):  # pairs begun this tick: neutral
        pair_slow = np.concatenate([pair_slow, np.zeros((int(pair_row[over_rows].max()) + 1 - len(pair_slow), 3))])
    over = np.clip(pair_slow[pair_row[over_rows]], -1.0, 1.0)
    dt = np.asarray(dt_seconds, dtype=float)
    factor, negative_factor = np.exp2(-dt / params.fast_half_life_s), np.exp2(-dt / params.fast_negative_half_life_s)
    target = _targets(group_of, table, over_rows, over, None if work is None else work.get("target", now))
    relaxed = _relaxed(prev, target, factor, negative_factor, None if work is None else work.get("relaxed", now))
    # the rows any of whose three values differ: one scan of the flat comparison, its hits (in
    # order) made rows (three strided column ORs, or any(axis=1), walked the comparison again)
    hits = np.flatnonzero(_bits(relaxed) != _bits(now)) // 3
    if -(-len(hits) // 3) + len(over_rows) + len(moved) > n // 4:  # (at least a row per three hits)
        return None
    set_rows = hits[np.concatenate(([True], hits[1:] != hits[:-1]))] if len(hits) else hits
    if len(set_rows) + len(over_rows) + len(moved) > n // 4:
        return None
    was = group_of_before[moved].astype("<i8")
    head = np.array([factor, negative_factor, n, len(table), len(over_rows), len(set_rows), len(moved)], dtype="<f8")
    data = b"".join([head.tobytes(), table.astype("<f8").tobytes(), over_rows.astype("<i8").tobytes(),
                     over.astype("<f8").tobytes(), set_rows.astype("<i8").tobytes(),
                     now[set_rows].astype("<f8").tobytes(), moved.astype("<i8").tobytes(), was.tobytes()])
    # what a load reads back is what was just computed with: the same inputs to the same steps
    back = _decode(data)
    kept = (table, over_rows, over, set_rows, now[set_rows], moved, was)
    if not (back[0] == factor and back[1] == negative_factor and all(
            x.shape == y.shape and x.tobytes() == y.tobytes() for x, y in zip(back[2:9], kept, strict=True))
            and back[9] == n):
        return None  # (cannot happen: tobytes and frombuffer are exact; checked all the same, it is cheap)
    relaxed[set_rows] = now[set_rows]  # now `now` bit for bit: the other rows were already
    return data


def _decode(data: bytes) -> tuple[Any, ...]:
    """A step's bytes as (factor, negative factor, target table, one-to-one rows, their targets,
    rows set, their values, rows that moved group, their groups before, the array's rows);
    ValueError when they are damaged."""
    raw = bytes(data)
    if len(raw) < 8 * HEAD:
        raise ValueError("a stored affect step is too short")
    head = np.frombuffer(raw, dtype="<f8", count=HEAD)
    n_rows, n_table, n_over, n_set, n_moved = (int(x) for x in head[2:])
    sizes = [n_table * 3 * 8, n_over * 8, n_over * 3 * 8, n_set * 8, n_set * 3 * 8, n_moved * 8, n_moved * 8]
    if min(n_table, n_over, n_set, n_moved) < 0 or len(raw) != 8 * HEAD + sum(sizes):
        raise ValueError("a stored affect step is damaged (its sizes do not add up)")
    parts, at = [], 8 * HEAD
    for size in sizes:
        parts.append(raw[at:at + size])
        at += size
    return (head[0], head[1], np.frombuffer(parts[0], dtype="<f8").reshape(n_table, 3),
            np.frombuffer(parts[1], dtype="<i8"), np.frombuffer(parts[2], dtype="<f8").reshape(n_over, 3),
            np.frombuffer(parts[3], dtype="<i8"), np.frombuffer(parts[4], dtype="<f8").reshape(n_set, 3),
            np.frombuffer(parts[5], dtype="<i8"), np.frombuffer(parts[6], dtype="<i8"), n_rows)


def replay(prev: np.ndarray, group_of: np.ndarray, data: bytes) -> np.ndarray:
    """The array a step made of `prev`, with the placements `group_of` it was taken with;
    ValueError when the step's bytes are damaged or do not fit `prev`."""
    factor, negative_factor, table, over_rows, over, set_rows, values, _moved, _was, n = _decode(data)
    if len(prev) != n or len(group_of) != n or any(len(r) and (r.min() < 0 or r.max() >= n) for r in (over_rows, set_rows)) or (
            n and (group_of.min() < -1 or group_of.max() >= len(table) - 1)):
        raise ValueError("a stored affect step does not fit the array it steps")
    out = _relaxed(prev, _targets(group_of, table, over_rows, over), factor, negative_factor)
    out[set_rows] = values
    return out


def placements_before(group_of: np.ndarray, data: bytes) -> np.ndarray:
    """The placements the step's previous array was saved with: `group_of` (the step's own) with
    the NPCs who moved since put back; ValueError when the step is damaged or does not fit."""
    *_, moved, was, n = _decode(data)
    if len(group_of) != n or (len(moved) and (moved.min() < 0 or moved.max() >= n)):
        raise ValueError("a stored affect step does not fit the placements it walks back")
    out = np.array(group_of, dtype=np.int64, copy=True)
    out[moved] = was
    return out
