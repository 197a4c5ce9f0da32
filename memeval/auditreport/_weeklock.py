"""One report run of a team's week at a time: the lock `make_report` holds from choosing the version to recording it.

`make_report` reads which versions of a week are recorded, picks the next number, counts, renders
(seconds on a big week or a cold start) and only then records its `report.generated`. Two runs of the
same week at once (the scheduler and a person's `memeval report weekly`, or two scheduler hosts on one
PostgreSQL) both read "no version yet", both counted and rendered a v1, and the one recorded second was
thrown away as a repeat (logged as a resend with other contents); two `--reissue` runs both picked the
same v2, and one was told the week was "already made" though it asked for a new version.

Now a run holds the week's lock through all of it, so runs of one week take turns: the second waits,
then finds what the first recorded. On PostgreSQL the lock is a session advisory lock keyed by the team
and week (`pg_advisory_lock`): it covers every host using the database, and the server drops it when the
holder's connection ends (a killed run leaves nothing to clear). On SQLite, whose database lives on this
machine, it is an exclusive `flock` on a file in the store's report folder (`<root>/<team>/.<week>.lock`,
kept: removing a lock file lets a third run lock a new file while a second waits on the old one); the
kernel drops it when the holder's process ends. Runs of other weeks of the team do not wait for each
other (the store orders their records: `memeval.audit._reportorder`).

`sending_lock` is the same kind of lock for e-mailing one report version (`memeval.auditreport._delivery`),
taken without waiting: while a process sends a version it holds that version's lock, so another sender
that finds the delivery `committing` knows whether its sender is alive (busy: leave it) or died while the
server took the message (uncertain), instead of calling every live sender's message uncertain.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from sqlalchemy import Connection, text
from sqlalchemy.exc import OperationalError

from memeval.audit import SqlAuditStore
from memeval.errors import ReportError

WEEK_LOCK_WAIT_S = 900.0
"""Longest a run waits for another run of the same week to finish (seconds): a 1,000,000-event week is made in
about 15 s, so a holder past this is stopped or stuck, and the waiting run gives up naming the week (exit 1)."""

_POLL_S = 0.05
"""How often a SQLite run waiting for the week's lock tries it again (seconds)."""

_LOCK_NOT_AVAILABLE = "55P03"
"""PostgreSQL's SQLSTATE for a lock wait that ran past `lock_timeout`."""


def advisory_key(team: str, week: str, what: str = "report-week") -> int:
    """The signed 64-bit PostgreSQL advisory lock key of one team's week: the first 8 bytes of a SHA-256.

    The text hashed names memeval's report, what is locked (`report-week`, or `report-send:v<N>` for
    e-mailing version N), the team and the week, so no other use of advisory locks in the same database
    shares a key by accident.
    """
    digest = hashlib.sha256(f"memeval.{what}\0{team}\0{week}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def lock_file(root: Path, team: str, week: str) -> Path:
    """The SQLite store's lock file of one team's week: `<root>/<team>/.<week>.lock`.

    `team` and `week` must be checked names (`check_team_name`, `iso_week_window`): they become a path.
    """
    return root / team / f".{week}.lock"


@contextlib.contextmanager
def week_lock(
    store: SqlAuditStore,
    root: Path,
    team: str,
    week: str,
    *,
    on_wait: Callable[[], None],
    wait_s: float = WEEK_LOCK_WAIT_S,
) -> Iterator[bool]:
    """Hold `team`'s `week` report lock for the `with` body; yields True when another run held it first.

    Args:
        store: the audit store (PostgreSQL: its database holds the lock; SQLite: `root` does).
        root: the store's report folder (`report_root`).
        team: a checked team name.
        week: a checked ISO week `YYYY-Www`.
        on_wait: called once, before waiting, when another run holds the lock.
        wait_s: how long to wait for it at most (seconds).

    Raises:
        ReportError: another run held the lock longer than `wait_s` (the week and what to do named),
            or the lock file cannot be opened.
    """
    if store.is_sqlite:
        with _file_lock(lock_file(root, team, week), team, week, on_wait, wait_s) as waited:
            yield waited
    else:
        with _advisory_lock(store, advisory_key(team, week), team, week, on_wait, wait_s) as waited:
            yield waited


def _too_long(team: str, week: str, wait_s: float) -> ReportError:
    return ReportError(
        f"another run has been making {team}'s {week} report for over {wait_s:g} s (it holds the week's report "
        "lock): it is stopped or stuck. Let it finish or end it, then run `memeval report weekly` again; nothing "
        "of this run was recorded"
    )


@contextlib.contextmanager
def _file_lock(path: Path, team: str, week: str, on_wait: Callable[[], None], wait_s: float | None) -> Iterator[bool]:
    """`flock` on `path`: per open file, so two threads of one process exclude each other as two processes do.

    Yields whether another holder was found first; with `wait_s` None it does not wait for it (and does
    not hold the lock then).
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise ReportError(
            f"cannot open the report lock {path} ({exc.strerror}): the report folder must be writable"
        ) from exc
    try:
        waited = False
        give_up = time.monotonic() + (wait_s or 0.0)
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:  # held by another run: say so once, then try again until `wait_s`
                if not waited:
                    waited = True
                    on_wait()
                if wait_s is None:
                    break
                if time.monotonic() >= give_up:
                    raise _too_long(team, week, wait_s) from None
                time.sleep(_POLL_S)
        yield waited
    finally:
        os.close(fd)  # closing the only descriptor of this open file drops its flock


@contextlib.contextmanager
def _advisory_lock(
    store: SqlAuditStore, key: int, team: str, week: str, on_wait: Callable[[], None], wait_s: float
) -> Iterator[bool]:
    """`pg_advisory_lock(key)` on a connection of its own, kept for the body and unlocked after it."""
    with _lock_connection(store) as conn:
        waited = not conn.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": key}).scalar()
        if waited:
            on_wait()
            if wait_s <= 0:
                raise _too_long(team, week, wait_s)
            ms = max(1, int(wait_s * 1000))  # 0 would be no timeout at all
            conn.execute(text("SELECT set_config('lock_timeout', :t, false)"), {"t": f"{ms}ms"})
            try:
                conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": key})
            except OperationalError as exc:
                if getattr(exc.orig, "sqlstate", None) == _LOCK_NOT_AVAILABLE:
                    raise _too_long(team, week, wait_s) from exc
                raise
            finally:
                conn.execute(text("RESET lock_timeout"))
        try:
            yield waited
        finally:
            conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": key})


@contextlib.contextmanager
def sending_lock(store: SqlAuditStore, root: Path, team: str, week: str, version: int) -> Iterator[bool]:
    """Try to hold the lock of e-mailing `team`'s `week` v`version`, without waiting; yields whether it is held.

    False: another process is sending that version now. The lock goes with its holder's process (or
    PostgreSQL connection), so one found free while the delivery is `committing` means its sender died.

    Args:
        store: the audit store (PostgreSQL: its database holds the lock; SQLite: `root` does).
        root: the store's report folder (the version's folder is `<root>/<team>/<week>/v<N>`).
        team: the version's team (a checked name: it becomes a path).
        week: its ISO week (checked).
        version: its number (1, 2, ...).

    Raises:
        ReportError: the lock file cannot be opened.
    """
    if store.is_sqlite:
        path = root / team / f".{week}.v{version}.sending.lock"
        with _file_lock(path, team, week, on_wait=lambda: None, wait_s=None) as waited:
            yield not waited
        return
    key = advisory_key(team, week, f"report-send:v{version}")
    with _lock_connection(store) as conn:
        held = bool(conn.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": key}).scalar())
        try:
            yield held
        finally:
            if held:
                conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": key})


@contextlib.contextmanager
def _lock_connection(store: SqlAuditStore) -> Iterator[Connection]:
    """A PostgreSQL connection of its own for session advisory locks (autocommit: no transaction held open).

    Closed after the body; on any exception it is invalidated instead of returned to the pool, so the
    server ends the session and drops any lock it still holds.
    """
    conn = store.lookup_engine.connect()
    try:
        yield conn
    except BaseException:
        conn.invalidate()
        raise
    finally:
        conn.close()
