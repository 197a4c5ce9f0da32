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
   decision against the state machines, refuses a `report.generated` that did not count its team's
   latest stored report (`_reportorder`: two report runs at once), assigns `seq`, `prev_hash`, `hash`,
   inserts, updates projections, and turns
   each `hold.released` into the `memory.written` (or `lesson.proposed`) it releases.
Any refusal rolls the whole batch back: a batch is stored entirely or not at all. Batches of one
sender or several appended at once from several threads (an HTTP server's requests) wait for step 3 in the
store's queue and go through it together, one transaction for the waiting ones (`new_combiner`,
`memeval.audit._combine`); a group that fails is written again one batch at a time, so each batch
is still stored entirely or not at all, with its own result or error.

This module holds that order (`append_batch`), step 3 (the decisions, the chaining and hashing,
the inserts) and `AppendResult`; the duplicate lookups are `_existing`'s, the chains' heads `_heads`'.
"""

from __future__ import annotations

import functools
import itertools
import logging
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session

from memeval.audit import _payloads as p
from memeval.audit._admit import admit, check_draft
from memeval.audit._authority import Origin
from memeval.audit._combine import Combiner
from memeval.audit._events import EVENT_ADAPTER, GENESIS_HASH, AuditEvent
from memeval.audit._existing import existing_ids, existing_queries
from memeval.audit._existing import stored_already as stored_already  # `_http` reads it from here
from memeval.audit._heads import Chain, head_query, head_statements, load_heads
from memeval.audit._lifecycle import for_event
from memeval.audit._logrow import LOG_COLUMNS, Pending, chained_log_rows
from memeval.audit._machine import decide
from memeval.audit._project import (
    BULK,
    forget_keys,
    get_row,
    insert_new_rows,
    prefetch_for,
    prefetch_queries,
    project,
)
from memeval.audit._reportorder import refuse_report_behind
from memeval.audit._resend import (
    OPEN_AT_START,
    changed_resends,
    changed_within,
    open_lesson_hold_queries,
    prefetch_open_lesson_holds,
    refuse_second_hold,
)
from memeval.audit._resendjoin import across_fields
from memeval.audit._streamseed import seed_stream_ends
from memeval.audit._tables import HoldState
from memeval.audit._tasks import WRITE_EVENTS
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
    seed_stream_ends(store, drafts)  # a new process's first batch of a team reads after its stored texts (breaker53)
    expanded = store.sanitizer.sanitize_many(
        drafts, sender, presanitized, strict_ids=origin == "ingest", stored_already=known
    )
    return store.combiner.write(Prepared(drafts, expanded, sender, origin))


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
        seed_stream_ends(store, drafts)
        expanded += store.sanitizer.sanitize_many(drafts, sender, pre, strict_ids=origin == "ingest")
        every += drafts
    return _write_prepared(store, [Prepared(every, expanded, sender, origin)])[0]


@dataclass(frozen=True)
class Prepared:
    """A batch ready for step 3: its admitted drafts, each with its sanitised events, its sender and channel."""

    drafts: list[AuditEvent]
    expanded: list[list[AuditEvent]]
    sender: str
    origin: Origin

    @functools.cached_property
    def ids(self) -> frozenset[str]:
        """The drafts' sender event ids."""
        return frozenset(d.sender_event_id for d in self.drafts)


def new_combiner(store: SqlAuditStore) -> Combiner[Prepared, AppendResult]:
    """The store's queue of batches appended at once from several threads (`memeval.audit._combine`).

    Batches that wait together go in one transaction when they come on the ingest channel, from
    one sender or several, share no sender event id and hold at most `GROUP_MAX_EVENTS` drafts
    together (`_fits`): then no event of one is a resend of another's (nor an event another sender
    stores in the same transaction), and each batch's result is counted apart (`_append_locked`),
    as its own transaction would have counted it. Until 2026-12-07 only one sender's batches went
    together, so several memory systems posting at once paid a commit (SQLite's WAL sync) a batch.
    """
    return Combiner(
        lambda items: _write_prepared(store, items),
        lambda item: _write_prepared(store, [item])[0],
        _fits,
    )


GROUP_MAX_EVENTS = WRITE_EVENTS
"""Most drafts of waiting batches `new_combiner` writes in one transaction (as a file ingest's writer, `_tasks`)."""


def _fits(group: Sequence[Prepared], item: Prepared) -> bool:
    """Whether the waiting batch `item` may join the batches `group` in one transaction (`new_combiner`)."""
    first = group[0]
    return (
        item.origin == first.origin == "ingest"
        and sum(len(g.drafts) for g in group) + len(item.drafts) <= GROUP_MAX_EVENTS
        and all(g.ids.isdisjoint(item.ids) for g in group)
    )


def _write_prepared(store: SqlAuditStore, items: Sequence[Prepared]) -> list[AppendResult]:
    """Step 3 for `items` (one channel; one sender or several) in ONE transaction: each one's result, or raise."""
    try:
        return _append_locked(store, items)
    except SQLAlchemyError as exc:
        raise AuditStoreError(f"audit store write failed: {type(exc).__name__}") from exc


def _append_locked(store: SqlAuditStore, items: Sequence[Prepared]) -> list[AppendResult]:
    """Step 3 for `items` (batches of one channel, each with its sender) in one transaction: a result a batch.

    Each batch's result is counted apart, as its own transaction would have counted it. Batches of
    several senders go together only when they share no sender event id (`_fits`), so a lookup of
    one sender's ids cannot meet another batch's rows of this transaction: the stored ids of all
    (`existing_ids`, each id its own sender's) are read at the start, each sender's changed resends at the end.
    """
    drafts = [d for it in items for d in it.drafts]
    expanded = [evs for it in items for evs in it.expanded]
    origin = items[0].origin
    bounds = list(itertools.accumulate(len(it.drafts) for it in items))
    tally = [_Tally() for _ in bounds]
    resent: dict[str, list[AuditEvent]] = {}  # per sender, drafts (redacted) whose id it stored before: compared below
    resent_in: dict[str, int] = {}  # their sender event ids -> their batch (a group's batches share no id)
    resent_across: dict[tuple[str, str], frozenset[str]] = {}  # their fields a join blanked (`_resendjoin`)
    every = [ev for evs in expanded for ev in evs]
    teams = sorted({ev.team for ev in every})
    # the batch's lookups, run with the lock (one round trip on PostgreSQL), then taken by the calls below;
    # SQLite has no round trip to save (`preload_keys` does nothing there), so they are not listed
    ahead = (
        None
        if store.is_sqlite
        else (
            existing_queries(drafts)
            + prefetch_queries(every)
            + open_lesson_hold_queries([e[0] for e in expanded])
            + [head_query(teams)]
        )
    )
    with store.write_session(lock_ahead=ahead) as s:
        conn = s.connection()
        try:
            heads = load_heads(conn, teams)
            existing = existing_ids(s, drafts, [it.sender for it in items for _ in it.drafts], origin)
            prefetch_for(s, every)
            prefetch_open_lesson_holds(s, [evs[0] for evs in expanded])
        finally:
            forget_keys(conn)
        s.info[BULK] = []  # new projection rows are inserted together at the end (`insert_new_rows`)
        stored_before = frozenset(existing)
        first_here: dict[tuple[str, str], AuditEvent] = {}  # the batch's first event under each new key
        pending: list[Pending] = []  # the log rows to make, in order (`_insert`)
        b = 0
        for i, evs in enumerate(expanded):
            while i >= bounds[b]:
                b += 1
            t = tally[b]
            key = (evs[0].team, evs[0].sender_event_id)
            if key in existing:
                t.dups += 1
                if key in stored_before:
                    resent.setdefault(items[b].sender, []).append(evs[0])
                    resent_in[key[1]] = b
                    resent_across[key] = across_fields(evs[1:])
                elif key in first_here and changed_within(first_here[key], evs[0]):
                    t.changed_here.append(evs[0].sender_event_id)
                continue
            existing.add(key)
            first_here[key] = evs[0]
            main = evs[0]
            try:
                refuse_report_behind(s, main, i)  # a report counted every report stored before it (`_reportorder`)
                if _decide(s, main) == "noop":
                    t.noops += 1
                    continue
                released = _released(s, main)
                for derived in released:
                    _decide(s, derived)
            except TransitionRefused as exc:
                raise TransitionRefused(f"event {i}: {exc}", item=exc.item, state=exc.state, index=i) from exc
            t.released += len(released)
            for ev in [*evs, *released]:
                seq = _insert(s, ev, items[b].sender, heads, store.clock, pending)
                first, _ = t.seqs.get(ev.team, (seq, seq))
                t.seqs[ev.team] = (first, seq)
                t.stored += 1
                t.held += ev.type == "hold.created"
                t.on_budget += isinstance(ev.payload, p.HoldCreated) and any(
                    r.rule == BUDGET_RULE for r in ev.payload.reasons
                )
                if isinstance(ev.payload, p.SecretBlanked):
                    t.blanked += ev.payload.count
        for sender, theirs in resent.items():  # `changed_resends` keeps `theirs`' order: each batch's in its own order
            for eid in changed_resends(conn, sender, theirs, resent_across):
                tally[resent_in[eid]].changed_stored.append(eid)
        # the batch's log rows, then its new projection rows, then each team's head (moved once a batch)
        log_rows = chained_log_rows(pending)  # each chain's `hash` moves to its last event's here
        # on PostgreSQL the COMMIT goes with the last of them when nothing is left to flush (`insert_tables`)
        insert_new_rows(s, ("audit_event", LOG_COLUMNS, log_rows), head_statements(conn, heads), commit=True)
        s.info.pop(BULK, None)
        s.info.pop(OPEN_AT_START, None)
    results = []
    for it, t in zip(items, tally, strict=True):
        sender = it.sender
        changed = (*t.changed_stored, *t.changed_here)
        if changed:
            shown = ", ".join(repr(x) for x in changed[:_NAMED])
            more = f" and {len(changed) - _NAMED} more" if len(changed) > _NAMED else ""
            log.warning(
                "sender %r sent %d event(s) again under a stored sender event id with other contents; refused, the "
                "stored events are kept unchanged (send a change as a new event id): %s%s",
                sender, len(changed), shown, more,
            )  # fmt: skip
        results.append(
            AppendResult(t.stored, t.dups, t.noops, t.held, t.blanked, t.seqs, t.released, t.on_budget, tuple(changed))
        )
    return results


@dataclass
class _Tally:
    """What `_append_locked` counted for one batch (an `AppendResult`'s fields, and the changed resends' ids)."""

    stored: int = 0
    dups: int = 0
    noops: int = 0
    held: int = 0
    blanked: int = 0
    released: int = 0
    on_budget: int = 0
    seqs: dict[str, tuple[int, int]] = field(default_factory=dict)
    changed_stored: list[str] = field(default_factory=list)
    """Ids sent again with other contents than the stored event's (`changed_resends`)."""
    changed_here: list[str] = field(default_factory=list)
    """Ids sent again within the batch with other contents than its first under that id (`changed_within`)."""


_NAMED = 20
"""Most changed-resend ids one log line names (the rest are counted)."""


def _hold_texts(drafts: Sequence[AuditEvent]) -> bool:
    """True when some draft is a memory or lesson text the hold detector would read."""
    return any(isinstance(d.payload, p.MemoryWritten | p.LessonProposed) and d.payload.text for d in drafts)


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


def new_event_id() -> str:
    """A new stored event's id: `ev_` and 24 hex digits, drawn as `"ev_" + uuid.uuid4().hex[:24]` draws them.

    The first 12 of `uuid4`'s 16 random bytes with its version (4, the 13th digit) and variant (`10` in
    the top bits of the 17th digit) set as `uuid.UUID` sets them, so the ids have the same shape and
    the same 90 random bits; without building the `UUID` object and its integer (about 1.5 against 7 us a
    call at load 20, 2026-12-06).
    """
    raw = bytearray(os.urandom(12))
    raw[6] = (raw[6] & 0x0F) | 0x40  # version 4 (RFC 4122 section 4.4; `uuid.UUID(version=4)`)
    raw[8] = (raw[8] & 0x3F) | 0x80  # the RFC 4122 variant
    return "ev_" + raw.hex()


def _insert(
    s: Session,
    ev: AuditEvent,
    sender: str,
    heads: dict[str, Chain],
    clock: Callable[[], datetime],
    pending: list[Pending],
) -> int:
    """Give `ev` (a draft: store fields unset) its place in its team's chain, queue its log row and project it.

    Returns its `seq`. Its event id is drawn and its `recorded_at` (when the store received it) read
    from the store's `clock` here, in the batch's order; its body, hash and log row are made after the
    batch's decisions, all in one pass (`chained_log_rows`, which moves each chain's `hash` on): nothing
    before reads them. The stored event is `ev` with the store fields and `hash` set; its log row is
    built from `ev` and those fields without making that copy.
    """
    chain = heads.get(ev.team)
    if chain is None:  # the team's first event: its chain starts here
        chain = heads[ev.team] = Chain(0, GENESIS_HASH, 0, stored=False)
    seq = chain.seq = chain.seq + 1
    pending.append((ev, new_event_id(), seq, clock(), sender, chain))
    project(s, ev, seq)
    return seq
