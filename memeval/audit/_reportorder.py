"""A team's reports are recorded in the order they counted: the store's check on `report.generated`.

A weekly report counts the log up to a seq (`payload.last_seq`), then renders for a second or more,
then appends its `report.generated`. What it shows of events another report counts (the back-dated
list, "Arrived late", the labels on events an earlier report showed: `memeval.auditreport._elsewhere`)
is read from the reports stored up to that seq. Two runs of one team at once (two processes, or the
scheduler and `memeval report weekly`) each counted before the other's report was stored, so neither
saw the other, and an event listed by one was counted by the other without a label.

`refuse_report_behind` runs in the write transaction, under the store's one write lock, so the
answer cannot change before the event is stored: a `report.generated` is stored only when no report
of its team was stored after the seq it counted up to. Every stored report has then counted every
report stored before it, as when reports are made one after the other. The caller counts again.
"""

from __future__ import annotations

import json

from sqlalchemy import text
from sqlmodel import Session

from memeval.audit._events import AuditEvent
from memeval.audit._payloads import ReportGenerated
from memeval.errors import ReportRaced

_LAST = "SELECT max(seq) FROM audit_event WHERE team = :t AND type = 'report.generated'"
_ALL = "SELECT seq, body FROM audit_event WHERE team = :t AND type = 'report.generated' ORDER BY seq"


def refuse_report_behind(s: Session, ev: AuditEvent, index: int) -> None:
    """Raise when `ev`, a `report.generated`, did not count its team's latest stored report.

    Call with the write lock held (in `_write._append_locked`), for an event that is not a repeat
    (a repeat of a stored report is skipped as a duplicate before this). One indexed `max(seq)`
    read (`ix_audit_event_counts`); the reports' bodies are read only to name the one missed.
    Reports of the same batch are not seen (a report is appended alone).

    Args:
        s: the write session.
        ev: the draft; other types are let through.
        index: its position in the batch (for the error).

    Raises:
        ReportRaced: a report of the team has a seq above `ev.payload.last_seq`; names the team,
            both weeks, both seqs and what to do.
    """
    if not isinstance(ev.payload, ReportGenerated):
        return
    counted = ev.payload.last_seq
    last = s.execute(text(_LAST), {"t": ev.team}).scalar()
    if last is None or int(last) <= counted:
        return
    versions: dict[str, int] = {}
    other_week, other_version = "", 0
    for seq, body in s.execute(text(_ALL), {"t": ev.team}):
        w = json.loads(body)["payload"]["week"]
        versions[w] = versions.get(w, 0) + 1
        if int(seq) == int(last):
            other_week, other_version = w, versions[w]
    week = ev.payload.week
    raise ReportRaced(
        f"{ev.team}'s report of {week} counted the log up to seq {counted}, but {ev.team}'s report of "
        f"{other_week} v{other_version} was recorded since (seq {last}) by another report run: a report must count "
        f"every report recorded before it, or an event one lists is counted by the other unlabelled; nothing was "
        f"stored. Count {week} again (`memeval report weekly` does this itself)",
        team=ev.team, week=week, counted_upto=counted, other_week=other_week, other_version=other_version,
        other_seq=int(last), index=index,
    )  # fmt: skip
