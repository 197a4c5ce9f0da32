"""Make a week's report once, record what it was counted from, and verify it later.

Files of one report version go to `<out_dir>/<team>/<week>/v<N>/`: `report.pdf`, `report.html`,
`body.txt` and `record.json` (a `ReportRecord`). The audit log gets one `report.generated`
event per version (sender event id `report.generated:<team>:<week>:v<N>`, so a repeat is stored
once), written through the store's single write path. Asking again for a week already reported
returns the recorded version unchanged; `reissue=True` makes version N+1 from the log as it is
now. `verify_report` recounts a record from the log.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from pydantic import AwareDatetime, BaseModel, ConfigDict
from sqlalchemy import text

from memeval.audit import EVENT_ADAPTER, SqlAuditStore, verify_chain, week_counts
from memeval.audit._time import utc_now
from memeval.errors import ReportError
from memeval.report import _queries as q
from memeval.report._build import build_context, counts_sha256
from memeval.report._render import render_html, render_pdf, render_text

RECORD_SCHEMA = "memeval.report-record/1"
REPORT_SENDER = "memeval-report"
"""The sender name of report events in the audit log."""


def default_report_dir() -> Path:
    """`MEMEVAL_REPORT_DIR`, else `reports/` (relative to the working directory)."""
    return Path(os.environ.get("MEMEVAL_REPORT_DIR") or "reports")


def sha256_file(path: Path) -> str:
    """`sha256:` + hex SHA-256 of a file's bytes."""
    return "sha256:" + hashlib.sha256(path.read_bytes()).hexdigest()


class ReportRecord(BaseModel):
    """What one report version was counted from, so anyone can recount it (`record.json`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_: str = RECORD_SCHEMA
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
    """SHA-256 of the canonical JSON of the counts (`memeval.report.counts_sha256`)."""
    pdf_sha256: str
    html_sha256: str
    text_sha256: str
    generated_at: AwareDatetime
    overdue_after_h: float | None = None
    """The overdue age (hours) the 'waiting longer than' list used (None in records made before it)."""
    idempotency_key: str
    """`<team>/<week>/v<N>`: the key of this version's e-mail delivery."""


@dataclass(frozen=True)
class MadeReport:
    """A report version on disk: its record and files; `created` False when it existed already."""

    record: ReportRecord
    folder: Path
    created: bool

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


def report_folder(out_dir: Path, team: str, week: str, version: int) -> Path:
    """Where the files of one report version live."""
    return out_dir / team / week / f"v{version}"


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
) -> MadeReport:
    """The report of `team`'s ISO `week`: made once, then returned as recorded.

    Args:
        store: the audit store (read, and written through its single write path).
        team: the team.
        week: ISO week `YYYY-Www`.
        tz: IANA zone to cut the week in (default: the team's zone).
        out_dir: root of report folders (default `default_report_dir()`).
        runs_dir: folder of A/B run folders.
        reissue: make a new version even when the week was reported already.
        now: generation time (aware), for tests and the scheduler; default now.
        overdue_after_h: the overdue age in hours (default: the review queue's setting).

    Returns:
        The `MadeReport` (`created` False when an existing version was returned).

    Raises:
        ReportError: the week was reported but its files are gone (and `reissue` is False), or
            rendering failed. UsageError: bad week or zone.
    """
    root = out_dir or default_report_dir()
    done = [g for g in q.generated_reports(store, team) if g.week == week]
    if done and not reissue:
        folder = report_folder(root, team, week, done[-1].version)
        if not (folder / "record.json").is_file():
            raise ReportError(
                f"{team} {week} was reported (version {done[-1].version}, log seq {done[-1].seq}) but "
                f"{folder} is missing: restore it, or make a new version with --reissue"
            )
        return load_made(folder)
    version = len(done) + 1
    gen = now or utc_now()
    ctx = build_context(
        store, team, week, tz=tz, runs_dir=runs_dir, version=version, now=gen, overdue_after_h=overdue_after_h
    )
    html = render_html(ctx)
    body = render_text(ctx)
    pdf = render_pdf(html)
    folder = report_folder(root, team, week, version)
    folder.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".v{version}-", dir=folder.parent))
    (tmp / "report.pdf").write_bytes(pdf)
    (tmp / "report.html").write_text(html, encoding="utf-8")
    (tmp / "body.txt").write_text(body, encoding="utf-8")
    rec = ReportRecord(
        team=team, week=week, tz=ctx.tz, version=version, window_start_utc=ctx.window_start_utc,
        window_end_utc=ctx.window_end_utc, first_seq=ctx.first_seq, last_seq=ctx.last_seq,
        last_event_hash=ctx.last_event_hash, counts_sha256=ctx.counts_sha256,
        pdf_sha256=sha256_file(tmp / "report.pdf"), html_sha256=sha256_file(tmp / "report.html"),
        text_sha256=sha256_file(tmp / "body.txt"), generated_at=gen, overdue_after_h=ctx.overdue_after_h,
        idempotency_key=idempotency_key(team, week, version),
    )  # fmt: skip
    (tmp / "record.json").write_text(rec.model_dump_json(indent=2) + "\n", encoding="utf-8")
    event = EVENT_ADAPTER.validate_python({
        "type": "report.generated", "occurred_at": gen, "team": team,
        "sender_event_id": f"report.generated:{rec.idempotency_key}",
        "actor": {"kind": "system", "id": "memeval.report", "role": "report"},
        "payload": {"week": week, "first_seq": rec.first_seq, "last_seq": rec.last_seq,
                    "sha256": rec.pdf_sha256, "path": str(folder / "report.pdf")},
    })  # fmt: skip
    res = store.append([event], sender=REPORT_SENDER)
    if res.duplicates:  # another process made this version first: keep its files
        shutil.rmtree(tmp)
        return load_made(folder)
    if folder.exists():  # files of an unrecorded earlier attempt (crash before the event)
        shutil.rmtree(folder)
    tmp.rename(folder)
    return MadeReport(rec, folder, created=True)


@dataclass(frozen=True)
class Check:
    """One verification step: its name, whether it held, and what was compared."""

    name: str
    ok: bool
    detail: str


def verify_report(store: SqlAuditStore, path: Path) -> list[Check]:
    """Recount a report from the log and compare it with its record and files.

    Args:
        store: the audit store the report was counted from.
        path: the report's folder, its `record.json` or its `report.pdf`.

    Returns:
        The checks, in order: pdf hash, report event, last event hash, chain, recount.

    Raises:
        ReportError: no record can be found at `path`.
    """
    folder = path if path.is_dir() else path.parent
    made = load_made(folder)
    rec = made.record
    checks: list[Check] = []
    pdf = folder / "report.pdf"
    got = sha256_file(pdf) if pdf.is_file() else "missing"
    checks.append(Check("pdf", got == rec.pdf_sha256, f"{pdf}: {got}, recorded {rec.pdf_sha256}"))
    events = [g for g in q.generated_reports(store, rec.team) if g.week == rec.week and g.version == rec.version]
    ev_ok = bool(events) and events[0].sha256 == rec.pdf_sha256 and events[0].last_seq == rec.last_seq
    ev_detail = f"report.generated seq {events[0].seq}" if events else "no report.generated event"
    checks.append(Check("report_event", ev_ok, ev_detail))
    with store.read_session() as s:
        h = (
            s.connection()
            .execute(
                text("SELECT hash FROM audit_event WHERE team = :t AND seq = :q"), {"t": rec.team, "q": rec.last_seq}
            )
            .scalar()
        )
    h_detail = f"event {rec.last_seq}: {h or 'missing'}, recorded {rec.last_event_hash or 'none'}"
    checks.append(Check("last_event_hash", (h or "") == rec.last_event_hash, h_detail))
    chain = verify_chain(store, rec.team)
    checks.append(Check("chain", chain.ok, f"{chain.checked} events verified"
                        + ("" if chain.ok else f"; broken at seq {chain.broken_seq}: {chain.problem}")))  # fmt: skip
    c = week_counts(store, rec.team, rec.week, tz=rec.tz, upto_seq=rec.last_seq)
    now_hash = counts_sha256(c)
    checks.append(Check("recount", now_hash == rec.counts_sha256, f"{now_hash}, recorded {rec.counts_sha256}"))
    return checks


def record_json(made: MadeReport) -> str:
    """A made report as one JSON line (record plus file paths), for `--json` output."""
    out = json.loads(made.record.model_dump_json())
    out.update(folder=str(made.folder), pdf=str(made.pdf), created=made.created)
    return json.dumps(out, sort_keys=True)
