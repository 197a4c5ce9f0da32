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


def _engine(url: str) -> Engine:
    if url.startswith("sqlite:///"):
        Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url)
    SQLModel.metadata.create_all(engine, tables=[RunIndexRow.__table__])  # type: ignore[attr-defined]  # set by SQLAlchemy, absent from sqlmodel's types
    return engine


def index_runs(runs_dir: Path, url: str) -> list[RunIndexRow]:
    """(Re)index every run folder under `runs_dir` (or `runs_dir` itself, when it is a run).

    Args:
        runs_dir: a folder of run folders, or one run folder.
        url: the SQLAlchemy URL of the store.

    Returns:
        The rows written, one per run folder (unreadable logs get `status="unreadable"`).

    Raises:
        RunLogError: the store cannot be written (the message names the URL's backend).
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
        raise RunLogError(f"could not write the run index ({url.split(':', 1)[0]}): {exc}") from exc
    return rows


def indexed_runs(url: str) -> list[RunIndexRow]:
    """Every indexed run, oldest first (by start, then id); none for a SQLite file that does not exist.

    Reading makes nothing: a SQLite store that is not there (no run indexed yet, or a mistyped
    path) lists no runs and is not created, nor its folders.

    Raises:
        RunLogError: the store cannot be read.
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
        raise RunLogError(f"could not read the run index ({url.split(':', 1)[0]}): {exc}") from exc
    return sorted(rows, key=lambda r: (r.started_at or "", r.run_id))
