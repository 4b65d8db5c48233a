"""`townsfolk talk --db RUN PLAYER NPC "text"...`: a designer speaks to an NPC of a saved run.

Without it, talking to one's own world meant `serve` and curl, or Python. Each text is one turn on
the `Town` front door (`Town.open` then `say`), saved like any `Town.say` unless `--read-only`;
with no text, lines are read from stdin until EOF (a prompt in a terminal, a pipe works as well).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

import typer

from townsfolk.sim.cli import _fail, app, cast_ids, out_console

if TYPE_CHECKING:
    from townsfolk.sim.town import Town


def stdin_lines(prompt: str) -> Iterator[str]:
    """The lines typed or piped in, blank ones skipped, until EOF (a prompt only in a terminal)."""
    ask = sys.stdin.isatty()
    while True:
        if ask:
            sys.stderr.write(prompt)
            sys.stderr.flush()
        line = sys.stdin.readline()
        if not line:
            if ask:
                sys.stderr.write("\n")
            return
        if line.strip():
            yield line.rstrip("\r\n")


def turn_line(town: Town, npc: str, result) -> str:  # noqa: ANN001  (a TurnResult)
    """'NPC: reply', or what kept the NPC quiet."""
    name = town.world.name(npc)
    return f"{name}: {result.text}" if result.answered else f"{name} ({result.held})"


def run_turns(town: Town, player: str, npc: str, texts: Iterable[str], *, json_out: bool) -> None:
    """Each text as one turn, printed as it is answered."""
    from townsfolk.sim.town_error import TownError

    console = out_console()
    for text in texts:
        try:
            result = town.say(player, npc, text)
        except TownError as exc:
            _fail(str(exc))
        if json_out:
            sys.stdout.write(json.dumps({"said": text, **result.model_dump(mode="json")}, ensure_ascii=False) + "\n")
            sys.stdout.flush()
        else:
            console.print(turn_line(town, npc, result), markup=False)


def simulate_run(db: str) -> bool:
    """Whether DB holds a `townsfolk simulate` run (False when it cannot be read: Town.open says why)."""
    from townsfolk.sim.headless_open import is_headless
    from townsfolk.sim.run_store import RunStore, RunStoreError

    try:
        return is_headless(RunStore(db, must_exist=True).run_info().extra)
    except RunStoreError:
        return False


@app.command("talk")
def talk_cmd(
    player: str = typer.Argument(..., help="the player who speaks (id or name)"),
    npc: str = typer.Argument(..., help="the NPC spoken to (id or name)"),
    texts: list[str] | None = typer.Argument(None, help="one turn each; none: read lines from stdin until EOF"),
    db: str = typer.Option(..., help="a saved run (SQLite path or SQLAlchemy URL)"),
    json_out: bool = typer.Option(False, "--json", help="one JSON object per turn (the HTTP talk answer)"),
    read_only: bool = typer.Option(False, "--read-only", help="answer, but save nothing of the turns "
                                   "(always so on a `simulate` run)"),
    advance: int = typer.Option(0, "--advance", min=0, help="let N ticks pass before the turns (saved, "
                                "as Town.advance): a visit later that day or the next, not the run's last tick"),
    llm: str = typer.Option("offline", help="offline | openai | llama"),
    llm_url: str | None = typer.Option(None, help="base URL of an OpenAI-compatible server"),
    model: str | None = typer.Option(None, help="model name (openai) or GGUF path (llama)"),
) -> None:
    """Talk to an NPC of a saved run: each TEXT is one turn, answered as `NPC: reply` and saved
    (not with --read-only); with no TEXT, read lines from stdin until EOF."""
    _, ids = cast_ids(db, player, npc)  # names first, as why/inspect: a typo costs no engine
    if ids is not None:
        player, npc = ids
    from townsfolk.agents.llm.errors import ProviderUnavailable
    from townsfolk.agents.llm.registry import make_provider
    from townsfolk.sim.town import Town
    from townsfolk.sim.town_error import TownError

    try:
        provider = make_provider(llm, url=llm_url, model=model)
    except (ValueError, ProviderUnavailable, FileNotFoundError) as exc:
        _fail(str(exc))
    headless = simulate_run(db)
    if advance and headless:
        _fail(f"{db} is a `townsfolk simulate` run: its time passes with `townsfolk simulate SPEC --db DB "
              "--resume`, not `talk --advance`")
    if not read_only and headless:
        # a `simulate` town talks read-only (a save through Town would replace its headless record):
        # it refused and pointed a CLI user at Python (newcomer K-17)
        sys.stderr.write(f"note: {db} is a `townsfolk simulate` run: talking read-only, nothing is saved "
                         "(its daily life goes on with `townsfolk simulate SPEC --db DB --resume`)\n")
        read_only = True
    try:
        town = Town.open(db, provider=provider, read_only=read_only)
    except TownError as exc:  # RunStoreError is one: another writer, a run of no scenario
        _fail(str(exc))
    with town:
        try:
            pid, nid = town.check_say(player, npc, "?")
        except TownError as exc:
            _fail(str(exc))
        if advance:  # every turn was at the run's last tick: a second visit was "the same day" (K-39)
            try:
                moved = town.advance(advance)
            except TownError as exc:
                _fail(str(exc))
            sys.stderr.write(f"advanced {advance} tick{'s' if advance != 1 else ''} to t{moved.tick} ({moved.time})\n")
        prompt = f"{town.world.name(pid)} > "
        try:
            run_turns(town, pid, nid, texts if texts else stdin_lines(prompt), json_out=json_out)
        except KeyboardInterrupt:
            sys.stderr.write("\n")
