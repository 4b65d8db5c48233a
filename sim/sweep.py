"""`townsfolk sweep`: a parameter grid × seeds over a world spec, like Mesa's `batch_run`.

Each run is an independent headless simulation (no database) that returns one row of numbers;
rows are gathered into one table (CSV, and Parquet when pyarrow is installed) and a comparison
plot. Runs go to local processes by default, or to Ray (`ray.init()` here, or a cluster address).
"""

from __future__ import annotations

import csv
import difflib
import itertools
import multiprocessing
import os
import warnings
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import numpy as np
import yaml
from pydantic import ValidationError

from townsfolk.sim.spec_paths import is_settable, normalise, settable_keys, unknown_key_message
from townsfolk.sim.sweep_aliases import ALIASES, aliases_text
from townsfolk.sim.world_spec import WorldSpec

METRICS = ("rumour_reach", "never_heard", "tellings", "stifled", "beliefs", "mean_credibility", "max_hops",
           "mood_end", "model_calls", "offline_calls", "run_s")


class SweepError(Exception):
    """A grid the sweep cannot run (bad key or value), or a backend that would not start."""


def parse_params(items: list[str], spec: WorldSpec) -> dict[str, list[Any]]:
    """`p=0.05,0.1` ... -> {"rumour.tell_probability": [0.05, 0.1]}; every point is validated now."""
    from townsfolk.sim.simulate import apply_overrides

    grid: dict[str, list[Any]] = {}
    data = spec.model_dump(mode="json")
    for item in items:
        key, sep, values = item.partition("=")
        if not sep or not key.strip() or not values.strip():
            raise SweepError(f"--param {item!r}: expected KEY=V1,V2,...")
        written = key.strip()
        key = ALIASES.get(written, normalise(written))
        if not is_settable(data, key):
            close = difflib.get_close_matches(written, list(ALIASES), n=1, cutoff=0.6)
            said = (f"unknown spec key {written!r} (did you mean {close[0]!r}?)" if close
                    else unknown_key_message(data, written))
            raise SweepError(f"--param {item!r}: {said}" + ("" if "did you mean" in said else f"; give an alias ({aliases_text()}) or a dotted spec key such as "
                             "rumour.tell_probability, traits.candour.mean, events.0.rate_per_day "
                             "(a list item by index or by its id)"))
        grid[key] = [yaml.safe_load(v.strip()) for v in values.split(",") if v.strip()]
    for point in points(grid):
        try:
            apply_overrides(spec, point)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            raise SweepError(f"--param {where}={err.get('input')!r}: {err['msg'].removeprefix('Value error, ')}") from None
        except ValueError as exc:
            raise SweepError(f"--param {point}: {exc}") from None
    return grid


def spec_keys(spec: WorldSpec) -> list[str]:
    """Every dotted key a sweep may set (`rumour.tell_probability`, `traits.candour.mean`,
    `events.nets.rate_per_day` ...): the spec's leaves, list items by their id."""
    return settable_keys(spec.model_dump(mode="json"))


def points(grid: dict[str, list[Any]]) -> list[dict[str, Any]]:
    keys = list(grid)
    return [dict(zip(keys, combo, strict=True)) for combo in itertools.product(*(grid[k] for k in keys))]


def run_one(spec_data: dict[str, Any], point: dict[str, Any], seed: int, npcs: int | None,
            days: float | None) -> dict[str, Any]:
    """One run of the grid: the spec with `point` applied, at `seed`; returns its row."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    from townsfolk.sim.simulate import simulate

    spec = WorldSpec.model_validate(spec_data)
    result = simulate(spec, npcs=npcs, days=days, seed=seed, overrides=point)
    memory, origins = result.sim.memory, set(result.life.seed_origins)
    beliefs = list(memory.beliefs.values())
    heard = {b.holder for b in beliefs if b.origin_fact_id in origins}
    told = [b.credibility for b in beliefs if b.hops > 0]
    mood = result.sim.minds.affect.fast[:, 0]
    # as `simulate --json` says it: the offline rules' answers are offline_calls, not model calls
    offline = getattr(result.sim.provider, "name", "offline") == "offline"
    return {**point, "seed": seed, "npcs": result.npcs, "days": result.days,
            "rumour_reach": result.seed_reach,  # one definition: `simulate --json`'s seed_reach
            "never_heard": round(1 - len(heard) / max(1, result.npcs), 4),
            "tellings": result.tellings, "stifled": result.stifled, "beliefs": result.beliefs,
            "mean_credibility": round(float(np.mean(told)), 4) if told else None,
            "max_hops": max((b.hops for b in beliefs), default=0),
            "mood_end": round(float(mood.mean()), 4) if len(mood) else 0.0,
            "model_calls": 0 if offline else result.model_calls,
            "offline_calls": result.model_calls if offline else 0, "run_s": result.run_s}


def run_sweep(spec: WorldSpec, grid: dict[str, list[Any]], *, seeds: int, npcs: int | None = None,
              days: float | None = None, workers: int | None = None, ray: str | None = None,
              on_done: Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
    """Every grid point × seeds; rows come back sorted by point then seed, whatever finished first."""
    data = spec.model_dump(mode="json")
    jobs = [(point, spec.seed + s) for point in points(grid) for s in range(seeds)]
    rows: list[dict[str, Any]] = []
    if ray is not None:
        rows = _on_ray(data, jobs, npcs, days, address=None if ray == "local" else ray, on_done=on_done)
    elif (workers or os.cpu_count() or 1) == 1 or len(jobs) == 1:
        for i, (point, seed) in enumerate(jobs):
            rows.append(run_one(data, point, seed, npcs, days))
            if on_done:
                on_done(i + 1, len(jobs))
    else:
        # fork: children start with the parent's imports (and warmed model caches) instead of re-importing
        ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
        with ProcessPoolExecutor(max_workers=workers or os.cpu_count(), mp_context=ctx) as pool:
            futures = [pool.submit(run_one, data, point, seed, npcs, days) for point, seed in jobs]
            for i, f in enumerate(as_completed(futures)):
                rows.append(f.result())
                if on_done:
                    on_done(i + 1, len(jobs))
    order = {repr(p): i for i, p in enumerate(points(grid))}
    return sorted(rows, key=lambda r: (order[repr({k: r[k] for k in grid})], r["seed"]))


def _on_ray(data: dict[str, Any], jobs: list[tuple[dict[str, Any], int]], npcs: int | None, days: float | None, *,
            address: str | None, on_done: Callable[[int, int], None] | None) -> list[dict[str, Any]]:
    try:
        import ray
    except ImportError:
        raise SweepError("--ray needs Ray: pip install 'townsfolk[ray]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        try:
            if address is None:
                ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False,
                         num_cpus=os.cpu_count() or 1)
            else:
                ray.init(address=address, log_to_driver=False, configure_logging=False)
        except Exception as exc:  # noqa: BLE001 (Ray raises many kinds; all mean "no cluster")
            raise SweepError(f"Ray would not start ({type(exc).__name__}: {exc})") from None
    try:
        remote = ray.remote(run_one)
        pending = [remote.remote(data, point, seed, npcs, days) for point, seed in jobs]
        rows: list[dict[str, Any]] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            rows += ray.get(done)
            if on_done:
                on_done(len(rows), len(jobs))
        return rows
    finally:
        if started_here:
            ray.shutdown()


def write_results(rows: list[dict[str, Any]], out: Path, keys: list[str], language: str = "en") -> list[Path]:
    """results.csv (+ results.parquet with pyarrow) and sweep.png in `out` (a zh world's also sweep.svg,
    its words kept as text for the reader's CJK fonts); returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    columns = list(dict.fromkeys(k for r in rows for k in r))
    files = [out / "results.csv"]
    with files[0].open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=columns)
        writer.writeheader()
        writer.writerows(rows)
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        pass
    else:
        pq.write_table(pa.Table.from_pylist(rows), out / "results.parquet")
        files.append(out / "results.parquet")
    files.append(plot(rows, keys, out / "sweep.png", language if language == "en" or _cjk_font() else "en"))
    if language == "zh":
        files.append(plot(rows, keys, out / "sweep.svg", "zh"))
    return files


WORDS: dict[str, dict[str, str]] = {
    "en": {"reach": "share who heard the seeded rumour", "tellings": "tellings", "cred": "credibility (2nd-hand)",
           "title": "sweep over {x} · {n} seeds per point · mean ± sd"},
    "zh": {"reach": "听说了放出的传闻的人占比", "tellings": "传话次数", "cred": "可信度（二手及以后）",
           "title": "按 {x} 扫参 · 每个点 {n} 个种子 · 平均 ± 标准差"},
}


def _cjk_font() -> bool:
    """Whether matplotlib can draw Chinese into a PNG here (else a zh PNG would be empty boxes)."""
    from matplotlib import font_manager

    from townsfolk.sim.report import CJK_FONTS

    return any(f.name in CJK_FONTS for f in font_manager.fontManager.ttflist)


def plot(rows: list[dict[str, Any]], keys: list[str], path: Path, language: str = "en") -> Path:
    """Reach, tellings and credibility against the first swept key (mean ± sd over seeds), one line
    per combination of the other keys, in the world's words (an .svg path keeps them as text)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from townsfolk.sim.report import _fonts

    _fonts(language)
    words = WORDS["zh" if language == "zh" else "en"]

    x_key, rest = keys[0], keys[1:]
    fig, axes = plt.subplots(1, 3, figsize=(13, 3.8))
    groups: dict[tuple, list[dict[str, Any]]] = {}
    for r in rows:
        groups.setdefault(tuple(r[k] for k in rest), []).append(r)
    for (label, members), colour in zip(sorted(groups.items(), key=lambda kv: repr(kv[0])),
                                        itertools.cycle(["#3b6ea5", "#d1603d", "#5a9e6f", "#9b59b6", "#c9a227"]),
                                        strict=False):
        xs = sorted({m[x_key] for m in members}, key=lambda v: (isinstance(v, str), v))
        for ax, metric, title in zip(axes, ("rumour_reach", "tellings", "mean_credibility"),
                                     (words["reach"], words["tellings"], words["cred"]),
                                     strict=True):
            vals = [[m[metric] for m in members if m[x_key] == x and m[metric] is not None] for x in xs]
            mean = [float(np.mean(v)) if v else np.nan for v in vals]
            sd = [float(np.std(v)) if v else 0.0 for v in vals]
            pos = range(len(xs)) if any(isinstance(x, str) for x in xs) else xs
            ax.errorbar(list(pos), mean, yerr=sd, marker="o", capsize=3, color=colour,
                        label=", ".join(f"{k}={v}" for k, v in zip(rest, label, strict=True)) or None)
            ax.set_title(title, loc="left", fontsize=11, fontweight="bold")
            ax.set_xlabel(x_key)
            if any(isinstance(x, str) for x in xs):
                ax.set_xticks(list(pos), [str(x) for x in xs])
            ax.spines[["top", "right"]].set_visible(False)
            ax.grid(alpha=0.25)
    if rest:
        axes[0].legend(frameon=False, fontsize=8)
    n_seeds = len({r["seed"] for r in rows})
    fig.suptitle(words["title"].format(x=x_key, n=n_seeds), x=0.01, ha="left", fontsize=10)
    with warnings.catch_warnings():  # an SVG's glyphs are only measured here; the browser draws them
        warnings.simplefilter("ignore", UserWarning)
        fig.tight_layout()
        fig.savefig(path, dpi=110, bbox_inches="tight", **({"metadata": {"Date": None}} if path.suffix == ".svg" else {}))
    plt.close(fig)
    return path
