"""The server-rendered pages: login, queue, item, claims, decisions and bulk decisions.

Every POST checks, in order: a live session (else a redirect to the login page, nothing done),
the page it came from (its `Origin` must be this server's, `_login.foreign_origin`; else 403,
nothing done), the CSRF token (else 403, nothing done), then the queue's rules (`decide_item`), whose refusals
re-render the page with the reason and the status of `REFUSAL_STATUS`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any
from urllib.parse import quote, urlencode

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from memeval.audit import LIFECYCLES, all_decisions
from memeval.errors import ReviewRefused, UsageError
from memeval.review._accounts import Account, authenticate, end_sessions
from memeval.review._context import REFUSAL_STATUS, Page, ReviewApp, review_app
from memeval.review._decide import NEEDS_REASON, DecisionRequest, decide_item, new_decision_id
from memeval.review._leases import claim_item, drop_claim
from memeval.review._login import (
    csrf_ok,
    csrf_token,
    foreign_origin,
    pop_flash,
    safe_next,
    session_account,
    start_session,
)
from memeval.review._queue import (
    ItemView,
    QueueFilter,
    QueueView,
    after_text,
    build_item,
    build_queue,
    parse_after,
    parse_ref,
    resolve,
)
from memeval.review._read import get_item

router = APIRouter()
MAX_BULK = 200
"""Most items one bulk decision may cover."""

LABELS = {d.action: d.label for _, d in all_decisions()}
"""Action -> its form button's text (from `memeval.audit.LIFECYCLES`)."""
FORMS = {lc.kind: tuple(d.action for d in lc.decisions) for lc in LIFECYCLES.values()}
"""Item type -> the actions its page offers, in order."""


@dataclass(frozen=True)
class LoginView:
    """Login page data: where to go afterwards, and the name typed before."""

    next: str = "/"
    username: str = ""


@dataclass(frozen=True)
class QueuePage:
    """Queue page data: the view plus what the filter form needs."""

    queue: QueueView
    total: int
    min_age_value: str
    overdue_label: str
    filtered: bool

    def query_for_kind(self, kind: str) -> str:
        """Query string of the kind tab `kind` keeping the other filters ('' = all kinds)."""
        f = self.queue.filter
        q = {"kind": kind, "team": f.team or "", "min_age_h": self.min_age_value}
        return urlencode({k: v for k, v in q.items() if v})

    @property
    def next_query(self) -> str | None:
        """Query string of the next page (the filters and `after`, the last listed item), None on the last page.

        The cursor of the API's `next` (`after_text`): items decided meanwhile move no other item
        past the page boundary.
        """
        if not self.queue.more or not self.queue.rows:
            return None
        here = self.query_for_kind(self.queue.filter.kind or "")
        after = urlencode({"after": after_text(self.queue.rows[-1].item)})
        return f"{here}&{after}" if here else after

    @property
    def first_query(self) -> str | None:
        """Query string of the first page under the same filters, None on the first page."""
        return self.query_for_kind(self.queue.filter.kind or "") if self.queue.offset else None


@dataclass(frozen=True)
class DecisionForm:
    """One decision form on an item page (each has its own decision id)."""

    action: str
    label: str
    needs_reason: bool
    decision_id: str


@dataclass(frozen=True)
class ItemPage:
    """Item page data."""

    item: ItemView
    forms: list[DecisionForm]
    claim_form: bool
    mine: bool
    lease_min: int
    now: Any


@dataclass(frozen=True)
class BulkRow:
    """The outcome for one item of a bulk decision."""

    ref: str
    ok: bool
    message: str


@dataclass(frozen=True)
class BulkPage:
    """Bulk result page data."""

    action: str
    results: list[BulkRow] = field(default_factory=list)

    @property
    def done(self) -> int:
        """Items decided."""
        return sum(r.ok for r in self.results)

    @property
    def refused(self) -> int:
        """Items refused."""
        return sum(not r.ok for r in self.results)


def render(
    request: Request,
    name: str,
    title: str,
    view: Any,
    *,
    account: Account | None,
    status: int = 200,
    error: str | None = None,
) -> HTMLResponse:
    """Render `review/<name>` with the page frame and `view`."""
    app = review_app(request)
    page = Page(title, account, csrf_token(request), pop_flash(request), error)
    html = app.env.get_template(name).render(page=page, view=view)
    return HTMLResponse(html, status_code=status)


def _to_login(request: Request) -> RedirectResponse:
    target = request.url.path if request.method == "GET" else "/"
    if request.method == "GET" and request.url.query:
        target += "?" + request.url.query
    return RedirectResponse("/login?" + urlencode({"next": target}), status_code=303)


def _signed_in_form(request: Request, app: ReviewApp, csrf_token: str) -> Account | Response:
    """The account behind a form post, or the answer to send instead.

    Not signed in: a redirect to the login page; a post from another origin or with a missing or
    wrong CSRF token: a 403 page.
    """
    account = session_account(request, app.store)
    if account is None:
        return _to_login(request)
    if (origin := foreign_origin(request)) is not None:
        return _other_origin(request, account, origin)
    if not csrf_ok(request, csrf_token):
        return _forbidden(request, account)
    return account


def _other_origin(request: Request, account: Account | None, origin: str) -> HTMLResponse:
    """The 403 page of a form post sent from a page of another origin (`foreign_origin`): nothing done."""
    here = request.headers.get("host", "")
    return render(
        request,
        "message.html",
        "Refused: the form was sent from another site",
        None,
        account=account,
        status=403,
        error=(
            f"This form was sent from {origin}, not from these pages ({here}), so nothing was done: open the "
            "review pages at their own address and send it from there. Behind a proxy, pass the browser's host "
            "on (nginx: proxy_set_header Host $host; or X-Forwarded-Host)."
        ),
    )


def _forbidden(request: Request, account: Account | None) -> HTMLResponse:
    return render(
        request,
        "message.html",
        "Refused: the form's security token is missing or wrong",
        None,
        account=account,
        status=403,
        error=(
            "The form's security token (CSRF) is missing or wrong, so nothing was done: reload the page and try again."
        ),
    )


PAGES = "the queue (/), an item's page (/item/TYPE/TEAM/ID, as `memeval review list` names it) and /login"
"""The review pages a person may open, as a page for a path that is none of them names them."""


def no_such_page(request: Request, status: int, allow: str | None) -> HTMLResponse:
    """The HTML page for a path outside the API that no page has (404), or a method a page does not take (405).

    A browser got FastAPI's JSON (`{"detail": "Not Found"}`) for a mistyped address; this page says what
    was asked for and which pages there are, in the pages' own frame (signed in or not).

    Args:
        request: the request no route took.
        status: 404 or 405 (another status is answered as 404's page with that status).
        allow: the methods the path takes (405's `Allow` header), kept on the answer.
    """
    account = session_account(request, review_app(request).store)
    path = request.url.path
    if status == 405:
        title = "Not a way to open this page"
        error = (
            f"{request.method} {path} is not taken: this page takes {allow or 'other methods'}; "
            "open it from the queue's links and forms"
        )
    else:
        title = "No such page"
        error = (
            f"There is no page at {path}: the review pages are {PAGES}. "
            "The JSON API is under /api/v1/review (README: the review API)."
        )
    response = render(request, "message.html", title, None, account=account, status=status, error=error)
    if allow:
        response.headers["Allow"] = allow
    return response


@router.get("/login", response_class=HTMLResponse)
def login_page(request: Request, next: str = "/") -> Response:
    """The login form."""
    if session_account(request, review_app(request).store) is not None:
        return RedirectResponse(safe_next(next), status_code=303)
    return render(request, "login.html", "Log in", LoginView(safe_next(next)), account=None)


@router.post("/login", response_class=HTMLResponse)
def login(
    request: Request,
    username: str = Form(""),
    password: str = Form(""),
    csrf_token: str = Form(""),
    next: str = Form("/"),
) -> Response:
    """Check the password (argon2), throttled per account and per address."""
    app = review_app(request)
    if (origin := foreign_origin(request)) is not None:  # a login planted from another page: refused
        return _other_origin(request, None, origin)
    if not csrf_ok(request, csrf_token):
        return _forbidden(request, None)
    address = request.client.host if request.client else "unknown"
    wait, token = app.throttle.begin(username, address)  # counted before the (slow) password check
    if wait:
        resp = render(
            request,
            "login.html",
            "Log in",
            LoginView(safe_next(next), username),
            account=None,
            status=429,
            error=f"Too many failed logins for this account or address: try again in {wait} s.",
        )
        resp.headers["Retry-After"] = str(wait)
        return resp
    account = authenticate(app.store, username, password)
    if account is None:
        return render(
            request,
            "login.html",
            "Log in",
            LoginView(safe_next(next), username),
            account=None,
            status=401,
            error="Wrong username or password.",
        )
    app.throttle.succeeded(username, address, token)
    start_session(request, account, app.settings.session_max_age_s)
    return RedirectResponse(safe_next(next), status_code=303)


@router.post("/logout")
def logout(request: Request, csrf_token: str = Form("")) -> Response:
    """End the session here and on the server: every copy of the cookie stops working."""
    if (origin := foreign_origin(request)) is not None:
        return _other_origin(request, None, origin)
    if not csrf_ok(request, csrf_token):
        return _forbidden(request, None)
    app = review_app(request)
    account = session_account(request, app.store)
    if account is not None:
        end_sessions(app.store, account.username)
    request.session.clear()
    return RedirectResponse("/login", status_code=303)


@router.get("/", response_class=HTMLResponse)
def queue(request: Request, kind: str = "", team: str = "", min_age_h: str = "", after: str = "") -> Response:
    """The queue: waiting items, oldest first, with filters and counts; `after` (a "next page" link) pages on."""
    app = review_app(request)
    account = session_account(request, app.store)
    if account is None:
        return _to_login(request)
    try:
        age = float(min_age_h) if min_age_h.strip() else None
        filt = QueueFilter(kind or None, team or None, age)
        place = parse_after(after) if after else None
        view = build_queue(app.store, filt, now=app.clock(), overdue_after_h=app.settings.overdue_after_h,
                           account=account, limit=app.settings.queue_page_rows, after=place)  # fmt: skip
    except (ValueError, UsageError) as exc:
        msg = str(exc) if isinstance(exc, UsageError) else f"minimum age {min_age_h!r} is not a number of hours"
        view = build_queue(app.store, QueueFilter(), now=app.clock(), overdue_after_h=app.settings.overdue_after_h,
                           account=account, limit=app.settings.queue_page_rows)  # fmt: skip
        return render(request, "queue.html", "Queue", _queue_page(view, ""), account=account, status=422, error=msg)
    return render(request, "queue.html", "Queue", _queue_page(view, min_age_h.strip()), account=account)


def _queue_page(view: QueueView, min_age: str) -> QueuePage:
    h = view.overdue_after_h
    label = f"{h:g} h" if h < 48 or h % 24 else f"{h / 24:g} days"
    f = view.filter
    return QueuePage(view, sum(view.counts.values()), min_age, label, bool(f.kind or f.team or f.min_age_h))


def _item_page(
    request: Request, account: Account, ref: str, *, status: int = 200, error: str | None = None
) -> HTMLResponse:
    app = review_app(request)
    kind, team, item_id = parse_ref(ref)
    item = get_item(app.store, kind, team, item_id) if account.sees(team) else None
    if item is None:
        return render(
            request, "message.html", f"No such {kind}: {item_id}", None, account=account, status=404, error=error
        )
    now = app.clock()
    view = build_item(app.store, item, now=now, overdue_after_h=app.settings.overdue_after_h)
    holder = view.claim.holder if view.claim else None
    free = holder is None or holder == account.username
    forms = [DecisionForm(a, LABELS[a], a in NEEDS_REASON, new_decision_id()) for a in FORMS[kind]] if free else []
    page = ItemPage(view, forms, free, holder == account.username, app.settings.claim_lease_s // 60, now)
    return render(request, "item.html", f"{kind} {item_id}", page, account=account, status=status, error=error)


@router.get("/item/{kind}/{team}/{item_id:path}", response_class=HTMLResponse)
def item_page(request: Request, kind: str, team: str, item_id: str) -> Response:
    """One item: full redacted text, proposer, time, evidence or sides, history, decisions."""
    account = session_account(request, review_app(request).store)
    if account is None:
        return _to_login(request)
    try:
        return _item_page(request, account, f"{kind}/{team}/{item_id}")
    except UsageError as exc:
        return render(request, "message.html", "Not found", None, account=account, status=404, error=str(exc))


@router.post("/claim")
def claim(request: Request, ref: str = Form(""), op: str = Form("claim"), csrf_token: str = Form("")) -> Response:
    """Take, renew, give up or (admin) break a claim."""
    app = review_app(request)
    gate = _signed_in_form(request, app, csrf_token)
    if isinstance(gate, Response):
        return gate
    account = gate
    try:
        item = resolve(app.store, ref, account)
        if op == "claim":
            claim_item(
                app.store, account, item, lease_s=app.settings.claim_lease_s, now=app.clock(), sender="review-web"
            )
            request.session["flash"] = f"You hold {ref} for {app.settings.claim_lease_s // 60} min."
        else:
            drop_claim(app.store, account, item.item_type, item.team, item.item_id, force=op == "break")
            request.session["flash"] = f"Claim on {ref} given up."
    except ReviewRefused as exc:
        return _item_page(request, account, ref, status=REFUSAL_STATUS[exc.code], error=str(exc))
    except UsageError as exc:
        return render(request, "message.html", "Not found", None, account=account, status=404, error=str(exc))
    return RedirectResponse(_item_url(ref), status_code=303)


def _item_url(ref: str) -> str:
    return "/item/" + "/".join(quote(p, safe="") for p in parse_ref(ref))


@router.post("/decide")
def decide(
    request: Request,
    ref: str = Form(""),
    action: str = Form(""),
    decision_id: str = Form(""),
    reason: str = Form(""),
    kept: str = Form(""),
    csrf_token: str = Form(""),
) -> Response:
    """Apply one decision from an item page; on success go back to the queue."""
    app = review_app(request)
    gate = _signed_in_form(request, app, csrf_token)
    if isinstance(gate, Response):
        return gate
    account = gate
    try:
        kind, team, item_id = parse_ref(ref)
        req = DecisionRequest(
            action, kind, team, item_id, reason or None, kept or None, decision_id or new_decision_id()
        )
        res = decide_item(
            app.store, account, req, now=app.clock(), lease_s=app.settings.claim_lease_s, sender="review-web"
        )
    except ReviewRefused as exc:
        return _item_page(request, account, ref, status=REFUSAL_STATUS[exc.code], error=str(exc))
    except UsageError as exc:
        return render(request, "message.html", "Not found", None, account=account, status=404, error=str(exc))
    done = "already recorded" if res.repeated else "done"
    request.session["flash"] = f"{action} {ref}: {done} ({res.item.status})."
    return RedirectResponse("/", status_code=303)


@router.post("/bulk", response_class=HTMLResponse)
def bulk(
    request: Request,
    refs: Annotated[list[str] | None, Form()] = None,
    action: str = Form(""),
    reason: str = Form(""),
    kept: str = Form(""),
    csrf_token: str = Form(""),
) -> Response:
    """Apply one action to each selected item, each as its own decision and event."""
    app = review_app(request)
    gate = _signed_in_form(request, app, csrf_token)
    if isinstance(gate, Response):
        return gate
    account = gate
    refs = refs or []
    if len(refs) > MAX_BULK:
        return render(
            request,
            "message.html",
            "Too many items",
            None,
            account=account,
            status=422,
            error=f"{len(refs)} items selected: decide at most {MAX_BULK} at once.",
        )
    page = BulkPage(action)
    for ref in refs:
        try:
            kind, team, item_id = parse_ref(ref)
            req = DecisionRequest(action, kind, team, item_id, reason or None, kept or None, new_decision_id())
            res = decide_item(
                app.store, account, req, now=app.clock(), lease_s=app.settings.claim_lease_s, sender="review-web"
            )
            page.results.append(BulkRow(ref, True, f"{action}: {res.item.status}"))
        except (ReviewRefused, UsageError) as exc:
            page.results.append(BulkRow(ref, False, str(exc)))
    status = 200 if refs else 422
    return render(
        request,
        "bulk.html",
        f"Bulk {action}",
        page,
        account=account,
        status=status,
        error=None if refs else "Select at least one item.",
    )
