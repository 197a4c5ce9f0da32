"""The review web application: pages, JSON API, sessions and security headers.

`create_review_app(store, settings)` returns an ASGI app for uvicorn (`memeval serve`). Besides
the pages (`_web`) and the API (`_api`) it sets, on every response, a Content-Security-Policy
that allows no script at all (`default-src 'none'`), `X-Content-Type-Options: nosniff`,
`X-Frame-Options: DENY`, `Referrer-Policy: same-origin` (no referrer to any other site; the pages'
own form posts carry their origin, which `_login.foreign_origin` checks) and `Cache-Control: no-store`. Escaping
is what keeps hostile text inert; the policy is a second wall behind it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from fastapi import FastAPI
from fastapi.exception_handlers import http_exception_handler, request_validation_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import PlainTextResponse, Response
from sqlalchemy.exc import DataError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.sessions import SessionMiddleware
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from memeval._templates import jinja_env, templates_dir
from memeval._web import BoundedBody, SecurityHeaders
from memeval.audit import SqlAuditStore
from memeval.clock import utc_now
from memeval.review._accounts import LoginThrottle
from memeval.review._api import ApiError, error_response, is_api_path, route_error, validation_error
from memeval.review._api import router as api_router
from memeval.review._context import ReviewApp
from memeval.review._inert import inert
from memeval.review._passwords import dummy_hash
from memeval.review._settings import ReviewSettings
from memeval.review._tables import ensure_review_schema
from memeval.review._web import no_such_page
from memeval.review._web import router as web_router

SESSION_COOKIE = "memeval_review"
INGEST_PATH = "/api/v1/events"
CSP = (
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)


def create_review_app(
    store: SqlAuditStore,
    settings: ReviewSettings,
    *,
    clock: Callable[[], datetime] = utc_now,
    with_ingest: bool = False,
) -> FastAPI:
    """The review app over `store`.

    Args:
        store: the audit store (its database also gets the review tables, created if missing).
        settings: review settings; `settings.secret_key` (>= 32 bytes) signs session cookies.
        clock: returns the current UTC time (claims, ages, business time of decisions).
        with_ingest: also serve the audit ingest endpoint `POST /api/v1/events`.

    Returns:
        A FastAPI application.

    Raises:
        UsageError: the secret key is shorter than 32 bytes.
        AuditStoreError: the review tables cannot be created.
    """
    from memeval.errors import UsageError

    key = settings.secret_key.get_secret_value()
    if len(key) < 32:
        raise UsageError("the review secret key is shorter than 32 bytes: set MEMEVAL_REVIEW_SECRET (64 hex digits)")
    ensure_review_schema(store)
    dummy_hash()  # before the first login: an unknown name is never the faster answer
    app = FastAPI(title="memeval review", docs_url=None, redoc_url=None, openapi_url=None)
    env = jinja_env("review")
    env.filters["inert"] = inert  # sender-written ids (a proposer) are shown marked, as texts are
    app.state.review = ReviewApp(
        store,
        settings,
        LoginThrottle(settings.login_max_failures, settings.login_window_s),
        env,
        clock,
    )
    app.include_router(web_router)
    app.include_router(api_router)
    if with_ingest:
        from memeval.audit import create_ingest_app

        app.include_router(create_ingest_app(store).router)

    @app.exception_handler(ApiError)
    def _api_error(_request: Request, exc: ApiError) -> Response:
        return error_response(exc)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, exc: RequestValidationError) -> Response:
        # the API's own error shape (with `schema`), not FastAPI's {"detail": [...]}; other routes as before
        if request.url.path.startswith(api_router.prefix + "/"):
            return error_response(validation_error(request.url.path, exc.errors()))
        return await request_validation_exception_handler(request, exc)

    @app.exception_handler(StarletteHTTPException)
    async def _no_such_route(request: Request, exc: StarletteHTTPException) -> Response:
        # an unknown path or method anywhere under /api/v1 (the review API's and the ingest
        # endpoint's) answers in the API's error shape, naming the endpoints, not FastAPI's
        # {"detail": "Not Found"}; a page path no page has, an HTML page naming the pages
        if is_api_path(request.url.path):
            return error_response(
                route_error(request.method, request.url.path, exc.status_code, exc.headers, ingest=with_ingest)
            )
        if exc.status_code in (404, 405) and not request.url.path.startswith("/api/"):
            return no_such_page(request, exc.status_code, (exc.headers or {}).get("Allow"))
        return await http_exception_handler(request, exc)

    @app.exception_handler(DataError)
    def _store_refused_value(_request: Request, _exc: DataError) -> Response:
        # a value the database cannot hold reached a query (PostgreSQL: a NUL character); the rules
        # above refuse the ones known by name, this keeps any other a client error, not a 500
        return PlainTextResponse(NUL_REFUSAL, status_code=400)

    css = (templates_dir() / "review" / "review.css").read_text(encoding="utf-8")

    @app.get("/static/review.css", include_in_schema=False)
    def stylesheet() -> Response:
        return Response(css, media_type="text/css")

    @app.get("/favicon.ico", include_in_schema=False)
    def no_icon() -> Response:
        # browsers ask for it on every first page; a 404 is an error in their console each time
        return Response(status_code=204)

    app.add_middleware(
        SessionMiddleware,
        secret_key=key.hex(),
        session_cookie=SESSION_COOKIE,
        max_age=settings.session_max_age_s,
        same_site="strict",
        https_only=settings.secure_cookies,
    )
    app.add_middleware(RefuseNulAddress)
    app.add_middleware(BoundedBody, exempt=(INGEST_PATH,))  # the ingest endpoint bounds its batches itself
    app.add_middleware(SecurityHeaders, csp=CSP, referrer="same-origin")  # posts carry their origin
    return app


NUL_REFUSAL = (
    "the request holds a NUL character (%00, \\u0000), which no audit store keeps (PostgreSQL refuses it): "
    "remove it and send the request again"
)


class RefuseNulAddress:
    """ASGI middleware answering 400 to a request whose path or query string holds a NUL character.

    PostgreSQL keeps no NUL in text and psycopg refuses a query parameter holding one, so an item
    address or a queue filter with `%00` was a server error there and an empty answer on SQLite.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and ("\0" in scope.get("path", "") or b"%00" in scope.get("query_string", b"")):
            await PlainTextResponse(NUL_REFUSAL, status_code=400)(scope, receive, send)
            return
        await self.app(scope, receive, send)
