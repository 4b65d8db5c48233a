"""`townsfolk check FILE...`: validate scenarios and world specs without playing them.

A designer wants to know a file loads before waiting for a run: each file is read exactly as
`play` (a scenario) or `simulate` (a world spec) would read it, and either one line says what it
holds or the same `error: FILE:LINE: FIELD: message` those commands give is printed, one line for
every problem found in the file (those commands stop at the first), in the order of their lines.
"""

from __future__ import annotations

from pathlib import Path

import typer

from townsfolk.sim.cli import app, out_console


def is_world_spec(text: str, named_as_one: bool) -> bool:
    """Whether a file's text is a world spec (`world:` and no `scenario:`), as `play` and `simulate`
    tell them apart; a file that says neither (unreadable YAML, not a mapping) is one when its name
    says so (`*.world.yaml`), so its error is the one `simulate` would give."""
    from townsfolk.sim.scenario_yaml import load_checked

    try:
        data, _node = load_checked(text)
    except Exception:  # noqa: BLE001  (any YAML problem: the loader chosen by the name reports it)
        return named_as_one
    if not isinstance(data, dict) or ("world" in data) == ("scenario" in data):
        return named_as_one and not (isinstance(data, dict) and "scenario" in data)
    return "world" in data


def check_file(path: Path) -> str:
    """The `ok:` line for a file that loads, then its notes (a trade role with nothing to sell); ScenarioError
    (FILE:LINE: FIELD: message) when it does not load."""
    from townsfolk.sim.scenario import parse_scenario, read_text_file

    world_named = path.name.endswith(".world.yaml")
    text = read_text_file(path, "world spec" if world_named else "scenario")
    if is_world_spec(text, world_named):
        from townsfolk.sim.world_spec import parse_world_spec

        spec = parse_world_spec(text, str(path))
        ticks = int(round(spec.days * spec.ticks_per_day))
        return (f"ok: {path} (world spec: {spec.population:,} NPCs, {len(spec.roles)} roles, "
                f"{spec.days:g} days = {ticks:,} ticks)")
    scenario = parse_scenario(text, str(path))
    n, m = len(scenario.characters), len(scenario.timeline)
    from townsfolk.sim.cli_check_trades import trade_notes
    from townsfolk.sim.scenario_yaml import load_checked
    from townsfolk.sim.yaml_locations import line_index

    notes = trade_notes(str(path), dict(scenario.characters), scenario.language, line_index(load_checked(text)[1]))
    return "\n".join([f"ok: {path} ({n} character{'' if n == 1 else 's'}, {m} beat{'' if m == 1 else 's'}, "
                       f"last tick {scenario.last_tick})", *notes])


@app.command("check")
def check_cmd(
    files: list[Path] = typer.Argument(..., help="scenario or world spec YAML files"),
) -> None:
    """Validate scenarios and world specs as `play` and `simulate` would, without running them;
    exit 2 when any file has a problem."""
    from rich.markup import escape

    from townsfolk.sim.scenario import ScenarioError

    console, errors = out_console(), out_console(stderr=True)
    bad = 0
    for path in files:
        try:
            line = check_file(path)
        except ScenarioError as exc:
            bad += 1
            for each in exc.every():  # all of a file's mistakes in one run, not one per run
                errors.print(f"[bold red]error:[/] {escape(str(each))}", highlight=False)
            continue
        console.print(line, markup=False)
    if bad:
        raise typer.Exit(2)
