"""The JSON API behind the pages, under the same rules, authenticated by bearer tokens only.

`Authorization: Bearer mrv_...` (from `memeval users token NAME`). Cookies are ignored here, so
the API needs no CSRF token and a page can never be tricked into calling it. Every reply is an
object with `schema` and `schema_version` (`memeval.review._models`). Errors are `ErrorOut`,
`{"schema": "memeval.review-error/1", "schema_version": 1, "error": {"code": ..., "message": ...}}`,
with 401 (no or unknown token), 404, 409, 422, 403 as in `REFUSAL_STATUS`; a body or query that
does not fit the endpoint's shape (not JSON, a field missing, unknown or of the wrong value) is 422
`bad_request` naming each field, the value sent and the fields the endpoint takes
(`validation_error`), not FastAPI's own `{"detail": [...]}`.

    GET  /api/v1/review/queue?kind=&team=&min_age_h=&offset=&after=   -> QueueOut  memeval.review-queue/1
         (pages of `MEMEVAL_REVIEW_QUEUE_PAGE_ROWS`, 500: `more` waiting after the page, `next` its path)
    GET  /api/v1/review/items/TYPE/TEAM/ID             -> ItemDetailOut  memeval.review-item/1
    POST /api/v1/review/claims     LeaseIn              -> LeaseOut       memeval.review-claim/1
    POST /api/v1/review/decisions  DecisionIn           -> DecisionOut    memeval.review-decision/1
    POST /api/v1/review/bulk       BulkIn               -> BulkOut        memeval.review-bulk/1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from memeval.errors import ReviewRefused, UsageError
from memeval.review._accounts import Account, account_for_token
from memeval.review._context import REFUSAL_STATUS, review_app
from memeval.review._decide import DecisionRequest, decide_item, new_decision_id
from memeval.review._leases import claim_item, drop_claim
from memeval.review._models import (
    BulkIn,
    BulkItemOut,
    BulkOut,
    DecisionIn,
    DecisionOut,
    ErrorBody,
    ErrorOut,
    ItemDetailOut,
    LeaseIn,
    LeaseOut,
    QueueOut,
    detail_out,
    queue_out,
)
from memeval.review._queue import (
    QueueFilter,
    after_text,
    build_item,
    build_queue,
    item_ref,
    parse_after,
    parse_ref,
    resolve,
)
from memeval.review._read import get_item

router = APIRouter(prefix="/api/v1/review")
SENDER = "review-api"


class ApiError(Exception):
    """An API refusal with its HTTP status and code (turned into the error body)."""

    def __init__(self, status: int, code: str, message: str, headers: Mapping[str, str] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.headers: dict[str, str] = dict(headers or {})


def error_response(exc: ApiError) -> JSONResponse:
    """The JSON error body of `exc` (`ErrorOut`, `memeval.review-error/1`)."""
    headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else dict(exc.headers)
    body = ErrorOut(error=ErrorBody(code=exc.code, message=exc.message)).model_dump(mode="json", by_alias=True)
    return JSONResponse(body, status_code=exc.status, headers=headers or None)


API_PREFIX = "/api/v1"

REVIEW_ENDPOINTS = (
    "GET /api/v1/review/queue, GET /api/v1/review/items/TYPE/TEAM/ID, POST /api/v1/review/claims, "
    "POST /api/v1/review/decisions, POST /api/v1/review/bulk (the review API, bearer token from "
    "`memeval users token NAME`)"
)
"""The review API's endpoints under `/api/v1`, as README lists them (the review API section)."""

ENDPOINTS = (
    f"{REVIEW_ENDPOINTS}; POST /api/v1/events and GET /api/v1/health (the ingest endpoint, unless served with "
    "--no-ingest)"
)
"""Every endpoint under `/api/v1` of `memeval serve`, as README lists them (the review API section)."""

NO_INGEST = (
    "; this server runs with --no-ingest, so it has no POST /api/v1/events or GET /api/v1/health: serve "
    "without --no-ingest, or send events to `memeval audit serve`"
)
"""What a server started with `--no-ingest` says in place of the ingest endpoint's line."""


def is_api_path(path: str) -> bool:
    """Whether `path` is under `/api/v1` (the JSON API's error shape applies), not a page."""
    return path == API_PREFIX or path.startswith(API_PREFIX + "/")


def route_error(
    method: str, path: str, status: int, headers: Mapping[str, str] | None = None, *, ingest: bool = True
) -> ApiError:
    """The API's error for a request no endpoint takes: 404 `not_found`, 405 `method_not_allowed`.

    Args:
        method: the request's method (`GET`).
        path: the request's path (`/api/v1/review/queues`).
        status: the framework's status for it (404 no such path, 405 the path takes other methods).
        headers: the framework's headers for it (a 405's `Allow`), kept on the answer.
        ingest: whether this server serves the ingest endpoint; False (`memeval serve --no-ingest`)
            lists the review API alone and says the ingest endpoint is not served here (the full
            list named `POST /api/v1/events` as an endpoint of a server that answered it 404).

    Returns:
        The error, its message naming the request and every endpoint (`ENDPOINTS`).
    """
    code = {404: "not_found", 405: "method_not_allowed"}.get(status, f"http_{status}")
    what = f"{method} {path} is not an endpoint" if status == 405 else f"no endpoint {method} {path}"
    allow = f" ({path} takes {headers['Allow']})" if headers and "Allow" in headers else ""
    listed = ENDPOINTS if ingest else REVIEW_ENDPOINTS + NO_INGEST
    message = f"{what}{allow}; the endpoints under /api/v1 are {listed}; README lists them (the review API)"
    return ApiError(status, code, message, headers)


BODIES: dict[str, type[BaseModel]] = {}
"""The body model of each POST endpoint by path, for `validation_error`'s list of fields (filled below)."""

SHOWN_CHARS = 40
"""How much of a value sent a `bad_request` message quotes (with its length when longer)."""


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= SHOWN_CHARS else f"{text[: SHOWN_CHARS - 1]}… ({len(text):,} characters)"


def validation_error(path: str, errors: Sequence[Any]) -> ApiError:
    """A 422 `bad_request` naming each problem of a request FastAPI could not read into its model.

    Args:
        path: the request's path (`/api/v1/review/decisions`), to name the fields its body takes.
        errors: `RequestValidationError.errors()`: dicts with `loc` (`("body", "action")`),
            `msg`, `type` and `input`.

    Returns:
        The error, e.g. `body field 'action': Input should be 'approve', 'reject', 'settle',
        'release' or 'discard' (sent 'aprove'); POST /api/v1/review/decisions takes a JSON object
        with ref, action, reason, kept, decision_id`.
    """
    parts = []
    for e in list(errors)[:5]:
        loc = [str(x) for x in e.get("loc", ())]
        where, field = (loc[0], ".".join(loc[1:])) if loc else ("request", "")
        if e.get("type") == "json_invalid":
            parts.append(f"the body is not valid JSON ({e.get('ctx', {}).get('error', e.get('msg'))})")
            continue
        sent = "" if e.get("type") == "missing" else f" (sent {_shown(e.get('input'))})"
        parts.append(
            f"{where} field {field!r}: {e.get('msg', 'not valid')}{sent}" if field else f"{where}: {e.get('msg')}{sent}"
        )
    if len(errors) > 5:
        parts.append(f"and {len(errors) - 5} more")
    model = BODIES.get(path)
    takes = f"; POST {path} takes a JSON object with {', '.join(model.model_fields)}" if model else ""
    return ApiError(422, "bad_request", "; ".join(parts) + takes)


def _account(request: Request, authorization: str | None) -> Account:
    if not authorization or not authorization.startswith("Bearer "):
        raise ApiError(401, "no_token", "send 'Authorization: Bearer <token>' (memeval users token NAME)")
    account = account_for_token(review_app(request).store, authorization.removeprefix("Bearer ").strip())
    if account is None:
        raise ApiError(401, "bad_token", "unknown token: create one with `memeval users token NAME`")
    return account


def _refused(exc: ReviewRefused) -> ApiError:
    return ApiError(REFUSAL_STATUS[exc.code], exc.code, str(exc))


@router.get("/queue", response_model=QueueOut)
def api_queue(
    request: Request,
    kind: str | None = None,
    team: str | None = None,
    min_age_h: float | None = None,
    offset: int = Query(default=0, ge=0),
    after: str | None = None,
    authorization: str | None = Header(default=None),
) -> QueueOut:
    """Waiting items, oldest first, with counts per kind: one page of `queue_page_rows` from `offset`.

    A page of 20,000 waiting items was one answer of every item; now `more` says how many wait
    after the page and `next` is the path and query of the next one (None on the last page). `next`
    names the page's last item (`after`: `queue_key` as `US:SEQ:TEAM`), not a position: items
    decided between pages moved the later ones up, and a position skipped one item for each.
    """
    account = _account(request, authorization)
    app = review_app(request)
    try:
        key = None if after is None else parse_after(after)
        view = build_queue(
            app.store,
            QueueFilter(kind, team, min_age_h),
            now=app.clock(),
            overdue_after_h=app.settings.overdue_after_h,
            account=account,
            limit=app.settings.queue_page_rows,
            offset=offset,
            after=key,
        )
    except UsageError as exc:
        raise ApiError(422, "bad_filter", str(exc)) from exc
    if not view.rows:
        return queue_out(view)
    following = request.url.remove_query_params("offset").include_query_params(after=after_text(view.rows[-1].item))
    return queue_out(view, f"{following.path}?{following.query}")


@router.get("/items/{kind}/{team}/{item_id:path}", response_model=ItemDetailOut)
def api_item(
    request: Request, kind: str, team: str, item_id: str, authorization: str | None = Header(default=None)
) -> ItemDetailOut:
    """One item in any state, with evidence and history."""
    account = _account(request, authorization)
    app = review_app(request)
    item = get_item(app.store, kind, team, item_id) if account.sees(team) else None
    if item is None:
        raise ApiError(404, "not_found", f"no {kind} {item_id!r} in team {team!r}")
    now = app.clock()
    view = build_item(app.store, item, now=now, overdue_after_h=app.settings.overdue_after_h)
    end = now if item.waiting else (view.history[-1].at if view.history else now)
    return detail_out(view, max(0, int((end - item.waiting_since).total_seconds())))


@router.post("/claims", response_model=LeaseOut)
def api_claim(request: Request, body: LeaseIn, authorization: str | None = Header(default=None)) -> LeaseOut:
    """Take or renew (`claim`), give up (`drop`) or, as admin, `break` a claim."""
    account = _account(request, authorization)
    app = review_app(request)
    try:
        item = resolve(app.store, body.ref, account)
        ref = item_ref(item.item_type, item.team, item.item_id)
        if body.op == "claim":
            c = claim_item(app.store, account, item, lease_s=app.settings.claim_lease_s, now=app.clock(), sender=SENDER)
            return LeaseOut(ref=ref, holder=c.holder, expires_at=c.expires_at)
        drop_claim(app.store, account, item.item_type, item.team, item.item_id, force=body.op == "break")
        return LeaseOut(ref=ref, holder=None, expires_at=None)
    except ReviewRefused as exc:
        raise _refused(exc) from exc
    except UsageError as exc:
        raise ApiError(422, "bad_ref", str(exc)) from exc


def _decide(
    request: Request,
    account: Account,
    ref: str,
    action: str,
    reason: str | None,
    kept: str | None,
    decision_id: str | None,
) -> DecisionOut:
    app = review_app(request)
    try:
        kind, team, item_id = parse_ref(ref)
    except UsageError as exc:
        raise ApiError(422, "bad_ref", str(exc)) from exc
    req = DecisionRequest(action, kind, team, item_id, reason, kept, decision_id or new_decision_id())
    try:
        res = decide_item(app.store, account, req, now=app.clock(), lease_s=app.settings.claim_lease_s, sender=SENDER)
    except ReviewRefused as exc:
        raise _refused(exc) from exc
    return DecisionOut(
        ref=ref, action=action, status=res.item.status, repeated=res.repeated, decision_id=req.decision_id
    )


@router.post("/decisions", response_model=DecisionOut)
def api_decide(request: Request, body: DecisionIn, authorization: str | None = Header(default=None)) -> DecisionOut:
    """One decision; the same `decision_id` again is a harmless repeat."""
    account = _account(request, authorization)
    return _decide(request, account, body.ref, body.action, body.reason, body.kept, body.decision_id)


@router.post("/bulk", response_model=BulkOut)
def api_bulk(request: Request, body: BulkIn, authorization: str | None = Header(default=None)) -> BulkOut:
    """One action on each listed item; each is decided or refused on its own (its own event)."""
    account = _account(request, authorization)
    out = []
    for ref in body.refs:
        try:
            res = _decide(request, account, ref, body.action, body.reason, body.kept, None)
            out.append(BulkItemOut(ref=ref, ok=True, message=f"{body.action}: {res.status}"))
        except ApiError as exc:
            out.append(BulkItemOut(ref=ref, ok=False, code=exc.code, message=exc.message))
    return BulkOut(results=out)


BODIES.update(
    {f"{router.prefix}/claims": LeaseIn, f"{router.prefix}/decisions": DecisionIn, f"{router.prefix}/bulk": BulkIn}
)
