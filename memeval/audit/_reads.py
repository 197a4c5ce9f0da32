"""Named read methods of the audit store: everything the weekly report reads of the log.

`SqlAuditStore.reads` is an `AuditReads`; readers (the weekly report, its records and schedule)
call its methods and never write SQL over the store's tables themselves, so the tables and their
indexes can change behind these methods.

Every read goes to `audit_event` (the log), never to the projections, and takes `upto_seq` so a
report can be recounted later from the same log prefix. Times are integer microseconds (UTC) as
stored. Lists are capped (`limit`) and say how many were left out, so a million-event week stays
fast.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, text
from sqlmodel import Session

from memeval.audit._lifecycle import LIFECYCLES, lifecycle
from memeval.audit._time import from_us, iso_week_window, to_us

if TYPE_CHECKING:
    from memeval.audit._counts import WaitingBy, WeekCounts
    from memeval.audit._store import SqlAuditStore

HISTORY_TYPES = ("session.started", "memory.written", "lesson.proposed", "access.refused",
                 "secret.blanked", "hold.created")  # fmt: skip
"""Event types the report's history chart counts per week."""


@dataclass(frozen=True)
class LogRow:
    """One log row as the report's drill-downs read it: columns plus the decoded payload."""

    seq: int
    type: str
    occurred: datetime
    actor_id: str
    subject: str | None
    payload: dict[str, Any]
    actor_kind: str = ""
    """`agent`, `person`, `system`, ... (the actor's kind column)."""
    recorded: datetime | None = None
    """When the store received the event (its `recorded_at`, set by the store's clock)."""


@dataclass(frozen=True)
class GeneratedReport:
    """A `report.generated` event: one version of one week's report."""

    seq: int
    week: str
    version: int
    first_seq: int
    last_seq: int
    sha256: str
    path: str | None
    generated_at: datetime | None = None
    """Business time of the event: when the report was generated."""
    tz: str | None = None
    overdue_after_h: float | None = None
    waiting_aged_by: str | None = None
    """`received` when the report aged waiting items from their receipt; None in older events (business time)."""
    backdated_by: str | None = None
    """`received` when the report listed events received in its week but dated into an unreported week;
    None in older events (no such list)."""
    lists_sha256: str | None = None
    """Digest of what the report showed of back-dated events (`memeval.auditreport._elsewhere`); None in
    older events."""


_COLS = "o.seq, o.type, o.occurred_us, o.actor_id, o.subject, o.body, o.actor_kind, o.recorded_us"


def _quoted(types: tuple[str, ...]) -> str:
    """`'a', 'b'` for an SQL `IN` list of event types (names of registered types, never user input)."""
    return ", ".join(f"'{x}'" for x in types)


class AuditReads:
    """The read methods of one `SqlAuditStore` (`store.reads`); see the module docstring.

    Args:
        store: the store whose log is read.
    """

    def __init__(self, store: SqlAuditStore) -> None:
        self._store = store

    # --- plumbing -------------------------------------------------------------------------
    def _all(self, sql: str, params: dict[str, Any], *, anti_join: bool = False) -> list[Any]:
        with self._store.read_session() as s:
            return list(self._prepared(s, anti_join).execute(text(sql), params).all())

    def _scalar(self, sql: str, params: dict[str, Any], *, anti_join: bool = False) -> Any:
        with self._store.read_session() as s:
            return self._prepared(s, anti_join).execute(text(sql), params).scalar()

    def _prepared(self, s: Session, anti_join: bool) -> Connection:
        """`s`'s connection; for an anti-join of openings to decisions on PostgreSQL, without nested loops.

        Without statistics (a fresh database: autovacuum's first ANALYZE comes up to a minute after
        an ingest; or statistics taken while the log was small) PostgreSQL estimated one opening and
        planned the anti-join as a nested loop whose inner scan read the team's whole log for every
        opening: quadratic (`reads.overdue` 12.6 s for 3,000 openings, 16.8 s for 4,000 after an
        ANALYZE of one event; tests/audit/test_pg_overdue_plan.py). With nested loops off for this
        one transaction (`SET LOCAL`) it takes a hash or merge join, linear whatever the statistics;
        with statistics that is the plan it chose anyway. SQLite: the connection as it is.
        """
        conn = s.connection()
        if anti_join and not self._store.is_sqlite:
            conn.execute(text("SET LOCAL enable_nestloop = off"))
        return conn

    def _rows(self, sql: str, params: dict[str, Any], *, anti_join: bool = False) -> list[LogRow]:
        return [
            LogRow(
                int(seq), typ, from_us(int(occ)), actor, subject, json.loads(body)["payload"], kind, from_us(int(rec))
            )
            for seq, typ, occ, actor, subject, body, kind, rec in self._all(sql, params, anti_join=anti_join)
        ]

    # --- the chain ------------------------------------------------------------------------
    def head_seq(self, team: str) -> int:
        """The team's last sequence number (0 for an empty log)."""
        return int(self._scalar("SELECT seq FROM audit_head WHERE team = :t", {"t": team}) or 0)

    def hash_at(self, team: str, seq: int) -> str | None:
        """The hash of the team's event `seq` (None when there is no such event)."""
        v = self._scalar("SELECT hash FROM audit_event WHERE team = :t AND seq = :q", {"t": team, "q": seq})
        return None if v is None else str(v)

    # --- counts ---------------------------------------------------------------------------
    def week_counts(
        self,
        team: str,
        week: str,
        *,
        tz: str | None = None,
        upto_seq: int | None = None,
        waiting_by: WaitingBy = "received",
    ) -> WeekCounts:
        """`memeval.audit.week_counts` of this store: counts for ISO `week` in `tz` (default: the team's zone).

        `waiting_by`: what waiting ages count from (`received`, the queue's rule; `occurred` for
        reports recorded before it, `memeval.audit._counts`).
        """
        from memeval.audit._counts import week_counts

        return week_counts(self._store, team, week, tz=tz, upto_seq=upto_seq, waiting_by=waiting_by)

    def week_history(self, team: str, weeks: list[str], tz: str, upto_seq: int) -> dict[str, dict[str, int]]:
        """Per week (consecutive ISO weeks, oldest first) and type in `HISTORY_TYPES`, the count.

        One grouped query: each event is bucketed by comparing its business time with the week
        boundaries in `tz`; `secret.blanked` sums its `quantity` (values blanked).

        Returns:
            {week: {type: count}}, with 0 for absent types.
        """
        bounds = [iso_week_window(w, tz)[0] for w in weeks] + [iso_week_window(weeks[-1], tz)[1]]
        params: dict[str, Any] = {"t": team, "q": upto_seq, "s": to_us(bounds[0]), "e": to_us(bounds[-1])}
        cases = []
        for i in range(1, len(bounds) - 1):
            params[f"b{i}"] = to_us(bounds[i])
            cases.append(f"WHEN occurred_us < :b{i} THEN {i - 1}")
        bucket = f"CASE {' '.join(cases)} ELSE {len(weeks) - 1} END" if cases else "0"
        sql = (
            f"SELECT {bucket} AS b, type, SUM(quantity) FROM audit_event WHERE team = :t AND seq <= :q "
            f"AND occurred_us >= :s AND occurred_us < :e AND type IN ({_quoted(HISTORY_TYPES)}) GROUP BY b, type"
        )
        out = {w: dict.fromkeys(HISTORY_TYPES, 0) for w in weeks}
        for b, typ, n in self._all(sql, params):
            out[weeks[int(b)]][typ] = int(n)
        return out

    def first_seq_in(self, team: str, start: datetime, end: datetime, upto_seq: int) -> int:
        """Lowest seq of an event with business time in [start, end) and seq <= upto_seq (0: none)."""
        v = self._scalar(
            "SELECT MIN(seq) FROM audit_event WHERE team = :t AND seq <= :q AND occurred_us >= :s AND occurred_us < :e",
            {"t": team, "q": upto_seq, "s": to_us(start), "e": to_us(end)},
        )
        return int(v) if v is not None else 0

    def count_type(self, team: str, start: datetime, end: datetime, upto_seq: int, typ: str) -> int:
        """Events of one type in [start, end) with seq <= upto_seq."""
        return int(
            self._scalar(
                "SELECT COUNT(*) FROM audit_event WHERE team = :t AND type = :y AND seq <= :q "
                "AND occurred_us >= :s AND occurred_us < :e",
                {"t": team, "y": typ, "q": upto_seq, "s": to_us(start), "e": to_us(end)},
            )
        )

    def has_events_before(self, team: str, start: datetime, upto_seq: int) -> bool:
        """True when the log (seq <= upto_seq) holds an event of `team` that happened before `start`.

        Report events are left out: a report is not data about agents.
        """
        # the types are listed (every storable type but the report's) so the (team, type,
        # occurred_us, ...) index answers it without reading the week's rows
        rows = self._all(
            f"SELECT 1 FROM audit_event WHERE team = :t AND type IN ({_quoted(_data_types())}) "
            "AND occurred_us < :s AND seq <= :q LIMIT 1",
            {"t": team, "s": to_us(start), "q": upto_seq},
        )
        return bool(rows)

    def late_by_type(self, team: str, week: str, tz: str, after_seq: int, upto_seq: int) -> dict[str, int]:
        """Events of `week` (business time) appended after `after_seq` and up to `upto_seq`, by type.

        Report events are left out: they are about reports, not about what agents did.
        """
        start, end = iso_week_window(week, tz)
        rows = self._all(
            "SELECT type, COUNT(*) FROM audit_event WHERE team = :t AND seq > :a AND seq <= :q "
            "AND occurred_us >= :s AND occurred_us < :e AND type NOT LIKE 'report.%' "
            "GROUP BY type ORDER BY type",
            {"t": team, "a": after_seq, "q": upto_seq, "s": to_us(start), "e": to_us(end)},
        )
        return {str(k): int(v) for k, v in rows}

    def backdated(
        self,
        team: str,
        start: datetime,
        end: datetime,
        upto_seq: int,
        reported: list[tuple[datetime, datetime]],
        limit: int,
        dated_in: tuple[datetime, datetime] | None = None,
    ) -> tuple[dict[str, int], list[LogRow]]:
        """Events the store received in [start, end) but dated before `start`, outside every reported window.

        Which week an event falls in is decided by its business time (`occurred_at`, the sender's
        word); when it arrived by its `recorded_at` (the store's clock). An event dated into a week
        that no report counted (the week was never reported, or lies before the store's first
        report) would otherwise be in no report at all: the week it is dated in lists only weeks
        already reported under "Arrived late", and the week it arrived in counts only what is dated
        in it. `reported` are the [start, end) windows (UTC) of the weeks that have a report at the
        cut; events dated inside one of them are left out (that week's report or its "Arrived late"
        line counts them). Report events are left out. Rows with seq <= `upto_seq` only; with
        `dated_in` ([start, end) UTC), only those dated inside it (`memeval.auditreport._elsewhere`).

        Returns:
            ({type: count} of every such event, sorted by type; the `access.refused`,
            `hold.created` and `lesson.proposed` ones among them, first received first, at most `limit`).
        """
        params: dict[str, Any] = {"t": team, "q": upto_seq, "s": to_us(start), "e": to_us(end), "n": limit}
        outside = ""
        for i, (ws, we) in enumerate(reported):
            params[f"rs{i}"], params[f"re{i}"] = to_us(ws), to_us(we)
            outside += f" AND NOT (o.occurred_us >= :rs{i} AND o.occurred_us < :re{i})"
        if dated_in is not None:
            params["ds"], params["de"] = to_us(dated_in[0]), to_us(dated_in[1])
            outside += " AND o.occurred_us >= :ds AND o.occurred_us < :de"
        where = (
            "FROM audit_event o WHERE o.team = :t AND o.seq <= :q AND o.recorded_us >= :s AND o.recorded_us < :e "
            f"AND o.occurred_us < :s AND o.type NOT LIKE 'report.%'{outside}"
        )
        counts = {
            str(k): int(v)
            for k, v in self._all(f"SELECT o.type, COUNT(*) {where} GROUP BY o.type ORDER BY o.type", params)
        }
        rows = self._rows(
            f"SELECT {_COLS} {where} AND o.type IN ('access.refused', 'hold.created', 'lesson.proposed') "
            "ORDER BY o.recorded_us, o.seq LIMIT :n",
            params,
        )
        return counts, rows

    # --- lists ----------------------------------------------------------------------------
    def refusals(self, team: str, start: datetime, end: datetime, upto_seq: int, limit: int) -> list[LogRow]:
        """The window's `access.refused` events, oldest first, at most `limit`."""
        return self._rows(
            f"SELECT {_COLS} FROM audit_event o WHERE o.team = :t AND o.type = 'access.refused' "
            "AND o.seq <= :q AND o.occurred_us >= :s AND o.occurred_us < :e "
            "ORDER BY o.occurred_us, o.seq LIMIT :n",
            {"t": team, "q": upto_seq, "s": to_us(start), "e": to_us(end), "n": limit},
        )

    def held(self, team: str, start: datetime, end: datetime, upto_seq: int, limit: int) -> list[tuple[LogRow, str]]:
        """The window's `hold.created` events (at most `limit`) with each hold's state at the window's end."""
        hold = lifecycle("hold")
        params = {"t": team, "q": upto_seq, "s": to_us(start), "e": to_us(end), "n": limit}
        rows = self._rows(
            f"SELECT {_COLS} FROM audit_event o WHERE o.team = :t AND o.type = '{hold.opening}' "
            "AND o.seq <= :q AND o.occurred_us >= :s AND o.occurred_us < :e "
            "ORDER BY o.occurred_us, o.seq LIMIT :n",
            params,
        )
        if not rows:
            return []
        decided: dict[str, str] = dict(
            self._all(
                "SELECT subject, type FROM audit_event WHERE team = :t AND seq <= :q "
                f"AND occurred_us < :e AND type IN ({_quoted(hold.decision_types)})",
                params,
            )
        )
        state = {d.event_type: d.leads_to for d in hold.decisions}
        return [(r, state.get(decided.get(r.subject or "", ""), hold.waiting)) for r in rows]

    def open_contradictions(
        self, team: str, end: datetime, upto_seq: int, limit: int, waiting_by: WaitingBy = "received"
    ) -> list[LogRow]:
        """Contradictions opened before `end` and not settled before it, oldest first, at most `limit`.

        "Opened before `end`" and "oldest" by when the store received them (`waiting_by="received"`,
        as the waiting ages of `week_counts`), or by business time (`"occurred"`, the old rule).
        """
        lc = lifecycle("contradiction")
        since = "o.recorded_us" if waiting_by == "received" else "o.occurred_us"
        return self._rows(
            f"SELECT {_COLS} FROM audit_event o LEFT JOIN audit_event d ON d.team = o.team "
            f"AND d.subject = o.subject AND d.type IN ({_quoted(lc.decision_types)}) AND d.seq <= :q "
            f"AND d.occurred_us < :e WHERE o.team = :t AND o.type = '{lc.opening}' "
            f"AND o.seq <= :q AND {since} < :e AND d.id IS NULL "
            f"ORDER BY {since}, o.seq LIMIT :n",
            {"t": team, "q": upto_seq, "e": to_us(end), "n": limit},
            anti_join=True,
        )

    def received_after(self, team: str, end: datetime, upto_seq: int) -> dict[str, int]:
        """Items undecided at `end` that happened before it but reached the store only at or after it.

        Per item noun (`lesson`, `contradiction`, `hold`): opening events with business time before
        `end` and `recorded_at` at or after it, with no decision of their kind before `end`; rows
        with seq <= `upto_seq` only. The waiting ages (`week_counts`, received rule) leave these
        out, since the store had not received them by `end`; a report says how many it left out.
        """
        out: dict[str, int] = {}
        for kind, lc in LIFECYCLES.items():
            out[kind] = int(
                self._scalar(
                    "SELECT COUNT(*) FROM audit_event o LEFT JOIN audit_event d ON d.team = o.team "
                    f"AND d.subject = o.subject AND d.type IN ({_quoted(lc.decision_types)}) AND d.seq + 0 <= :q "
                    f"AND d.occurred_us < :e WHERE o.team = :t AND o.type = '{lc.opening}' AND o.seq <= :q "
                    "AND o.occurred_us < :e AND o.recorded_us >= :e AND d.id IS NULL",
                    {"t": team, "q": upto_seq, "e": to_us(end)},
                    anti_join=True,
                )
            )
        return out

    def overdue(self, team: str, end: datetime, upto_seq: int, after_us: int, limit: int) -> tuple[list[LogRow], int]:
        """Items still waiting at `end` that the store received more than `after_us` microseconds before it.

        An item is the opening event of a lifecycle (`LIFECYCLES`: a `lesson.proposed`,
        `contradiction.opened` or `hold.created`); it waits from when the store received it (its
        `recorded_us`, set by the store's clock: a sender's `occurred_at` has no lower bound, and
        backdated items were overdue the moment they arrived) until a decision of its own kind with
        business time before `end`. Only log rows with seq <= `upto_seq` are read, so the answer
        depends on the report's cut alone, never on the wall clock.

        Returns:
            (the opening events, first received first, at most `limit`; how many there are in all).
        """
        params = {"t": team, "q": upto_seq, "e": to_us(end), "c": to_us(end) - after_us, "n": limit}
        where = _overdue_where()
        rows = self._rows(f"SELECT {_COLS} {where} ORDER BY o.recorded_us, o.seq LIMIT :n", params, anti_join=True)
        total = int(self._scalar(f"SELECT COUNT(*) {where}", params, anti_join=True))
        return rows, total

    def generated_reports(self, team: str, upto_seq: int | None = None) -> list[GeneratedReport]:
        """Every `report.generated` event of `team` (seq <= upto_seq when given), in log order.

        A week's versions are numbered 1, 2, ... in the order their events were appended.
        """
        rows = self._rows(
            f"SELECT {_COLS} FROM audit_event o WHERE o.team = :t AND o.type = 'report.generated' ORDER BY o.seq + 0",
            {"t": team},
        )  # `seq + 0` and the bound applied here: either on seq itself steers SQLite to the (team, seq) index
        seen: dict[str, int] = {}
        out = []
        for r in rows:
            if upto_seq is not None and r.seq > upto_seq:
                break
            p = r.payload
            seen[p["week"]] = seen.get(p["week"], 0) + 1
            out.append(GeneratedReport(r.seq, p["week"], seen[p["week"]], int(p["first_seq"]),
                                       int(p["last_seq"]), p["sha256"], p.get("path"), r.occurred,
                                       p.get("tz"), p.get("overdue_after_h"), p.get("waiting_aged_by"),
                                       p.get("backdated_by"), p.get("lists_sha256")))  # fmt: skip
        return out


def _data_types() -> tuple[str, ...]:
    """Every event type the store can hold (the event union's tags) except the report's own."""
    from typing import get_args

    from memeval.audit._events import AuditEvent

    union = get_args(AuditEvent)[0]
    tags = {cls.model_fields["type"].default for cls in get_args(union)}
    return tuple(sorted(t for t in tags if not t.startswith("report.")))


def _overdue_where() -> str:
    pairs = [(lc.opening, lc.decision_types) for lc in LIFECYCLES.values()]
    decided = " OR ".join(f"(o.type = '{opening}' AND d.type IN ({_quoted(ends)}))" for opening, ends in pairs)
    openings = _quoted(tuple(opening for opening, _ in pairs))
    # `d.seq + 0`: a bound on `d.seq` itself made SQLite look each opening's decision up through the (team, seq)
    # index, reading every row of the team per opening (quadratic: 3.6 s for 1,200 openings in 3,600 events);
    # without it SQLite reads the decision through `ix_audit_event_subject` (team, subject), 0.015 s there
    return (
        "FROM audit_event o LEFT JOIN audit_event d ON d.team = o.team AND d.subject = o.subject "
        f"AND ({decided}) AND d.seq + 0 <= :q AND d.occurred_us < :e "
        f"WHERE o.team = :t AND o.type IN ({openings}) AND o.seq <= :q "
        "AND o.recorded_us < :c AND d.id IS NULL"
    )
