"""`memeval report weekly|send|verify|subscribe|subscriptions|unsubscribe`, `memeval schedule`: weekly reports.

The store is `--db URL`, else `MEMEVAL_DB`, else `sqlite:///audit/memeval.sqlite`. Reports land in
the store's report folder, fixed by its first report: `--out`, else `MEMEVAL_REPORT_DIR`, else
`reports/` beside a SQLite store's file (recorded as an absolute path; another folder is refused).
SMTP settings come from `MEMEVAL_SMTP_*` (see `memeval.auditreport.SmtpSettings`); the password is never
printed.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from memeval.cli._json import echo_json
from memeval.cli._options import DbOpt, JsonOpt
from memeval.cli._progress import steps_on
from memeval.cli._store import check_week_args, open_with_events
from memeval.cli.app import (
    EXIT_FAILURE,
    command_app,
    fail,
    held_until_exit,
    runs_dir_to_read,
    translate_errors,
)
from memeval.sigint import sigterm_as_interrupt

if TYPE_CHECKING:
    from memeval.audit import SqlAuditStore
    from memeval.auditreport import ReportCheck, Subscription

app = command_app()  # this module's commands; the root app loads them by name (memeval.cli.app.COMMANDS)

report_app = typer.Typer(
    help="The weekly audit report: make, verify, e-mail, subscribe.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(report_app, name="report")

WEEKLY_SCHEMA = "memeval.report-weekly/1"
"""`memeval report weekly --json`: {schema, schema_version, ...the week's record (record.json's fields, its own
`schema` as `record_schema`), with `created`, `other_run` (another run made it as this one asked: `MadeReport`)
and where the files are}; keys sorted."""
WEEKLY_PREVIEW_SCHEMA = "memeval.report-preview/1"
"""`memeval report weekly --preview --json`: {schema, schema_version, preview (folder), pdf, recorded: false}."""
SEND_SCHEMA = "memeval.report-send/1"
"""`memeval report send --json`: {schema, schema_version, status, key, attempts, error}, keys in that order.

README's table of `--json` outputs lists them so: the outcome first. They were sorted (`attempts` first,
`status` last), unlike the table (as `report verify`'s were: `VERIFY_SCHEMA`)."""
VERIFY_SCHEMA = "memeval.report-verify/1"
"""`memeval report verify --json`: {schema, schema_version, ok, checks: [{name, ok, detail}]}, keys in that order.

The order README's table of `--json` outputs lists, and a person reading the document wants: the answer
(`ok`) before the list of checks, each check's name before its outcome and detail. It was sorted
(`checks` before `ok`, `detail` before `name`), unlike the table; `_verify_doc` fixes it, and
`tests/project/test_newuser29_findings.py` checks the output against README's row."""
SUBSCRIPTIONS_SCHEMA = "memeval.report-subscriptions/1"
"""`memeval report subscriptions --json`: {schema, schema_version, subscriptions: [{team, recipients,
day (mon ... sun), at (HH:MM in the team's zone), since_week (YYYY-Www)}]}."""

OutOpt = Annotated[
    Path | None,
    typer.Option(
        "--out",
        help="Root folder of reports, fixed per store by its first report (default: the recorded one, else "
        "MEMEVAL_REPORT_DIR, else reports/ beside the SQLite file).",
    ),
]
RunsOpt = Annotated[
    Path,
    typer.Option(
        "--runs-dir",
        "--runs",
        envvar="MEMEVAL_RUNS_DIR",
        help="Folder of A/B run folders shown in the report.",
        callback=runs_dir_to_read,
    ),
]
TeamOpt = Annotated[str, typer.Option("--team", help="The team.")]
WeekOpt = Annotated[
    str | None, typer.Option("--week", help="ISO week YYYY-Www (default: the last full week in the team's zone).")
]


def _end_without_teardown(store: SqlAuditStore) -> None:
    """Under the `memeval` script, close the store's connections and let the process end unfreed.

    The report is written and recorded by now. Freeing the interpreter's modules one by one at exit
    (SQLAlchemy, pydantic, WeasyPrint, fontTools) took about 0.15 s of CPU, a ninth of a small
    week's `report weekly` (10,000 events, 7 runs in turns at load 8-9: 1.16 s median against
    1.31 s). The connections are closed first, so SQLite folds its write-ahead log back
    and PostgreSQL sees a clean goodbye; WeasyPrint's font folder is gone once its PDF is made.
    Elsewhere (a test, another program calling `main`) nothing changes (`held_until_exit`).
    """
    held = held_until_exit()
    if held is None:
        return
    store.engine.dispose()
    store.write_engine.dispose()
    held.append(store)


def _week(store: SqlAuditStore, team: str, week: str | None) -> str:
    from memeval.audit import team_tz
    from memeval.auditreport import last_full_week
    from memeval.clock import utc_now

    return week or last_full_week(utc_now(), team_tz(store, team))


def _this_week(store: SqlAuditStore, team: str) -> str:
    from memeval.audit import iso_week_of, team_tz
    from memeval.clock import utc_now

    return iso_week_of(utc_now(), team_tz(store, team))


@report_app.command("weekly")
@translate_errors
def weekly(
    team: TeamOpt,
    week: WeekOpt = None,
    tz: Annotated[str | None, typer.Option(help="IANA zone to cut the week in (default: the team's).")] = None,
    reissue: Annotated[bool, typer.Option(help="Make a new version of a week already reported.")] = False,
    preview: Annotated[
        bool,
        typer.Option(
            help="Render the week as it stands now into its preview folder (previews/TEAM-WEEK in memeval's cache "
            "folder, ~/.cache/memeval or $XDG_CACHE_HOME/memeval; the next preview of the week replaces it); "
            "nothing is recorded or sent."
        ),
    ] = False,
    out: OutOpt = None,
    runs: RunsOpt = Path("runs"),
    db: DbOpt = None,
    as_json: JsonOpt = False,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="No progress on stderr (shown only when stderr is a terminal).")
    ] = False,
) -> None:
    """Make the report of one ended week (PDF, HTML, text body, record); a reported week is returned as is."""
    check_week_args(week, tz)  # a bad --week or --tz is said before the store's state
    with steps_on(sys.stderr, quiet) as progress:
        progress("opening the audit store")
        from memeval.auditreport import make_report, record_json

        store = open_with_events(db, team)
        if preview:
            from memeval.auditreport import preview_report

            shown = preview_report(
                store, team, week or _this_week(store, team), tz=tz, runs_dir=runs, progress=progress
            )
        else:
            made = make_report(store, team, _week(store, team, week), tz=tz, out_dir=out, runs_dir=runs,
                               reissue=reissue, progress=progress)  # fmt: skip
    _end_without_teardown(store)
    if preview:
        folder = shown.folder
        if as_json:
            echo_json({"schema": WEEKLY_PREVIEW_SCHEMA, "schema_version": 1, "preview": str(folder),
                       "pdf": str(folder / "report.pdf"), "recorded": False})  # fmt: skip
        else:
            typer.echo(f"preview (not recorded, never sent): {folder / 'report.pdf'}")
            if shown.kept_in_cache:  # stderr: the result is stdout's one line, as a script reads it
                typer.echo("the next preview of this week replaces it (HTML and mail text beside it)", err=True)
            else:
                typer.echo(f"no usable cache folder (~/.cache/memeval): remove {folder} when done with it", err=True)
        return
    if as_json:
        record = json.loads(record_json(made))  # record_json writes one line
        echo_json({"schema": WEEKLY_SCHEMA, "schema_version": 1, **record}, sort_keys=True)
        return
    r = made.record
    verb = (
        "made"
        if made.created
        else "made by another run at the same moment, which this one waited for (nothing made twice; use --reissue "
        "for a new version)"
        if made.other_run
        else "already made (use --reissue for a new version)"
    )
    typer.echo(f"{r.team} {r.week} v{r.version} {verb}: {made.pdf}")
    typer.echo(f"counted events up to seq {r.last_seq} ({r.last_event_hash or 'empty log'}); counts {r.counts_sha256}")


@report_app.command("send")
@translate_errors
def send(
    team: TeamOpt,
    week: WeekOpt = None,
    to: Annotated[
        list[str] | None, typer.Option("--to", help="Recipient (repeat); default: the team's subscription.")
    ] = None,
    force: Annotated[bool, typer.Option(help="Resend a version already sent or whose outcome is unknown.")] = False,
    out: OutOpt = None,
    runs: RunsOpt = Path("runs"),
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """E-mail the latest version of a week's report (made first if needed), at most once.

    Mail goes out through the SMTP server that MEMEVAL_SMTP_HOST names (required), with
    MEMEVAL_SMTP_PORT, MEMEVAL_SMTP_SECURITY (starttls, the default; tls; none for a plain relay on
    this machine), MEMEVAL_SMTP_USER, MEMEVAL_SMTP_PASSWORD, MEMEVAL_SMTP_FROM (the address reports
    come from, e.g. reports@fernhill.example; default: MEMEVAL_SMTP_USER when it is an address, else
    memeval@ and this machine's fully qualified name), MEMEVAL_SMTP_CA_FILE, MEMEVAL_SMTP_TIMEOUT_S,
    MEMEVAL_SMTP_ATTEMPTS and MEMEVAL_SMTP_BACKOFF_S.
    """
    check_week_args(week)  # a bad --week is said before the store's state (and before the report's modules load)
    from memeval.auditreport import SmtpSettings, check_recipients, deliver, make_report, subscriptions

    if to:
        check_recipients(list(to))  # an address no message can carry is said before the report is made

    store = open_with_events(db, team)  # the store's state first: an unset SMTP host is not the real cause
    settings = SmtpSettings.from_env()
    if settings.sender_hint:  # said before the report is made, as `memeval schedule` says it on its first lines
        typer.echo(f"warning: mail goes from {settings.sender}{settings.sender_hint}", err=True)
    recipients = list(to or [])
    if not recipients:
        subs = {s.team: s for s in subscriptions(store)}
        if team not in subs:
            raise fail(f"{team} has no subscription: pass --to ADDRESS or run `memeval report subscribe`")
        recipients = list(subs[team].recipients)
    made = make_report(store, team, _week(store, team, week), out_dir=out, runs_dir=runs)
    with (
        sigterm_as_interrupt()
    ):  # stopped (SIGTERM, as `timeout` or a service manager does) as by ^C: the claim is given back
        outcome = deliver(store, made, recipients, settings, force=force)
    if as_json:
        echo_json({"schema": SEND_SCHEMA, "schema_version": 1, "status": outcome.status, "key": outcome.key,
                   "attempts": outcome.attempts, "error": outcome.error})  # fmt: skip
    else:
        typer.echo(f"{outcome.key}: {outcome.status} ({outcome.attempts} attempt(s) now)"
                   + (f"; last error: {outcome.error}" if outcome.error else ""))  # fmt: skip
    if outcome.status in ("failed", "uncertain", "busy"):
        raise typer.Exit(EXIT_FAILURE)


@report_app.command("verify")
@translate_errors
def verify(
    file: Annotated[
        Path | None,
        typer.Argument(help="A report folder, its record.json or its report.pdf (or give --team and --week)."),
    ] = None,
    team: Annotated[
        str | None,
        typer.Option(
            "--team", help="Instead of FILE: the team's latest report of --week (default: none; FILE names the report)."
        ),
    ] = None,
    week: WeekOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Recount a report from the log and check its hashes; exit 1 if anything differs.

    The report is FILE (a report's folder or one of its files), or the latest version of `--team`'s
    `--week` (default: the last full week in the team's zone), as `report weekly` and `report send`
    name a report.
    """
    if file is not None and (team is not None or week is not None):
        raise fail(f"give a report FILE or --team and --week, not both: `memeval report verify {file}`")
    if file is None:
        if team is None:
            raise fail(
                "say which report: pass a report folder, record.json or report.pdf, or --team (and --week; "
                "default the last full week), e.g. `memeval report verify --team fernhill --week 2026-W47`"
            )
        check_week_args(week)  # before the store's and the report's modules load
    elif not file.exists():
        raise fail(f"no such file {str(file)!r}: pass a report folder, record.json or report.pdf")
    else:
        folder = file if file.is_dir() else file.parent
        if not (folder / "record.json").is_file() or (
            file.is_file() and file.name not in ("record.json", "report.pdf")
        ):
            raise fail(
                f"{str(file)!r} is not a report: a report is a folder TEAM/WEEK/vN holding record.json and report.pdf, "
                "under the store's report folder (audit/reports/ by default; `memeval report weekly` prints the "
                "folder it writes); pass that folder or one of the two files"
            )
    from memeval.audit import open_existing_store
    from memeval.auditreport import latest_report_folder, verify_report

    if file is None:
        assert team is not None  # refused above
        store = open_with_events(db, team)
        file = latest_report_folder(store, team, _week(store, team, week))
        checks = verify_report(store, file)
        _print_checks(checks, as_json)
        return
    _print_checks(verify_report(open_existing_store(db), file), as_json)


def _verify_doc(checks: list[ReportCheck]) -> dict[str, object]:
    """`report verify --json`'s document (`VERIFY_SCHEMA`): `ok` (every check held), then the checks, in order."""
    return {
        "schema": VERIFY_SCHEMA,
        "schema_version": 1,
        "ok": all(c.ok for c in checks),
        "checks": [{"name": c.name, "ok": c.ok, "detail": c.detail} for c in checks],
    }


def _print_checks(checks: list[ReportCheck], as_json: bool) -> None:
    """`report verify`'s output: one line per check (or JSON); exit 1 when any check failed."""
    if as_json:
        echo_json(_verify_doc(checks))  # in VERIFY_SCHEMA's order, not sorted
    else:
        for c in checks:
            typer.echo(f"{'ok  ' if c.ok else 'FAIL'} {c.name}: {c.detail}")
    if not all(c.ok for c in checks):
        raise typer.Exit(EXIT_FAILURE)


@report_app.command("subscribe")
@translate_errors
def subscribe_cmd(
    team: TeamOpt,
    to: Annotated[list[str], typer.Option("--to", help="Recipient e-mail address (repeat for more).")],
    day: Annotated[
        str,
        typer.Option(help="Weekday the report goes out: mon ... sun, or the full name (monday), any case."),
    ] = "mon",
    at: Annotated[str, typer.Option(help="Local time HH:MM in the team's zone.")] = "08:00",
    since: Annotated[str | None, typer.Option(help="First ISO week to report (default: this week).")] = None,
    db: DbOpt = None,
) -> None:
    """Send a team's weekly report to these recipients every week (run `memeval schedule`).

    The team must have events in the store (a typo is refused, naming the known teams); a second
    subscribe for a team replaces its subscription.
    """
    day = weekday(day)  # before the store is opened (and the report's modules load): a bad day is said at once
    from memeval.auditreport import check_subscription, subscribe

    check_subscription(to, day=day, at=at, since_week=since)  # and so are the others
    sub = subscribe(open_with_events(db, team), team, to, day=day, at=at, since_week=since)
    typer.echo(_subscription_line(sub))


WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
"""The full names `--day` takes beside the stored three-letter ones (`memeval.auditreport` DAYS)."""


def weekday(text: str) -> str:
    """A weekday as the schedule stores it (`mon` ... `sun`) from its short or full English name, any case.

    `Monday`, `MON`, `mon.` and ` monday ` are all `mon`.

    Raises:
        UsageError: not a weekday's name (the value and the accepted forms named).
    """
    from memeval.errors import UsageError

    word = text.strip().rstrip(".").casefold()
    for full in WEEKDAYS:
        if word in (full, full[:3]):
            return full[:3]
    raise UsageError(
        f"--day {text!r} is not a weekday: use mon, tue, wed, thu, fri, sat or sun, or the full name (monday)"
    )


def _subscription_line(sub: Subscription) -> str:
    return f"{sub.team}: every {sub.day} at {sub.at} (team zone) to {', '.join(sub.recipients)}, from {sub.since_week}"


@report_app.command("subscriptions")
@translate_errors
def subscriptions_cmd(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """List every team's subscription: recipients, day, time (team zone), first week."""
    from memeval.audit import open_existing_store
    from memeval.auditreport import subscriptions

    subs = subscriptions(open_existing_store(db))
    if as_json:
        rows = [{**sub.__dict__, "recipients": list(sub.recipients)} for sub in subs]
        echo_json({"schema": SUBSCRIPTIONS_SCHEMA, "schema_version": 1, "subscriptions": rows})
        return
    for sub in subs:
        typer.echo(_subscription_line(sub))
    if not subs:
        typer.echo("no subscriptions (add one with: memeval report subscribe --team TEAM --to ADDRESS)")


@report_app.command("unsubscribe")
@translate_errors
def unsubscribe_cmd(team: TeamOpt, db: DbOpt = None) -> None:
    """Stop a team's weekly e-mail (reports already sent and stored stay as they are)."""
    from memeval.audit import open_existing_store
    from memeval.auditreport import subscriptions, unsubscribe

    store = open_existing_store(db)
    if unsubscribe(store, team) is None:
        known = ", ".join(sub.team for sub in subscriptions(store)) or "none"
        raise fail(f"team {team!r} has no subscription; subscribed teams: {known}")
    typer.echo(f"{team}: unsubscribed; a running `memeval schedule` sends it nothing from now on")


SCHEDULE_LOG_FORMAT = "%(asctime)s.%(msecs)03dZ %(name)s %(message)s"
"""A `memeval schedule` log line: its UTC time to the millisecond (`2026-12-07 08:00:00.012Z`), the logger, the text."""


def schedule_log_handler() -> logging.Handler:
    """The stderr handler of `memeval schedule`'s log: each line stamped in UTC (`SCHEDULE_LOG_FORMAT`).

    Python's default stamps local time with no zone (`2026-12-07 09:00:00,012`), which beside the
    service's own times (UTC, and each team's zone named) read as one more zone to guess.
    """
    formatter = logging.Formatter(SCHEDULE_LOG_FORMAT, datefmt="%Y-%m-%d %H:%M:%S")
    formatter.converter = time.gmtime
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(formatter)
    return handler


@app.command("schedule")
@translate_errors
def schedule(out: OutOpt = None, runs: RunsOpt = Path("runs"), db: DbOpt = None) -> None:
    """Run the weekly report scheduler in this process until SIGTERM or ^C (one per database).

    It sends what `memeval report subscribe` set up, through the SMTP server that
    MEMEVAL_SMTP_HOST names (with MEMEVAL_SMTP_SECURITY, MEMEVAL_SMTP_FROM and the other
    MEMEVAL_SMTP_ settings that `memeval report send --help` lists). SIGTERM (`kill PID`, a service
    manager's stop) is a normal stop, exit 0; ^C an interruption, exit 130; either way a report being
    sent is let finish first.
    """
    from memeval.audit import db_url, open_existing_store
    from memeval.auditreport import SmtpSettings, report_root, run_service, subscriptions
    from memeval.cli._store import store_name
    from memeval.errors import UsageError

    url = db_url(db)  # a bad --db (or MEMEVAL_DB) is named first: an unset SMTP host is not its fix
    # a store that exists: a typo in --db or MEMEVAL_DB made a new empty store (and its reports/ folder) and
    # served it, sending nothing, for as long as the service ran. Checked before the SMTP settings, as is
    # what the store holds: in a store with nothing subscribed, setting up mail first is the wrong step
    store = open_existing_store(url)
    try:
        settings = SmtpSettings.from_env()
    except UsageError as exc:
        if subscriptions(store):
            raise
        team = next(iter(store.teams()), "TEAM")
        raise UsageError(
            f"no team is subscribed to weekly reports in {store_name(url)}, so there is nothing to schedule: "
            f"subscribe one first, `memeval report subscribe --team {team} --to ADDRESS`; then the mail server: {exc}"
        ) from exc
    logging.basicConfig(level=logging.INFO, handlers=[schedule_log_handler()])
    # A PDF's layout steps ("Step 5 - Creating layout") and APScheduler's own bookkeeping ("Added job
    # "scheduled_run" to job store "default"", "Removed job startup:fernhill") are not the log's: the
    # service's lines say what runs and when; their warnings (a missed run) still show.
    for noisy in ("weasyprint", "fontTools", "apscheduler", "presidio-analyzer"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    code = run_service(store, settings, out_dir=report_root(store, out), runs_dir=runs)
    raise typer.Exit(code)
