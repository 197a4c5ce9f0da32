"""The ingest endpoint's error shape, and what `memeval audit serve` answers to a request no endpoint takes.

Every error of `POST /api/v1/events` (and of a request no endpoint of `memeval audit serve` takes, and
a loading server's 503, `memeval.cli._loading`) is

    {"schema": "memeval.audit-ingest-error/1", "schema_version": 1, "error": {"index": i, "reason": "..."}}

(`ingest_error`): `schema` and `schema_version` as every other `/api/v1` answer carries (the review
API's `memeval.review-error/1`); they were missing before, the `error` object is as it was.

FastAPI answered an unknown path `{"detail": "Not Found"}` and a wrong method `{"detail": "Method
Not Allowed"}`, while every refusal of the ingest endpoint is `{"error": {"index", "reason"}}`
(`_http`). Now both are in that shape, the reason naming the request and the endpoints this server
has; a 405 keeps its `Allow` header. (`memeval serve`, which serves the review API too, answers
them in the review API's shape: `memeval.review._api.route_error`.)
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import Request
from starlette.responses import Response

INGEST_ERROR_SCHEMA = "memeval.audit-ingest-error/1"
"""The `schema` of every error answer of the ingest endpoint (`ingest_error`)."""

HEALTH_SCHEMA = "memeval.audit-health/1"
"""The `schema` of a loaded server's `GET /api/v1/health` answer: `{"schema", "schema_version": 1, "status": "ok"}`,
with `"workers"` beside it when the server has a worker pool: `"cold"` (not started: the first batch of 50 events or
more starts it), `"starting"` or `"warm"` (every worker of the pool has loaded, `_warmworker`); `_parallel.pool_state`
(a loading server answers 503 in `INGEST_ERROR_SCHEMA`, `"status": "loading"`)."""

ANSWER_SCHEMA = "memeval.audit-ingest-answer/1"
"""The `schema` of a stored batch's answer (200) of `POST /api/v1/events`: `{"schema", "schema_version": 1, "stored",
...}` (`memeval.audit._http`); the CLI's `audit ingest --json` is `memeval.audit-ingest/1`, whose keys differ."""

INGEST_ENDPOINTS = "POST /api/v1/events and GET /api/v1/health"
"""The endpoints of `memeval audit serve` (README, the audit half)."""


def ingest_error(reason: str, index: int | None = None) -> dict[str, Any]:
    """An ingest error answer's JSON body: `{"schema", "schema_version": 1, "error": {"index", "reason"}}`.

    Args:
        reason: what was wrong and the fix, one sentence.
        index: the batch's event (0-based) the error is about; None when it is about the request.
    """
    return {"schema": INGEST_ERROR_SCHEMA, "schema_version": 1, "error": {"index": index, "reason": reason}}


def unknown_route_reason(method: str, path: str, status: int, allow: str | None) -> str:
    """The reason of a 404 or 405 of `memeval audit serve`, e.g. `no endpoint GET /api/v1/event; ...`."""
    what = f"{method} {path} is not an endpoint ({path} takes {allow})" if status == 405 and allow else None
    what = what or f"no endpoint {method} {path}"
    return (
        f"{what}; memeval audit serve has {INGEST_ENDPOINTS} (README, the audit half); the review API "
        "(/api/v1/review/...) is served by `memeval serve`"
    )


def answer_unknown_routes(app: FastAPI) -> None:
    """Make `app` answer an unknown path or method as `ingest_error(reason)` (index null).

    Args:
        app: the ingest app (`create_ingest_app`), changed in place.
    """

    @app.exception_handler(StarletteHTTPException)
    async def _no_such_route(request: Request, exc: StarletteHTTPException) -> Response:
        allow = (exc.headers or {}).get("Allow")
        reason = unknown_route_reason(request.method, request.url.path, exc.status_code, allow)
        return JSONResponse(ingest_error(reason), status_code=exc.status_code, headers=exc.headers)
