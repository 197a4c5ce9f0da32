"""Verify a recorded report version: its files, its report event, the chain, and a recount from the log.

`verify_report` is what `memeval report verify` runs; `file_checks` is also what delivery checks
before it sends a version's files.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from memeval.audit import SqlAuditStore, verify_chain
from memeval.auditreport._build import LIST_LIMIT, counts_sha256
from memeval.auditreport._elsewhere import (
    BACKDATED_KINDS,
    Backdated,
    LateLine,
    count_backdated,
    late_lines,
    lists_sha256,
)
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
        hash, chain, recount, and for a report that lists back-dated events (`backdated_by`) a
        recount of it and the Arrived late table (`lists_check`).

    Raises:
        ReportError: no record can be found at `path`.
    """
    folder = path if path.is_dir() else path.parent
    made = load_made(folder)
    rec = made.record
    checks = file_checks(MadeReport(rec, folder, created=False))
    events = [g for g in store.reads.generated_reports(rec.team) if g.week == rec.week and g.version == rec.version]
    ev_ok = bool(events) and (events[0].sha256, events[0].last_seq, events[0].lists_sha256) == (
        rec.pdf_sha256, rec.last_seq, rec.lists_sha256)  # fmt: skip
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
    if rec.backdated_by == "received":
        checks.append(lists_check(store, made))
    return checks


def _described(bd: Backdated, late: list[LateLine] | None = None) -> str:
    """Recounted lists in a few words: back-dated counts by type, listed seqs, the note, the late weeks."""
    types = ", ".join(f"{k} {v}" for k, v in bd.by_type.items()) or "none"
    out = f"recounted back-dated {types}; listed seqs {[r.seq for r in bd.rows]}"
    if bd.listed_before:
        out += "; listed before by " + ", ".join(f"{k} ({v})" for k, v in bd.listed_before.items())
    if late is not None:
        out += "; arrived late " + (", ".join(
            f"{x.week} v{x.version} {sum(x.by_type.values())} ({x.shown_before} shown before)" for x in late
        ) or "none")  # fmt: skip
    return out


def lists_check(store: SqlAuditStore, made: MadeReport) -> ReportCheck:
    """Recount a report's lists of events another report counts (`memeval.auditreport._elsewhere`).

    A record with `lists_sha256` is compared by digest: the back-dated list (counts by type, listed
    seqs, the "more" figure), the note of events listed before, and the Arrived late table with what
    earlier reports showed of it. A record made between late43 and that digest
    (`backdated_by` but no digest) is compared with what its e-mail text (`body.txt`, whose hash the
    `text` check compares) shows: the list's counts by type and the seq and kind of each listed event.

    Returns:
        A check named `lists`; its detail names the recount and, on a mismatch, what differs.
    """
    rec = made.record
    noted = rec.lists_sha256 is not None
    bd = count_backdated(store, rec.team, rec.week, rec.tz, rec.last_seq, LIST_LIMIT, label=noted)
    if noted:
        late = late_lines(store, rec.team, rec.week, rec.tz, rec.last_seq)
        got = lists_sha256(bd.by_type, [r.seq for r in bd.rows], bd.more, bd.listed_before, late)
        said = _described(bd, late)
        return ReportCheck("lists", got == rec.lists_sha256, f"{said}: {got}, recorded {rec.lists_sha256}")
    said = _described(bd)
    text = made.text.read_text(encoding="utf-8", errors="replace") if made.text.is_file() else ""
    want_head = ""
    if bd.by_type:
        want_head = f"{_TEXT_HEAD} " + ", ".join(f"{k} {v}" for k, v in bd.by_type.items())
    want_items = [f"- seq {r.seq}: a {BACKDATED_KINDS[r.type]} dated " for r in bd.rows]
    lines = text.splitlines()
    at = next((i for i, x in enumerate(lines) if x.startswith(_TEXT_HEAD)), None)
    shown_head, items = "", []
    if at is not None:
        # late43's text ran the first listed event onto the head line: split it off
        shown_head, cut, first = lines[at].partition("- seq ")
        items = [cut + first] if cut else []
        for x in lines[at + 1 :]:
            if not x.startswith("- seq "):
                break
            items.append(x)
    ok = shown_head == want_head and len(items) == len(want_items) and all(
        x.startswith(w) for x, w in zip(items, want_items, strict=False))  # fmt: skip
    detail = f"{said}; {made.text.name} shows {shown_head or 'no list'!r} with {len(items)} listed"
    return ReportCheck("lists", ok, detail + ("" if ok else " (the record predates lists_sha256)"))


_TEXT_HEAD = "Received this week but dated into a week no report counted:"
"""How the e-mail text of a late43 report opens its back-dated list (`templates/report/weekly.txt`)."""
