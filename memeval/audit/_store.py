"""The audit store: one write path (`append`) over SQLite or PostgreSQL.

`append` is the only code that writes the log. For a batch of drafts it, in order:
0. admits only the event types of its origin (`_authority.ORIGIN_TYPES`: ingest takes what a memory
   system emits, the review queue its decisions), refuses free text over the size limit,
   normalises person ids, and turns a `memory.written` of kind `lesson` into the
   `lesson.proposed` it is, so a lesson always waits for a person's approval;
1. refuses drafts that set store fields or store-only types (`secret.blanked`, `hold.created`);
2. redacts every free-text field and holds orders-to-agents text (`Sanitizer`), outside the lock;
3. in ONE transaction (SQLite `BEGIN IMMEDIATE`; PostgreSQL `LOCK TABLE audit_head`): skips
   drafts whose (team, sender, sender_event_id) is stored already, refuses an ingest batch holding
   an event another sender stored (same team and sender_event_id, same type, subject, time and
   actor: a re-send under a new sender name, which would otherwise be stored twice), checks each
   decision against the state machines, assigns `seq`, `prev_hash`, `hash`, inserts, updates projections, and turns
   each `hold.released` into the `memory.written` (or `lesson.proposed`) it releases.
Any refusal rolls the whole batch back: a batch is stored entirely or not at all.
"""

from __future__ import annotations

import hashlib
import uuid
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, create_engine, delete, event, select, text
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, col

from memeval.audit import _payloads as p
from memeval.audit._authority import (
    ORIGIN_TYPES,
    STORE_TYPES,
    Limits,
    Origin,
    normalize_person_id,
    refused_type_message,
)
from memeval.audit._events import (
    EVENT_ADAPTER,
    GENESIS_HASH,
    STORE_FIELDS,
    AuditEvent,
    canonical_json,
)
from memeval.audit._lazy import LazyHoldDetector, LazyRedactor
from memeval.audit._lifecycle import for_event, projection_tables
from memeval.audit._logrow import LOG_COLUMNS, event_from_body, log_row, row_values, stored_body
from memeval.audit._machine import decide
from memeval.audit._project import (
    BULK,
    KeyQuery,
    forget_keys,
    get_row,
    insert_new_rows,
    prefetch_for,
    prefetch_queries,
    preload_keys,
    project,
    select_keys,
)
from memeval.audit._resend import (
    OPEN_AT_START,
    open_lesson_hold_queries,
    prefetch_open_lesson_holds,
    refuse_resent,
    refuse_second_hold,
)
from memeval.audit._sanitize import Sanitizer
from memeval.audit._tables import (
    AuditEventRow,
    AuditHead,
    HoldState,
)
from memeval.clock import utc_now
from memeval.errors import AuditEventRejected, AuditStoreError, TransitionRefused

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
"""What this module offers; the log row's names (`_logrow`) stay importable from here, as before the split."""

STORE_ONLY_TYPES = STORE_TYPES
"""Types only the store writes; a sender that sends one is refused (`_authority.STORE_TYPES`)."""


@dataclass(frozen=True)
class AppendResult:
    """What one `append` did.

    Attributes:
        stored: events appended (derived `secret.blanked`, `hold.created`, releases included).
        duplicates: drafts skipped because their sender event id was stored already.
        noops: repeated identical decisions (same decision id) that changed nothing.
        held: drafts that became `hold.created` instead of entering memory.
        secrets_blanked: values replaced by redaction, summed over types.
        seqs: per team, (first, last) sequence number appended by this call.
        released: memories (or lessons) the store wrote itself because a `hold.released` in this
            call released them; counted in `stored` too.
    """

    stored: int
    duplicates: int
    noops: int
    held: int
    secrets_blanked: int
    seqs: dict[str, tuple[int, int]] = field(default_factory=dict)
    released: int = 0


class AuditStore(ABC):
    """Contract of an audit store; `SqlAuditStore` implements it for SQLite and PostgreSQL."""

    @abstractmethod
    def append(self, drafts: Sequence[AuditEvent], *, sender: str, origin: Origin = "ingest") -> AppendResult:
        """Append a batch of drafts (all or nothing) from channel `origin`; see the module docstring."""

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
    ) -> None:
        self.url = url
        self.limits = limits or Limits.from_env()
        self._sanitizer = sanitizer
        self.default_engines = sanitizer is None
        """True when redaction and holding use the process-wide default engines (not a given Sanitizer)."""
        self._fingerprint_key = fingerprint_key
        self.is_sqlite = url.startswith("sqlite")
        try:
            self.engine = self._make_engine(url, immediate=False)
            self._write_engine = self._make_engine(url, immediate=True) if self.is_sqlite else self.engine
            from memeval.audit._migrations import migrate

            with self._write_engine.begin() as conn:
                migrate(conn)
        except SQLAlchemyError as exc:
            raise AuditStoreError(
                f"cannot open the audit store at {_safe_url(url)}: {type(exc).__name__}: "
                f"{exc.orig if hasattr(exc, 'orig') else exc}; check the URL (--db, else MEMEVAL_DB) and that "
                "its database is up"
            ) from exc

    @staticmethod
    def _make_engine(url: str, *, immediate: bool) -> Engine:
        if not url.startswith("sqlite"):
            return create_engine(url, pool_pre_ping=True)
        eng = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(eng, "connect")
        def _on_connect(dbapi_conn: Any, _rec: Any) -> None:
            dbapi_conn.isolation_level = None  # we issue BEGIN ourselves
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
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
        """Append a batch of drafts, all or nothing (see the module docstring).

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
        drafts = [self._admit(d, i, origin) for i, d in enumerate(drafts)]
        for i, d in enumerate(drafts):
            _check_draft(d, i)
        # ingested ids must have the strict id shape (`_ids`); the review queue's and report's are scanned in full
        expanded = self.sanitizer.sanitize_many(drafts, sender, presanitized, strict_ids=origin == "ingest")
        try:
            return self._append_locked(drafts, expanded, sender, origin)
        except SQLAlchemyError as exc:
            raise AuditStoreError(f"audit store write failed: {type(exc).__name__}") from exc

    def _admit(self, d: AuditEvent, index: int, origin: str) -> AuditEvent:
        """Step 0 of the write path (module docstring): origin, size, identity, lessons."""
        if d.type not in ORIGIN_TYPES.get(origin, frozenset()):
            raise AuditEventRejected(
                f"event {index} ({d.sender_event_id!r}): {refused_type_message(d.type, origin)}", index=index
            )
        for name in type(d.payload).FREE_TEXT:
            value = getattr(d.payload, name)
            why = self.limits.text_too_long(name, len(value)) if value else None
            if why:
                raise AuditEventRejected(f"event {index} ({d.sender_event_id!r}): {why}", index=index)
        if d.actor.kind == "person":
            pid = normalize_person_id(d.actor.id)
            if not pid:
                raise AuditEventRejected(f"event {index}: actor.id is blank once normalised", index=index)
            if pid != d.actor.id:
                d = d.model_copy(update={"actor": d.actor.model_copy(update={"id": pid})})
        pl = d.payload
        if isinstance(pl, p.MemoryWritten) and pl.kind == "lesson":
            d = EVENT_ADAPTER.validate_python(
                {
                    **d.model_dump(exclude={"type", "payload"}),
                    "type": "lesson.proposed",
                    "payload": {"text": pl.text, "source": pl.source, "released_hold": pl.released_hold},
                }
            )
        return d

    def _append_locked(
        self, drafts: Sequence[AuditEvent], expanded: list[list[AuditEvent]], sender: str, origin: Origin
    ) -> AppendResult:
        stored = dups = noops = held = blanked = n_released = 0
        seqs: dict[str, tuple[int, int]] = {}
        every = [ev for evs in expanded for ev in evs]
        # the batch's lookups, run with the lock (one round trip on PostgreSQL), then taken by the calls below
        ahead = _existing_queries(drafts) + prefetch_queries(every) + open_lesson_hold_queries([e[0] for e in expanded])
        with self.write_session(lock_ahead=ahead) as s:
            conn = s.connection()
            try:
                existing = self._existing_ids(s, drafts, sender, origin)
                prefetch_for(s, every)
                prefetch_open_lesson_holds(s, [evs[0] for evs in expanded])
            finally:
                forget_keys(conn)
            s.info[BULK] = []  # new projection rows are inserted together at the end (`insert_new_rows`)
            heads: dict[str, _Chain] = {}
            for i, evs in enumerate(expanded):
                key = (evs[0].team, evs[0].sender_event_id)
                if key in existing:
                    dups += 1
                    continue
                existing.add(key)
                main = evs[0]
                try:
                    if self._decide(s, main) == "noop":
                        noops += 1
                        continue
                    released = self._released(s, main)
                    for derived in released:
                        self._decide(s, derived)
                except TransitionRefused as exc:
                    raise TransitionRefused(f"event {i}: {exc}", item=exc.item, state=exc.state, index=i) from exc
                n_released += len(released)
                for ev in [*evs, *released]:
                    seq = self._insert(s, ev, sender, heads)
                    first, _ = seqs.get(ev.team, (seq, seq))
                    seqs[ev.team] = (first, seq)
                    stored += 1
                    held += ev.type == "hold.created"
                    if isinstance(ev.payload, p.SecretBlanked):
                        blanked += ev.payload.count
            for chain in heads.values():  # each team's head moves once a batch
                chain.head.seq, chain.head.hash = chain.seq, chain.hash
            # the batch's log rows, then its new projection rows
            log_rows = s.info.pop("audit_log_rows", [])
            insert_new_rows(s, ("audit_event", LOG_COLUMNS, log_rows))
            s.info.pop(BULK, None)
            s.info.pop(OPEN_AT_START, None)
        return AppendResult(stored, dups, noops, held, blanked, seqs, n_released)

    def _existing_ids(
        self, s: Session, drafts: Sequence[AuditEvent], sender: str, origin: Origin
    ) -> set[tuple[str, str]]:
        """(team, sender event id) of the drafts' events this sender has stored already.

        The same lookup finds the drafts' ids stored under other senders; on the ingest channel a
        draft that is one of those very events (`sent_identity`) refuses the batch
        (`memeval.audit._resend.refuse_resent`). One driver-level query per team and 500 ids (`select_keys`), on the
        (team, sender, sender_event_id) index: the ORM's statement building and result handling
        cost more than the query itself.

        Raises:
            ResentUnderAnotherSender: see `memeval.audit._resend.refuse_resent`.
        """
        own: set[tuple[str, str]] = set()
        others: dict[tuple[str, str], set[str]] = {}
        for team, ids in _ids_by_team(drafts):
            for k in range(0, len(ids), 500):
                rows = select_keys(
                    s.connection(), "audit_event", _EXISTING_NAMES, {"team": team}, "sender_event_id", ids[k : k + 500]
                )
                for who, eid in rows:
                    if who == sender:
                        own.add((team, eid))
                    else:
                        others.setdefault((team, eid), set()).add(who)
        if origin == "ingest":
            refuse_resent(s.connection(), drafts, own, {k: v for k, v in others.items() if k not in own}, sender)
        return own

    def _decide(self, s: Session, ev: AuditEvent) -> str:
        refuse_second_hold(s, ev)  # one open hold a lesson (`memeval.audit._resend`)
        lc = for_event(ev.type)
        if lc is None:
            return "append"
        return decide(ev, get_row(s, lc.table, ev.team, ev.subject or ""))

    def _released(self, s: Session, ev: AuditEvent) -> list[AuditEvent]:
        if ev.type != "hold.released":
            return []
        hold = get_row(s, HoldState, ev.team, ev.subject or "")
        assert hold is not None  # decide() refused a release of a missing hold
        lesson = hold.origin == "lesson.proposed"
        payload: dict[str, Any] = {
            "text": hold.text,
            "source": hold.source,
            "released_hold": hold.hold_id,
        }
        if not lesson:
            payload["kind"] = hold.kind
        return [
            EVENT_ADAPTER.validate_python(
                {
                    "type": hold.origin,
                    "occurred_at": ev.occurred_at,
                    "team": ev.team,
                    "sender_event_id": f"{ev.sender_event_id}#released",
                    # a released lesson is still proposed by its author, so its author cannot approve it
                    "actor": {"kind": hold.actor_kind, "id": hold.actor_id} if lesson else ev.actor,
                    "session": hold.session,
                    "subject": hold.item_id,
                    "payload": payload,
                }
            )
        ]

    def _insert(self, s: Session, ev: AuditEvent, sender: str, heads: dict[str, _Chain]) -> int:
        """Chain, hash and queue the log row of `ev` (a draft: store fields unset) and project it; returns its `seq`.

        The stored event is `ev` with the store fields and `hash` set; its log row is built from
        `ev` and those fields (`log_row`) without making that copy.
        """
        chain = heads.get(ev.team)
        if chain is None:
            with s.no_autoflush:
                head = s.get(AuditHead, ev.team)
            if head is None:
                head = AuditHead(team=ev.team, seq=0, hash=GENESIS_HASH)
                s.add(head)
            chain = heads[ev.team] = _Chain(head, head.seq, head.hash)
        seq = chain.seq + 1
        fields = {
            "event_id": "ev_" + uuid.uuid4().hex[:24],
            "seq": seq,
            "recorded_at": utc_now(),
            "sender": sender,
            "prev_hash": chain.hash,
        }
        body_text = canonical_json(stored_body(ev, fields))
        digest = "sha256:" + hashlib.sha256(body_text.encode()).hexdigest()
        s.info.setdefault("audit_log_rows", []).append(log_row(ev, fields, digest, body_text))
        chain.seq, chain.hash = seq, digest
        project(s, ev, seq)
        return seq

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
                .order_by(col(AuditEventRow.seq))
            ).all()
        return [event_from_body(body, digest) for body, digest in rows]

    def teams(self) -> list[str]:
        """Every team with at least one event, sorted."""
        with self.read_session() as s:
            return sorted(s.execute(select(col(AuditHead.team))).scalars())

    def rebuild_projections(self, team: str | None = None) -> int:
        """Delete the projection rows (of `team`, or all) and replay the log into them.

        Returns:
            The number of events replayed.
        """
        n = 0
        with self.write_session() as s:
            for model in projection_tables():
                q = delete(model)
                if team is not None:
                    q = q.where(model.team == team)
                s.execute(q)
            s.flush()
            teams = [team] if team is not None else list(s.execute(select(col(AuditHead.team))).scalars())
            for t in teams:
                last = 0
                while True:
                    rows = s.execute(
                        select(col(AuditEventRow.body), col(AuditEventRow.hash), col(AuditEventRow.seq))
                        .where(col(AuditEventRow.team) == t, col(AuditEventRow.seq) > last)
                        .order_by(col(AuditEventRow.seq))
                        .limit(1000)
                    ).all()
                    if not rows:
                        break
                    for body, digest, seq in rows:
                        project(s, event_from_body(body, digest))
                        last, n = seq, n + 1
        return n


def _check_draft(d: AuditEvent, index: int) -> None:
    set_fields = [f for f in STORE_FIELDS if getattr(d, f) is not None]
    if set_fields:
        raise AuditEventRejected(
            f"event {index} ({d.sender_event_id!r}) sets {set_fields}: the store assigns these; remove them",
            index=index,
        )
    if d.type in STORE_ONLY_TYPES:
        raise AuditEventRejected(
            f"event {index} ({d.sender_event_id!r}) has type {d.type!r}, which only memeval "
            "writes: send the original text and memeval blanks or holds it",
            index=index,
        )
    if getattr(d.payload, "released_hold", None) is not None:
        raise AuditEventRejected(
            f"event {index} ({d.sender_event_id!r}) sets payload.released_hold: only a "
            "hold.released decision does that; remove it",
            index=index,
        )


_LOCK_HEAD = "LOCK TABLE audit_head IN SHARE ROW EXCLUSIVE MODE"
"""PostgreSQL: one writer at a time (`write_session`)."""

_EXISTING_NAMES = ("sender", "sender_event_id")


def _ids_by_team(drafts: Sequence[AuditEvent]) -> list[tuple[str, list[str]]]:
    """(team, its drafts' sender event ids sorted), by team: what `_existing_ids` looks up."""
    by_team: dict[str, set[str]] = {}
    for d in drafts:
        by_team.setdefault(d.team, set()).add(d.sender_event_id)
    return [(team, sorted(ids)) for team, ids in sorted(by_team.items())]


def _existing_queries(drafts: Sequence[AuditEvent]) -> list[KeyQuery]:
    """The `select_keys` queries `_existing_ids` will run for `drafts`, for `preload_keys`."""
    return [
        ("audit_event", _EXISTING_NAMES, (("team", team),), "sender_event_id", tuple(ids[k : k + 500]))
        for team, ids in _ids_by_team(drafts)
        for k in range(0, len(ids), 500)
    ]


@dataclass
class _Chain:
    """A team's head row and its chain position while a batch is appended (the row is set once, at the end)."""

    head: AuditHead
    seq: int
    hash: str


def _safe_url(url: str) -> str:
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except SQLAlchemyError:
        return "<unparseable URL>"
