"""Verify a recorded report version: its files, its report event, the chain, and a recount from the log.

`verify_report` is what `memeval report verify` runs; `file_checks` is also what delivery checks
before it sends a version's files.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from memeval.audit import SqlAuditStore, verify_chain
from memeval.auditreport._build import counts_sha256
from memeval.auditreport._record import MadeReport, load_made, sha256_file, waiting_by


@dataclass(frozen=True)
class ReportCheck:
    """One verification step: its name, whether it held, and what was compared."""

    name: str
    ok: bool
    detail: str


def file_checks(made: MadeReport) -> list[ReportCheck]:
    """Whether the version's `report.pdf`, `report.html` and `body.txt` (the e-mail's text) hash as recorded.

    Returns:
        Three checks named `pdf`, `html` and `text` (a missing file reads as hash `missing`).
    """
    checks = []
    for name, file, want in (("pdf", made.pdf, made.record.pdf_sha256), ("html", made.html, made.record.html_sha256),
                             ("text", made.text, made.record.text_sha256)):  # fmt: skip
        got = sha256_file(file) if file.is_file() else "missing"
        checks.append(ReportCheck(name, got == want, f"{file}: {got}, recorded {want}"))
    return checks


def verify_report(store: SqlAuditStore, path: Path) -> list[ReportCheck]:
    """Recount a report from the log and compare it with its record and files.

    Args:
        store: the audit store the report was counted from.
        path: the report's folder, its `record.json` or its `report.pdf`.

    Returns:
        The checks, in order: pdf, html and text hashes (`file_checks`), report event, last event
        hash, chain, recount.

    Raises:
        ReportError: no record can be found at `path`.
    """
    folder = path if path.is_dir() else path.parent
    made = load_made(folder)
    rec = made.record
    checks = file_checks(MadeReport(rec, folder, created=False))
    events = [g for g in store.reads.generated_reports(rec.team) if g.week == rec.week and g.version == rec.version]
    ev_ok = bool(events) and events[0].sha256 == rec.pdf_sha256 and events[0].last_seq == rec.last_seq
    ev_detail = f"report.generated seq {events[0].seq}" if events else "no report.generated event"
    checks.append(ReportCheck("report_event", ev_ok, ev_detail))
    h = store.reads.hash_at(rec.team, rec.last_seq)
    h_detail = f"event {rec.last_seq}: {h or 'missing'}, recorded {rec.last_event_hash or 'none'}"
    checks.append(ReportCheck("last_event_hash", (h or "") == rec.last_event_hash, h_detail))
    chain = verify_chain(store, rec.team)
    checks.append(ReportCheck("chain", chain.ok, f"{chain.checked} events verified"
                        + ("" if chain.ok else f"; broken at seq {chain.broken_seq}: {chain.problem}")))  # fmt: skip
    c = store.reads.week_counts(
        rec.team, rec.week, tz=rec.tz, upto_seq=rec.last_seq, waiting_by=waiting_by(rec.waiting_aged_by)
    )
    now_hash = counts_sha256(c)
    checks.append(ReportCheck("recount", now_hash == rec.counts_sha256, f"{now_hash}, recorded {rec.counts_sha256}"))
    return checks
