"""The minds state in the store of record as changes: a commit writes only what moved since the last.

The state `Minds.state()` describes (affect arrays, stages, silence clocks, follow-ups, budgets,
counts) used to ride in the run row's JSON, ~1 MB at 10k NPCs, rewritten by every commit. Here it
has two tables of its own (sim/tables.py):

- `mind_array`: each array (fast affect, the slow layers, pair and group rows, mood codes, the
  pair index) cut into blocks of BLOCK rows, each block its raw bytes. A commit compares each array
  with the copy it last wrote (one numpy pass) and rewrites only the blocks holding a changed row.
- `mind_entry`: one row per entry of the keyed parts (a stage, a dependency count, when an NPC last
  spoke, a silence clock, a follow-up) and one per small whole part (the NPC list, the budget, the
  outcome counts). Entries whose value is the same object or equal to what was written are skipped
  (their values are immutable: str, int, datetime, frozen models); removed entries are deleted.

Blocks are compared with what was stored as bytes (a memcmp, no numpy pass and copy per array);
whole-number arrays (placements, the pair index, mood codes) are stored in the narrowest integer
type that holds them (a 10k town's mood codes: 10 KB, not 80) and read back as int64. The fast
affect, which moves in every row every tick, is stored whole only every STEPS commits: in between,
each commit stores the one tick's step from the last (sim/fast_steps.py: the relax recipe and the
stirred rows and who moved group, checked bit for bit before it is kept), as a `fast+` row of
`mind_array`; a load replays the steps over the last whole copy. A commit that cannot be one step
(several ticks since the last, many NPCs moved or were stirred) writes the array whole and drops
the steps.

Loading puts the pieces back into the dict `Minds.state()` returns (arrays packed as it packs
them), so `Minds.restore`, the erasure scrub and everything reading `run.extra["minds"]` are
unchanged. A run saved before these tables existed keeps its minds in the run row; it loads from
there, and its next commit writes the tables and drops the copy in the run row.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np

from townsfolk.sim.fast_steps import StepWork, placements_before, replay, step_of
from townsfolk.sim.minds import Minds, pack, unpack
from townsfolk.sim.row_writer import encode

BLOCK = 4096  # rows per stored block: a 10k town's fast affect is 3 blocks of 96 KB
ARRAYS = ("fast", "group_slow", "pair_slow", "pair_row", "group_of", "pairs", "moods")
WHOLE_NUMBERS = ("pair_row", "group_of", "pairs", "moods")  # stored narrow, read back as int64
KEYED = ("stages", "dependency", "last_spoke", "quiet", "followups")
WHOLE = ("npcs", "budget", "counts")
STEP = "fast+"  # the name of the fast affect's stored steps (id fast+:1, fast+:2, ...)
STEPS = 32  # steps kept before the fast affect is stored whole again (a load replays at most these)
# towns from this many NPCs save steps: below it the whole array is a few pages, cheaper than a step's
# numpy calls (a 1k town: 24 KB)
STEP_ROWS = BLOCK
PROBE = 64  # rows compared first: an array that moved (the fast affect, every tick) differs in them
NARROW = tuple(np.dtype(t) for t in ("<i1", "<i2", "<i4"))


@dataclass
class MindsSaved:
    """What the store holds of the minds: each array as a load would give it, each array's stored
    blocks (dtype, width, bytes per block), and each keyed part as written."""

    arrays: dict[str, np.ndarray] = field(default_factory=dict)
    stored: dict[str, tuple[str, int, list[bytes]]] = field(default_factory=dict)
    steps: int = 0  # fast affect steps stored over its last whole copy
    keyed: dict[str, dict[str, Any]] = field(default_factory=dict)  # part -> key -> raw value
    whole: dict[str, str] = field(default_factory=dict)  # part -> its JSON text
    npcs: list[str] | None = None  # the NPC list as written (compared as a list: no 10k-name encode)
    pairs_of: tuple[Any, np.ndarray] | None = None  # (the pair index dict, its array) last made
    work: StepWork = field(default_factory=StepWork, repr=False, compare=False)  # a step's arrays (fast_steps)


@dataclass
class MindsRows:
    """One commit's rows: blocks and entries to (re)write, ids of both to delete first."""

    blocks: list[tuple] = field(default_factory=list)  # (id, name, block, dtype, width, data)
    entries: list[tuple] = field(default_factory=list)  # (id, part, data)
    gone_blocks: list[str] = field(default_factory=list)
    gone_entries: list[str] = field(default_factory=list)


def _json_of(part: str, value: Any) -> Any:
    """An entry's value as `Minds.state()` writes it."""
    if part == "last_spoke":
        return value.isoformat() if isinstance(value, datetime) else value
    if part in ("quiet", "followups") and hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    return value


def _pairs(minds: Minds, saved: MindsSaved) -> np.ndarray:
    """The pair index as rows (i, j, row); made again only when the index grew or was replaced
    (pairs are only ever added, each with the next row)."""
    index = minds.affect.pair_index
    known = saved.pairs_of
    if known is not None and known[0] is index and len(known[1]) == len(index):
        return known[1]
    arr = (np.array([[i, j, r] for (i, j), r in index.items()], dtype=np.int64) if index
           else np.zeros((0, 3), dtype=np.int64))
    saved.pairs_of = (index, arr)
    return arr


def parts_of(minds: Minds | dict[str, Any], saved: MindsSaved | None = None
             ) -> tuple[dict[str, np.ndarray], dict[str, dict[str, Any]], dict[str, Any]]:
    """(arrays, keyed parts, whole parts) of a live `Minds` (its own objects, nothing copied) or of
    a dict `Minds.state()` made (a run rewritten after an erasure)."""
    if isinstance(minds, Minds):
        a = minds.affect
        arrays = {"fast": a.fast, "group_slow": a.group_slow, "pair_slow": a.pair_slow, "pair_row": a.pair_row,
                  "group_of": a.group_of, "pairs": _pairs(minds, saved or MindsSaved()),
                  "moods": minds._mood_codes}  # noqa: SLF001
        keyed = {"stages": minds.stages, "dependency": minds.dependency, "last_spoke": minds.last_spoke,
                 "quiet": minds.quiet, "followups": minds.followups}
        whole = {"npcs": a.ids, "budget": minds.budget.model_dump(mode="json"), "counts": minds.counts}
        return arrays, keyed, whole
    s = minds["affect"]
    arrays = {"fast": unpack(s["fast"], float).reshape(-1, 3), "group_slow": unpack(s["group_slow"], float).reshape(-1, 3),
              "pair_slow": unpack(s["pair_slow"], float).reshape(-1, 3), "pair_row": unpack(s["pair_row"], np.int64),
              "group_of": unpack(s["group_of"], np.int64),
              "pairs": np.array(s["pairs"], dtype=np.int64).reshape(-1, 3), "moods": unpack(minds["moods"], int)}
    keyed = {part: dict(minds.get(part, {})) for part in KEYED}
    whole = {"npcs": minds["npcs"], "budget": minds["budget"], "counts": minds["counts"]}
    return arrays, keyed, whole


def _stored_form(name: str, arr: np.ndarray) -> np.ndarray:
    """The array as stored: whole numbers in the narrowest integer type that holds them all."""
    arr = np.ascontiguousarray(arr)
    if name in WHOLE_NUMBERS and arr.size and arr.dtype.kind == "i":
        low, high = int(arr.min()), int(arr.max())
        for dtype in NARROW:
            info = np.iinfo(dtype)
            if info.min <= low and high <= info.max:
                return arr.astype(dtype)
    return arr


def _same(known: np.ndarray | None, arr: np.ndarray) -> bool:
    """The same array bit for bit (-0.0 is not 0.0 here, and a NaN is itself)."""
    if known is None or known.shape != arr.shape or known.dtype != arr.dtype:
        return False
    if arr.ndim and len(arr) > 2 * PROBE and not _same(known[:PROBE], arr[:PROBE]):
        return False  # (its first rows differ: an array that moved is told from its head, not read whole)
    if arr.dtype.kind == "f" and arr.dtype.itemsize == 8:
        known, arr = np.ascontiguousarray(known).view(np.int64), np.ascontiguousarray(arr).view(np.int64)
    elif arr.dtype.kind not in "iub":
        known, arr = np.ascontiguousarray(known).view(np.uint8), np.ascontiguousarray(arr).view(np.uint8)
    return bool((known == arr).all())


def _block_bytes(arr: np.ndarray) -> list[bytes]:
    return [arr[b * BLOCK:(b + 1) * BLOCK].tobytes() for b in range(max(1, -(-len(arr) // BLOCK)))]


def _write_array(out: MindsRows, saved: MindsSaved, name: str, arr: np.ndarray) -> None:
    """Rows for the blocks of `arr` whose bytes differ from the stored ones (all of them when the
    dtype or the shape of a row moved), ids for the stored blocks past its end."""
    stored = _stored_form(name, arr)
    width = 0 if stored.ndim == 1 else int(np.prod(stored.shape[1:], dtype=np.int64))
    dtype = stored.dtype.str
    blocks = _block_bytes(stored)
    old_dtype, old_width, old = saved.stored.get(name, (None, None, []))
    same_form = old_dtype == dtype and old_width == width
    for b, data in enumerate(blocks):
        if same_form and b < len(old) and old[b] == data:
            continue
        bid = f"{name}:{b}"
        out.gone_blocks.append(bid)
        out.blocks.append((bid, name, b, dtype, width, data))
    out.gone_blocks += [f"{name}:{b}" for b in range(len(blocks), len(old))]
    saved.stored[name] = (dtype, width, blocks)


def _drop_steps(out: MindsRows, saved: MindsSaved) -> None:
    out.gone_blocks += [f"{STEP}:{k}" for k in range(1, saved.steps + 1)]
    saved.steps = 0


def _fast_rows(out: MindsRows, saved: MindsSaved, minds: Minds | dict[str, Any], arrays: dict[str, np.ndarray],
               dt_seconds: float | None) -> None:
    """The fast affect as one step over what is stored (sim/fast_steps.py), or whole."""
    now = np.ascontiguousarray(arrays["fast"])
    prev = saved.arrays.get("fast")
    if _same(prev, now):
        return  # no tick since the last commit (a player's turn): nothing moved, the steps stay
    step = None
    if (isinstance(minds, Minds) and dt_seconds is not None and prev is not None and saved.steps < STEPS
            and len(now) >= STEP_ROWS
            and "fast" in saved.stored and all(k in saved.arrays for k in ("group_slow", "pair_slow", "group_of"))):
        step = step_of(prev, now, group_slow=saved.arrays["group_slow"], pair_slow=saved.arrays["pair_slow"],
                       group_of=arrays["group_of"], pair_row=arrays["pair_row"],
                       group_of_before=saved.arrays["group_of"], params=minds.affect.params, dt_seconds=dt_seconds,
                       work=saved.work)
    if step is not None:
        saved.steps += 1
        out.blocks.append((f"{STEP}:{saved.steps}", STEP, saved.steps, "step", 0, step))
        if prev is not None and prev.base is None:
            # the step's own array holds `now` now: kept as the copy, the old copy its next work array
            # (no 240 KB copy at 10k)
            saved.arrays["fast"], saved.work.relaxed = saved.work.relaxed, prev
            return
    else:
        _write_array(out, saved, "fast", now)
        _drop_steps(out, saved)
    if prev is not None and prev.shape == now.shape and prev.dtype == now.dtype and prev.base is None:
        np.copyto(prev, now)  # the copy kept is this store's own: written over, not made anew (240 KB at 10k)
    else:
        saved.arrays["fast"] = now.copy()


def minds_rows(saved: MindsSaved, minds: Minds | dict[str, Any], dt_seconds: float | None = None) -> MindsRows:
    """The rows that bring the stored minds to `minds`, and `saved` moved on to it. Cost: one bytes
    comparison per array block, one dict comparison per keyed part, and rows only for what changed.
    `dt_seconds` (one tick's length) lets the fast affect be saved as one tick's step."""
    arrays, keyed, whole = parts_of(minds, saved)
    out = MindsRows()
    _fast_rows(out, saved, minds, arrays, dt_seconds)  # first: a step reads the slow layers last saved
    for name in ARRAYS[1:]:
        arr = arrays[name]
        if _same(saved.arrays.get(name), arr):
            continue  # (cheaper than its block bytes: most arrays hold still)
        _write_array(out, saved, name, arr)
        saved.arrays[name] = np.array(arr, copy=True)
    for part in KEYED:
        now, before = keyed[part], saved.keyed.get(part, {})
        if now == before and part in saved.keyed:
            continue
        for key, value in now.items():
            old = before.get(key, _MISSING)
            if old is _MISSING or (old is not value and old != value):
                eid = f"{part}:{key}"
                out.gone_entries.append(eid)
                out.entries.append((eid, part, encode(_json_of(part, value))))
        out.gone_entries += [f"{part}:{key}" for key in before if key not in now]
        saved.keyed[part] = dict(now)
    for part in WHOLE:
        value = whole[part]
        if part == "npcs":
            if saved.npcs is not None and len(value) == len(saved.npcs) and value == saved.npcs:
                continue
            saved.npcs = list(value)
            value = saved.npcs
        text = encode(value)
        if saved.whole.get(part) == text:
            continue
        eid = f"whole:{part}"
        out.gone_entries.append(eid)
        out.entries.append((eid, "whole", text))
        saved.whole[part] = text
    return out


_MISSING = object()


def minds_state(blocks: list[tuple], entries: list[tuple[str, str, Any]]) -> tuple[dict[str, Any], MindsSaved] | None:
    """The dict `Minds.state()` made, from the stored blocks (name, block, dtype, width, data) and
    entries (id, part, decoded value); with what the store now holds. None when nothing is stored.
    ValueError when the stored pieces do not make a whole state."""
    if not blocks and not entries:
        return None
    saved = MindsSaved()
    pieces: dict[str, list[tuple[int, str, int, bytes]]] = {}
    steps: dict[int, bytes] = {}
    for name, block, dtype, width, data in blocks:
        if name == STEP:
            steps[int(block)] = bytes(data)
        else:
            pieces.setdefault(name, []).append((int(block), str(dtype), int(width), bytes(data)))
    arrays = {}
    for name, parts in pieces.items():
        parts.sort(key=lambda p: p[0])
        got = [np.frombuffer(data, dtype=np.dtype(dtype)) for _b, dtype, _w, data in parts]
        got = [arr if not width else arr.reshape(-1, width) for arr, (_b, _d, width, _data) in zip(got, parts, strict=True)]
        arr = np.concatenate(got) if len(got) > 1 else got[0].copy()
        arrays[name] = arr.astype(np.int64) if name in WHOLE_NUMBERS else arr
        forms = {(dtype, width) for _b, dtype, width, _data in parts}
        dtype, width = forms.pop() if len(forms) == 1 else (None, None)  # mixed: rewritten whole next time
        saved.stored[name] = (dtype, width, [data for _b, _d, _w, data in parts])  # type: ignore[assignment]
    keyed: dict[str, dict[str, Any]] = {part: {} for part in KEYED}
    whole: dict[str, Any] = {}
    for eid, part, value in entries:
        key = eid.split(":", 1)[1]
        if part == "whole":
            whole[key] = value
        elif part in keyed:
            keyed[part][key] = value
    missing = [n for n in ARRAYS if n not in arrays] + [w for w in WHOLE if w not in whole]
    if missing:
        raise ValueError(f"the stored minds lack {', '.join(missing)}")
    if sorted(steps) != list(range(1, len(steps) + 1)):
        raise ValueError(f"the stored affect steps are not one run from 1: {sorted(steps)}")
    placed = {}  # each step's placements: the stored ones are the last step's, walked back from there
    group_of = arrays["group_of"]
    for k in range(len(steps), 0, -1):
        placed[k] = group_of
        group_of = placements_before(group_of, steps[k])
    fast = arrays["fast"]
    for k in range(1, len(steps) + 1):  # the steps since the fast affect was stored whole (sim/fast_steps.py)
        fast = replay(fast, placed[k], steps[k])
    arrays["fast"], saved.steps = fast, len(steps)
    state = {"npcs": whole["npcs"],
             "affect": {"fast": pack(arrays["fast"]), "group_slow": pack(arrays["group_slow"]),
                        "pair_slow": pack(arrays["pair_slow"]), "pairs": arrays["pairs"].tolist(),
                        "pair_row": pack(arrays["pair_row"]), "group_of": pack(arrays["group_of"])},
             "budget": whole["budget"], **keyed, "moods": pack(arrays["moods"]), "counts": whole["counts"]}
    # what is on disk, in the form the next commit compares with (raw values for the keyed parts)
    saved.arrays = {name: arr.copy() for name, arr in arrays.items()}
    saved.npcs = list(whole["npcs"])
    saved.keyed = {part: _raw_keyed(part, values) for part, values in keyed.items()}
    saved.whole = {part: encode(value) for part, value in whole.items()}
    return state, saved


def _raw_keyed(part: str, values: dict[str, Any]) -> dict[str, Any]:
    """Stored entries as the live Minds holds them, so an unchanged entry compares equal."""
    from townsfolk.agents.reconnect import FollowUpState, ReconnectState

    if part == "last_spoke":
        return {k: datetime.fromisoformat(v) for k, v in values.items()}
    if part == "quiet":
        return {k: ReconnectState.model_validate(v) for k, v in values.items()}
    if part == "followups":
        return {k: FollowUpState.model_validate(v) for k, v in values.items()}
    return dict(values)
