"""Make a week's report once, record what it was counted from, and verify it later.

Only a week that has ended (in the team's zone) is ever recorded: asking for the current or a
future week is refused (`memeval report weekly --preview` renders it without recording anything).
Reports go to the store's recorded report folder (`memeval.auditreport._folders`). If a recorded
version's files are gone,
they are rebuilt from the log (the same log prefix, zone and overdue age, at the recorded
generation time) and kept only when the rebuilt PDF has the hash the log recorded.

Files of one report version go to `<out_dir>/<team>/<week>/v<N>/`: `report.pdf`, `report.html`,
`body.txt` and `record.json` (a `ReportRecord`). The audit log gets one `report.generated`
event per version (sender event id `report.generated:<team>:<week>:v<N>`, so a repeat is stored
once), written through the store's single write path. Asking again for a week already reported
returns the recorded version unchanged; `reissue=True` makes version N+1 from the log as it is
now. `verify_report` (`memeval.auditreport._verify`) recounts a record from the log.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

from memeval.audit import (
    EVENT_ADAPTER,
    GeneratedReport,
    SqlAuditStore,
    WaitingBy,
    check_team_name,
    check_zone_kept,
    iso_week_window,
    team_tz,
)
from memeval.auditreport._build import build_context
from memeval.auditreport._context import WeeklyReportContext
from memeval.auditreport._elsewhere import LateLine, lists_sha256
from memeval.auditreport._folders import report_file, report_folder, report_root
from memeval.auditreport._preview import PreviewFolder, write_preview
from memeval.auditreport._render import load_weasyprint, render_html, render_pdf, render_text, weasyprint_loaded
from memeval.auditreport._weeklock import week_lock
from memeval.clock import utc_now
from memeval.errors import ReportError, ReportRaced, UsageError

RECORD_SCHEMA = "memeval.report-record/1"  # a stored record's name: kept when the package was renamed
REPORT_SENDER = "memeval-report"
"""The sender name of report events in the audit log."""

COUNT_ATTEMPTS = 3
"""How many times `make_report` counts a week when another run of the team records a report each time first.

A report must count every report of its team recorded before it (the store refuses it otherwise:
`memeval.audit._reportorder`), so a run overtaken by another counts again and then sees that report.
Each refusal means another run's report was recorded, so runs at once all get through; three in a row
happen only when runs keep recording reports of the team, and then the run gives up (exit 2)."""

Progress = Callable[[str], None]
"""Told what a report is doing next, in a few words (`counting events`, `laying out the PDF`): the
steps of a report take seconds on a big week or a cold start, and `memeval report weekly` shows them."""


def _quiet(step: str) -> None:
    """The default `Progress`: says nothing."""


def check_week_ended(week: str, tz: str, now: datetime) -> None:
    """Refuse to record a week that has not ended at `now` in zone `tz`.

    Raises:
        UsageError: the week ends after `now` (the message gives the end and the preview option).
    """
    _, end = iso_week_window(week, tz)
    if end > now:
        raise UsageError(
            f"{week} ends at {end:%Y-%m-%d %H:%M} UTC ({tz}), after now ({now:%Y-%m-%d %H:%M} UTC): a week is "
            "reported once it has ended. Look at it now without recording anything with --preview"
        )


def sha256_file(path: Path) -> str:
    """`sha256:` + hex SHA-256 of a file's bytes."""
    return "sha256:" + hashlib.sha256(path.read_bytes()).hexdigest()


class ReportRecord(BaseModel):
    """What one report version was counted from, so anyone can recount it (`record.json`)."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    schema_: str = Field(default=RECORD_SCHEMA, alias="schema")
    """Written as `schema` (records made before say `schema_`, the Python field's name: still read)."""
    team: str
    week: str
    """ISO week, `YYYY-Www`."""
    tz: str
    """IANA zone the week was cut in."""
    version: int
    """1 for the first report of the week, +1 per reissue."""
    window_start_utc: AwareDatetime
    window_end_utc: AwareDatetime
    first_seq: int
    """Lowest sequence number of an event of the week (0: none)."""
    last_seq: int
    """Events with seq <= last_seq were counted."""
    last_event_hash: str
    """Hash of event `last_seq` ('' for an empty log)."""
    counts_sha256: str
    """SHA-256 of the canonical JSON of the counts (`memeval.auditreport.counts_sha256`)."""
    pdf_sha256: str
    html_sha256: str
    text_sha256: str
    generated_at: AwareDatetime
    overdue_after_h: float | None = None
    """The overdue age (hours) the 'waiting longer than' list used (None in records made before it)."""
    waiting_aged_by: Literal["received"] | None = None
    """`received`: waiting ages counted from when the store received each item; None in records made
    before (business time), which `verify_report` and a rebuild recount that way."""
    backdated_by: Literal["received"] | None = None
    """`received`: the report lists the events the store received in its week but dated into a week no
    report counted (back-dated into a never-reported week, or before the first report); None in records
    made before that list, which a rebuild renders without it, so they rebuild to their recorded hashes."""
    lists_sha256: str | None = None
    """Digest of what the report shows of events another report counts: the back-dated list, the note of this
    week's events an earlier report listed as back-dated, and the Arrived late table with what earlier reports
    showed of it (`memeval.auditreport._elsewhere.lists_sha256`); `memeval report verify` recounts it. None in
    records made before (late43's back-dated lists are read back from their e-mail text instead)."""
    idempotency_key: str
    """`<team>/<week>/v<N>`: the key of this version's e-mail delivery."""


def waiting_by(recorded: str | None) -> WaitingBy:
    """How a recorded report aged its waiting items (`received`; `occurred` when `recorded` is None).

    Records and `report.generated` events made before `waiting_aged_by` aged them by business time,
    and are recounted that way, so they verify and rebuild to their recorded hashes.
    """
    return "received" if recorded == "received" else "occurred"


def _aged_by_field(by: str) -> Literal["received"] | None:
    """`waiting_aged_by` as a record and its event hold it: `received`, or absent for business time."""
    return "received" if by == "received" else None


def shown_lists_sha256(ctx: WeeklyReportContext) -> str | None:
    """The digest of what `ctx` shows of events another report counts (`lists_sha256`), as its record keeps it.

    None when the report has no such labels: a rebuild of a report recorded before them.
    """
    if ctx.backdated_by != "received" or not ctx.repeats_labelled:
        return None
    late = [LateLine(x.week, x.version, x.last_seq, {t.name: t.count for t in x.by_type}, x.shown_before, x.shown_by)
            for x in ctx.late]  # fmt: skip
    return lists_sha256({t.name: t.count for t in ctx.backdated}, [x.seq for x in ctx.backdated_items],
                        ctx.backdated_more, {t.name: t.count for t in ctx.listed_before}, late)  # fmt: skip


@dataclass(frozen=True)
class MadeReport:
    """A report version on disk: its record and files; `created` False when it existed already."""

    record: ReportRecord
    folder: Path
    created: bool
    other_run: bool = False
    """True when another run of the same week was making it as this run asked: this run waited for that run
    (`memeval.auditreport._weeklock`) and returns what it recorded, having made nothing itself."""

    @property
    def pdf(self) -> Path:
        """The PDF file."""
        return self.folder / "report.pdf"

    @property
    def html(self) -> Path:
        """The HTML file."""
        return self.folder / "report.html"

    @property
    def text(self) -> Path:
        """The plain-text e-mail body."""
        return self.folder / "body.txt"


def idempotency_key(team: str, week: str, version: int) -> str:
    """The delivery key of one report version: `<team>/<week>/v<version>`."""
    return f"{team}/{week}/v{version}"


def load_made(folder: Path) -> MadeReport:
    """Read a report version's folder (`record.json` and files).

    Raises:
        ReportError: the folder has no readable `record.json`.
    """
    path = folder / "record.json"
    try:
        rec = ReportRecord.model_validate_json(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ReportError(f"{path} is not a report record ({type(exc).__name__}): pass a report folder, "
                          "its record.json or its report.pdf") from exc  # fmt: skip
    return MadeReport(rec, folder, created=False)


def make_report(
    store: SqlAuditStore,
    team: str,
    week: str,
    *,
    tz: str | None = None,
    out_dir: Path | None = None,
    runs_dir: Path = Path("runs"),
    reissue: bool = False,
    now: datetime | None = None,
    overdue_after_h: float | None = None,
    progress: Progress = _quiet,
) -> MadeReport:
    """The report of `team`'s ISO `week`: made once, then returned as recorded.

    Args:
        store: the audit store (read, and written through its single write path).
        team: the team.
        week: ISO week `YYYY-Www`.
        tz: IANA zone to cut the week in: the team's zone (the default), or refused (a preview takes any).
        out_dir: root of report folders (default `default_report_dir()`).
        runs_dir: folder of A/B run folders.
        reissue: make a new version even when the week was reported already.
        now: generation time (aware), for tests and the scheduler; default now.
        overdue_after_h: the overdue age in hours (default: the review queue's setting).
        progress: called with each step's name before it starts (counting, rendering, recording).

    Returns:
        The `MadeReport` (`created` False when an existing version was returned).

    Raises:
        ReportError: the week's files are gone and the rebuild from the log does not match the
            recorded hash, or rendering failed. UsageError: bad week or zone, a week that has not
            ended, `out_dir` is not the store's recorded report folder, `tz` is not the team's zone,
            or the team's latest report was cut in another zone (`memeval.audit.check_zone_kept`).
        ReportRaced (a UsageError): another report run of the team recorded a report after this one
            counted, `COUNT_ATTEMPTS` times in a row; nothing of this run was stored.
        ReportError: another run of the same week held its lock past `WEEK_LOCK_WAIT_S`.

    Runs of the same week take turns (`memeval.auditreport._weeklock`): from reading which versions are
    recorded to recording its own, a run holds the week's lock, on every host of a PostgreSQL store. A run
    that finds another making the week waits for it, then does what it would have done after it: without
    `reissue` it returns the version that run recorded (`created` False, `other_run` True: one v1, made,
    recorded and e-mailed once), and with `reissue` it makes the next version (two reissues at once give
    v2 and v3, each counted after the one before). A run killed while holding the lock drops it with its
    process (or connection); what it left half written is removed by the next run of the week.
    """
    check_team_name(team)
    iso_week_window(week, "UTC")  # both name the week's lock and folders: checked before either is made
    check_week_ended(week, team_tz(store, team), now or utc_now())  # refused before anything is made (again below)
    root = report_root(store, out_dir)

    def on_wait() -> None:
        progress(f"waiting for another run that is making {team}'s {week} report (runs of a week take turns)")

    with week_lock(store, root, team, week, on_wait=on_wait) as waited:
        last: ReportRaced | None = None
        for _ in range(COUNT_ATTEMPTS):
            try:
                made = _make_once(store, team, week, tz=tz, out_dir=root, runs_dir=runs_dir, reissue=reissue, now=now,
                                  overdue_after_h=overdue_after_h, progress=progress, overtaken=last)  # fmt: skip
            except ReportRaced as exc:
                last = exc
                continue
            return dataclasses.replace(made, other_run=True) if waited and not made.created else made
    assert last is not None
    raise ReportRaced(
        f"{team}'s {week} report was not recorded: each of its {COUNT_ATTEMPTS} counts was overtaken by another "
        f"report run of {team}, which recorded {last.other_week} v{last.other_version} last (seq {last.other_seq}) "
        f"before this one could; nothing of this run was stored. Run `memeval report weekly --team {team} --week "
        f"{week}` again once the other run is done (a scheduler and a manual run of the same team take turns)",
        team=team, week=week, counted_upto=last.counted_upto, other_week=last.other_week,
        other_version=last.other_version, other_seq=last.other_seq,
    ) from last  # fmt: skip


def _make_once(store: SqlAuditStore, team: str, week: str, *, tz: str | None, out_dir: Path | None, runs_dir: Path,
               reissue: bool, now: datetime | None, overdue_after_h: float | None, progress: Progress,
               overtaken: ReportRaced | None) -> MadeReport:  # fmt: skip
    """One count and record of `make_report` (its arguments); `overtaken`: why the count before was refused."""
    root = report_root(store, out_dir)
    done = [g for g in store.reads.generated_reports(team) if g.week == week]
    if done and not reissue:
        folder = report_folder(root, team, week, done[-1].version)
        if not (folder / "record.json").is_file():
            made = _rebuild(store, team, done[-1], folder, runs_dir=runs_dir, progress=progress)
        else:
            made = load_made(folder)
        if tz is not None and tz != made.record.tz:  # it was returned as is, cut in its own zone, without a word
            raise UsageError(
                f"{team}'s {week} is reported in its zone, {made.record.tz}, not {tz} (v{made.record.version}: "
                f"{made.pdf}): leave out --tz for that report, or look at the week in {tz} without recording it "
                "with --preview"
            )
        return made
    version = len(done) + 1
    gen = now or utc_now()
    zone = team_tz(store, team)
    if tz is not None and tz != zone:
        raise UsageError(
            f"{team}'s weeks are recorded in its zone, {zone}, not {tz} (weeks cut in two zones overlap or leave a "
            f"gap where they meet): leave out --tz, set the zone with `memeval audit team set {team} --tz {tz}` "
            f"before the team's first report, or look at the week in {tz} without recording it with --preview"
        )
    check_zone_kept(store, team, zone, doing=f"record {team}'s {week} in {zone}")
    check_week_ended(week, zone, gen)
    if overtaken is None:
        progress(f"counting {team}'s events of {week}")
    else:
        progress(f"counting {team}'s events of {week} again: another run recorded {overtaken.other_week} "
                 f"v{overtaken.other_version} (seq {overtaken.other_seq}) after this one counted up to seq "
                 f"{overtaken.counted_upto}, and this report must show what that one did")  # fmt: skip
    ctx = build_context(
        store, team, week, tz=tz, runs_dir=runs_dir, version=version, now=gen, overdue_after_h=overdue_after_h
    )
    return _write(store, root, ctx, gen, progress=progress)


def _render_all(ctx: WeeklyReportContext, progress: Progress) -> tuple[str, str, bytes]:
    """(HTML, text body, PDF) of `ctx`, saying each step to `progress`."""
    progress("rendering the HTML and the e-mail text")
    html = render_html(ctx)
    body = render_text(ctx)
    if not weasyprint_loaded():
        progress("loading the PDF renderer (WeasyPrint)")
        load_weasyprint()
    progress("laying out and writing the PDF")
    return html, body, render_pdf(html)


def _write(store: SqlAuditStore, root: Path, ctx: WeeklyReportContext, gen: datetime,
           expect_pdf: str | None = None, progress: Progress = _quiet) -> MadeReport:  # fmt: skip
    """Render `ctx`, write its folder, and record it (or, with `expect_pdf`, check a rebuild)."""
    team, week, version = ctx.team, ctx.week, ctx.version
    html, body, pdf = _render_all(ctx, progress)
    progress("writing the files" + (" and recording the report in the audit log" if expect_pdf is None else ""))
    folder = report_folder(root, team, week, version)
    folder.parent.mkdir(parents=True, exist_ok=True)
    remove_unfinished(folder.parent)
    tmp = Path(tempfile.mkdtemp(prefix=f".v{version}-", dir=folder.parent))
    try:
        return _fill_and_record(store, ctx, gen, tmp, folder, html, body, pdf, expect_pdf)
    except BaseException:  # refused (another run's report came first: `ReportRaced`), failed or interrupted
        if tmp.exists():  # nothing recorded: no half-written file left behind (a repeat removed it already)
            shutil.rmtree(tmp)
        raise


def remove_unfinished(week_folder: Path) -> list[Path]:
    """Remove the hidden `.v<N>-*` folders a run writes a version into before recording it; return them.

    Call with the week's lock held (`_weeklock`): then no other run is writing one, and any found was
    left by a run killed while writing (kill -9, power loss), before its version was recorded.
    """
    gone = sorted(p for p in week_folder.glob(".v*-*") if p.is_dir() and not p.is_symlink())
    for p in gone:
        shutil.rmtree(p)
    return gone


def _fill_and_record(store: SqlAuditStore, ctx: WeeklyReportContext, gen: datetime, tmp: Path, folder: Path,
                     html: str, body: str, pdf: bytes, expect_pdf: str | None) -> MadeReport:  # fmt: skip
    """`_write`'s files in `tmp`, then the record (or the rebuild's check) and the move to `folder`."""
    team, week, version = ctx.team, ctx.week, ctx.version
    (tmp / "report.pdf").write_bytes(pdf)
    (tmp / "report.html").write_text(html, encoding="utf-8")
    (tmp / "body.txt").write_text(body, encoding="utf-8")
    rec = ReportRecord(
        team=team, week=week, tz=ctx.tz, version=version, window_start_utc=ctx.window_start_utc,
        window_end_utc=ctx.window_end_utc, first_seq=ctx.first_seq, last_seq=ctx.last_seq,
        last_event_hash=ctx.last_event_hash, counts_sha256=ctx.counts_sha256,
        pdf_sha256=sha256_file(tmp / "report.pdf"), html_sha256=sha256_file(tmp / "report.html"),
        text_sha256=sha256_file(tmp / "body.txt"), generated_at=gen, overdue_after_h=ctx.overdue_after_h,
        waiting_aged_by=_aged_by_field(ctx.waiting_aged_by), idempotency_key=idempotency_key(team, week, version),
        backdated_by="received" if ctx.backdated_by == "received" else None,
        lists_sha256=shown_lists_sha256(ctx),
    )  # fmt: skip
    (tmp / "record.json").write_text(rec.model_dump_json(indent=2, by_alias=True) + "\n", encoding="utf-8")
    if expect_pdf is not None:  # a rebuild of a recorded version: keep it only if it is the same report
        if rec.pdf_sha256 != expect_pdf:
            raise ReportError(
                f"{team} {week} v{version}: {folder} was missing and the rebuild from the log gives "
                f"{rec.pdf_sha256}, not the recorded {expect_pdf} (the runs folder or the template changed?): "
                "restore the files from a backup, or make a new version with --reissue"
            )
        if folder.exists():
            shutil.rmtree(folder)
        tmp.rename(folder)
        return MadeReport(rec, folder, created=False)
    event = EVENT_ADAPTER.validate_python({
        "type": "report.generated", "occurred_at": gen, "team": team,
        "sender_event_id": f"report.generated:{rec.idempotency_key}",
        "actor": {"kind": "system", "id": "memeval.report", "role": "report"},
        "payload": {"week": week, "first_seq": rec.first_seq, "last_seq": rec.last_seq,
                    "sha256": rec.pdf_sha256, "path": report_file(team, week, version), "tz": ctx.tz,
                    "overdue_after_h": ctx.overdue_after_h, "waiting_aged_by": _aged_by_field(ctx.waiting_aged_by),
                    "backdated_by": rec.backdated_by, "lists_sha256": rec.lists_sha256},
    })  # fmt: skip
    res = store.append([event], sender=REPORT_SENDER, origin="report")
    if res.duplicates:  # another process made this version first: keep its files
        shutil.rmtree(tmp)
        return load_made(folder)
    if folder.exists():  # files of an unrecorded earlier attempt (crash before the event)
        shutil.rmtree(folder)
    tmp.rename(folder)
    return MadeReport(rec, folder, created=True)


def preview_report(
    store: SqlAuditStore,
    team: str,
    week: str,
    *,
    tz: str | None = None,
    runs_dir: Path = Path("runs"),
    now: datetime | None = None,
    progress: Progress = _quiet,
) -> PreviewFolder:
    """Render `week` as the log stands now into the week's preview folder; nothing is recorded.

    The folder (`previews/<team>-<week>/` in memeval's cache folder, replaced by the next preview of
    the week; `memeval.auditreport._preview`) is outside the store's report folder, so no scheduler or
    `report send` can ever find or mail it.

    Returns:
        The folder holding `report.pdf`, `report.html` and `body.txt`, and whether it is the cache's.
    """
    gen = now or utc_now()
    progress(f"counting {team}'s events of {week} so far")
    ctx = build_context(store, team, week, tz=tz, runs_dir=runs_dir, version=0, now=gen)
    html, body, pdf = _render_all(ctx, progress)
    return write_preview(team, week, {"report.pdf": pdf, "report.html": html.encode(), "body.txt": body.encode()})


def _rebuild(store: SqlAuditStore, team: str, g: GeneratedReport, folder: Path, *, runs_dir: Path,
             progress: Progress = _quiet) -> MadeReport:  # fmt: skip
    """Rebuild a recorded version whose files are gone, from the log prefix it counted."""
    if g.generated_at is None:
        raise ReportError(f"{team} {g.week} v{g.version}: {folder} is missing: restore it, or --reissue")
    progress(f"{folder} is missing: counting {team}'s events of {g.week} up to seq {g.last_seq} again")
    ctx = build_context(
        store, team, g.week, tz=g.tz, runs_dir=runs_dir, upto_seq=g.last_seq, version=g.version,
        now=g.generated_at, overdue_after_h=g.overdue_after_h, waiting_by=waiting_by(g.waiting_aged_by),
        list_backdated=g.backdated_by == "received", label_repeats=g.lists_sha256 is not None,
    )  # fmt: skip
    return _write(store, folder.parent.parent.parent, ctx, g.generated_at, expect_pdf=g.sha256, progress=progress)


def record_json(made: MadeReport) -> str:
    """A made report as one JSON line (record plus file paths), for `--json` output.

    The record's own schema name is `record_schema` here, beside the `--json` document's `schema`.
    """
    out = made.record.model_dump(mode="json", by_alias=True)
    out["record_schema"] = out.pop("schema")
    out.update(folder=str(made.folder), pdf=str(made.pdf), created=made.created, other_run=made.other_run)
    return json.dumps(out, sort_keys=True)
