"""Two runs making the same week's report at once take turns: one v1, made and e-mailed once (audit46).

A weekly report run reads which versions of the week are recorded, picks the next number, counts,
renders for seconds and only then records its `report.generated`. Two runs of one week at once (the
scheduler and a person's `memeval report weekly`, or two scheduler hosts on one PostgreSQL) both read
"no version yet" and both counted and rendered a v1; the one recorded second was thrown away as a
resend "with other contents" (a warning in an audit log that reads like tampering), and two
`--reissue` runs both picked v2, one of them told "already made (use --reissue ...)" though it had.
Now a run holds the week's lock from reading the versions to recording its own
(`memeval.auditreport._weeklock`): the second run waits, then returns the first one's version (or, asked
to reissue, makes the next version), and says so.

Real stores on SQLite and PostgreSQL, real rendering, real SMTP (aiosmtpd), real `memeval` processes. The
runs meet at known points, never by timing: in threads, a run that starts rendering waits until the other
run has either started rendering too (main) or said it waits for the week (now); with processes, the test
holds the store's write lock until each run is either blocked there with its files written or waiting for
the week's lock on the server (`pg_locks`). Waits carry a bound only as a safety net against a hang.
"""

from __future__ import annotations

import asyncio
import fcntl
import json
import logging
import os
import secrets
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from plain_smtp import PlainInbox, plain_smtp  # noqa: F401  # a fixture
from sqlalchemy import create_engine, text

from memeval.audit import SqlAuditStore, ingest_lines, iso_week_window, team_tz
from memeval.auditreport import SmtpSettings, catch_up, make_report, subscribe, verify_report
from memeval.auditreport._folders import report_root
from memeval.auditreport._record import MadeReport

TEAM = "fernhill"
WEEK = "2026-W47"
SAFETY_S = 300  # a bound against a hang, never a timed assertion


def _own_store(db_url: str) -> SqlAuditStore:
    return SqlAuditStore(db_url, fingerprint_key=secrets.token_bytes(32))


def _close(st: SqlAuditStore) -> None:
    st.engine.dispose()
    st._write_engine.dispose()


def _week_with_events(store: SqlAuditStore) -> datetime:
    """Two refusals received in `WEEK`; returns a time after the week ended (reports are made then)."""
    start, end = iso_week_window(WEEK, team_tz(store, TEAM))
    actor = {"kind": "agent", "id": "support-bot", "role": "support"}
    lines = [
        {"type": "access.refused", "occurred_at": (start + timedelta(days=d, hours=10)).strftime("%Y-%m-%dT%H:%M:%SZ"),
         "team": TEAM, "sender_event_id": f"r{d}", "actor": actor, "session": "ses_1",
         "payload": {"reason_code": "outside_slice", "text": "Asked for the payroll export.",
                     "requested": "payroll/export"}}
        for d in (1, 2)
    ]  # fmt: skip
    store.clock = lambda: start + timedelta(days=3)
    res = ingest_lines(store, [json.dumps(x) for x in lines], sender="memsys")
    assert res.lines == 2 and not res.result.duplicates, res
    store.clock = lambda: end + timedelta(days=1)
    return end + timedelta(hours=8)


def _bad(checks) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    return [(c.name, c.detail) for c in checks if not c.ok]


def _rendered(steps: list[str]) -> int:
    return sum(s.startswith("rendering") for s in steps)


def _meeting() -> tuple[list[threading.Event], Callable[[int, list[str]], Callable[[str], None]]]:
    """Two runs' `progress`: a run about to render waits until the other renders too or waits for the week."""
    arrived = [threading.Event(), threading.Event()]

    def progress_of(i: int, steps: list[str]) -> Callable[[str], None]:
        def progress(step: str) -> None:
            steps.append(step)
            if step.startswith("waiting for another run"):
                arrived[i].set()
            elif step.startswith("rendering"):
                arrived[i].set()
                assert arrived[1 - i].wait(SAFETY_S), "the other run never came"

        return progress

    return arrived, progress_of


def _two_at_once(db_url: str, root: Path, runs: Path, gen: datetime, *, reissue: bool = False
                 ) -> tuple[list[MadeReport], list[list[str]]]:  # fmt: skip
    arrived, progress_of = _meeting()
    steps: list[list[str]] = [[], []]

    def run(i: int) -> MadeReport:
        st = _own_store(db_url)
        try:
            return make_report(st, TEAM, WEEK, out_dir=root, runs_dir=runs, now=gen + timedelta(minutes=i),
                               reissue=reissue, progress=progress_of(i, steps[i]))  # fmt: skip
        finally:
            arrived[i].set()  # an error must not leave the other run waiting for this one
            _close(st)

    with ThreadPoolExecutor(2) as pool:
        made = list(pool.map(run, (0, 1)))
    return made, steps


@pytest.mark.parametrize("backend", ["sqlite", "postgres"], indirect=True)
def test_two_runs_of_one_week_at_once_make_one_v1_once(
    db_url: str, tmp_path: Path, store: SqlAuditStore, caplog: pytest.LogCaptureFixture
) -> None:
    gen = _week_with_events(store)
    root = tmp_path / "r"
    with caplog.at_level(logging.WARNING):
        made, steps = _two_at_once(db_url, root, tmp_path, gen)
    # main: both counted and rendered a v1 (the second thrown away as a changed resend)
    assert [_rendered(s) for s in steps].count(1) == 1 and sum(_rendered(s) for s in steps) == 1, steps
    maker, waiter = sorted(made, key=lambda m: not m.created)
    assert maker.created and not maker.other_run
    assert not waiter.created and waiter.other_run  # it waited for the maker and made nothing
    assert maker.record == waiter.record and maker.folder == waiter.folder and maker.record.version == 1
    waited = steps[made.index(waiter)]
    assert any(s.startswith(f"waiting for another run that is making {TEAM}'s {WEEK} report") for s in waited), waited
    assert [(g.week, g.version) for g in store.reads.generated_reports(TEAM)] == [(WEEK, 1)]
    resends = [r.getMessage() for r in caplog.records if "again under a stored sender event id" in r.getMessage()]
    assert resends == []  # main: "sender 'memeval-report' sent 1 event(s) again ... with other contents; refused"
    assert not _bad(verify_report(store, maker.folder))
    assert sorted(p.name for p in (root / TEAM / WEEK).iterdir()) == ["v1"]  # no unfinished folder left


@pytest.mark.parametrize("backend", ["sqlite", "postgres"], indirect=True)
def test_two_reissues_at_once_make_two_versions(db_url: str, tmp_path: Path, store: SqlAuditStore) -> None:
    """Each `--reissue` asked for a new version: at once they make v2 then v3 (main: both v2, one 'already made')."""
    gen = _week_with_events(store)
    root = tmp_path / "r"
    assert make_report(store, TEAM, WEEK, out_dir=root, runs_dir=tmp_path, now=gen).created
    made, steps = _two_at_once(db_url, root, tmp_path, gen + timedelta(days=1), reissue=True)
    assert sorted(m.record.version for m in made) == [2, 3], [m.record for m in made]
    assert all(m.created and not m.other_run for m in made)
    assert [g.version for g in store.reads.generated_reports(TEAM)] == [1, 2, 3]
    third = next(m for m in made if m.record.version == 3)
    second = next(m for m in made if m.record.version == 2)
    assert third.record.last_seq > second.record.last_seq  # v3 counted v2's record: it came after it
    for m in made:
        assert not _bad(verify_report(store, m.folder))


def _advisory_waiters(conn) -> int:  # type: ignore[no-untyped-def]
    """Sessions waiting for an advisory lock in this test's database (a run waiting for the week's lock).

    `pg_locks` lists the whole server's locks: other tests' databases on the session's server are left out.
    """
    return int(conn.execute(text(
        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted "
        "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())")).scalar())  # fmt: skip


def _hold_writes_until(db_url: str, arrived: Callable[[object], bool], ended: Callable[[], list[str]]) -> None:
    """Hold the store's write lock (PostgreSQL) until `arrived(conn)`, failing early when a run `ended`."""
    holder = create_engine(db_url, isolation_level="AUTOCOMMIT")
    try:
        with holder.connect() as conn, holder.connect() as look:
            conn.execute(text("BEGIN"))
            conn.execute(text("LOCK TABLE audit_head IN SHARE ROW EXCLUSIVE MODE"))  # the store's write lock
            give_up = time.monotonic() + SAFETY_S
            while not arrived(look):
                assert not ended(), ended()
                assert time.monotonic() < give_up, "the runs did not both arrive"
                time.sleep(0.05)
            conn.execute(text("ROLLBACK"))
    finally:
        holder.dispose()


def _unfinished(root: Path) -> list[Path]:
    return [p for p in root.glob(f"{TEAM}/{WEEK}/.v1-*") if (p / "record.json").is_file()]


@pytest.mark.parametrize("backend", ["postgres"], indirect=True)
def test_two_report_weekly_processes_of_one_week_make_it_once(
    db_url: str, tmp_path: Path, store: SqlAuditStore
) -> None:
    """Two `memeval report weekly` processes: held at the store's write lock until each has either written
    its files (and waits to record them) or waits for the week's lock; only one may have rendered."""
    _week_with_events(store)
    root = tmp_path / "r"
    report_root(store, root)  # recorded before the runs, as by an earlier report
    _close(store)
    cmd = [sys.executable, "-m", "memeval", "report", "weekly", "--team", TEAM, "--week", WEEK, "--db", db_url,
           "--out", str(root), "--runs", str(tmp_path)]  # fmt: skip
    procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    seen: list[int] = []

    def arrived(look) -> bool:  # type: ignore[no-untyped-def]
        seen[:] = [len(_unfinished(root)), _advisory_waiters(look)]
        return sum(seen) >= 2

    try:
        _hold_writes_until(db_url, arrived, lambda: [str(p.args) for p in procs if p.poll() is not None])
        outs = [p.communicate(timeout=SAFETY_S) for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    assert seen == [1, 1], seen  # main: [2, 0], both rendered a v1 and wrote it
    assert [p.returncode for p in procs] == [0, 0], outs
    said = sorted((o[0].splitlines()[0] for o in outs), key=lambda line: "another run" in line)
    assert said[0].startswith(f"{TEAM} {WEEK} v1 made: "), said
    assert said[1].startswith(f"{TEAM} {WEEK} v1 made by another run at the same moment, which this one waited "
                              "for (nothing made twice; use --reissue for a new version)"), said  # fmt: skip
    st = _own_store(db_url)
    try:
        assert [(g.week, g.version) for g in st.reads.generated_reports(TEAM)] == [(WEEK, 1)]
    finally:
        _close(st)


@pytest.mark.parametrize("backend", ["postgres"], indirect=True)
def test_two_scheduler_hosts_at_once_send_the_week_once(
    db_url: str,
    tmp_path: Path,
    store: SqlAuditStore,
    plain_smtp: tuple[int, PlainInbox],  # noqa: F811
) -> None:
    """Two scheduler services on one PostgreSQL run the team's catch-up at once: one report, one e-mail."""
    port, inbox = plain_smtp
    gen = _week_with_events(store)
    root = tmp_path / "r"
    report_root(store, root)
    sub = subscribe(store, TEAM, ["lead@fernhill.example"], since_week=WEEK)
    settings = SmtpSettings(host="127.0.0.1", port=port, security="none", sender="memeval@fernhill.example",
                            attempts=1, backoff_s=0)  # fmt: skip
    seen: list[int] = []

    def host(_: int) -> list[str]:
        st = _own_store(db_url)
        try:
            return [o.status for _, o in catch_up(st, sub, settings, out_dir=root, runs_dir=tmp_path, now=gen)]
        finally:
            _close(st)

    def arrived(look) -> bool:  # type: ignore[no-untyped-def]
        seen[:] = [len(_unfinished(root)), _advisory_waiters(look)]
        return sum(seen) >= 2

    with ThreadPoolExecutor(2) as pool:
        futures = [pool.submit(host, i) for i in range(2)]
        try:
            _hold_writes_until(db_url, arrived, lambda: [repr(f.exception()) for f in futures if f.done()])
        finally:
            outcomes = sorted(s for f in futures for s in f.result(timeout=SAFETY_S))
    assert seen == [1, 1], seen  # main: [2, 0]
    assert len(inbox.messages) == 1, outcomes
    # the other host waited for the report, then found the mail sent or being sent (main: also 'uncertain')
    assert sorted(outcomes, key=lambda o: o == "sent") in (["already_sent", "sent"], ["busy", "sent"]), outcomes
    assert [(g.week, g.version) for g in store.reads.generated_reports(TEAM)] == [(WEEK, 1)]


def _sqlite_lock_free(root: Path) -> bool:
    """Whether the SQLite store's lock of the week can be taken now (it is given back at once)."""
    from memeval.auditreport._weeklock import lock_file

    fd = os.open(lock_file(root, TEAM, WEEK), os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False
    finally:
        os.close(fd)


HOLD_AND_SLEEP = """
import secrets, sys, threading
from pathlib import Path
from memeval.audit import SqlAuditStore
from memeval.auditreport._weeklock import week_lock
st = SqlAuditStore(sys.argv[1], fingerprint_key=secrets.token_bytes(32))
with week_lock(st, Path(sys.argv[2]), sys.argv[3], sys.argv[4], on_wait=lambda: None):
    print("held", flush=True)
    threading.Event().wait()
"""


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_the_sqlite_week_lock_dies_with_its_process(db_url: str, tmp_path: Path, store: SqlAuditStore) -> None:
    """A run killed with the week's lock held (kill -9) leaves it free: the next run does not wait for a dead one."""
    root = report_root(store, tmp_path / "r")
    proc = subprocess.Popen([sys.executable, "-c", HOLD_AND_SLEEP, db_url, str(root), TEAM, WEEK],
                            stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "held\n"
        assert not _sqlite_lock_free(root)  # held by the live process
    finally:
        proc.kill()
        proc.communicate(timeout=SAFETY_S)
    assert _sqlite_lock_free(root)


@pytest.mark.parametrize("backend", ["sqlite", "postgres"], indirect=True)
def test_a_run_waiting_too_long_for_the_week_gives_up_naming_it(db_url: str, tmp_path: Path,
                                                                store: SqlAuditStore) -> None:  # fmt: skip
    """Another run holds the week past the wait bound (stopped, stuck): refused with the team, week and the fix."""
    from memeval.auditreport._weeklock import week_lock
    from memeval.errors import ReportError

    root = report_root(store, tmp_path / "r")
    other = _own_store(db_url)
    told: list[str] = []
    try:
        with week_lock(other, root, TEAM, WEEK, on_wait=lambda: told.append("other")):
            with pytest.raises(ReportError) as err:
                with week_lock(store, root, TEAM, WEEK, on_wait=lambda: told.append("this"), wait_s=0.2):
                    pytest.fail("the week's lock was taken twice")
            with week_lock(store, root, TEAM, "2026-W46", on_wait=lambda: told.append("W46")):
                pass  # another week of the team does not wait
    finally:
        _close(other)
    assert told == ["this"]
    msg = str(err.value)
    assert f"{TEAM}'s {WEEK} report" in msg and "stopped or stuck" in msg and "memeval report weekly" in msg, msg
    with week_lock(store, root, TEAM, WEEK, on_wait=lambda: told.append("after")):
        pass  # free again once the holder is done
    assert told == ["this"]


@pytest.mark.parametrize("backend", ["postgres"], indirect=True)
def test_a_run_killed_before_recording_burns_no_version_and_leaves_no_files(
    db_url: str, tmp_path: Path, store: SqlAuditStore
) -> None:
    """kill -9 of `memeval report weekly` with its files written but not recorded: the week's lock is free at
    once, the next run makes v1 (not v2) and removes the dead run's half-made folder (main: left for good).

    PostgreSQL only: the test holds the store's write lock so the run stops right before recording, and a
    SQLite run takes that lock earlier (opening the store, the report folder's setting), so it would stop there.
    The clean-up is the same code on both (`remove_unfinished`); the SQLite lock's release after kill -9 is
    `test_the_sqlite_week_lock_dies_with_its_process`. (The server ends the dead run's session, and its advisory
    lock with it, when it reads the closed socket; the next run waits for that.)
    """
    gen = _week_with_events(store)
    root = tmp_path / "r"
    report_root(store, root)
    cmd = [sys.executable, "-m", "memeval", "report", "weekly", "--team", TEAM, "--week", WEEK, "--db", db_url,
           "--out", str(root), "--runs", str(tmp_path)]  # fmt: skip
    eng = create_engine(db_url, isolation_level="AUTOCOMMIT")
    proc = None
    try:
        with eng.connect() as conn:
            conn.execute(text("BEGIN"))
            conn.execute(text("LOCK TABLE audit_head IN SHARE ROW EXCLUSIVE MODE"))  # the run blocks when it records
            proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            give_up = time.monotonic() + SAFETY_S
            while not _unfinished(root):  # its files are written: it waits to record them
                assert proc.poll() is None, proc.communicate()
                assert time.monotonic() < give_up, "the run never wrote its files"
                time.sleep(0.05)
            proc.send_signal(signal.SIGKILL)
            proc.communicate(timeout=SAFETY_S)
            conn.execute(text("ROLLBACK"))
    finally:
        if proc is not None and proc.poll() is None:
            proc.kill()
        eng.dispose()
    assert store.reads.generated_reports(TEAM) == []  # nothing recorded: no version burnt
    assert len(list((root / TEAM / WEEK).glob(".v1-*"))) == 1  # what kill -9 cannot clean
    made = make_report(store, TEAM, WEEK, out_dir=root, runs_dir=tmp_path, now=gen)
    assert made.created and made.record.version == 1
    assert sorted(p.name for p in (root / TEAM / WEEK).iterdir()) == ["v1"]  # main: the dead run's .v1-* kept
    assert not _bad(verify_report(store, made.folder))


class HeldServer:
    """An SMTP server (aiosmtpd, 127.0.0.1) that takes each message, then answers DATA only once `release` is set."""

    def __init__(self) -> None:
        self.messages: list[bytes] = []
        self.in_data = threading.Event()
        self.release = threading.Event()

    async def handle_DATA(self, server: object, session: object, envelope: Any) -> str:
        """aiosmtpd's DATA hook: keep the message, say it came, and hold the answer."""
        self.messages.append(envelope.content)
        self.in_data.set()
        await asyncio.get_running_loop().run_in_executor(None, self.release.wait, SAFETY_S)
        return "250 OK"


@pytest.mark.parametrize("backend", ["sqlite", "postgres"], indirect=True)
def test_a_second_sender_leaves_a_live_senders_message_alone(db_url: str, tmp_path: Path, store: SqlAuditStore) -> None:
    """While one process's message is with the server (`committing`), a second sender of the version (the other
    scheduler host, `report send`) answers busy. Main called it `uncertain` (a dead sender's state), recorded
    "outcome unknown" in the audit log, and the delivery the first completed stayed `uncertain` for good."""
    from aiosmtpd.controller import Controller
    from live_server import free_port

    from memeval.auditreport import deliver, delivery_state

    gen = _week_with_events(store)
    made = make_report(store, TEAM, WEEK, out_dir=tmp_path / "r", runs_dir=tmp_path, now=gen)
    server = HeldServer()
    controller = Controller(server, hostname="127.0.0.1", port=free_port())
    controller.start()
    settings = SmtpSettings(host="127.0.0.1", port=controller.port, security="none", sender="memeval@fernhill.example",
                            attempts=1, backoff_s=0)  # fmt: skip
    other = _own_store(db_url)
    try:
        with ThreadPoolExecutor(1) as pool:
            first = pool.submit(deliver, store, made, ["lead@fernhill.example"], settings)
            try:
                assert server.in_data.wait(SAFETY_S), first.result(timeout=SAFETY_S)
                assert delivery_state(store, made.record.idempotency_key) == "committing"
                second = deliver(other, made, ["lead@fernhill.example"], settings)
            finally:
                server.release.set()
            done = first.result(timeout=SAFETY_S)
    finally:
        _close(other)
        controller.stop()
    assert second.status == "busy", second  # main: 'uncertain'
    assert done.status == "sent" and len(server.messages) == 1
    assert delivery_state(store, made.record.idempotency_key) == "sent"  # main: 'uncertain'
    attempts = [e for e in store.events(TEAM) if e.type == "report.delivery_attempted"]
    assert [(e.payload.ok, e.payload.error) for e in attempts] == [(True, None)]  # main: an 'outcome unknown' too
