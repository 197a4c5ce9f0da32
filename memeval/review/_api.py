"""The JSON API behind the pages, under the same rules, authenticated by bearer tokens only.

`Authorization: Bearer mrv_...` (from `memeval users token NAME`). Cookies are ignored here, so
the API needs no CSRF token and a page can never be tricked into calling it. Errors are
`{"error": {"code": ..., "message": ...}}` with 401 (no or unknown token), 404, 409, 422, 403
as in `REFUSAL_STATUS`.

    GET  /api/v1/review/queue?kind=&team=&min_age_h=   -> QueueOut
    GET  /api/v1/review/items/TYPE/TEAM/ID             -> ItemDetailOut
    POST /api/v1/review/claims     LeaseIn              -> LeaseOut
    POST /api/v1/review/decisions  DecisionIn           -> DecisionOut
    POST /api/v1/review/bulk       BulkIn               -> list[BulkItemOut]
"""

from __future__ import annotations

from fastapi import APIRouter, Header, Request
from fastapi.responses import JSONResponse

from memeval.errors import ReviewRefused, UsageError
from memeval.review._accounts import Account, account_for_token
from memeval.review._context import REFUSAL_STATUS, review_app
from memeval.review._decide import DecisionRequest, decide_item, new_decision_id
from memeval.review._leases import claim_item, drop_claim
from memeval.review._models import (
    BulkIn,
    BulkItemOut,
    DecisionIn,
    DecisionOut,
    ItemDetailOut,
    LeaseIn,
    LeaseOut,
    QueueOut,
    detail_out,
    queue_out,
)
from memeval.review._queue import QueueFilter, build_item, build_queue, item_ref, parse_ref, resolve
from memeval.review._read import get_item

router = APIRouter(prefix="/api/v1/review")
SENDER = "review-api"


class ApiError(Exception):
    """An API refusal with its HTTP status and code (turned into the error body)."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def error_response(exc: ApiError) -> JSONResponse:
    """The JSON error body of `exc`."""
    headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
    return JSONResponse({"error": {"code": exc.code, "message": exc.message}}, status_code=exc.status, headers=headers)


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
    authorization: str | None = Header(default=None),
) -> QueueOut:
    """Waiting items, oldest first, with counts per kind."""
    account = _account(request, authorization)
    app = review_app(request)
    try:
        view = build_queue(
            app.store,
            QueueFilter(kind, team, min_age_h),
            now=app.clock(),
            overdue_after_h=app.settings.overdue_after_h,
            account=account,
        )
    except UsageError as exc:
        raise ApiError(422, "bad_filter", str(exc)) from exc
    return queue_out(view)


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
    return detail_out(view, max(0, int((end - item.since).total_seconds())))


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


@router.post("/bulk", response_model=list[BulkItemOut])
def api_bulk(request: Request, body: BulkIn, authorization: str | None = Header(default=None)) -> list[BulkItemOut]:
    """One action on each listed item; each is decided or refused on its own (its own event)."""
    account = _account(request, authorization)
    out = []
    for ref in body.refs:
        try:
            res = _decide(request, account, ref, body.action, body.reason, body.kept, None)
            out.append(BulkItemOut(ref=ref, ok=True, message=f"{body.action}: {res.status}"))
        except ApiError as exc:
            out.append(BulkItemOut(ref=ref, ok=False, code=exc.code, message=exc.message))
    return out
