"""The `townsfolk` command: play scenarios, ask why, inspect saved runs."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer
from rich.console import Console

from sim.playback import default_db, play
from sim.run_store import RunStore, RunStoreError
from sim.scenario import ScenarioError, load_scenario
from sim.timeline_view import print_entry, print_explanation, print_inspection
from sim.why import explain
from world.world import World

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="townsfolk: NPC social worlds — play scenarios, ask why, inspect runs.")


def _fail(message: str, code: int = 2) -> None:
    Console(stderr=True).print(f"[bold red]error:[/] {message}", highlight=False)
    raise typer.Exit(code)


def _resolve(world: World, who: str) -> str:
    if who in world.characters:
        return who
    by_name = [cid for cid, c in world.characters.items() if c.name == who]
    if by_name:
        return by_name[0]
    _fail(f"unknown character {who!r} (known: {', '.join(f'{k} ({c.name})' for k, c in world.characters.items())})")
    raise AssertionError


@app.command("play")
def play_cmd(
    file: Path = typer.Argument(..., help="scenario YAML file"),
    seed: int | None = typer.Option(None, help="override the scenario's seed"),
    db: str | None = typer.Option(None, help="SQLite path or SQLAlchemy URL (default runs/<name>.db)"),
    until: int | None = typer.Option(None, help="stop after this tick (the run stays resumable)"),
    json_out: bool = typer.Option(False, "--json", help="one JSON object per line instead of the timeline"),
    resume: bool = typer.Option(False, help="continue an unfinished run from its last saved tick"),
    llm: str = typer.Option("offline", help="offline | openai | llama | replay"),
    llm_url: str | None = typer.Option(None, help="base URL of an OpenAI-compatible server, e.g. http://127.0.0.1:8080/v1"),
    model: str | None = typer.Option(None, help="model name (openai) or GGUF path (llama)"),
    cassette: str | None = typer.Option(None, help="cassette to replay from (--llm replay)"),
    record: str | None = typer.Option(None, help="append every model call to this cassette"),
) -> None:
    """Play a scenario tick by tick, check its expectations and save the run."""
    try:
        scenario = load_scenario(file)
    except ScenarioError as exc:
        _fail(str(exc))
    from agents.llm.errors import ProviderUnavailable
    from agents.llm.registry import make_provider

    try:
        provider = make_provider(llm, url=llm_url, model=model, cassette=cassette, record=record)
    except (ValueError, ProviderUnavailable, FileNotFoundError) as exc:
        _fail(str(exc))
    target = db or str(default_db(file))
    console = Console(highlight=False)
    if not json_out:
        console.rule(f"[bold]{scenario.scenario}[/]  seed {scenario.seed if seed is None else seed}")

    def show(entry):  # type: ignore[no-untyped-def]
        if json_out:
            sys.stdout.write(entry.to_json() + "\n")
        else:
            print_entry(console, entry)

    try:
        result = play(scenario, db=target, seed=seed, until=until, resume=resume, scenario_path=str(file),
                      on_entry=show, provider=provider)
    except RunStoreError as exc:
        _fail(str(exc))
    summary = result.summary()
    if json_out:
        sys.stdout.write(json.dumps(summary, ensure_ascii=False) + "\n")
    else:
        s = summary
        console.rule()
        console.print(f"ticks {s['ticks']} · npcs {s['npcs']} · model calls {s['model_calls']} · tokens in "
                      f"{s['tokens_in']} / out {s['tokens_out']} · expectations {s['expectations_passed']} passed, "
                      f"{s['expectations_failed']} failed · saved to {target}")
        for r in result.failed:
            console.print(f"[bold red]expectation {r.index} failed at tick {r.at}:[/] {r.description}; found: {r.found}")
    if result.failed:
        raise typer.Exit(1)


def _load(db: str) -> tuple:
    try:
        return RunStore(db, must_exist=True).load()
    except RunStoreError as exc:
        _fail(str(exc))
    raise AssertionError


@app.command("why")
def why_cmd(
    holder: str = typer.Argument(..., help="character id or name"),
    target: str = typer.Argument(..., help="character id or name"),
    db: str = typer.Option(..., help="a saved run (SQLite path or SQLAlchemy URL)"),
    json_out: bool = typer.Option(False, "--json", help="print the explanation as JSON"),
) -> None:
    """Why HOLDER regards TARGET as it does: edges over time, causes, facts and chains of tellers."""
    world, memory, _ = _load(db)
    ex = explain(world, memory, _resolve(world, holder), _resolve(world, target))
    if json_out:
        sys.stdout.write(ex.model_dump_json(indent=2) + "\n")
    else:
        print_explanation(Console(highlight=False), world, ex)


@app.command("inspect")
def inspect_cmd(
    character: str | None = typer.Argument(None, help="only what involves this character"),
    db: str = typer.Option(..., help="a saved run (SQLite path or SQLAlchemy URL)"),
) -> None:
    """Characters, edges, beliefs and facts of a saved run, without replaying it."""
    world, memory, _ = _load(db)
    who = _resolve(world, character) if character else None
    print_inspection(Console(highlight=False), world, memory, who)


if __name__ == "__main__":
    app()
