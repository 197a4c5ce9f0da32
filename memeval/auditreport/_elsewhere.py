"""Events a week's report shows that another report counts: listed, labelled when shown again, recounted.

A week's report counts by business time (`occurred_at`, the sender's word). Two lists show events
that belong to another week:

- "Received this week, dated earlier": an event the store received in week A but dated into a week B
  that has no report at A's cut (`AuditReads.backdated`); without it no report would ever show it.
  If B is reported later, B's report counts it too, as it counts everything dated in B (a week's
  figures stay what happened in it, and a reissue of B recounts them the same way), and says how
  many of its events an earlier report listed so, by report (`listed_before`).
- "Arrived late": events dated into an already reported week W that arrived after W's report. Every
  later report lists them until W is reissued; each now says how many an earlier report showed
  already (`LateLine.shown_before`).

Summed over reports, each event counts once when the labelled ones are taken out. `count_backdated`
and `late_lines` give the lists as the log stood at a cut; `lists_sha256` digests what a report
shows of them, so `memeval report verify` can recount them (`ReportRecord.lists_sha256`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import NamedTuple

from memeval.audit import GeneratedReport, LogRow, SqlAuditStore, canonical_json, iso_week_window

BACKDATED_KINDS = {"access.refused": "refusal", "hold.created": "held text", "lesson.proposed": "lesson"}
"""Types of back-dated events the report lists one by one (the rest are counted by type), and their names."""


class Backdated(NamedTuple):
    """What a week's report shows of back-dated events, at one cut of the log."""

    by_type: dict[str, int]
    """{type: count} of the events received in the week but dated into a week no report counted."""
    rows: list[LogRow]
    """The refusals, held texts and lessons among them, first received first, at most the list limit."""
    more: int
    """Refusals, held texts and lessons of `by_type` not in `rows` because of the limit."""
    listed_before: dict[str, int]
    """{`<week> v<N>`: count} of events dated in this week that report listed as back-dated, in log order."""


def _reported_windows(reports: Sequence[GeneratedReport], zone: str) -> list[tuple[datetime, datetime]]:
    """The [start, end) UTC windows of the weeks `reports` cover (each week once, its latest version's zone)."""
    latest: dict[str, GeneratedReport] = {}
    for g in reports:
        latest[g.week] = g
    return [iso_week_window(w, g.tz or zone) for w, g in latest.items()]


def count_backdated(
    store: SqlAuditStore,
    team: str,
    week: str,
    zone: str,
    upto_seq: int,
    limit: int,
    *,
    label: bool = True,
) -> Backdated:
    """The back-dated list of `team`'s `week` (cut in `zone`) and its note of events listed before, at `upto_seq`.

    Args:
        store: the audit store (read only).
        team: the team.
        week: ISO week `YYYY-Www`.
        zone: IANA zone the week is cut in.
        upto_seq: the report's cut: events and `report.generated` events with seq <= this.
        limit: most rows listed one by one.
        label: count `listed_before` (False: empty, for reports recorded before the note existed).

    Returns:
        A `Backdated`. An earlier report listed an event of this week exactly when, at that report's
        own cut, this week had no report, the event was received in that report's week and dated in
        this one, and the report recorded `backdated_by: received`.
    """
    reads = store.reads
    start, end = iso_week_window(week, zone)
    reports = reads.generated_reports(team, upto_seq)
    by_type, rows = reads.backdated(team, start, end, upto_seq, _reported_windows(reports, zone), limit)
    more = max(0, sum(by_type.get(t, 0) for t in BACKDATED_KINDS) - len(rows))
    listed: dict[str, int] = {}
    if label:
        for g in reports:
            if g.backdated_by != "received" or g.week <= week:
                continue
            at_cut = [h for h in reports if h.seq <= g.last_seq]
            if any(h.week == week for h in at_cut):  # this week had a report then: g left its events to it
                continue
            gs, ge = iso_week_window(g.week, g.tz or zone)
            n, _ = reads.backdated(team, gs, ge, g.last_seq, _reported_windows(at_cut, zone), 0, dated_in=(start, end))
            if sum(n.values()):
                listed[f"{g.week} v{g.version}"] = sum(n.values())
    return Backdated(by_type, rows, more, listed)


class LateLine(NamedTuple):
    """An earlier reported week that gained events after its latest report, as of a cut."""

    week: str
    version: int
    """The week's latest report version at the cut (the one that did not count them)."""
    last_seq: int
    by_type: dict[str, int]
    """{type: count} of its late events (report events left out)."""
    shown_before: int
    """How many of them an earlier report listed under "Arrived late" already (0 when not labelled)."""
    shown_by: str
    """`<week> v<N>` of the first report that listed any of them ('' when none did)."""


def late_lines(
    store: SqlAuditStore, team: str, week: str, zone: str, upto_seq: int, *, label: bool = True
) -> list[LateLine]:
    """The "Arrived late" lines of `team`'s `week` at `upto_seq`: reported weeks before it that gained events.

    A report R made after week W's latest report g (and for a later week than W) listed W's events
    with seq in (g.last_seq, R.last_seq]; `shown_before` counts those among this report's (with
    `label`), `shown_by` names the first such R.
    """
    reads = store.reads
    reports = reads.generated_reports(team, upto_seq)
    latest: dict[str, GeneratedReport] = {}
    for g in reports:
        latest[g.week] = g
    out = []
    for w, g in sorted(latest.items()):
        if w >= week:
            continue
        by_type = reads.late_by_type(team, w, zone, g.last_seq, upto_seq)
        if not by_type:
            continue
        shown, by = 0, ""
        if label:
            for r in reports:
                if r.seq <= g.seq or r.week <= w or r.last_seq <= g.last_seq:
                    continue
                n = sum(reads.late_by_type(team, w, zone, g.last_seq, r.last_seq).values())
                if n and not by:
                    by = f"{r.week} v{r.version}"
                shown = max(shown, n)
        out.append(LateLine(w, g.version, g.last_seq, by_type, shown, by))
    return out


def lists_sha256(
    by_type: Mapping[str, int],
    seqs: Sequence[int],
    more: int,
    listed_before: Mapping[str, int],
    late: Sequence[LateLine],
) -> str:
    """`sha256:` + hex SHA-256 of the canonical JSON of what a report shows of events another report counts.

    Args:
        by_type: {type: count} of the back-dated list.
        seqs: seqs of the events it lists one by one, in its order.
        more: refusals, held texts and lessons it counts but does not list.
        listed_before: {`<week> v<N>`: count} of its events an earlier report listed as back-dated.
        late: its "Arrived late" lines.
    """
    body = canonical_json({"by_type": dict(by_type), "seqs": list(seqs), "more": more,
                           "listed_before": dict(listed_before), "late": [list(x) for x in late]})  # fmt: skip
    return "sha256:" + hashlib.sha256(body.encode()).hexdigest()
