"""Command-line values checked before any work starts, so a bad option is one line naming it, exit 2.

Typer only checks types: `--seed -5` reached numpy, `--until -3` printed "ticks -2", and a `--db` URL
whose driver is not installed surfaced as an import traceback from deep inside SQLAlchemy.
"""

from __future__ import annotations

from pathlib import Path

GATE_OUTCOMES = ("speak", "silent", "hold", "defer")  # agents/gate.py GateDecision.outcome
_DRIVER_PACKAGES = {"psycopg": "psycopg[binary]", "psycopg2": "psycopg2-binary", "mysqldb": "mysqlclient",
                    "pymysql": "pymysql", "asyncpg": "asyncpg", "pysqlite": "(built in)", "oracledb": "oracledb"}


def play_option_problem(*, seed: int | None, until: int | None, llm_timeout: float, llm_retries: int) -> str | None:
    """What is wrong with `play`'s numeric options, naming the option and the allowed range, or None."""
    # imported here, not at the top: `why` checks its --db with this file and needs no scenario
    from townsfolk.sim.scenario import MAX_SEED, MAX_TICKS

    if seed is not None and not 0 <= seed <= MAX_SEED:
        return f"--seed {seed}: a seed is an integer from 0 to {MAX_SEED}"
    if until is not None and not 0 <= until <= MAX_TICKS:
        return f"--until {until}: the last tick to play is from 0 to {MAX_TICKS}"
    if not 0 < llm_timeout <= 3600:
        return f"--llm-timeout {llm_timeout}: seconds, more than 0 and at most 3600"
    if not 0 <= llm_retries <= 10:
        return f"--llm-retries {llm_retries}: from 0 to 10"
    return None


def outcome_problem(outcome: str | None) -> str | None:
    if outcome is not None and outcome not in GATE_OUTCOMES:
        return f"--outcome {outcome!r}: choose one of {', '.join(GATE_OUTCOMES)}"
    return None


def db_problem(db: str) -> str | None:
    """Why a `--db` value cannot be opened at all (unknown dialect, driver not installed), or None.

    A plain path is SQLite and always usable; the URL is shown without its password.
    """
    if "://" not in db:
        return None
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    try:
        url = make_url(db)
    except ArgumentError:
        return f"--db {db!r}: not a database URL (use a file path or e.g. postgresql+psycopg://user@host/db)"
    shown = url.render_as_string(hide_password=True)
    try:
        dialect = url.get_dialect()
    except NoSuchModuleError:
        return f"--db {shown}: unknown database kind {url.drivername!r} (use a file path, sqlite:///, postgresql+psycopg://)"
    try:
        dialect.import_dbapi()
    except ImportError as exc:
        driver = url.get_driver_name()
        package = _DRIVER_PACKAGES.get(driver, driver)
        return f"--db {shown}: the database driver {driver!r} is not installed ({exc}); pip install {package}"
    return None


def missing_db_problem(db: str) -> str | None:
    """"no database at PATH" for a SQLite file that is not there, naming both ways to make one (the
    store's own words named `play` only, and `report` reads `simulate` runs), or None."""
    path = Path(db.removeprefix("sqlite:///")) if "://" not in db or db.startswith("sqlite:///") else None
    if path is None or path.is_file():
        return None
    return (f"no database at {path}: make a run first, `townsfolk simulate WORLD.yaml --db {path}` (a generated "
            f"town) or `townsfolk play SCENARIO.yaml --db {path}` (a scenario)")


def empty_run_problem(db: str) -> str | None:
    """"holds no run" for a SQLite file with no tables yet, or None (anything else: the store says).

    A writer's store opens, and so creates, the file a moment before it takes the writer lock and
    fills it; a reader in that moment was told "not a townsfolk run (no such table: run)" — wrong,
    and what made tests/test_write_lock.py's readers-during-play test flaky under load."""
    if "://" in db or not Path(db).is_file():
        return None
    import sqlite3

    try:
        con = sqlite3.connect(f"file:{Path(db).resolve()}?mode=ro", uri=True, timeout=5)
        try:
            tables = con.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        finally:
            con.close()
    except sqlite3.Error:
        return None  # the store's own open says what is wrong
    if tables:
        return None
    from townsfolk.sim.write_lock import is_being_written

    made = " yet: it is being created by another process right now; try again in a moment"
    return f"{db} holds no run{made if is_being_written(Path(db)) else ''}"


def saved_cast(db: str) -> dict[str, str] | None:
    """id -> name of a saved SQLite run's cast, read with the standard library before the engine is
    imported (~2 s), so a mistyped name is refused at once; None when it cannot be read so
    (a server URL, no such table yet): the store's reader then reads it."""
    if "://" in db or not Path(db).is_file():
        return None
    import sqlite3

    try:
        con = sqlite3.connect(f"file:{Path(db).resolve()}?mode=ro", uri=True, timeout=5)
        try:
            return dict(con.execute('SELECT id, name FROM "character" ORDER BY seq').fetchall())
        finally:
            con.close()
    except sqlite3.Error:
        return None
