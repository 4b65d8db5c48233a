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

from townsfolk.sim.minds import Minds, pack, unpack
from townsfolk.sim.row_writer import encode

BLOCK = 4096  # rows per stored block: a 10k town's fast affect is 3 blocks of 96 KB
ARRAYS = ("fast", "group_slow", "pair_slow", "pair_row", "group_of", "pairs", "moods")
KEYED = ("stages", "dependency", "last_spoke", "quiet", "followups")
WHOLE = ("npcs", "budget", "counts")


@dataclass
class MindsSaved:
    """What the store holds of the minds: a copy of each array and of each keyed part as written."""

    arrays: dict[str, np.ndarray] = field(default_factory=dict)
    keyed: dict[str, dict[str, Any]] = field(default_factory=dict)  # part -> key -> raw value
    whole: dict[str, str] = field(default_factory=dict)  # part -> its JSON text
    npcs: list[str] | None = None  # the NPC list as written (compared as a list: no 10k-name encode)


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


def _pairs(minds: Minds) -> np.ndarray:
    index = minds.affect.pair_index
    if not index:
        return np.zeros((0, 3), dtype=np.int64)
    return np.array([[i, j, r] for (i, j), r in index.items()], dtype=np.int64)


def parts_of(minds: Minds | dict[str, Any]) -> tuple[dict[str, np.ndarray], dict[str, dict[str, Any]], dict[str, Any]]:
    """(arrays, keyed parts, whole parts) of a live `Minds` (its own objects, nothing copied) or of
    a dict `Minds.state()` made (a run rewritten after an erasure)."""
    if isinstance(minds, Minds):
        a = minds.affect
        arrays = {"fast": a.fast, "group_slow": a.group_slow, "pair_slow": a.pair_slow, "pair_row": a.pair_row,
                  "group_of": a.group_of, "pairs": _pairs(minds), "moods": minds._mood_codes}  # noqa: SLF001
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


def _as_rows(arr: np.ndarray) -> np.ndarray:
    return arr.reshape(len(arr), int(np.prod(arr.shape[1:], dtype=np.int64)))


def _changed_blocks(new: np.ndarray, old: np.ndarray | None) -> list[int]:
    """Blocks of `new` that differ from `old` (all of them when the shape of a row or dtype moved)."""
    n_blocks = max(1, -(-len(new) // BLOCK))
    if old is None or old.dtype != new.dtype or old.shape[1:] != new.shape[1:]:
        return list(range(n_blocks))
    common = min(len(new), len(old))
    a, b = _as_rows(new[:common]), _as_rows(old[:common])
    changed = (a != b).any(axis=1)
    # per block at once (the fast affect decays every tick: a set of 10k row numbers was most of this)
    blocks = set(np.flatnonzero(np.logical_or.reduceat(changed, np.arange(0, common, BLOCK))).tolist()) if common else set()
    if len(new) != len(old):  # grown or shrunk: the block holding the boundary and every one after it
        blocks.update(range(min(len(new), len(old)) // BLOCK, n_blocks))
    return sorted(b for b in blocks if b < n_blocks)


def minds_rows(saved: MindsSaved, minds: Minds | dict[str, Any]) -> MindsRows:
    """The rows that bring the stored minds to `minds`, and `saved` moved on to it. Cost: one numpy
    comparison per array, one dict comparison per keyed part, and rows only for what changed."""
    arrays, keyed, whole = parts_of(minds)
    out = MindsRows()
    for name in ARRAYS:
        arr = np.ascontiguousarray(arrays[name])
        old = saved.arrays.get(name)
        blocks = _changed_blocks(arr, old)
        if not blocks:
            continue
        width = 0 if arr.ndim == 1 else int(np.prod(arr.shape[1:]))
        for b in blocks:
            part = arr[b * BLOCK:(b + 1) * BLOCK]
            bid = f"{name}:{b}"
            out.gone_blocks.append(bid)
            out.blocks.append((bid, name, b, arr.dtype.str, width, part.tobytes()))
        if old is not None:
            n_new, n_old = max(1, -(-len(arr) // BLOCK)), max(1, -(-len(old) // BLOCK))
            out.gone_blocks += [f"{name}:{b}" for b in range(n_new, n_old)]
        saved.arrays[name] = arr.copy()
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
            if saved.npcs is not None and list(value) == saved.npcs:
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
    entries (id, part, decoded value); with what the store now holds. None when nothing is stored."""
    if not blocks and not entries:
        return None
    saved = MindsSaved()
    pieces: dict[str, list[tuple[int, np.ndarray]]] = {}
    for name, block, dtype, width, data in blocks:
        arr = np.frombuffer(bytes(data), dtype=np.dtype(dtype))
        pieces.setdefault(name, []).append((int(block), arr if not width else arr.reshape(-1, int(width))))
    arrays = {}
    for name, parts in pieces.items():
        parts.sort(key=lambda p: p[0])
        arrays[name] = np.concatenate([p for _b, p in parts]) if len(parts) > 1 else parts[0][1].copy()
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
