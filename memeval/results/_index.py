"""An index of runs in the SQL store: a derived table, rebuildable at any time from run folders.

The run folders stay the evidence; the index lets one query many runs at once (by task set,
agent, verdict) from SQLite or PostgreSQL. It lives in the same database as the audit log
(`MEMEVAL_DB`, default `sqlite:///audit/memeval.sqlite`), in its own table `run_index`, and each
row carries the hash of the log it was read from, so a stale row can be told from a fresh one.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Field, Session, SQLModel, create_engine, select

from memeval.errors import RunLogError
from memeval.eventlog import LOG_NAME


class RunIndexRow(SQLModel, table=True):
    """One run, as last indexed."""

    __tablename__ = "run_index"

    run_id: str = Field(primary_key=True)
    path: str
    """The run folder, absolute, as indexed."""
    started_at: str | None = None
    task_set: str | None = None
    agent: str | None = None
    control: str | None = None
    status: str
    trials: int = 0
    planned: int = 0
    verdict: str | None = None
    p_value: float | None = None
    error: str | None = None
    """Why the run's log could not be read (`status` `unreadable`), as the folder listing says; else None
    (and None in a row indexed before the index kept it)."""
    faulted: int | None = None
    """Trials that ended in a harness fault, interrupted ones not counted (as the folder listing);
    None in a row indexed before the index had these columns (`memeval runs --index` fills them)."""
    interrupted: int | None = None
    """Trials the run's stop cut short (fault code `cancelled`); None as `faulted`."""
    pack: str | None = None
    """`name@version` of the pack the pack arm's slice came from; None for an A/A run, or a row as `faulted`."""
    slice_items: int | None = None
    """Pack items given to the pack arm (0 when a one-arm run ran none); None when there is no pack."""
    verdict_reason: str | None = None
    """Why `verdict` and `p_value` are None though the run has trials (`control_run`: an oracle or nop
    control run; `one_arm_run`: a `memeval ab --arms` run, which computes none; `nothing_measured`: every
    trial faulted or was interrupted), as the folder listing
    says; else None. Worked out again on reading."""
    log_hash: str | None = None
    """`sha256:` of the log bytes the row was read from."""
    indexed_at: datetime


def _sqlite_file(url: str) -> Path | None:
    """The file of a SQLite URL (`sqlite:///path`); None for another database or an in-memory one."""
    from sqlalchemy.engine import make_url

    u = make_url(url)
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    return Path(u.database)


INDEX_URL_SOURCES = "--index-url, else MEMEVAL_INDEX_URL, else MEMEVAL_DB"
"""Where a command takes the run index's URL from, in order, as an error's fix names them."""


def _shown_url(url: str) -> str:
    """The URL as an error shows it: its password hidden."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "<unparseable URL>"


def _index_error(action: str, url: str, exc: SQLAlchemyError) -> RunLogError:
    """One line naming what failed, where (password hidden), the driver's own reason, and the fix.

    The driver's error (`exc.orig`) is given without SQLAlchemy's wrapping (its SQL, parameters and
    "Background on this error at" link), its lines joined into one.
    """
    cause = getattr(exc, "orig", None) or exc
    lines = [" ".join(line.split()) for line in str(cause).splitlines() if line.strip()]
    reason = " ".join(line if line.endswith((".", "?", "!", ":", ";")) else line + "." for line in lines[:-1])
    reason = f"{reason} {lines[-1]}".strip() if lines else "(no reason given)"
    return RunLogError(
        f"could not {action} the run index at {_shown_url(url)}: {type(cause).__name__}: {reason}; "
        f"check the URL ({INDEX_URL_SOURCES}) and that its database is up"
    )


def check_index(url: str, *, connect_timeout_s: int = 10) -> None:
    """Connect once to a run index on a database server, so an unreachable one is named before a run.

    Nothing is created or written: a SQLite URL is not opened at all (its file and table are made
    when a run is first indexed), a server's connection is opened and closed.

    Args:
        url: the SQLAlchemy URL of the index.
        connect_timeout_s: seconds a PostgreSQL connection may take (a host that drops packets
            would otherwise hold the run for the system's TCP timeout).

    Raises:
        RunLogError: the server cannot be reached or refuses the connection (named, with the fix).
    """
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return
    args = {"connect_timeout": connect_timeout_s} if parsed.get_backend_name() == "postgresql" else {}
    engine = create_engine(url, connect_args=args)
    try:
        with engine.connect():
            pass
    except SQLAlchemyError as exc:
        raise _index_error("reach", url, exc) from exc
    finally:
        engine.dispose()


def _engine(url: str) -> Engine:
    """An engine on the index with its table made; a SQLite file's folders are made first.

    Raises:
        RunLogError: a SQLite file's folder cannot be made (named, with the reason and the fix).
    """
    if url.startswith("sqlite:///"):
        folder = Path(url.removeprefix("sqlite:///")).parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise RunLogError(
                f"could not make the run index's folder {str(folder)!r} ({exc.strerror}): check the URL "
                f"({INDEX_URL_SOURCES}); a SQLite index needs a folder it can write"
            ) from exc
    engine = create_engine(url)
    SQLModel.metadata.create_all(engine, tables=[RunIndexRow.__table__])  # type: ignore[attr-defined]  # set by SQLAlchemy, absent from sqlmodel's types
    _add_missing_columns(engine)
    return engine


ADDED_COLUMNS = {
    "faulted": "INTEGER",
    "interrupted": "INTEGER",
    "pack": "VARCHAR",
    "slice_items": "INTEGER",
    "error": "VARCHAR",
    "verdict_reason": "VARCHAR",
}
"""Columns the run index gained after its first version, with their SQL types: a table made before
them gets them (NULL in its old rows) the first time it is opened."""


def _add_missing_columns(engine: Engine) -> None:
    """Add `ADDED_COLUMNS` an older `run_index` table lacks (SQLite and PostgreSQL alike).

    Two processes may open an old table at once: PostgreSQL's `ADD COLUMN IF NOT EXISTS` lets both
    pass; on SQLite, whose `ADD COLUMN` has no such clause, each column is added in one `BEGIN
    IMMEDIATE` transaction after looking again, so the second writer finds it there.
    """
    from sqlalchemy import inspect, text

    have = {c["name"] for c in inspect(engine).get_columns("run_index")}
    missing = [name for name in ADDED_COLUMNS if name not in have]
    if not missing:
        return
    postgres = engine.dialect.name == "postgresql"
    with engine.connect() as conn:
        if not postgres:
            conn.exec_driver_sql("BEGIN IMMEDIATE")
            have = {row[1] for row in conn.exec_driver_sql("PRAGMA table_info(run_index)")}
        for name in missing:
            if name in have:
                continue
            exists = " IF NOT EXISTS" if postgres else ""
            conn.execute(text(f"ALTER TABLE run_index ADD COLUMN{exists} {name} {ADDED_COLUMNS[name]}"))
        conn.commit()


def index_runs(runs_dir: Path, url: str) -> list[RunIndexRow]:
    """(Re)index every run folder under `runs_dir` (or `runs_dir` itself, when it is a run).

    Args:
        runs_dir: a folder of run folders, or one run folder.
        url: the SQLAlchemy URL of the store.

    Returns:
        The rows written, one per run folder (unreadable logs get `status="unreadable"`).

    Raises:
        RunLogError: the store cannot be written (the message names the URL, password hidden, and the fix).
    """
    from memeval.results._listing import list_runs  # the listing the `runs` command prints

    if (runs_dir / LOG_NAME).is_file():
        listing = [r for r in list_runs(runs_dir.parent).runs if Path(r.path).resolve() == runs_dir.resolve()]
    else:
        listing = list(list_runs(runs_dir).runs)
    now = datetime.now(UTC)
    rows = []
    for r in listing:
        log = Path(r.path) / LOG_NAME
        digest = "sha256:" + hashlib.sha256(log.read_bytes()).hexdigest() if log.is_file() else None
        rows.append(
            RunIndexRow(
                run_id=r.run_id,
                path=str(Path(r.path).resolve()),
                started_at=r.started_at,
                task_set=r.task_set,
                agent=r.agent,
                control=r.control,
                status=r.status,
                trials=r.trials,
                planned=r.planned,
                verdict=r.verdict,
                p_value=r.p_value,
                error=r.error,
                faulted=r.faulted,
                interrupted=r.interrupted,
                pack=r.pack,
                slice_items=r.slice_items,
                verdict_reason=r.verdict_reason,
                log_hash=digest,
                indexed_at=now,
            )
        )
    try:
        engine = _engine(url)
        with Session(engine) as s:
            for row in rows:
                s.merge(row)
            s.commit()
        engine.dispose()
    except SQLAlchemyError as exc:
        raise _index_error("write", url, exc) from exc
    return rows


def indexed_runs(url: str) -> list[RunIndexRow]:
    """Every indexed run, oldest first (by start, then id); none for a SQLite file that does not exist.

    Reading makes nothing: a SQLite store that is not there (no run indexed yet, or a mistyped
    path) lists no runs and is not created, nor its folders. A row whose every trial faulted or was
    interrupted is read with no verdict and no p-value, as the folder listing shows it
    (`memeval._runlist.measured_verdict`): rows indexed before that rule hold `unresolved` and p = 1
    from no data. A row indexed before the index counted faults (`faulted` None) is read as stored.

    Raises:
        RunLogError: the store cannot be read (named as for a write).
    """
    sqlite_file = _sqlite_file(url)
    if sqlite_file is not None and not sqlite_file.exists():
        return []
    try:
        engine = _engine(url)
        with Session(engine) as s:
            rows = list(s.exec(select(RunIndexRow)).all())
        engine.dispose()
    except SQLAlchemyError as exc:
        raise _index_error("read", url, exc) from exc
    from memeval._runlist import ONE_ARM_RUN, measured_verdict

    for r in rows:  # detached from their session: nothing is written back
        if r.faulted is not None or r.control:
            r.verdict, r.p_value, r.verdict_reason = measured_verdict(
                r.verdict,
                r.p_value,
                r.trials,
                r.faulted or 0,
                r.interrupted or 0,
                r.control,
                one_arm=r.verdict_reason == ONE_ARM_RUN,
            )
    return sorted(rows, key=lambda r: (r.started_at or "", r.run_id))
