"""Counts for a team and a time window, computed in SQL from the log (never from projections).

Window: [start, end) on business time (`occurred_at`), usually one ISO week in the team's zone
(`iso_week_window`). Everything is counted from log rows with `seq <= upto_seq` (the team's head
when not given), so a count can be repeated later and give the same numbers.

What an item's state is "at the end of the window": the decision events with `occurred_at < end`.
Lessons, contradictions and holds are counted when they were *opened* in the window, with their
state at its end. Waiting ages (`WeekCounts.waiting`) are the review queue's and the overdue
list's: every item the store had received before the end (its `recorded_at`) and undecided at it,
aged `end - recorded_at` (`waiting_by="received"`, the default). They were aged by business time
(`occurred_at`, which a sender sets with no lower bound), so a backdated item was days old the
moment it arrived; `waiting_by="occurred"` is that old rule, kept so a weekly report recorded with
it recounts to its recorded hash (`memeval.auditreport`, records without `waiting_aged_by`).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict
from sqlalchemy import text

from memeval.audit._lifecycle import LIFECYCLES, Lifecycle
from memeval.audit._store import SqlAuditStore
from memeval.audit._tables import AuditHead, TeamRow
from memeval.audit._time import iso_week_window, to_us
from memeval.errors import UsageError

_DAY_US = 86_400 * 1_000_000

WaitingBy = Literal["received", "occurred"]
"""What waiting ages count from: when the store received an item (`recorded_at`, the queue's rule)
or its business time (`occurred_at`, reports recorded before the change)."""


class WaitingAges(BaseModel):
    """Items still waiting at the end of the window, by age."""

    model_config = ConfigDict(frozen=True)
    under_1d: int = 0
    d1_to_3: int = 0
    d3_to_7: int = 0
    over_7d: int = 0

    @property
    def total(self) -> int:
        """All waiting items."""
        return self.under_1d + self.d1_to_3 + self.d3_to_7 + self.over_7d


class WeekCounts(BaseModel):
    """What a team's agents did with memory in a window (see the module docstring for rules)."""

    model_config = ConfigDict(frozen=True)
    team: str
    tz: str
    """The zone the window was cut in (IANA name)."""
    week: str | None
    """`YYYY-Www` when the window is an ISO week."""
    start: datetime
    """Window start, UTC (inclusive)."""
    end: datetime
    """Window end, UTC (exclusive)."""
    upto_seq: int
    """Only log rows with `seq <= upto_seq` were counted."""
    upto_hash: str | None
    """The hash of row `upto_seq` (None for an empty log)."""
    sessions: int
    memories_written: int
    """`memory.written` events, released holds included."""
    lessons_proposed: int
    lessons_approved: int
    lessons_rejected: int
    lessons_waiting: int
    contradictions_opened: int
    contradictions_settled: int
    contradictions_open: int
    refusals: int
    refusals_by_reason: dict[str, int]
    secrets_blanked: int
    """Values replaced by redaction (secrets and personal data), summed over types."""
    secrets_by_type: dict[str, int]
    held: int
    held_released: int
    held_discarded: int
    held_still: int
    waiting: dict[str, WaitingAges]
    """Per item noun (`lesson`, `contradiction`, `hold`): every waiting item's age at `end`, from when
    the store received it (by default; `window_counts`' `waiting_by`)."""


def team_tz(store: SqlAuditStore, team: str) -> str:
    """The team's configured zone (`memeval audit team set`), `UTC` when none is set."""
    with store.read_session() as s:
        row = s.get(TeamRow, team)
    return row.tz if row is not None else "UTC"


def check_zone_kept(store: SqlAuditStore, team: str, tz: str, *, doing: str) -> None:
    """Refuse to cut `team`'s recorded weeks in `tz` when its latest recorded report was cut in another zone.

    Windows cut in two zones overlap or leave a gap where they meet: an event dated at the seam
    would be counted by two reports, or by none. So once a team has a report, its later reports
    (and its zone setting) keep that report's zone. Reports recorded before zones were kept in
    their events (no `tz`) bind nothing.

    Args:
        store: the audit store (read only).
        team: the team.
        tz: the zone asked for.
        doing: what was asked, for the message (e.g. `set fernhill's zone to Pacific/Auckland`).

    Raises:
        UsageError: the latest report of `team` was cut in a zone other than `tz` (the message names
            both zones, the report, and the preview that renders `tz` without recording anything).
    """
    kept = [g for g in store.reads.generated_reports(team) if g.tz]
    if not kept or kept[-1].tz == tz:
        return
    g = kept[-1]
    raise UsageError(
        f"cannot {doing}: {team}'s weeks are reported in {g.tz} (latest report {g.week} v{g.version}), and weeks "
        f"cut in {tz} would overlap or leave a gap where they meet (events dated there counted twice, or in no "
        f"report); keep {g.tz}, and look at a week in {tz} without recording it with `memeval report weekly "
        f"--team {team} --week W --tz {tz} --preview`"
    )


def week_counts(
    store: SqlAuditStore,
    team: str,
    week: str,
    *,
    tz: str | None = None,
    upto_seq: int | None = None,
    waiting_by: WaitingBy = "received",
) -> WeekCounts:
    """Counts for ISO `week` (`YYYY-Www`) in `tz` (default: the team's zone).

    `waiting_by`: what `waiting` ages count from (the module docstring).

    Raises:
        UsageError: bad week or zone.
    """
    zone_name = tz or team_tz(store, team)
    start, end = iso_week_window(week, zone_name)
    return window_counts(store, team, start, end, tz=zone_name, week=week, upto_seq=upto_seq, waiting_by=waiting_by)


def window_counts(
    store: SqlAuditStore,
    team: str,
    start: datetime,
    end: datetime,
    *,
    tz: str = "UTC",
    week: str | None = None,
    upto_seq: int | None = None,
    waiting_by: WaitingBy = "received",
) -> WeekCounts:
    """Counts for `team` in [start, end) (aware datetimes), from rows with seq <= `upto_seq`.

    `waiting_by`: what `waiting` ages count from (the module docstring).
    """
    with store.read_session() as s:
        conn = s.connection()
        if upto_seq is None:
            head = s.get(AuditHead, team)
            upto_seq = head.seq if head else 0
        upto_hash = conn.execute(
            text("SELECT hash FROM audit_event WHERE team = :t AND seq = :q"),
            {"t": team, "q": upto_seq},
        ).scalar()
        params: dict[str, Any] = {"t": team, "s": to_us(start), "e": to_us(end), "q": upto_seq}
        base = "team = :t AND seq <= :q AND occurred_us >= :s AND occurred_us < :e"

        simple: dict[str, int] = dict(
            conn.execute(
                text(
                    f"SELECT type, COUNT(*) FROM audit_event WHERE {base} AND type IN "
                    "('session.started', 'memory.written', 'access.refused') GROUP BY type"
                ),
                params,
            ).all()
        )
        by_reason = _grouped(conn, base, params, "access.refused", "COUNT(*)")
        by_type = _grouped(conn, base, params, "secret.blanked", "SUM(quantity)")
        items = {kind: _item_counts(conn, lc, params) for kind, lc in LIFECYCLES.items()}
        waiting = {kind: _waiting(conn, lc, params, waiting_by) for kind, lc in LIFECYCLES.items()}
    opened = {kind: n for kind, (n, _) in items.items()}
    decided = {t: n for _, by_type in items.values() for t, n in by_type.items()}
    return WeekCounts(
        team=team,
        tz=tz,
        week=week,
        start=start,
        end=end,
        upto_seq=upto_seq,
        upto_hash=upto_hash,
        sessions=simple.get("session.started", 0),
        memories_written=simple.get("memory.written", 0),
        lessons_proposed=opened["lesson"],
        lessons_approved=decided["lesson.approved"],
        lessons_rejected=decided["lesson.rejected"],
        lessons_waiting=opened["lesson"] - decided["lesson.approved"] - decided["lesson.rejected"],
        contradictions_opened=opened["contradiction"],
        contradictions_settled=decided["contradiction.settled"],
        contradictions_open=opened["contradiction"] - decided["contradiction.settled"],
        refusals=simple.get("access.refused", 0),
        refusals_by_reason=by_reason,
        secrets_blanked=sum(by_type.values()),
        secrets_by_type=by_type,
        held=opened["hold"],
        held_released=decided["hold.released"],
        held_discarded=decided["hold.discarded"],
        held_still=opened["hold"] - decided["hold.released"] - decided["hold.discarded"],
        waiting=waiting,
    )


def _grouped(conn: Any, base: str, params: dict[str, Any], etype: str, agg: str) -> dict[str, int]:
    rows = conn.execute(
        text(f"SELECT facet, {agg} FROM audit_event WHERE {base} AND type = '{etype}' GROUP BY facet ORDER BY facet"),
        params,
    ).all()
    return {str(k): int(v) for k, v in rows}


def _item_counts(conn: Any, lc: Lifecycle, params: dict[str, Any]) -> tuple[int, dict[str, int]]:
    """(items of `lc` opened in the window, {decision type: how many of them it decided by window end})."""
    decisions = lc.decision_types
    per_decision = "".join(f", COALESCE(SUM(CASE WHEN d.type = '{t}' THEN 1 ELSE 0 END), 0)" for t in decisions)
    row = conn.execute(
        text(
            f"SELECT COUNT(*){per_decision} "
            "FROM audit_event o LEFT JOIN audit_event d ON d.team = o.team "
            f"AND d.subject = o.subject AND d.type IN ({_in(decisions)}) "
            "AND d.seq <= :q AND d.occurred_us < :e "
            f"WHERE o.team = :t AND o.type = '{lc.opening}' AND o.seq <= :q "
            "AND o.occurred_us >= :s AND o.occurred_us < :e"
        ),
        params,
    ).one()
    return int(row[0]), {t: int(n) for t, n in zip(decisions, row[1:], strict=True)}


def _waiting(conn: Any, lc: Lifecycle, params: dict[str, Any], by: WaitingBy) -> WaitingAges:
    opening, decisions = lc.opening, lc.decision_types
    since = "o.recorded_us" if by == "received" else "o.occurred_us"
    age = f"(:e - {since})"
    row = conn.execute(
        text(
            f"SELECT COALESCE(SUM(CASE WHEN {age} < {_DAY_US} THEN 1 ELSE 0 END), 0), "
            f"COALESCE(SUM(CASE WHEN {age} >= {_DAY_US} AND {age} < {3 * _DAY_US} THEN 1 ELSE 0 END), 0), "
            f"COALESCE(SUM(CASE WHEN {age} >= {3 * _DAY_US} AND {age} < {7 * _DAY_US} THEN 1 ELSE 0 END), 0), "
            f"COALESCE(SUM(CASE WHEN {age} >= {7 * _DAY_US} THEN 1 ELSE 0 END), 0) "
            "FROM audit_event o LEFT JOIN audit_event d ON d.team = o.team "
            f"AND d.subject = o.subject AND d.type IN ({_in(decisions)}) "
            "AND d.seq <= :q AND d.occurred_us < :e "
            f"WHERE o.team = :t AND o.type = '{opening}' AND o.seq <= :q "
            f"AND {since} < :e AND d.id IS NULL"
        ),
        params,
    ).one()
    return WaitingAges(under_1d=int(row[0]), d1_to_3=int(row[1]), d3_to_7=int(row[2]), over_7d=int(row[3]))


def _in(values: tuple[str, ...]) -> str:
    return ", ".join(f"'{v}'" for v in values)
