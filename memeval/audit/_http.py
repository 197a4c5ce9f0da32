"""The ingest endpoint: `POST /api/v1/events` with a batch of events and a bearer token.

Request: `Authorization: Bearer mev_...` and a JSON body `{"events": [<event draft>, ...]}`
(at most `MAX_BATCH` events). The token names the team and the sender; every event's `team` must
be the token's team.

Responses:
- 200 `{"schema": "memeval.audit-ingest-answer/1", "schema_version": 1, "stored", "duplicates", "changed_resends",
  "noops", "held", "held_on_budget", "secrets_blanked", "seqs"}`: the whole batch is stored (events sent
  before are skipped, so a retried batch is stored once; `changed_resends` counts those of them sent with
  other contents than the stored event's, refused and named by id in the server's log: the stored event
  is kept).
  `held_on_budget` counts the holds (of `held`) made because the hold screen ran out of CPU, not
  because of what it read: a text over `MEMEVAL_HOLD_BUDGET_S`, or read after the batch's hold
  texts used `MEMEVAL_HOLD_REQUEST_BUDGET_S` in all (default 30 CPU s, so a client waits about that
  long at most for the holding of one batch). They wait for a person like any hold; sending
  them again changes nothing (they are stored). Send large texts in smaller batches.
  `blanked_on_budget` counts the texts stored as `[REDACTED:SCAN_INCOMPLETE]` because the batch's
  redaction used `MEMEVAL_REDACT_REQUEST_BUDGET_S` in all (default 60 CPU s) before they were read
  to their end (their finding's detector: `memeval:scan-incomplete:request-budget`).
- Every error is `{"schema": "memeval.audit-ingest-error/1", "schema_version": 1, "error": {"index",
  "reason"}}` (`memeval.audit._routes.ingest_error`; `index` null when it is about no one event).
- 401 missing or unknown token; 413 batch or event too large (`MEMEVAL_AUDIT_MAX_EVENT_BYTES`).
- 403 `{"error": {"index": i, "reason": "..."}}`: event `i` is a decision (approve, reject,
  settle, release, discard, claim, comment) or a report event: those come only from the review
  queue's authenticated paths and from memeval itself. Nothing of the batch was stored.
- 422 `{"error": {"index": i, "reason": "..."}}`: event `i` is malformed (a type that does not
  exist included: "'nope' is not an event type", as the file path says) or refused; nothing of
  the batch was stored. An event stored before under another sender (another token's name) is
  refused, not stored twice: the reason names that sender, whose token skips what is stored.

Redaction in the server's threads runs in a guard process within `MEMEVAL_REDACT_BUDGET_S` CPU
seconds a text (`_redactguard`): a text whose scan runs past it is stored as
`[REDACTED:SCAN_INCOMPLETE]`, never as written.

A batch that shares an event id (team, sender, sender event id) with a batch the server has in hand
(a client's retry after its timeout, while the first try is still worked on) waits for that batch
first; its events stored by then are skipped without being assessed again (`_write.stored_already`),
so a retry does not pay the hold budget a second time.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import Any, NamedTuple

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ValidationError
from starlette.concurrency import run_in_threadpool

from memeval.audit._authority import QUEUE_TYPES, REPORT_TYPES, STORE_TYPES, Limits, refused_type_message
from memeval.audit._events import AuditEvent
from memeval.audit._holdmemo import request_bound
from memeval.audit._ingest import describe_validation, parse_event
from memeval.audit._parallel import HTTP_MIN_EVENTS, discard_pool, pool_if_warm, pool_state, presanitize_one
from memeval.audit._routes import ANSWER_SCHEMA, HEALTH_SCHEMA, answer_unknown_routes, ingest_error
from memeval.audit._store import SqlAuditStore
from memeval.audit._tokens import lookup_token
from memeval.audit._write import stored_already
from memeval.errors import AuditEventRejected

MAX_BATCH = 1000

REFUSED_TYPES = QUEUE_TYPES | STORE_TYPES | REPORT_TYPES
"""Types a sender may not send (403); any other type not ingested is no event type at all (422)."""

log = logging.getLogger(__name__)


class EventBatch(BaseModel):
    """The request body."""

    events: list[dict[str, Any]]


class _DraftBatch(BaseModel):
    """The body read by pydantic straight from its bytes into drafts (`read_drafts`): no `dict` in between."""

    events: list[AuditEvent]


def read_drafts(raw: bytes | bytearray, team: str, max_event_bytes: int) -> list[AuditEvent] | None:
    """The drafts of a body every check of the plain reading would pass, or None: then the plain reading answers.

    The plain reading (`json.loads`, `EventBatch`, then `parse_event` a dict at a time) words every
    refusal; this one reads the body's bytes in one pydantic call, as `memeval audit ingest` reads a
    line (`_ingest._read_event`), and takes a body only when nothing of it would be refused: every
    event valid, at most `MAX_BATCH` of them, none of a type a sender may not send, every event of
    the token's `team`, and the whole body within `max_event_bytes` (so no one event can be over
    it; a larger body is read the plain way, which sizes each event). Anything else, a body that is
    not UTF-8 JSON included, returns None and is read again the plain way, so every refusal, its
    status and its words are the ones they were. A body taken gives the drafts the plain reading
    gives (`tests/audit/test_ingest28_body_read.py`).

    Cost, 100 bench events (36 kB): about 0.5 ms of CPU against 0.75 ms for the plain reading
    (2026-12-06, load 13-15).
    """
    if len(raw) > max_event_bytes:
        return None
    try:
        drafts = _DraftBatch.model_validate_json(raw).events
    except (ValueError, RecursionError):  # pydantic's ValidationError is a ValueError; the plain reading says why
        return None
    if len(drafts) > MAX_BATCH or any(d.type in REFUSED_TYPES or d.team != team for d in drafts):
        return None
    return drafts


BATCH_SHAPE = '{"events": [<event>, ...]}' + " (one JSON object, each event as a line of `memeval audit ingest` holds)"
"""What a batch's body is, as the errors about its shape say it."""


_JSON_SCALARS = {type(None): "null", bool: "true or false", str: "a string", int: "a number", float: "a number"}
"""How a body that is one JSON scalar is named in `batch_shape_problem`."""


def batch_shape_problem(doc: object) -> str:
    """Why `doc`, a JSON value that is not an `EventBatch`, is refused: what it is and what to send.

    Before, any such body was "the body must be JSON", though it was JSON (a bare list of events, the
    likeliest mistake, included). No key or value of the body is echoed (it may hold a secret).
    """
    if isinstance(doc, list):
        return f"the body is a JSON list: wrap the events in an object, {BATCH_SHAPE}"
    if not isinstance(doc, dict):
        what = _JSON_SCALARS.get(type(doc), "a scalar")
        return f"the body is JSON {what}, not an object: send {BATCH_SHAPE}"
    if "events" not in doc:
        return f'the body has no "events" key: send {BATCH_SHAPE}'
    return f'the body\'s "events" is not a list of JSON objects: send {BATCH_SHAPE}'


class Refused(NamedTuple):
    """Why a batch is refused, as its answer says it (`_error`): status, reason, the event's index `at` (or None)."""

    status: int
    reason: str
    at: int | None = None


def read_body(raw: bytes | bytearray) -> EventBatch | Refused:
    """The plain reading's first step (on the event loop): the body as JSON of the batch's shape, or why not."""
    try:
        doc = json.loads(raw)
        return EventBatch.model_validate(doc)
    except RecursionError:  # JSON, but nested past the parser's depth: said as the file path says it
        why = "the body is JSON nested deeper than the parser follows"
        return Refused(422, f'{why}: send {{"events": [<event>, ...]}} with payloads nested less deeply')
    except ValidationError:
        return Refused(422, batch_shape_problem(doc))
    except ValueError:
        return Refused(422, f"the body is not JSON: send {BATCH_SHAPE}")


def parse_batch(batch: EventBatch, team: str, body_bytes: int, limits: Limits) -> list[AuditEvent] | Refused:
    """The plain reading's second step (in a thread): each event of `batch` as a draft, or the first refusal.

    In this order: more than `MAX_BATCH` events (413); the first event of a type a sender may not
    send (403), before any event is parsed; then event by event, over the limit (413, sized only
    when the body of `body_bytes` bytes is), malformed (422), of another team than the token's `team` (422).
    """
    if len(batch.events) > MAX_BATCH:
        return Refused(413, f"{len(batch.events)} events in one batch: send at most {MAX_BATCH}")
    for i, raw in enumerate(batch.events):
        kind = raw.get("type") if isinstance(raw, dict) else None
        if isinstance(kind, str) and kind in REFUSED_TYPES:  # an unknown type is malformed: 422 below
            return Refused(403, refused_type_message(kind, "ingest"), i)
    drafts = []
    for i, raw in enumerate(batch.events):
        if body_bytes > limits.max_event_bytes:  # only then can one event be over the limit
            why = limits.event_too_big(len(json.dumps(raw, ensure_ascii=False).encode()))
            if why:
                return Refused(413, why, i)
        try:
            ev = parse_event(raw)
        except ValidationError as exc:
            return Refused(422, describe_validation(exc), i)
        except ValueError as exc:
            return Refused(422, str(exc), i)
        if ev.team != team:
            return Refused(422, f"event team {ev.team!r} is not the token's team {team!r}", i)
        drafts.append(ev)
    return drafts


def _error(status: int, reason: str, index: int | None = None) -> JSONResponse:
    return JSONResponse(ingest_error(reason, index), status_code=status)


class _InHand:
    """How many batches the server has taken and not yet answered (a context manager: `with in_hand as others`).

    Entering counts this batch and gives the count of the others in hand at that moment; leaving
    uncounts it. Thread-safe: FastAPI runs each batch in its own thread of the pool.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._count = 0

    def __enter__(self) -> int:
        with self._lock:
            self._count += 1
            return self._count - 1

    def __exit__(self, *_exc: object) -> None:
        with self._lock:
            self._count -= 1


class _KeysInHand:
    """The event ids of the batches in hand: a batch that shares one waits for that batch to be answered first.

    A client that timed out sends its batch again while the server still works on the first try;
    waiting, the retry finds the first try's events stored and skips them (no second hold budget).
    Thread-safe; the wait is the first batch's own, which is bounded (its hold texts' CPU bound and
    the guard's wall-time allowances, `_holdguard`).
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_key: dict[tuple[str, str, str], threading.Event] = {}

    @contextmanager
    def taken(self, keys: Sequence[tuple[str, str, str]]) -> Iterator[None]:
        """Within the block these keys are this batch's; entering waits for any batch in hand that has one."""
        mine = threading.Event()
        while True:
            with self._lock:
                busy = {self._by_key[k] for k in keys if k in self._by_key}
                if not busy:
                    self._by_key.update(dict.fromkeys(keys, mine))
                    break
            for other in busy:
                other.wait()
        try:
            yield
        finally:
            with self._lock:
                for k in keys:
                    if self._by_key.get(k) is mine:
                        del self._by_key[k]
            mine.set()


def create_ingest_app(store: SqlAuditStore, *, workers: int = 0) -> FastAPI:
    """The ingest API over `store` (an ASGI app for uvicorn).

    Args:
        store: the audit store.
        workers: size of the warm worker pool (`_parallel`) that takes the id scan of batches of
            `HTTP_MIN_EVENTS` events or more while the server redacts their free text (0: none).
            The pool starts warming in the background when the first such batch arrives (not when
            the app is made: a server that never gets one never pays for it); until it is up,
            batches are sanitised in the server alone. Used only when the store runs the default engines.
    """
    from memeval.audit._redactguard import redact_guarded
    from memeval.hold import request_budget_seconds
    from memeval.redact import budget_seconds, guard_threads
    from memeval.redact import request_bound as redaction_bound
    from memeval.redact import request_budget_seconds as redaction_request_s

    bound_s = request_budget_seconds()  # a bad value is said before the server listens
    budget_seconds()
    redact_bound_s = redaction_request_s()
    guard_threads(redact_guarded)  # the server's threads redact in the guard, within the CPU budget (`_redactguard`)
    pooled = workers if store.default_engines else 0  # warmed for the first batch that can use it (`pool_if_warm`)
    api = FastAPI(title="memeval audit ingest", docs_url=None, redoc_url=None, openapi_url=None)
    answer_unknown_routes(api)  # an unknown path or method: the error shape below, not FastAPI's (`_routes`)

    limits = store.limits
    max_body = limits.max_event_bytes * MAX_BATCH
    in_hand = _InHand()
    keys_in_hand = _KeysInHand()

    @api.post("/api/v1/events")
    async def post_events(request: Request) -> Any:
        authorization = request.headers.get("authorization")
        if not authorization or not authorization.startswith("Bearer "):
            return _error(401, "send 'Authorization: Bearer <token>' (memeval audit token add)")
        who = await run_in_threadpool(lookup_token, store, authorization.removeprefix("Bearer ").strip())
        if who is None:
            return _error(401, "unknown token: create one with `memeval audit token add`")
        team, sender = who
        declared = request.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > max_body:
            return _error(
                413,
                f"the body is {declared} bytes, over {max_body} ({MAX_BATCH} events of at most "
                f"{limits.max_event_bytes} bytes, MEMEVAL_AUDIT_MAX_EVENT_BYTES): send smaller batches",
            )
        raw = bytearray()
        async for chunk in request.stream():  # read at most max_body bytes, whatever the header said
            raw += chunk
            if len(raw) > max_body:
                return _error(
                    413,
                    f"the body is over {max_body} bytes ({MAX_BATCH} events of at most "
                    f"{limits.max_event_bytes} bytes, MEMEVAL_AUDIT_MAX_EVENT_BYTES): send smaller batches",
                )
        drafts = read_drafts(raw, team, limits.max_event_bytes)
        if drafts is not None:  # nothing of it is refused: stored as the plain reading below would store it
            return await run_in_threadpool(_store_drafts, drafts, team, sender)
        batch = read_body(raw)
        if isinstance(batch, Refused):
            return _error(*batch)
        return await run_in_threadpool(_store_batch, batch, team, sender, len(raw))

    def _store_batch(batch: EventBatch, team: str, sender: str, body_bytes: int) -> Any:
        with in_hand as others:  # from here on this batch is in hand; `others` are the batches already in hand
            drafts = parse_batch(batch, team, body_bytes, limits)
            return _error(*drafts) if isinstance(drafts, Refused) else _store(drafts, team, sender, others)

    def _store_drafts(drafts: list[Any], team: str, sender: str) -> Any:
        with in_hand as others:
            return _store(drafts, team, sender, others)

    def _store(drafts: list[Any], team: str, sender: str, others: int) -> Any:
        keys = list(dict.fromkeys((d.team, sender, d.sender_event_id) for d in drafts))
        with (
            keys_in_hand.taken(keys),
            request_bound(bound_s, scope=team),  # the team's own hold memo (`_holdmemo`)
            redaction_bound(redact_bound_s) as redacted,  # this thread's redaction shares one bound (`_redactguard`)
        ):
            answer = _sanitize_and_store(drafts, team, sender, others)
        if isinstance(answer, dict) and redacted is not None:
            answer["blanked_on_budget"] = redacted.blanked
        return answer

    def _sanitize_and_store(drafts: list[Any], team: str, sender: str, others: int) -> Any:
        try:
            pool = pool_if_warm(pooled) if len(drafts) >= HTTP_MIN_EVENTS else None
            if pool is not None and len(stored_already(store, drafts, sender)) == len(
                {(d.team, d.sender_event_id) for d in drafts}
            ):
                pool = None  # a batch sent again: skipped whole, nothing for a worker to do
            pre = None
            if pool is not None:
                try:
                    # alone, the batch is cut over the workers; with other batches in hand it goes whole to one
                    pre = presanitize_one(
                        drafts,
                        pool,
                        lambda: store.sanitizer.prescan_ids(drafts),
                        whole=others > 0,
                        total_s=bound_s,
                        scope=team,
                    )
                except BrokenProcessPool:  # a worker died (killed, out of memory): this batch goes the plain way
                    log.warning("an ingest worker died; sanitising in the server until a new pool is warm")
                    discard_pool(pool)
            res = (
                store.append(drafts, sender=sender, origin="ingest")
                if pre is None
                else store.append(drafts, sender=sender, origin="ingest", presanitized=pre)
            )
        except AuditEventRejected as exc:
            return _error(422, str(exc), exc.index)
        return {
            "schema": ANSWER_SCHEMA,
            "schema_version": 1,
            "stored": res.stored,
            "duplicates": res.duplicates,
            "changed_resends": len(res.changed_resends),
            "noops": res.noops,
            "held": res.held,
            "held_on_budget": res.held_on_budget,
            "secrets_blanked": res.secrets_blanked,
            "seqs": {t: list(v) for t, v in res.seqs.items()},
        }

    @api.get("/api/v1/health")
    def health() -> dict[str, str | int]:
        ok: dict[str, str | int] = {"schema": HEALTH_SCHEMA, "schema_version": 1, "status": "ok"}
        if not pooled:
            return ok
        return {**ok, "workers": pool_state(pooled)}  # a look: a health probe starts no warming

    return api
