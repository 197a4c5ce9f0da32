"""The write path of the audit store: `append_batch`, which `SqlAuditStore.append` runs.

`append_batch` is the only code that writes the log (`append_batches` runs the same steps for several
batches of a file ingest in one transaction). For a batch of drafts it, in order:
0. admits only the event types of its origin (`_authority.ORIGIN_TYPES`: ingest takes what a memory
   system emits, the review queue its decisions), refuses free text over the size limit,
   normalises person ids, and turns a `memory.written` of kind `lesson` into the
   `lesson.proposed` it is, so a lesson always waits for a person's approval (`_admit.admit`);
1. refuses drafts that set store fields or store-only types (`secret.blanked`, `hold.created`)
   (`_admit.check_draft`);
2. redacts every free-text field and holds orders-to-agents text (`Sanitizer`), outside the lock;
   the hold detector does not read the texts of drafts this sender has stored already
   (`stored_already`, a read before the lock: a resent batch is skipped in step 3 anyway, and a
   text held on the CPU budget would pay that budget again);
3. in ONE transaction (SQLite `BEGIN IMMEDIATE`; PostgreSQL `LOCK TABLE audit_head`): skips
   drafts whose (team, sender, sender_event_id) is stored already (counting, and logging by id, those
   sent with other contents: `changed_resends`), refuses an ingest batch holding
   an event another sender stored (same team and sender_event_id, same type, subject, time and
   actor: a re-send under a new sender name, which would otherwise be stored twice), checks each
   decision against the state machines, assigns `seq`, `prev_hash`, `hash`, inserts, updates projections, and turns
   each `hold.released` into the `memory.written` (or `lesson.proposed`) it releases.
Any refusal rolls the whole batch back: a batch is stored entirely or not at all.

This module holds that order (`append_batch`), step 3 (the duplicate lookup, the decisions, the
hash chain, the inserts) and `AppendResult`.
"""

from __future__ import annotations

import hashlib
import logging
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session

from memeval.audit import _payloads as p
from memeval.audit._admit import admit, check_draft
from memeval.audit._authority import Origin
from memeval.audit._events import EVENT_ADAPTER, GENESIS_HASH, AuditEvent
from memeval.audit._lifecycle import for_event
from memeval.audit._logrow import LOG_COLUMNS, canonical_body, log_row
from memeval.audit._machine import decide
from memeval.audit._project import (
    BULK,
    EVERY_STORED,
    KeyQuery,
    Statement,
    forget_keys,
    get_row,
    insert_new_rows,
    prefetch_for,
    prefetch_queries,
    project,
    select_keys,
)
from memeval.audit._resend import (
    OPEN_AT_START,
    changed_resends,
    changed_within,
    open_lesson_hold_queries,
    prefetch_open_lesson_holds,
    refuse_resent,
    refuse_second_hold,
)
from memeval.audit._resendjoin import across_fields
from memeval.audit._tables import HoldState
from memeval.errors import AuditStoreError, TransitionRefused

log = logging.getLogger(__name__)

BUDGET_RULE = "cpu-budget"
"""`memeval.hold.BUDGET_RULE` (not imported here: the hold package loads its rule modules, 0.7 s)."""

if TYPE_CHECKING:
    from memeval.audit._parallel import Presanitized
    from memeval.audit._store import SqlAuditStore


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
        held_on_budget: of `held`, the holds made because the hold screen's CPU budget ran out
            (rule `cpu-budget`: per text, or the HTTP batch's bound), not because of what it read.
        changed_resends: of `duplicates`, the sender event ids sent again with other contents
            than the stored event's (`_resend.changed_resends`), or than the batch's first under that id
            (`_resend.changed_within`): refused, nothing stored changes.
    """

    stored: int
    duplicates: int
    noops: int
    held: int
    secrets_blanked: int
    seqs: dict[str, tuple[int, int]] = field(default_factory=dict)
    released: int = 0
    held_on_budget: int = 0
    changed_resends: tuple[str, ...] = ()


def append_batch(
    store: SqlAuditStore,
    drafts: Sequence[AuditEvent],
    *,
    sender: str,
    origin: Origin = "ingest",
    presanitized: Presanitized | None = None,
) -> AppendResult:
    """`store.append`'s body: append a batch of drafts, all or nothing, in the steps above.

    `store` is the store appended to (its limits, sanitizer and write session); the other
    arguments, the result and the errors are `SqlAuditStore.append`'s, documented there once.
    """
    drafts = [admit(d, i, origin, store.limits) for i, d in enumerate(drafts)]
    for i, d in enumerate(drafts):
        check_draft(d, i)
    # ingested ids must have the strict id shape (`_ids`); the review queue's and report's are scanned in full
    known = stored_already(store, drafts, sender) if presanitized is None and _hold_texts(drafts) else frozenset()
    expanded = store.sanitizer.sanitize_many(
        drafts, sender, presanitized, strict_ids=origin == "ingest", stored_already=known
    )
    try:
        return _append_locked(store, drafts, expanded, sender, origin)
    except SQLAlchemyError as exc:
        raise AuditStoreError(f"audit store write failed: {type(exc).__name__}") from exc


def append_batches(
    store: SqlAuditStore,
    batches: Sequence[Sequence[AuditEvent]],
    presanitized: Sequence[Presanitized],
    *,
    sender: str,
    origin: Origin = "ingest",
) -> AppendResult:
    """Consecutive batches of one file, each sanitised ahead by a worker, appended in ONE transaction.

    What `append_batch` of each batch in turn stores, for one write transaction instead of one a
    batch: on SQLite one `BEGIN IMMEDIATE` and one commit (with its fsync) for the group, on
    PostgreSQL one lock, one pipelined read of the keys and one `COPY` a table. Each batch is
    admitted, checked and sanitised as `append_batch` does it (its own `presanitized`, its own
    indexes), then the group's events are decided, chained and inserted in order as one batch
    (`_append_locked`), which reads what the earlier batches of the group wrote exactly as the next
    transaction would have read it (the session's rows). The caller (`_ingest._write_batches`)
    passes only batches that share no (team, sender event id), so no event of one is a resend of
    another's, and when this raises it appends the same batches again one at a time (this
    transaction was rolled back): a refused batch is then named with its own index and line, and
    the batches before it stay stored, as the batch semantics say.

    Returns:
        The group's `AppendResult` (the sum of what each batch's append would return).

    Raises:
        as `append_batch`; the index of a refusal is within its own batch, but a caller does not
        report it (see above).
    """
    every: list[AuditEvent] = []
    expanded: list[list[AuditEvent]] = []
    for batch, pre in zip(batches, presanitized, strict=True):
        drafts = [admit(d, i, origin, store.limits) for i, d in enumerate(batch)]
        for i, d in enumerate(drafts):
            check_draft(d, i)
        expanded += store.sanitizer.sanitize_many(drafts, sender, pre, strict_ids=origin == "ingest")
        every += drafts
    try:
        return _append_locked(store, every, expanded, sender, origin)
    except SQLAlchemyError as exc:
        raise AuditStoreError(f"audit store write failed: {type(exc).__name__}") from exc


def _append_locked(
    store: SqlAuditStore, drafts: Sequence[AuditEvent], expanded: list[list[AuditEvent]], sender: str, origin: Origin
) -> AppendResult:
    stored = dups = noops = held = blanked = n_released = on_budget = 0
    resent: list[AuditEvent] = []  # drafts (redacted) whose id this sender stored before: compared below
    resent_across: dict[tuple[str, str], frozenset[str]] = {}  # their fields a join blanked (`_resendjoin`)
    seqs: dict[str, tuple[int, int]] = {}
    every = [ev for evs in expanded for ev in evs]
    teams = sorted({ev.team for ev in every})
    # the batch's lookups, run with the lock (one round trip on PostgreSQL), then taken by the calls below;
    # SQLite has no round trip to save (`preload_keys` does nothing there), so they are not listed
    ahead = (
        None
        if store.is_sqlite
        else (
            _existing_queries(drafts)
            + prefetch_queries(every)
            + open_lesson_hold_queries([e[0] for e in expanded])
            + [_head_query(teams)]
        )
    )
    with store.write_session(lock_ahead=ahead) as s:
        conn = s.connection()
        try:
            heads = _load_heads(conn, teams)
            existing = _existing_ids(s, drafts, sender, origin)
            prefetch_for(s, every)
            prefetch_open_lesson_holds(s, [evs[0] for evs in expanded])
        finally:
            forget_keys(conn)
        s.info[BULK] = []  # new projection rows are inserted together at the end (`insert_new_rows`)
        stored_before = frozenset(existing)
        first_here: dict[tuple[str, str], AuditEvent] = {}  # the batch's first event under each new key
        changed_here: list[str] = []
        for i, evs in enumerate(expanded):
            key = (evs[0].team, evs[0].sender_event_id)
            if key in existing:
                dups += 1
                if key in stored_before:
                    resent.append(evs[0])
                    resent_across[key] = across_fields(evs[1:])
                elif key in first_here and changed_within(first_here[key], evs[0]):
                    changed_here.append(evs[0].sender_event_id)
                continue
            existing.add(key)
            first_here[key] = evs[0]
            main = evs[0]
            try:
                if _decide(s, main) == "noop":
                    noops += 1
                    continue
                released = _released(s, main)
                for derived in released:
                    _decide(s, derived)
            except TransitionRefused as exc:
                raise TransitionRefused(f"event {i}: {exc}", item=exc.item, state=exc.state, index=i) from exc
            n_released += len(released)
            for ev in [*evs, *released]:
                seq = _insert(s, ev, sender, heads, store.clock)
                first, _ = seqs.get(ev.team, (seq, seq))
                seqs[ev.team] = (first, seq)
                stored += 1
                held += ev.type == "hold.created"
                on_budget += isinstance(ev.payload, p.HoldCreated) and any(
                    r.rule == BUDGET_RULE for r in ev.payload.reasons
                )
                if isinstance(ev.payload, p.SecretBlanked):
                    blanked += ev.payload.count
        changed = (tuple(changed_resends(conn, sender, resent, resent_across)) if resent else ()) + tuple(changed_here)
        # the batch's log rows, then its new projection rows, then each team's head (moved once a batch)
        log_rows = s.info.pop("audit_log_rows", [])
        # on PostgreSQL the COMMIT goes with the last of them when nothing is left to flush (`insert_tables`)
        insert_new_rows(s, ("audit_event", LOG_COLUMNS, log_rows), _head_statements(conn, heads), commit=True)
        s.info.pop(BULK, None)
        s.info.pop(OPEN_AT_START, None)
    if changed:
        shown = ", ".join(repr(x) for x in changed[:_NAMED])
        more = f" and {len(changed) - _NAMED} more" if len(changed) > _NAMED else ""
        log.warning(
            "sender %r sent %d event(s) again under a stored sender event id with other contents; refused, the "
            "stored events are kept unchanged (send a change as a new event id): %s%s",
            sender, len(changed), shown, more,
        )  # fmt: skip
    return AppendResult(stored, dups, noops, held, blanked, seqs, n_released, on_budget, changed)


_NAMED = 20
"""Most changed-resend ids one log line names (the rest are counted)."""


def _hold_texts(drafts: Sequence[AuditEvent]) -> bool:
    """True when some draft is a memory or lesson text the hold detector would read."""
    return any(isinstance(d.payload, p.MemoryWritten | p.LessonProposed) and d.payload.text for d in drafts)


def stored_already(store: SqlAuditStore, drafts: Sequence[AuditEvent], sender: str) -> frozenset[tuple[str, str]]:
    """(team, sender event id) of the drafts `sender` has stored already, read outside any write lock.

    The log is append-only, so a draft found here is found again by the write's own lookup under
    the lock (`_existing_ids`) and skipped there as a duplicate: what is done for it before the
    lock (its hold assessment) is never stored. One driver-level query per team and 500 ids.
    """
    own: set[tuple[str, str]] = set()
    with store.lookup_engine.connect() as conn:  # in autocommit on a server (`lookup_engine`)
        for team, ids in _ids_by_team(drafts):
            for k in range(0, len(ids), 500):
                rows = select_keys(conn, "audit_event", _EXISTING_NAMES, {"team": team, "sender": sender},
                                   "sender_event_id", ids[k : k + 500])  # fmt: skip
                own.update((team, eid) for _, eid in rows)
    return frozenset(own)


def _existing_ids(s: Session, drafts: Sequence[AuditEvent], sender: str, origin: Origin) -> set[tuple[str, str]]:
    """(team, sender event id) of the drafts' events this sender has stored already.

    The same lookup finds the drafts' ids stored under other senders; on the ingest channel a
    draft that is one of those very events (`sent_identity`) refuses the batch
    (`memeval.audit._resend.refuse_resent`). One driver-level query per team and 500 ids (`select_keys`), on the
    (team, sender, sender_event_id) index, searched for each sender the team has (`_every_sender`):
    the ORM's statement building and result handling cost more than the query itself.

    Raises:
        ResentUnderAnotherSender: see `memeval.audit._resend.refuse_resent`.
    """
    own: set[tuple[str, str]] = set()
    others: dict[tuple[str, str], set[str]] = {}
    for team, ids in _ids_by_team(drafts):
        for k in range(0, len(ids), 500):
            rows = select_keys(
                s.connection(), "audit_event", _EXISTING_NAMES, _every_sender(team), "sender_event_id", ids[k : k + 500]
            )
            for who, eid in rows:
                if who == sender:
                    own.add((team, eid))
                else:
                    others.setdefault((team, eid), set()).add(who)
    if origin == "ingest":
        refuse_resent(s.connection(), drafts, own, {k: v for k, v in others.items() if k not in own}, sender)
    return own


def _decide(s: Session, ev: AuditEvent) -> str:
    refuse_second_hold(s, ev)  # one open hold a lesson (`memeval.audit._resend`)
    lc = for_event(ev.type)
    if lc is None:
        return "append"
    return decide(ev, get_row(s, lc.table, ev.team, ev.subject or ""))


def _released(s: Session, ev: AuditEvent) -> list[AuditEvent]:
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


def _insert(s: Session, ev: AuditEvent, sender: str, heads: dict[str, _Chain], clock: Callable[[], datetime]) -> int:
    """Chain, hash and queue the log row of `ev` (a draft: store fields unset) and project it; returns its `seq`.

    `recorded_at` (when the store received it) is read from the store's `clock`.

    The stored event is `ev` with the store fields and `hash` set; its log row is built from
    `ev` and those fields (`log_row`) without making that copy.
    """
    chain = heads.get(ev.team)
    if chain is None:  # the team's first event: its chain starts here
        chain = heads[ev.team] = _Chain(0, GENESIS_HASH, 0, stored=False)
    seq = chain.seq + 1
    fields = {
        "event_id": "ev_" + uuid.uuid4().hex[:24],
        "seq": seq,
        "recorded_at": clock(),
        "sender": sender,
        "prev_hash": chain.hash,
    }
    body_text, body_bytes = canonical_body(ev, fields)
    digest = "sha256:" + hashlib.sha256(body_bytes).hexdigest()
    s.info.setdefault("audit_log_rows", []).append(log_row(ev, fields, digest, body_text))
    chain.seq, chain.hash = seq, digest
    project(s, ev, seq)
    return seq


_EXISTING_NAMES = ("sender", "sender_event_id")


def _every_sender(team: str) -> dict[str, Any]:
    """`select_keys`' equalities of `_existing_ids`: the team, under every sender (`EVERY_STORED`).

    Naming the sender column lets the lookup search the (team, sender, sender_event_id) index for
    each stored sender instead of reading every row of the team.
    """
    return {"team": team, "sender": EVERY_STORED}


def _ids_by_team(drafts: Sequence[AuditEvent]) -> list[tuple[str, list[str]]]:
    """(team, its drafts' sender event ids sorted), by team: what `_existing_ids` looks up."""
    by_team: dict[str, set[str]] = {}
    for d in drafts:
        by_team.setdefault(d.team, set()).add(d.sender_event_id)
    return [(team, sorted(ids)) for team, ids in sorted(by_team.items())]


def _existing_queries(drafts: Sequence[AuditEvent]) -> list[KeyQuery]:
    """The `select_keys` queries `_existing_ids` will run for `drafts`, for `preload_keys`."""
    return [
        ("audit_event", _EXISTING_NAMES, tuple(_every_sender(team).items()), "sender_event_id", tuple(ids[k : k + 500]))
        for team, ids in _ids_by_team(drafts)
        for k in range(0, len(ids), 500)
    ]


@dataclass
class _Chain:
    """A team's chain position while a batch is appended; its `audit_head` row is written once, at the end.

    Attributes:
        seq, hash: the last event's (the head's when nothing was appended yet).
        start: the head's `seq` when the batch began (0 for a new team).
        stored: whether the team has an `audit_head` row (else `_head_statements` inserts it).
    """

    seq: int
    hash: str
    start: int
    stored: bool = True


_HEAD_NAMES = ("team", "seq", "hash")


def _head_query(teams: list[str]) -> KeyQuery:
    """The `select_keys` query of `_load_heads` for `teams` (sorted), for `preload_keys`."""
    return ("audit_head", _HEAD_NAMES, (), "team", tuple(teams))


def _load_heads(conn: Connection, teams: list[str]) -> dict[str, _Chain]:
    """Each of `teams` (sorted) with an `audit_head` row -> its chain position, read through the driver.

    Read under the write lock, as the ORM's `session.get` of each head was; on PostgreSQL it comes
    with the lock's round trip (`_head_query` is among the batch's `lock_ahead` queries).
    """
    return {
        team: _Chain(int(seq), digest, int(seq))
        for team, seq, digest in select_keys(conn, *_head_query(teams)[:2], {}, "team", teams)
    }


def _head_statements(conn: Connection, heads: dict[str, _Chain]) -> list[Statement]:
    """Each moved chain's head write: `UPDATE` a stored team's `audit_head` row, `INSERT` a new team's.

    Returned for `insert_tables` to run after the batch's rows (on PostgreSQL in the same round trip
    as the small tables' rows); none when no chain moved.
    """
    quote = conn.dialect.identifier_preparer.quote
    mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
    table, team, seq, digest = (quote(n) for n in ("audit_head", *_HEAD_NAMES))
    moved = [c for c in heads.items() if c[1].seq != c[1].start]
    updates = [(c.seq, c.hash, t) for t, c in moved if c.stored]
    inserts = [(t, c.seq, c.hash) for t, c in moved if not c.stored]
    return [
        (sql, rows)
        for sql, rows in (
            (f"UPDATE {table} SET {seq} = {mark}, {digest} = {mark} WHERE {team} = {mark}", updates),
            (f"INSERT INTO {table} ({team}, {seq}, {digest}) VALUES ({mark}, {mark}, {mark})", inserts),
        )
        if rows
    ]
