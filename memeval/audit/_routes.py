"""What `memeval audit serve` answers to a request no endpoint takes: the ingest endpoint's error shape.

FastAPI answered an unknown path `{"detail": "Not Found"}` and a wrong method `{"detail": "Method
Not Allowed"}`, while every refusal of the ingest endpoint is `{"error": {"index", "reason"}}`
(`_http`). Now both are in that shape, the reason naming the request and the endpoints this server
has; a 405 keeps its `Allow` header. (`memeval serve`, which serves the review API too, answers
them in the review API's shape: `memeval.review._api.route_error`.)
"""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import Request
from starlette.responses import Response

INGEST_ENDPOINTS = "POST /api/v1/events and GET /api/v1/health"
"""The endpoints of `memeval audit serve` (README, the audit half)."""


def unknown_route_reason(method: str, path: str, status: int, allow: str | None) -> str:
    """The reason of a 404 or 405 of `memeval audit serve`, e.g. `no endpoint GET /api/v1/event; ...`."""
    what = f"{method} {path} is not an endpoint ({path} takes {allow})" if status == 405 and allow else None
    what = what or f"no endpoint {method} {path}"
    return (
        f"{what}; memeval audit serve has {INGEST_ENDPOINTS} (README, the audit half); the review API "
        "(/api/v1/review/...) is served by `memeval serve`"
    )


def answer_unknown_routes(app: FastAPI) -> None:
    """Make `app` answer an unknown path or method as `{"error": {"index": null, "reason": ...}}`.

    Args:
        app: the ingest app (`create_ingest_app`), changed in place.
    """

    @app.exception_handler(StarletteHTTPException)
    async def _no_such_route(request: Request, exc: StarletteHTTPException) -> Response:
        allow = (exc.headers or {}).get("Allow")
        reason = unknown_route_reason(request.method, request.url.path, exc.status_code, allow)
        return JSONResponse({"error": {"index": None, "reason": reason}}, status_code=exc.status_code,
                            headers=exc.headers)  # fmt: skip
