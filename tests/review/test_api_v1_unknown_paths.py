"""An unknown path or method anywhere under /api/v1 answers in the project's error shape (audit17).

Under `/api/v1/review` the review API answered `memeval.review-error/1` already (newuser13); any other
path under `/api/v1` of `memeval serve` (`/api/v1/event`, `/api/v1/review` itself, a GET of the
ingest endpoint) still answered FastAPI's `{"detail": "Not Found"}`, and so did every unknown path
of `memeval audit serve`. Now `memeval serve` answers them as `memeval.review-error/1` and `audit
serve` in the ingest endpoint's `{"schema", "schema_version", "error": {"index", "reason"}}`, both
naming the request and the endpoints (a 405 keeps its `Allow` header). Real uvicorn servers on 127.0.0.1.
"""

from __future__ import annotations

import httpx
import pytest
from live_server import LiveServer
from patience import patient
from review_helpers import NOW, settings

from memeval.audit import create_ingest_app
from memeval.review import create_review_app

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


def _review_error(r: httpx.Response, status: int, code: str) -> str:
    body = r.json()
    assert r.status_code == status, (r.status_code, r.text[:300])
    assert (body.get("schema"), body["error"]["code"]) == ("memeval.review-error/1", code), body
    return str(body["error"]["message"])


def test_memeval_serve_answers_any_unknown_api_path_in_the_review_apis_shape(store) -> None:
    app = create_review_app(store, settings(), clock=lambda: NOW, with_ingest=True)
    with LiveServer(app) as srv, httpx.Client(base_url=srv.url, timeout=patient(30)) as c:
        for path in ("/api/v1/event", "/api/v1", "/api/v1/", "/api/v1/review", "/api/v1/x/y"):
            msg = _review_error(c.get(path), 404, "not_found")
            assert f"GET {path}" in msg and "GET /api/v1/review/queue" in msg and "POST /api/v1/events" in msg, msg
            assert "README" in msg, msg
        r = c.get("/api/v1/events")  # the ingest endpoint takes POST only
        msg = _review_error(r, 405, "method_not_allowed")
        assert r.headers.get("allow") == "POST" and "GET /api/v1/events is not an endpoint" in msg, msg
        page = c.get("/no-such-page")  # the pages keep the framework's answer
        assert page.status_code == 404 and "memeval.review-error" not in page.text, page.text[:200]


def test_audit_serve_answers_an_unknown_path_in_the_ingest_endpoints_shape(store) -> None:
    with (
        LiveServer(create_ingest_app(store), lifespan="auto") as srv,
        httpx.Client(base_url=srv.url, timeout=patient(30)) as c,
    ):
        r = c.get("/api/v1/review/queue")
        assert r.status_code == 404 and list(r.json()) == ["schema", "schema_version", "error"], r.text[:300]
        reason = r.json()["error"]["reason"]
        assert r.json()["error"]["index"] is None
        assert "no endpoint GET /api/v1/review/queue" in reason and "POST /api/v1/events" in reason, reason
        assert "`memeval serve`" in reason, reason
        r = c.put("/api/v1/events", json={})
        assert r.status_code == 405 and r.headers.get("allow") == "POST", r.text[:300]
        assert "PUT /api/v1/events is not an endpoint" in r.json()["error"]["reason"], r.text
