"""Weekly report subscriptions, the catch-up job, and the APScheduler 3.x service around it.

A subscription (`report_subscription` table, same database as the audit log) names a team's
recipients, its weekday and local time (default Monday 08:00, in the team's zone from `memeval
audit team set`) and the first week to report. `memeval schedule` runs one cron job per
subscription in a persistent SQLAlchemy job store in that database, with `coalesce=True` and no
misfire limit: after downtime the job runs once, and `catch_up` then makes and sends one report per
week that is due (its weekday and time after the week ended have passed) and not yet sent to
every recipient (oldest first), so three missed Mondays give three weeks, not three copies of the
last one. A recipient who got a version of a week (or may have: `uncertain`) is never sent that
week again by the scheduler; a recipient added later gets it. The job function is idempotent per
week and recipient (STYLE rule 24).

Late start: the service runs `catch_up` for every subscription as soon as it starts, so a
scheduler started seconds (or days) after a due time still sends what is due. Retries: when a
delivery fails, the service schedules a one-off retry of that team after `retry_delay_s(n)`
(1, 2, 4, ... minutes, at most 30), so an SMTP server that was down is caught up within the hour,
not a week later.
"""

from __future__ import annotations

import json
import logging
import signal
import threading
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Column, MetaData, String, Table, Text, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import OperationalError

from memeval.audit import SqlAuditStore, check_week_in_range, iso_week_of, iso_week_window, team_tz, zone
from memeval.auditreport._build import last_full_week, previous_week
from memeval.auditreport._delivery import DeliveryOutcome, deliver, delivery_state, reached
from memeval.auditreport._record import idempotency_key, make_report
from memeval.auditreport._smtp import SmtpSettings, check_recipients
from memeval.clock import utc_now
from memeval.errors import UsageError

log = logging.getLogger("memeval.auditreport.schedule")

DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
JOB_FUNC = "memeval.auditreport._schedule:scheduled_run"
JOBS_TABLE = "report_schedule_jobs"

_meta = MetaData()
subscription_table = Table(
    "report_subscription",
    _meta,
    Column("team", String(64), primary_key=True),
    Column("recipients", Text, nullable=False),
    Column("day", String(3), nullable=False),
    Column("at", String(5), nullable=False),
    Column("since_week", String(8), nullable=False),
)


@dataclass(frozen=True)
class Subscription:
    """Who gets a team's weekly report, and when (in the team's zone)."""

    team: str
    recipients: tuple[str, ...]
    day: str
    """`mon` ... `sun`."""
    at: str
    """Local time `HH:MM`."""
    since_week: str
    """The first ISO week the scheduler reports."""


def _ensure(store: SqlAuditStore) -> None:
    with store.write_engine.begin() as conn:
        _meta.create_all(conn, checkfirst=True)


def distinct_recipients(recipients: list[str]) -> list[str]:
    """A subscription's recipients, each mailbox once: the domain in lower case, the local part as given.

    RFC 5321 (2.4) makes the domain case-insensitive (`a@B.example` is `a@b.example`: merged, first
    place kept) and lets a server tell local parts apart by case. Sending folds the whole address
    (`_delivery._norm`), so `A@b.example` and `a@b.example` would get one message between them while
    the subscription listed two: such a pair is refused, not guessed at.

    Args:
        recipients: addresses that passed `check_recipients` (one `@` each).

    Returns:
        The addresses in their first order, domain lower-cased, repeats dropped.

    Raises:
        UsageError: two addresses that differ only in the case of their local part, both named.
    """
    by_key: dict[str, tuple[str, str]] = {}  # folded address -> (kept address, as given)
    for r in recipients:
        local, _, domain = r.rpartition("@")
        address = f"{local}@{domain.lower()}"
        kept, given = by_key.setdefault(address.lower(), (address, r))
        if kept != address:
            raise UsageError(
                f"recipients {given!r} and {r!r} differ only in the case of the part before @: memeval's sender "
                "folds an address to lower case, so the two would get one message between them; give the one "
                "spelling the mailbox uses"
            )
    return [kept for kept, _ in by_key.values()]


def check_subscription(recipients: list[str], *, day: str, at: str, since_week: str | None) -> None:
    """Refuse a subscription's arguments that cannot be right, before any store is read.

    Raises:
        UsageError: no recipient or one that is not a bare address (`check_recipients`), a day
            not in `DAYS`, a time not `HH:MM`, a first week that is not `YYYY-Www` or does not
            exist (each named, with the fix).
    """
    check_recipients(recipients)
    distinct_recipients(recipients)
    if day not in DAYS:
        raise UsageError(f"day {day!r}: use one of {', '.join(DAYS)}")
    hh, _, mm = at.partition(":")
    if not (at.isascii() and hh.isdigit() and mm.isdigit() and int(hh) < 24 and int(mm) < 60 and len(mm) == 2):
        raise UsageError(f"time {at!r}: write it as HH:MM in the team's zone, e.g. 08:00")
    if since_week is not None:
        check_week_in_range(since_week)  # a week that does not exist (2026-W99), or 9999-W52 (past the calendar)


def subscribe(
    store: SqlAuditStore,
    team: str,
    recipients: list[str],
    *,
    day: str = "mon",
    at: str = "08:00",
    since_week: str | None = None,
    now: datetime | None = None,
) -> Subscription:
    """Create or replace a team's subscription.

    Raises:
        UsageError: no recipient, a bad day, time or first week (`check_subscription`).

    Recipients are kept as `distinct_recipients` gives them (each mailbox once, domain lower-cased).
    """
    check_subscription(recipients, day=day, at=at, since_week=since_week)
    recipients = distinct_recipients(recipients)
    hh, _, mm = at.partition(":")
    since = since_week or iso_week_of(now or utc_now(), team_tz(store, team))
    sub = Subscription(team, tuple(recipients), day, f"{int(hh):02d}:{mm}", since)
    _ensure(store)
    row = {"team": team, "recipients": json.dumps(list(recipients)), "day": day, "at": sub.at, "since_week": since}
    ins = (postgresql.insert if not store.is_sqlite else sqlite.insert)(subscription_table).values(**row)
    with store.write_engine.begin() as conn:
        conn.execute(ins.on_conflict_do_update(index_elements=["team"], set_=row))
    return sub


def unsubscribe(store: SqlAuditStore, team: str) -> Subscription | None:
    """Remove a team's subscription; a running scheduler drops its job at its next sync (`RESYNC_S`).

    Returns:
        The subscription removed, or None when the team had none.
    """
    _ensure(store)
    gone = next((sub for sub in subscriptions(store) if sub.team == team), None)
    if gone is not None:
        with store.write_engine.begin() as conn:
            conn.execute(subscription_table.delete().where(subscription_table.c.team == team))
    return gone


def subscriptions(store: SqlAuditStore) -> list[Subscription]:
    """Every subscription, by team."""
    _ensure(store)
    with store.engine.connect() as conn:
        rows = conn.execute(select(subscription_table).order_by(subscription_table.c.team)).all()
    return [Subscription(r.team, tuple(json.loads(r.recipients)), r.day, r.at, r.since_week) for r in rows]


def weeks_between(first: str, last: str) -> list[str]:
    """ISO weeks from `first` to `last` inclusive (empty when `last` is before `first`)."""
    out: list[str] = []
    w = last
    while w >= first and len(out) < 520:
        out.insert(0, w)
        w = previous_week(w)
    return out


def week_done(store: SqlAuditStore, team: str, week: str, recipients: tuple[str, ...] | list[str] = ()) -> bool:
    """True when every recipient got some version of the week, or may have (`uncertain`), or was refused for good.

    A recipient the server refused for good (`refused`: no such mailbox) is not tried again by the scheduler:
    it was retried every half hour for ever, and kept the week from the other recipients until it was fixed.

    Without `recipients`: True when some version was sent to anyone. A version delivered before
    recipients were recorded counts as delivered to everyone.
    """
    ok = ("sent", "uncertain")
    keys = [idempotency_key(team, week, g.version) for g in store.reads.generated_reports(team) if g.week == week]
    got: dict[str, str] = {}
    for k in keys:
        per = reached(store, k)
        if not per and delivery_state(store, k) in ok:
            return True
        got.update(per)
    if not recipients:
        return bool(got)
    return all(r.strip().lower() in got for r in recipients)


def due_at(sub: Subscription, week: str, tz: str) -> datetime:
    """When `week`'s report is due: the first `sub.day` at `sub.at` (team zone) after the week ended."""
    from datetime import timedelta

    _, end = iso_week_window(week, tz)
    local = end.astimezone(zone(tz))
    hh, mm = (int(x) for x in sub.at.split(":"))
    days = (DAYS.index(sub.day) - local.weekday()) % 7
    when = local.replace(hour=hh, minute=mm, second=0, microsecond=0) + timedelta(days=days)
    if when < local:
        when += timedelta(days=7)
    return when.astimezone(zone("UTC"))


def retry_delay_s(n: int) -> float:
    """Seconds before retry `n` (1, 2, ...) of a failed delivery: 60 * 2**(n-1), at most 1800."""
    return float(min(60 * 2 ** max(n - 1, 0), 1800))


def catch_up(
    store: SqlAuditStore,
    sub: Subscription,
    settings: SmtpSettings,
    *,
    out_dir: Path | None,
    runs_dir: Path,
    now: datetime | None = None,
) -> list[tuple[str, DeliveryOutcome]]:
    """Make and send every full week since `sub.since_week` that has no sent report, oldest first.

    Stops at the first week whose delivery fails (the server is likely down): the rest wait for
    the next run, and nothing is lost (reports stay on disk, the deliveries stay pending).

    Returns:
        (week, outcome) for each week it tried.
    """
    when = now or utc_now()
    tz = team_tz(store, sub.team)
    done: list[tuple[str, DeliveryOutcome]] = []
    for week in weeks_between(sub.since_week, last_full_week(when, tz)):
        if due_at(sub, week, tz) > when or week_done(store, sub.team, week, sub.recipients):
            continue
        made = make_report(store, sub.team, week, tz=tz, out_dir=out_dir, runs_dir=runs_dir, now=when)
        outcome = deliver(store, made, list(sub.recipients), settings)
        log.info("%s %s v%d: %s after %d attempt(s)", sub.team, week, made.record.version, outcome.status,
                 outcome.attempts)  # fmt: skip
        done.append((week, outcome))
        if outcome.status in ("failed", "busy"):
            break
    return done


@dataclass(frozen=True)
class _Runtime:
    store: SqlAuditStore
    settings: SmtpSettings
    out_dir: Path | None
    runs_dir: Path
    scheduler: Any = None


_runtime: _Runtime | None = None

_running_lock = threading.Lock()
_running = 0
"""How many `scheduled_run` calls are under way now (a stopping service says whether it waits for one)."""


_retry_lock = threading.Lock()
_stopping = False
"""Set (under `_retry_lock`) by a stopping service before it shuts its scheduler down: a job then schedules no retry.

`shutdown` holds the scheduler's job-store lock while it waits for the running jobs, and `add_job` takes that
lock: a delivery that failed while the service stopped (SIGTERM during an SMTP outage) scheduled its retry there
and both waited for ever. The retry is not lost: the next start sends what is due (`run_service`)."""


def running_jobs() -> int:
    """How many scheduled report jobs are running at this moment (0 when none is)."""
    with _running_lock:
        return _running


def set_runtime(store: SqlAuditStore, settings: SmtpSettings, *, out_dir: Path | None, runs_dir: Path,
                scheduler: Any = None) -> None:  # fmt: skip
    """Give the job function its store, settings and scheduler (done by `run_service`)."""
    global _runtime
    _runtime = _Runtime(store, settings, out_dir, runs_dir, scheduler)


def scheduled_run(team: str, retry: int = 0, now: datetime | None = None) -> list[tuple[str, DeliveryOutcome]]:
    """The APScheduler job: catch up one team (its settings come from the running service).

    When a delivery fails, schedules retry `retry + 1` of this team after `retry_delay_s`.

    Returns:
        (week, outcome) for each week tried.
    """
    global _running
    rt = _runtime
    if rt is None:
        raise RuntimeError("scheduled_run needs the service started by run_service")
    with _running_lock:
        _running += 1
    try:
        return _run_team(rt, team, retry, now)
    finally:
        with _running_lock:
            _running -= 1


def _run_team(rt: _Runtime, team: str, retry: int, now: datetime | None) -> list[tuple[str, DeliveryOutcome]]:
    """`scheduled_run`'s work: catch up `team`, and schedule a retry when a delivery failed."""
    subs = {s.team: s for s in subscriptions(rt.store)}
    if team not in subs:
        log.warning("%s has no subscription any more; nothing sent", team)
        return []
    when = now or utc_now()
    done = catch_up(rt.store, subs[team], rt.settings, out_dir=rt.out_dir, runs_dir=rt.runs_dir, now=when)
    if any(o.status in ("failed", "busy") for _, o in done) and rt.scheduler is not None:
        from datetime import timedelta

        delay = retry_delay_s(retry + 1)
        with _retry_lock:
            if _stopping:  # the scheduler is shutting down: its next start sends what is due
                log.info("%s: delivery failed; not retried now (stopping): the next start sends it", team)
                return done
            # One id per retry: APScheduler's main loop removes a fired one-off job by its id after
            # handing it to a worker thread, so a retry re-using the firing job's id could be removed
            # with it (or make that removal fail with JobLookupError in the main loop).
            rt.scheduler.add_job(JOB_FUNC, "date", run_date=when + timedelta(seconds=delay),
                                 id=f"retry:{team}:{retry + 1}", kwargs={"team": team, "retry": retry + 1},
                                 replace_existing=True,
                                 name=f"retry {retry + 1} of {team}'s weekly report")  # fmt: skip
        log.info("%s: delivery failed; retry %d in %.0f s", team, retry + 1, delay)
    return done


def trigger_for(sub: Subscription, tz: str) -> Any:
    """The weekly `CronTrigger` of a subscription, in the team's zone (DST followed)."""
    from apscheduler.triggers.cron import CronTrigger

    hh, mm = sub.at.split(":")
    return CronTrigger(day_of_week=sub.day, hour=int(hh), minute=int(mm), timezone=zone(tz))


def sync_jobs(scheduler: Any, store: SqlAuditStore) -> list[str]:
    """Add a job per subscription that has none, update changed triggers, drop orphan jobs.

    Never replaces an unchanged job: that would drop a run missed during downtime.

    Returns:
        The job ids now scheduled.
    """
    wanted = {}
    for sub in subscriptions(store):
        wanted[f"weekly-report:{sub.team}"] = (sub, trigger_for(sub, team_tz(store, sub.team)))
    for job in scheduler.get_jobs():
        if job.id not in wanted and not job.id.startswith(("retry:", "startup:")):
            scheduler.remove_job(job.id)
    for job_id, (sub, trig) in wanted.items():
        job = scheduler.get_job(job_id)
        if job is None:
            scheduler.add_job(JOB_FUNC, trig, id=job_id, kwargs={"team": sub.team}, name=f"weekly report {sub.team}")
        elif str(job.trigger) != str(trig):
            scheduler.reschedule_job(job_id, trigger=trig)
    return sorted(wanted)


def make_scheduler(store: SqlAuditStore) -> Any:
    """A paused-start `BackgroundScheduler` on a SQLAlchemy job store in the audit database.

    Its `shutdown` first pauses it and waits for a pass over the due jobs under way, and a pass looks
    at the state again once it holds the job stores' lock. APScheduler 3 looks only before taking
    it, and its `shutdown` marks the scheduler stopped before taking that lock: a pass under way or
    woken just before a stop (`memeval schedule` ^C'd or SIGTERM'd while it started, a startup job
    due at once: 2 of 4 tries) submitted its job to a stopped executor or removed it from a stopped
    store, and printed two tracebacks ("cannot schedule new futures after shutdown",
    `JobLookupError`).
    """
    from apscheduler.jobstores.sqlalchemy import SQLAlchemyJobStore
    from apscheduler.schedulers.background import BackgroundScheduler
    from apscheduler.schedulers.base import STATE_RUNNING

    class StopSafeScheduler(BackgroundScheduler):  # type: ignore[misc]  # APScheduler ships no type hints
        def _process_jobs(self) -> float | None:
            with self._jobstores_lock:  # an RLock: the pass takes it again inside
                if self.state != STATE_RUNNING:  # paused or stopped while this pass waited for the lock
                    return None
                return super()._process_jobs()  # type: ignore[no-any-return]  # untyped library method

        def shutdown(self, wait: bool = True) -> None:
            self.pause()
            with self._jobstores_lock:  # a pass under way ends first; the next one sees the pause
                pass
            super().shutdown(wait)

    return StopSafeScheduler(
        jobstores={"default": SQLAlchemyJobStore(engine=store.engine, tablename=JOBS_TABLE)},
        job_defaults={"coalesce": True, "misfire_grace_time": None, "max_instances": 1},
        timezone=zone("UTC"),
    )


RESYNC_S = 60.0
"""How often a running service re-reads the subscriptions (seconds): `report subscribe`,
`unsubscribe` and a changed day or time reach a running `memeval schedule` within this."""


def run_service(store: SqlAuditStore, settings: SmtpSettings, *, out_dir: Path | None, runs_dir: Path,
                stop: threading.Event | None = None, resync_s: float = RESYNC_S) -> int:  # fmt: skip
    """Run the scheduler until SIGTERM/SIGINT (or `stop` is set); a running job is let finish.

    Every `resync_s` seconds the subscriptions are read again (`sync_jobs`): a new team's job is
    added, a changed day or time reschedules it, a removed team's job is dropped.

    Returns:
        0 after a stop by SIGTERM (a service manager's stop) or `stop`; 130 after SIGINT (^C: an
        interruption, as for `memeval view` and `serve`).
    """
    global _runtime, _stopping
    stop = stop or threading.Event()
    stopped_by: list[int] = []

    def on_signal(signum: int, _frame: object) -> None:
        stopped_by.append(signum)
        stop.set()

    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, on_signal)
    sched = make_scheduler(store)
    set_runtime(store, settings, out_dir=out_dir, runs_dir=runs_dir, scheduler=sched)
    sched.start(paused=True)
    ids = sync_jobs(sched, store)
    now = utc_now()
    for sub in subscriptions(store):  # a late start still sends what is due now
        job = sched.get_job(f"weekly-report:{sub.team}")
        if job is not None and job.next_run_time is not None and job.next_run_time <= now:
            continue  # its missed run is about to run anyway: never two catch-ups of one team at once
        sched.add_job(JOB_FUNC, "date", run_date=now, id=f"startup:{sub.team}", kwargs={"team": sub.team},
                      replace_existing=True, misfire_grace_time=None)  # fmt: skip
    for job in sched.get_jobs():
        log.info("job %s next run %s", job.id, job.next_run_time)
    if not stop.is_set():  # a stop while it started sends nothing (the jobs stay stored for the next start)
        sched.resume()
    log.info("mail goes from %s%s through %s:%d (%s)", settings.sender, settings.sender_hint, settings.host,
             settings.port, settings.security)  # fmt: skip
    if ids:
        log.info("scheduler running %d job(s): %s", len(ids), ", ".join(ids))
    else:
        log.info("scheduler running, nothing subscribed yet: add a team with `memeval report subscribe --team TEAM "
                 "--to ADDRESS` (read within %g s, no restart needed)", resync_s)  # fmt: skip
    while not stop.wait(resync_s):
        try:
            now_ids = sync_jobs(sched, store)
        except OperationalError as exc:  # a busy or briefly unreachable database: the jobs stay as they are
            log.warning("could not re-read the subscriptions (%s); trying again in %g s", exc.orig, resync_s)
            continue
        if now_ids != ids:
            log.info("subscriptions changed: now %d job(s): %s", len(now_ids), ", ".join(now_ids) or "none")
            ids = now_ids
    why = "^C" if signal.SIGINT in stopped_by else "SIGTERM" if stopped_by else "a stop request"
    busy = running_jobs()
    if busy:
        log.info("stopping (%s): waiting for %d running job(s) to finish sending", why, busy)
    else:
        log.info("stopping (%s): no job running", why)
    with _retry_lock:  # a job that fails from here schedules no retry (it would wait for ever on shutdown's lock)
        _stopping = True
    try:
        sched.shutdown(wait=True)
    finally:
        with _retry_lock:
            _stopping = False
    _runtime = None
    log.info("stopped")
    return 130 if signal.SIGINT in stopped_by else 0
