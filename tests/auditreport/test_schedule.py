"""The weekly schedule: the trigger across DST, catch-up after downtime, a real `memeval schedule`."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from patience import patient
from shared_cache import shared_cache
from sqlalchemy import inspect
from typer.testing import CliRunner

from memeval.auditreport import (
    SmtpSettings,
    catch_up,
    delivery_state,
    last_full_week,
    make_scheduler,
    subscribe,
    subscriptions,
    sync_jobs,
    trigger_for,
)
from memeval.cli import app
from memeval.clock import utc_now

ROOT = Path(__file__).resolve().parents[2]
LONDON = ZoneInfo("Europe/London")


def test_weekly_trigger_fires_monday_0800_local_across_dst(store):
    sub = subscribe(store, "fernhill", ["lead@fernhill.example"], since_week="2026-W40")
    trig = trigger_for(sub, "Europe/London")
    t = datetime(2026, 10, 12, tzinfo=UTC)
    fires = []
    for _ in range(4):
        t = trig.get_next_fire_time(None, t)
        fires.append(t)
        t = t + timedelta(minutes=1)
    assert all(f.astimezone(LONDON).strftime("%a %H:%M") == "Mon 08:00" for f in fires)
    # BST ends on Sunday 25 October 2026: 07:00 UTC before, 08:00 UTC after
    assert [f.astimezone(UTC).hour for f in fires] == [7, 7, 8, 8]
    ny = trigger_for(subscribe(store, "fernhill", ["a@b.c"], day="fri", at="17:30"), "America/New_York")
    f = ny.get_next_fire_time(None, datetime(2026, 3, 2, tzinfo=UTC))
    g = ny.get_next_fire_time(None, datetime(2026, 3, 9, tzinfo=UTC))  # after the 8 March change
    assert (f.astimezone(UTC).hour, g.astimezone(UTC).hour) == (22, 21)


def test_a_week_of_downtime_sends_one_report_per_missed_week(store, smtp, tmp_path):
    sub = subscribe(store, "fernhill", ["lead@fernhill.example"], since_week="2026-W47")
    settings = SmtpSettings.from_env(smtp.env())
    kw = {"out_dir": tmp_path / "r", "runs_dir": tmp_path / "runs"}
    first = catch_up(store, sub, settings, now=datetime(2026, 11, 23, 8, tzinfo=UTC), **kw)
    assert [(w, o.status) for w, o in first] == [("2026-W47", "sent")]
    # down from Monday 23 November 08:01 to Monday 14 December 09:00: three Mondays missed
    later = catch_up(store, sub, settings, now=datetime(2026, 12, 14, 9, tzinfo=UTC), **kw)
    assert [(w, o.status) for w, o in later] == [("2026-W48", "sent"), ("2026-W49", "sent"), ("2026-W50", "sent")]
    subjects = [m["Subject"] for m in smtp.inbox.messages]
    assert subjects == [f"fernhill: weekly audit report 2026-W{n}" for n in (47, 48, 49, 50)]
    # running again (a second run the same day, a restart) sends nothing
    assert catch_up(store, sub, settings, now=datetime(2026, 12, 14, 10, tzinfo=UTC), **kw) == []
    assert len(smtp.inbox.messages) == 4


def test_a_failed_week_stops_the_catch_up_and_is_sent_on_the_next_run(store, tls_files, tmp_path):
    from smtp_helpers import free_port, start_smtp

    sub = subscribe(store, "fernhill", ["lead@fernhill.example"], since_week="2026-W47")
    port = free_port()
    kw = {"out_dir": tmp_path / "r", "runs_dir": tmp_path / "runs", "now": datetime(2026, 11, 30, 8, tzinfo=UTC)}
    down = SmtpSettings(host="127.0.0.1", port=port, sender="m@f.example", attempts=1, backoff_s=0)
    assert [(w, o.status) for w, o in catch_up(store, sub, down, **kw)] == [("2026-W47", "failed")]
    srv = start_smtp(tls_files, port=port)
    try:
        done = catch_up(store, sub, SmtpSettings.from_env(srv.env()), **kw)
        assert [(w, o.status) for w, o in done] == [("2026-W47", "sent"), ("2026-W48", "sent")]
    finally:
        srv.stop()


def test_sync_jobs_keeps_a_missed_run_and_follows_changes(store):
    subscribe(store, "fernhill", ["lead@fernhill.example"])
    sched = make_scheduler(store)
    sched.start(paused=True)
    try:
        assert sync_jobs(sched, store) == ["weekly-report:fernhill"]
        due = sched.get_job("weekly-report:fernhill").next_run_time
        sync_jobs(sched, store)  # an unchanged subscription keeps its job (and a missed run) as is
        assert sched.get_job("weekly-report:fernhill").next_run_time == due
        subscribe(store, "fernhill", ["lead@fernhill.example"], day="tue", at="09:15")
        sync_jobs(sched, store)
        job = sched.get_job("weekly-report:fernhill")
        assert "tue" in str(job.trigger) and job.trigger.fields[5].expressions[0].first == 9
    finally:
        sched.shutdown(wait=False)
    assert "report_schedule_jobs" in inspect(store.engine).get_table_names()  # same database


def _past_due(store, when: datetime) -> None:
    """Make the persisted job due at `when` (as after missed Mondays), through APScheduler's job store.

    The scheduler used to add the job never runs anything: it is started paused, its job is due in
    the future, and the past due time is written to the store after it has shut down.
    """
    from apscheduler.jobstores.sqlalchemy import SQLAlchemyJobStore

    sched = make_scheduler(store)
    sched.start(paused=True)
    sync_jobs(sched, store)
    sched.shutdown(wait=True)
    js = SQLAlchemyJobStore(engine=store.engine, tablename="report_schedule_jobs")
    js.start(make_scheduler(store), "default")
    job = js.lookup_job("weekly-report:fernhill")
    job._modify(next_run_time=when)
    js.update_job(job)


def _service(store, smtp, tmp_path) -> subprocess.Popen[str]:
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        **shared_cache(),
        "MEMEVAL_DB": store.url,
        "MEMEVAL_FINGERPRINT_KEY": "ab" * 32,
        "MEMEVAL_REPORT_DIR": str(tmp_path / "reports"),
        **smtp.env(),
    }
    if os.environ.get("PYTHONPATH"):
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    (tmp_path / "runs").mkdir(exist_ok=True)  # `schedule --runs` must name a folder that exists
    return subprocess.Popen([sys.executable, "-m", "memeval", "schedule", "--runs", str(tmp_path / "runs")],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip


def _wait(cond, timeout: float, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + patient(timeout)
    while not cond():
        if proc.poll() is not None:
            raise AssertionError(proc.communicate())
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


@pytest.mark.slow
def test_schedule_process_catches_up_survives_a_kill_mid_send_and_stops_on_sigterm(store, smtp, tmp_path):
    now = utc_now()
    last = last_full_week(now, "Europe/London")
    weeks = [last]
    while len(weeks) < 3:
        from memeval.auditreport import previous_week

        weeks.insert(0, previous_week(weeks[0]))
    # Due at 00:00 on the Monday the week ends: every full week is due whatever the hour the test runs
    # (with the default 08:00 the last week is not due before 08:00 on a Monday, and only two were sent).
    r = CliRunner().invoke(app, ["report", "subscribe", "--team", "fernhill", "--to", "lead@fernhill.example",
                                 "--at", "00:00", "--since", weeks[0], "--db", store.url])  # fmt: skip
    assert r.exit_code == 0, r.output
    assert subscriptions(store)[0].since_week == weeks[0]
    _past_due(store, now - timedelta(days=21))  # three Mondays missed: the coalesced job runs once
    smtp.inbox.data_delay_s = 30  # the server queues the first message, then answers very late
    proc = _service(store, smtp, tmp_path)
    try:
        _wait(lambda: len(smtp.inbox.messages) == 1, 120, proc)
    finally:
        os.kill(proc.pid, signal.SIGKILL)  # a crash while the server is taking the first week
        proc.wait(timeout=patient(10))  # (and no process left behind when the wait failed)
    smtp.inbox.data_delay_s = 0
    _past_due(store, now - timedelta(days=1))
    proc = _service(store, smtp, tmp_path)
    try:
        _wait(lambda: len(smtp.inbox.messages) == 3, 120, proc)
        time.sleep(1.0)  # nothing more arrives
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=patient(30))
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "stopping" in err
    subjects = [m["Subject"] for m in smtp.inbox.messages]
    assert subjects == [f"fernhill: weekly audit report {w}" for w in weeks]  # each week once
    assert delivery_state(store, f"fernhill/{weeks[0]}/v1") == "uncertain"
    assert [delivery_state(store, f"fernhill/{w}/v1") for w in weeks[1:]] == ["sent", "sent"]


def test_subscribe_refuses_an_unknown_team_and_subscriptions_are_listed_and_removed(store):
    """A typo'd team (`fernhil`) used to be stored as a subscription that reported nothing, with no
    command to see or remove it: it is refused with the known teams, nothing stored."""
    cli = CliRunner()
    r = cli.invoke(app, ["report", "subscribe", "--team", "fernhil", "--to", "a@example.com", "--db", store.url])
    assert r.exit_code == 2 and "'fernhil' has no events" in r.output and "known teams: fernhill" in r.output
    assert subscriptions(store) == []
    r = cli.invoke(app, ["report", "subscriptions", "--db", store.url])
    assert r.exit_code == 0 and r.output.startswith("no subscriptions"), r.output
    r = cli.invoke(app, ["report", "subscribe", "--team", "fernhill", "--to", "a@example.com", "--db", store.url])
    assert r.exit_code == 0, r.output
    r = cli.invoke(app, ["report", "subscriptions", "--json", "--db", store.url])
    doc = json.loads(r.output)
    assert [(d["team"], d["recipients"], d["day"], d["at"]) for d in doc["subscriptions"]] == [
        ("fernhill", ["a@example.com"], "mon", "08:00")
    ]
    r = cli.invoke(app, ["report", "unsubscribe", "--team", "oakbank", "--db", store.url])
    assert r.exit_code == 2 and "subscribed teams: fernhill" in r.output
    r = cli.invoke(app, ["report", "unsubscribe", "--team", "fernhill", "--db", store.url])
    assert r.exit_code == 0 and subscriptions(store) == []
