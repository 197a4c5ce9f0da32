"""The audit store: `SqlAuditStore` over SQLite or PostgreSQL, and the `AuditStore` contract.

This module holds the store object: opening the database (engines, migration), the write and
read sessions (SQLite `BEGIN IMMEDIATE`; PostgreSQL `LOCK TABLE audit_head`, pipelined with the
batch's lookups), `append` (the one write path, run by `memeval.audit._write.append_batch`; its
steps are listed there) and reading the log back (`events`, `subject_events`, `teams`,
`rebuild_projections`). It re-exports the names other modules and tests import from here
(`AppendResult`, `STORE_ONLY_TYPES`, the log row's names from `_logrow`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, create_engine, delete, event, select, text
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, col

from memeval.audit._admit import STORE_ONLY_TYPES
from memeval.audit._authority import Limits, Origin
from memeval.audit._engines import LazyHoldDetector, LazyRedactor
from memeval.audit._events import GENESIS_HASH, AuditEvent
from memeval.audit._lifecycle import projection_tables
from memeval.audit._logrow import LOG_COLUMNS, event_from_body, log_row, row_values, stored_body
from memeval.audit._project import KeyQuery, preload_keys, project
from memeval.audit._sanitize import Sanitizer
from memeval.audit._tables import AuditEventRow, AuditHead
from memeval.audit._write import AppendResult, append_batch, append_batches, new_combiner
from memeval.clock import utc_now
from memeval.errors import AuditStoreError

if TYPE_CHECKING:
    from memeval.audit._parallel import Presanitized
    from memeval.audit._reads import AuditReads

__all__ = [
    "LOG_COLUMNS",
    "STORE_ONLY_TYPES",
    "AppendResult",
    "AuditStore",
    "SqlAuditStore",
    "event_from_body",
    "log_row",
    "row_values",
    "stored_body",
]
"""What this module offers; `AppendResult`, `STORE_ONLY_TYPES` and the log row's names are re-exported."""


class AuditStore(ABC):
    """Contract of an audit store; `SqlAuditStore` implements it for SQLite and PostgreSQL."""

    @abstractmethod
    def append(self, drafts: Sequence[AuditEvent], *, sender: str, origin: Origin = "ingest") -> AppendResult:
        """Append a batch of drafts (all or nothing) from channel `origin`; the steps: `memeval.audit._write`."""

    @abstractmethod
    def events(self, team: str, *, after_seq: int = 0) -> Iterator[AuditEvent]:
        """A team's stored events in `seq` order, from `after_seq + 1`."""

    @abstractmethod
    def rebuild_projections(self, team: str | None = None) -> int:
        """Drop and rebuild the current-state tables from the log; returns events replayed."""


class SqlAuditStore(AuditStore):
    """The audit store on any SQLAlchemy URL (`sqlite:///...` or `postgresql+psycopg://...`).

    Args:
        url: SQLAlchemy database URL.
        sanitizer: redaction and holding; built from `memeval.redact`/`memeval.hold` when None.
        fingerprint_key: HMAC key of secret fingerprints (needed when `sanitizer` is None).
        limits: size limits of events (default: `Limits.from_env()`).
        clock: the store's clock (aware UTC `datetime`), read once per stored event for its
            `recorded_at`: when the store received it, which queue order and overdue ages are
            measured from (never the sender's `occurred_at`). Default `utc_now`; tests pin it.

    Raises:
        AuditStoreError: the database cannot be reached or migrated.
    """

    def __init__(
        self,
        url: str,
        *,
        sanitizer: Sanitizer | None = None,
        fingerprint_key: bytes | None = None,
        limits: Limits | None = None,
        clock: Callable[[], datetime] = utc_now,
    ) -> None:
        self.url = url
        self.clock = clock
        """Read for each stored event's `recorded_at` (received time); see the class's `clock` argument."""
        self.limits = limits or Limits.from_env()
        self._sanitizer = sanitizer
        self.default_engines = sanitizer is None
        """True when redaction and holding use the process-wide default engines (not a given Sanitizer)."""
        self._fingerprint_key = fingerprint_key
        self.is_sqlite = url.startswith("sqlite")
        try:
            self.engine = self._make_engine(url, immediate=False)
            self._write_engine = self._make_engine(url, immediate=True) if self.is_sqlite else self.engine
            self.lookup_engine = (
                self.engine if self.is_sqlite else self.engine.execution_options(isolation_level="AUTOCOMMIT")
            )
            """`engine` for reads of a statement or a few outside any write: on a database server in autocommit.

            A server's connection otherwise opens a transaction for the pool's ping (`BEGIN`, then `SELECT 1`) and
            the pool rolls it back on return: two round trips more than the read's own. In autocommit the
            ping and each statement are one round trip each and the return sends nothing. Each statement
            sees what is committed when it runs (READ COMMITTED, as inside the transaction); the same
            pool. On SQLite, `engine` itself (no round trips; its `BEGIN` is the engine's own)."""
            self.combiner = new_combiner(self)
            """Batches appended at once from several threads go in one transaction (`memeval.audit._combine`)."""
            from memeval.audit._migrations import migrate
            from memeval.audit._plannerstats import PlannerStats

            self._planner_stats = PlannerStats(self._write_engine)

            with self._write_engine.begin() as conn:
                migrate(conn)
        except SQLAlchemyError as exc:
            cause = str(exc.orig if hasattr(exc, "orig") else exc)
            waited = (
                f" (no answer within {PG_CONNECT_TIMEOUT_S} s; over a slow link add ?connect_timeout=SECONDS"
                " to the URL)"
                if "timeout expired" in cause and "connect_timeout" not in url
                else ""
            )
            raise AuditStoreError(
                f"cannot open the audit store at {_safe_url(url)}: {type(exc).__name__}: {cause}{waited}; check the"
                " URL (--db, else MEMEVAL_DB) and that its database is up"
            ) from exc

    SQLITE_DURABILITY = "FULL"
    """SQLite's `synchronous` on every connection of the store, set explicitly (WAL journal).

    With WAL and FULL, each commit syncs the WAL to disk before it returns, and the write path answers a
    batch (the HTTP 200, `append`'s return) only after its commit: an answered event survives a killed
    process and a power cut. It was the same before, by the library's build default
    (`DEFAULT_WAL_SYNCHRONOUS=2` in Python's SQLite 3.40 here); a build defaulting to NORMAL would have
    kept a process kill's promise but not a power cut's. Set, not left to the build. Grouped commits
    (`memeval.audit._combine`) keep it: one sync for the group, each sender answered after it.
    On PostgreSQL the commit waits as the server's `synchronous_commit` says (memeval sets nothing).
    """

    @staticmethod
    def _make_engine(url: str, *, immediate: bool) -> Engine:
        if not url.startswith("sqlite"):
            return create_engine(url, pool_pre_ping=True, connect_args=_server_args(url))
        eng = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(eng, "connect")
        def _on_connect(dbapi_conn: Any, _rec: Any) -> None:
            dbapi_conn.isolation_level = None  # we issue BEGIN ourselves
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            # each COMMIT syncs the WAL before it returns, so a batch answered is on disk (`SQLITE_DURABILITY`)
            cur.execute(f"PRAGMA synchronous={SqlAuditStore.SQLITE_DURABILITY}")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        @event.listens_for(eng, "begin")
        def _on_begin(conn: Any) -> None:
            conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

        return eng

    @property
    def write_engine(self) -> Engine:
        """The engine for transactions that write: on SQLite each begins `BEGIN IMMEDIATE`.

        A plain `BEGIN` that reads and then writes fails at once with "database is locked" when
        another connection wrote in between (WAL snapshot), without waiting for the busy timeout.
        On PostgreSQL this is `engine`.
        """
        return self._write_engine

    @property
    def sanitizer(self) -> Sanitizer:
        """The redaction/holding step of the write path (built on first use)."""
        if self._sanitizer is None:
            if self._fingerprint_key is None:
                raise AuditStoreError("no fingerprint key: pass fingerprint_key= or a Sanitizer")
            self._sanitizer = Sanitizer(LazyRedactor(), LazyHoldDetector(), self._fingerprint_key)
        return self._sanitizer

    @contextmanager
    def write_session(self, *, lock_ahead: Sequence[KeyQuery] | None = None) -> Iterator[Session]:
        """The one write transaction: `BEGIN IMMEDIATE` on SQLite, a table lock on PostgreSQL.

        Args:
            lock_ahead: `select_keys` queries to run right after the lock (`preload_keys`); on
                PostgreSQL through psycopg the lock and these queries go in one pipeline, one
                round trip with the transaction's `BEGIN`. The caller then takes their answers
                and calls `forget_keys`.
        """
        with Session(self._write_engine, autoflush=True, expire_on_commit=False) as session:
            if not self.is_sqlite:
                if lock_ahead is None or not preload_keys(session.connection(), lock_ahead, first=_LOCK_HEAD):
                    session.execute(text(_LOCK_HEAD))
            yield session
            session.commit()

    def read_session(self) -> Session:
        """A session for reading (never committed)."""
        return Session(self.engine)

    @property
    def reads(self) -> AuditReads:
        """The named read methods over this store's log (`memeval.audit._reads`): what readers use instead of SQL."""
        from memeval.audit._reads import AuditReads

        return AuditReads(self)

    # --- the write path -------------------------------------------------------------------
    def append(
        self,
        drafts: Sequence[AuditEvent],
        *,
        sender: str,
        origin: Origin = "ingest",
        presanitized: Presanitized | None = None,
    ) -> AppendResult:
        """Append a batch of drafts, all or nothing (the steps: `memeval.audit._write`).

        Args:
            drafts: validated events from one sender, store fields unset.
            sender: the authenticated sender name.
            origin: the channel: `ingest` (a memory system; the default), `review` (the review
                queue, after it authenticated the person) or `report`.
            presanitized: this batch's redactions and hold assessments computed ahead by the
                default engines (`_parallel.presanitize`); only `ingest_lines` passes it.

        Returns:
            An `AppendResult`.

        Raises:
            AuditEventRejected: a draft is not allowed; `.index` is its position in `drafts`.
            TransitionRefused: a decision its item's state does not allow (`.index` set).
            AuditStoreError: the database failed.
        """
        res = append_batch(self, drafts, sender=sender, origin=origin, presanitized=presanitized)
        self._planner_stats.appended(res.stored)  # PostgreSQL: ANALYZE as the tables grow (`_plannerstats`)
        return res

    def append_group(
        self, batches: Sequence[Sequence[AuditEvent]], presanitized: Sequence[Presanitized], *, sender: str
    ) -> AppendResult:
        """Append consecutive ingest batches sanitised ahead (`_parallel.presanitize`) in one transaction.

        For a file ingest's writer (`memeval.audit._ingest`): the events `append` of each batch in
        turn would store, with one commit for the group (`memeval.audit._write.append_batches`,
        which says what the caller must ensure and do when it raises).

        Returns:
            The group's summed `AppendResult`.

        Raises:
            as `append`.
        """
        res = append_batches(self, batches, presanitized, sender=sender)
        self._planner_stats.appended(res.stored)
        return res

    # --- reading --------------------------------------------------------------------------
    def events(self, team: str, *, after_seq: int = 0) -> Iterator[AuditEvent]:
        """A team's stored events in `seq` order, from `after_seq + 1` (read in pages of 1000)."""
        last = after_seq
        while True:
            with self.read_session() as s:
                rows = s.execute(
                    select(col(AuditEventRow.body), col(AuditEventRow.hash), col(AuditEventRow.seq))
                    .where(col(AuditEventRow.team) == team, col(AuditEventRow.seq) > last)
                    .order_by(col(AuditEventRow.seq))
                    .limit(1000)
                ).all()
            if not rows:
                return
            for body, digest, seq in rows:
                yield event_from_body(body, digest)
                last = seq

    def subject_events(self, team: str, subject: str) -> list[AuditEvent]:
        """A team's stored events about one subject (opening, leases, comments, decisions), in seq order.

        The reviewer queue's history of an item; `subject` is the item's id (a lesson, contradiction
        or hold id). An unknown team or subject gives an empty list.
        """
        with self.read_session() as s:
            rows = s.execute(
                select(col(AuditEventRow.body), col(AuditEventRow.hash))
                .where(col(AuditEventRow.team) == team, col(AuditEventRow.subject) == subject)
                # `seq + 0`: ordered by `seq` itself, SQLite read the team's whole log through its (team, seq)
                # index to skip a sort; this way it reads the subject's few rows by `ix_audit_event_subject`
                .order_by(col(AuditEventRow.seq) + 0)
            ).all()
        return [event_from_body(body, digest) for body, digest in rows]

    def teams(self) -> list[str]:
        """Every team with at least one event, sorted."""
        with self.read_session() as s:
            return sorted(s.execute(select(col(AuditHead.team))).scalars())

    def rebuild_projections(self, team: str | None = None) -> int:
        """Delete the projection rows (of `team`, or all) and replay the log into them, checking the chain.

        Each row replayed is checked as `memeval audit verify` checks it (`_verify.check_row`: no
        gap, the links, the body's hash, the columns), and each team's head row at its chain's end,
        inside the one write transaction: a broken chain refuses the whole rebuild and the tables
        are left as they were. Replaying an altered body would write its alteration into the tables
        the review pages read (a held text rewritten in the log came out rewritten in `hold_state`).
        With `team` None, every team the store holds anything of is rebuilt (`logged_teams`: a team
        whose head row is gone is refused, not emptied).

        Returns:
            The number of events replayed.

        Raises:
            AuditStoreError: a team's chain is broken (naming the team, the row and the problem).
        """
        from memeval.audit._verify import check_head, check_row, logged_teams

        n = 0
        teams = [team] if team is not None else logged_teams(self)
        with self.write_session() as s:
            for model in projection_tables():
                q = delete(model)
                if team is not None:
                    q = q.where(model.team == team)
                s.execute(q)
            s.flush()
            for t in teams:
                last, prev_hash, checked = 0, GENESIS_HASH, 0
                while True:
                    rows = s.execute(  # plain rows (named columns), not ORM objects kept by the session
                        select(_LOG).where(_LOG.c.team == t, _LOG.c.seq > last).order_by(_LOG.c.seq).limit(1000)
                    ).all()
                    if not rows:
                        break
                    for row in rows:
                        problem = check_row(row, prev_hash, last + 1)
                        if problem:
                            raise _broken(t, last + 1, problem)
                        project(s, event_from_body(row.body, row.hash))
                        last, prev_hash, checked, n = row.seq, row.hash, checked + 1, n + 1
                problem = check_head(s.get(AuditHead, t), checked, last, prev_hash)
                if problem:
                    raise _broken(t, last + 1, problem)
        return n


_LOG = AuditEventRow.__table__  # type: ignore[attr-defined]  # set by SQLAlchemy, absent from sqlmodel's types


def _broken(team: str, seq: int, problem: str) -> AuditStoreError:
    return AuditStoreError(
        f"refusing to rebuild: {team}'s chain is broken at seq {seq}: {problem}; the tables are left as they are "
        "(restore the log from a backup; memeval audit verify)"
    )


_LOCK_HEAD = "LOCK TABLE audit_head IN SHARE ROW EXCLUSIVE MODE"
"""PostgreSQL: one writer at a time (`write_session`)."""


def _safe_url(url: str) -> str:
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except SQLAlchemyError:
        return "<unparseable URL>"


PG_CONNECT_TIMEOUT_S = 10
"""Seconds a new connection to a PostgreSQL store may take before the command says the store is unreachable.

Generous for a server across a network (a connection takes milliseconds on a LAN, well under a second across
a continent); a URL's own `?connect_timeout=N` wins (`_server_args`)."""


def _server_args(url: str) -> dict[str, Any]:
    """The driver's connection arguments for a database server at `url` (a SQLAlchemy URL).

    psycopg 3 (`postgresql+psycopg://`): `prepare_threshold=None`, no server-side prepared
    statements. By default psycopg prepares a statement on its fifth run, and PostgreSQL then may
    keep one generic plan for it, made while the audit tables were nearly empty (their first
    batches, before any ANALYZE). The write path's key lookups (the stored-ids check, the
    projections' `= ANY(ids)`) then read every row of the team through the team-only part of an
    index on each batch, so a file ingest's database work grew with the square of its size (at
    20,000 events the stored-ids check averaged 13 ms a batch and 86 ms at the end, against
    0.1-0.2 ms when planned for its values: 2026-12-05, `pg_stat_statements` and `auto_explain`).
    Unprepared, each run is planned for its own values on the table as it is then.

    PostgreSQL drivers (psycopg 3 and psycopg2) also get `connect_timeout` = `PG_CONNECT_TIMEOUT_S`
    unless the URL sets its own (`?connect_timeout=N`): psycopg 3 waits 130 s by default (libpq, so
    psycopg2, for ever), so a server that takes the connection and never answers (a stopped VM behind
    a port forward, a firewall that drops packets) held every command (`audit verify`, `serve`) silent
    for over two minutes, then said "connection timeout expired" without how long it had waited.
    {} for other drivers.
    """
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    args: dict[str, Any] = {}
    if parsed.get_driver_name() == "psycopg":
        args["prepare_threshold"] = None
    if parsed.get_backend_name() == "postgresql" and "connect_timeout" not in parsed.query:
        args["connect_timeout"] = PG_CONNECT_TIMEOUT_S
    return args
