"""The headless commands of `townsfolk`: simulate a generated town, report on a run, sweep a grid.

Registered on the one typer app from `sim/cli.py` (imported at its end), kept in their own file
so the scenario commands and these can change apart.
"""

from __future__ import annotations

import json
import logging
import signal
import sys
from pathlib import Path

import typer

from townsfolk.sim.cli import _fail, app, out_console, out_file, out_folder
from townsfolk.sim.sweep_aliases import aliases_text

# as in sim/cli.py: each command imports the engine, rich and the spec models in its body



def _provider(llm: str, llm_url: list[str] | None, model: str | None, llm_timeout: float, llm_retries: int,
              llm_concurrency: int):  # noqa: ANN202
    from townsfolk.agents.llm.errors import ProviderUnavailable
    from townsfolk.agents.llm.round_robin import make_fanout_provider

    try:
        return make_fanout_provider(llm, urls=llm_url or [], model=model, timeout=llm_timeout,
                                    max_retries=llm_retries, concurrency=llm_concurrency)
    except (ValueError, ProviderUnavailable, FileNotFoundError) as exc:
        _fail(str(exc))
    raise AssertionError


def _resume_command(spec_file: Path, target: str, db: str | None, npcs: int | None, days: float | None,
                    seed: int | None, commit_every: int) -> str:
    """The command line that goes on with this run (the options that shape the town, then --resume)."""
    import shlex

    parts = ["townsfolk", "simulate", str(spec_file)]
    del days  # --resume runs to the end the first run was started for (saved with it): README says leave it out
    for flag, value in (("--npcs", npcs), ("--seed", seed), ("--db", db)):
        if value is not None:
            parts += [flag, f"{value:g}" if isinstance(value, float) else str(value)]
    if commit_every != 1:
        parts += ["--commit-every", str(commit_every)]
    return shlex.join([*parts, "--resume"])


INTERRUPTED = {
    "en": {"none": "interrupted before its first tick was saved: nothing was saved yet; start it again with: {fresh}",
           "where": "tick {tick} of {of}", "where_bare": "tick {tick}",
           "line": "interrupted after {where} (saved in {target}); continue it with: {again}"},
    "zh": {"none": "第一个时刻还没保存就中断了，还没有保存任何东西；重新开始：{fresh}",
           "where": "第 {tick} 个时刻（共 {of} 个）", "where_bare": "第 {tick} 个时刻",
           "line": "运行在{where}之后中断（已保存在 {target}）；继续运行：{again}"},
}


class Terminated(KeyboardInterrupt):
    """SIGTERM, handled as Ctrl-C is (the last committed tick stays; the resume line is printed)."""


def _on_sigterm(signum: int, frame: object) -> None:
    raise Terminated


def _catch_sigterm() -> object:
    """SIGTERM raises `Terminated` while the run goes (only the main thread may set a handler). A stop
    that lands while SQLAlchemy's pool resets a connection is logged by the pool before it is raised on:
    with no handler that log printed a traceback above the resume line, so the pool's log goes nowhere."""
    logging.getLogger("sqlalchemy.pool").addHandler(logging.NullHandler())
    try:
        return signal.signal(signal.SIGTERM, _on_sigterm)
    except ValueError:
        return None


def _restore_sigterm(previous: object) -> None:
    if previous is not None:
        signal.signal(signal.SIGTERM, previous)  # type: ignore[arg-type]


def _interrupted(target: str, again: str, language: str = "en", code: int = 130) -> None:
    """Ctrl-C (exit 130) or SIGTERM (143): one line, in the world's language, saying where the run
    stopped (its last committed tick) and how to go on (written as is: a console would wrap it at 80
    columns when stderr is not a terminal)."""
    from townsfolk.sim.run_store import RunStore, RunStoreError

    words = INTERRUPTED.get(language, INTERRUPTED["en"])
    fresh = again.removesuffix("--resume") + "--overwrite"
    try:
        run = RunStore(target, must_exist=True).run_info()
    except (RunStoreError, OSError):
        sys.stderr.write(words["none"].format(fresh=fresh) + "\n")
        raise typer.Exit(code) from None
    if run.last_tick < 0:  # the cast only (stopped while building or in tick 0): "after tick -1" would mislead
        sys.stderr.write(words["none"].format(fresh=fresh) + "\n")
        raise typer.Exit(code)
    of = (run.extra.get("headless") or {}).get("ticks")
    where = words["where" if of else "where_bare"].format(tick=run.last_tick, of=of)
    sys.stderr.write(words["line"].format(where=where, target=target, again=again) + "\n")
    raise typer.Exit(code)


@app.command("simulate")
def simulate_cmd(
    spec_file: Path = typer.Argument(..., help="world spec YAML (see scenarios/WORLDS.md)"),
    npcs: int | None = typer.Option(None, "--npcs", min=2, help="population (overrides the spec's)"),
    days: float | None = typer.Option(None, "--days", min=0.01, help="simulated days (overrides the spec's)"),
    seed: int | None = typer.Option(None, "--seed", min=0, max=2**63 - 1, help="override the spec's seed"),
    db: str | None = typer.Option(None, help="SQLite path or SQLAlchemy URL (default runs/<name>.db)"),
    json_out: bool = typer.Option(False, "--json", help="no progress bar; print the closing summary as JSON"),
    overwrite: bool = typer.Option(False, help="replace the run the database already holds"),
    resume: bool = typer.Option(False, help="continue an unfinished run (interrupted, killed) from its last saved "
                                "tick to the end it was started for; the result equals a run that never stopped"),
    commit_every: int = typer.Option(1, "--commit-every", min=1, help="commit every N ticks (and the last)"),
    llm: str = typer.Option("offline", help="offline | openai"),
    llm_url: list[str] | None = typer.Option(None, "--llm-url", help="an OpenAI-compatible server; give it more "
                                             "than once to spread the run's calls round-robin over several"),
    model: str | None = typer.Option(None, help="model name (openai)"),
    llm_timeout: float = typer.Option(30.0, help="seconds one model call may take"),
    llm_retries: int = typer.Option(2, help="retries of a failed model call"),
    llm_concurrency: int = typer.Option(8, help="model calls in flight at once, per server"),
) -> None:
    """Generate a town from a world spec and run its daily life headless; the run is saved."""
    from rich.console import Console

    from townsfolk.sim.messages import msg
    from townsfolk.sim.report_words import days_text
    from townsfolk.sim.run_store import RunStoreError
    from townsfolk.sim.scenario import ScenarioError
    from townsfolk.sim.simulate import simulate
    from townsfolk.sim.world_spec import load_world_spec

    if resume and overwrite:
        _fail("--resume continues the run the database holds and --overwrite replaces it: give one of them")
    try:
        spec = load_world_spec(spec_file)
    except ScenarioError as exc:
        _fail(str(exc))
    provider = _provider(llm, llm_url, model, llm_timeout, llm_retries, llm_concurrency)
    stem = spec_file.name.removesuffix(".yaml").removesuffix(".world")
    target = db or str(Path("runs") / f"{stem}.db")
    if "://" not in target:
        Path(target).parent.mkdir(parents=True, exist_ok=True)
    console = Console(stderr=True, highlight=False)
    ticks = int(round((days if days is not None else spec.days) * spec.ticks_per_day))
    if ticks < 1 and not (resume and days is None):  # a run of no ticks saves an empty town whose report is all empty charts
        _fail(f"--days {days if days is not None else spec.days:g} is less than one tick "
              f"({24 / spec.ticks_per_day:g} h): nothing would run; give at least "
              f"{1 / spec.ticks_per_day:.3g} days")
    again = _resume_command(spec_file, target, db, npcs, days, seed, commit_every)
    previous = _catch_sigterm()  # a kill is a Ctrl-C: the resume line, exit 143
    if json_out:
        try:
            result = simulate(spec, npcs=npcs, days=days, seed=seed, db=target, provider=provider,
                              spec_path=str(spec_file), overwrite=overwrite, commit_every=commit_every,
                              resume=resume)
        except RunStoreError as exc:
            _fail(str(exc))
        except KeyboardInterrupt as exc:
            _interrupted(target, again, spec.language, 143 if isinstance(exc, Terminated) else 130)
        finally:
            _restore_sigterm(previous)
        summary = result.summary()
        if provider.name == "offline":  # as `play --json`: the offline rules' answers are not model calls
            summary.update(model="offline", offline_calls=summary["model_calls"], model_calls=0)
        sys.stdout.write(json.dumps(summary, ensure_ascii=False) + "\n")
        return
    from townsfolk.sim.count_words import counted, model_calls_text
    from townsfolk.sim.sim_progress import SimulateBar

    with SimulateBar(console, language=spec.language, offline=provider.name == "offline") as bar:
        task = bar.add_task(spec.world, total=ticks, npcs=npcs or spec.population, tellings=0, calls=0)

        seen: dict[str, float] = {}

        def on_tick(p):  # type: ignore[no-untyped-def]
            # ticks run in this process per second of it: the bar's last figure is the summary's
            seen.setdefault("first", p.tick)
            seen["rate"] = (p.tick - seen["first"] + 1) / p.elapsed_s if p.elapsed_s > 0 else 0.0
            bar.update(task, completed=p.tick, total=p.ticks, tellings=p.tellings, calls=p.model_calls, npcs=p.npcs,
                       rate=seen["rate"])

        try:
            result = simulate(spec, npcs=npcs, days=days, seed=seed, db=target, provider=provider,
                              spec_path=str(spec_file), on_tick=on_tick, overwrite=overwrite,
                              commit_every=commit_every, resume=resume)
        except RunStoreError as exc:
            bar.stop()
            _fail(str(exc))
        except KeyboardInterrupt as exc:
            bar.stop()
            _interrupted(target, again, spec.language, 143 if isinstance(exc, Terminated) else 130)
        finally:
            _restore_sigterm(previous)
    s = result
    rate = seen.get("rate", 0.0)
    lang = spec.language
    out_console().print(msg(lang, "simulate.summary", title=s.title, npcs=counted(lang, s.npcs, "npc"),
                                       ties=counted(lang, s.ties, "pair"), days=s.days,
                                       days_text=days_text(lang, s.days), ticks=counted(lang, s.ticks, "tick"),
                                       rate=rate, events=counted(lang, s.events, "event"),
                                       tellings=counted(lang, s.tellings, "telling"),
                                       stifled=counted(lang, s.stifled, "stifled"),
                                       beliefs=counted(lang, s.beliefs, "belief"), reached=counted(lang, s.reached, "npc"),
                                       model_calls=model_calls_text(spec.language, s.model_calls,
                                                                    offline=provider.name == "offline"),
                                       build_s=s.build_s, run_s=s.run_s, target=target))


@app.command("report")
def report_cmd(
    db: str = typer.Option(..., help="a saved headless run (SQLite path or SQLAlchemy URL)"),
    out: Path = typer.Option(Path("report.html"), "--out", help="the HTML file to write"),
) -> None:
    """One self-contained HTML page on a run: rumour reach, credibility and distortion by hop, the
    largest cascade, ties and mood over time, top spreaders, most-changed ties."""

    from townsfolk.sim.cli_checks import db_problem, empty_run_problem, missing_db_problem
    from townsfolk.sim.messages import msg
    from townsfolk.sim.report import build_report_page
    from townsfolk.sim.run_store import RunStoreError

    out_file(out)
    if problem := db_problem(db) or missing_db_problem(db) or empty_run_problem(db):
        _fail(problem)
    try:
        page = build_report_page(db)
    except RunStoreError as exc:
        _fail(str(exc))
    try:
        out.write_text(page.html, encoding="utf-8")
    except OSError as exc:
        _fail(f"--out {out}: cannot write it ({exc.strerror or exc})")
    out_console().print(msg(page.language, "report.wrote", out=out,
                                       kb=len(page.html.encode("utf-8")) // 1024))


@app.command("sweep")
def sweep_cmd(
    spec_file: Path = typer.Argument(..., help="world spec YAML"),
    param: list[str] = typer.Option(..., "--param", help="KEY=V1,V2,... (KEY a dotted spec key: "
                                    "traits.candour.mean, social.friendships.m, events.0.rate_per_day or "
                                    "events.<id>.rate_per_day, roles.<id>.share; or an alias: "
                                    f"{aliases_text()}); give several for a grid"),
    seeds: int = typer.Option(5, "--seeds", min=1, help="runs per grid point (seeds 0..N-1 added to the spec's)"),
    npcs: int | None = typer.Option(None, "--npcs", min=2),
    days: float | None = typer.Option(None, "--days", min=0.01),
    out: Path = typer.Option(Path("runs/sweep"), "--out", help="folder for results.csv (+ .parquet) and the plot"),
    workers: int = typer.Option(0, "--workers", help="local processes (0: one per CPU)"),
    ray: bool = typer.Option(False, "--ray", help="run the grid on Ray (ray.init() here unless --ray-address)"),
    ray_address: str | None = typer.Option(None, "--ray-address", help="a Ray cluster to run on (implies --ray)"),
    json_out: bool = typer.Option(False, "--json", help="print the result rows as JSON lines"),
) -> None:
    """Run a parameter grid × seeds (local processes, or Ray) and gather one table and a comparison plot."""
    from rich.console import Console

    from townsfolk.sim.scenario import ScenarioError
    from townsfolk.sim.sweep import SweepError, parse_params, run_sweep, write_results
    from townsfolk.sim.world_spec import load_world_spec

    out_folder(out, "--out")
    try:
        spec = load_world_spec(spec_file)
        grid = parse_params(param, spec)
    except ScenarioError as exc:
        _fail(str(exc))
    except SweepError as exc:
        _fail(str(exc))
    console = Console(stderr=True, highlight=False)
    try:
        rows = run_sweep(spec, grid, seeds=seeds, npcs=npcs, days=days, workers=workers or None,
                         ray=(ray_address or "local") if (ray or ray_address) else None,
                         on_done=None if json_out else lambda done, total: console.print(f"runs done {done}/{total}"))
    except SweepError as exc:
        _fail(str(exc))
    files = write_results(rows, out, list(grid), spec.language)
    if json_out:
        for r in rows:
            sys.stdout.write(json.dumps(r, ensure_ascii=False) + "\n")
    else:
        out_console().print(f"{len(rows)} runs · " + " · ".join(str(f) for f in files))
