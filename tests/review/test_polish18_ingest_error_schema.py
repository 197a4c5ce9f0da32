"""Every error of the ingest endpoint carries `schema` and `schema_version`, as every other /api/v1 answer (polish18).

`POST /api/v1/events` answered its errors `{"error": {"index", "reason"}}` alone, while the review
API's errors are `{"schema": "memeval.review-error/1", "schema_version": 1, "error": {...}}` and every
`--json` answer names its schema: a client could not tell an ingest error from any other JSON. Now
each is `memeval.audit-ingest-error/1` (`memeval.audit._routes.ingest_error`), from `memeval audit
serve` and from `memeval serve`'s ingest endpoint, for an unknown route of `audit serve` and for a
loading server's 503 too; the `error` object is as it was. Real uvicorn servers and sockets on 127.0.0.1.
"""

from __future__ import annotations

import socket

import httpx
import pytest
from live_server import LiveServer
from patience import patient
from review_helpers import NOW, settings

from memeval.audit import SqlAuditStore, add_token, create_ingest_app
from memeval.cli._loading import AnswerWhileLoading
from memeval.review import create_review_app

SCHEMA = {"schema": "memeval.audit-ingest-error/1", "schema_version": 1}


def _ingest_error(r: httpx.Response, status: int, index: int | None = None) -> str:
    body = r.json()
    assert r.status_code == status, (r.status_code, r.text[:300])
    assert {k: body.get(k) for k in SCHEMA} == SCHEMA, body
    assert set(body) == {"schema", "schema_version", "error"} and body["error"]["index"] == index, body
    return str(body["error"]["reason"])


def _refusals(c: httpx.Client, token: str) -> None:
    """The endpoint's refusals, each checked for the shape."""
    auth = {"Authorization": f"Bearer {token}"}
    assert "Authorization: Bearer" in _ingest_error(c.post("/api/v1/events", json={"events": []}), 401)
    assert "unknown token" in _ingest_error(
        c.post("/api/v1/events", json={"events": []}, headers={"Authorization": "Bearer mev_nope"}), 401
    )
    assert "is not JSON" in _ingest_error(c.post("/api/v1/events", content=b"{", headers=auth), 422)
    bad = {"events": [{"type": "session.started"}]}
    _ingest_error(c.post("/api/v1/events", json=bad, headers=auth), 422, index=0)
    decision = {"events": [{"type": "lesson.approved"}]}
    _ingest_error(c.post("/api/v1/events", json=decision, headers=auth), 403, index=0)
    many = {"events": [{}] * 1001}
    assert "send at most 1000" in _ingest_error(c.post("/api/v1/events", json=many, headers=auth), 413)


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_audit_serve_errors_name_their_schema(store: SqlAuditStore) -> None:
    token = add_token(store, "fernhill", "memsys")
    with (
        LiveServer(create_ingest_app(store), lifespan="auto") as srv,
        httpx.Client(base_url=srv.url, timeout=patient(30)) as c,
    ):
        _refusals(c, token)
        assert "no endpoint GET /api/v1/nothing" in _ingest_error(c.get("/api/v1/nothing"), 404)
        r = c.put("/api/v1/events", json={})
        assert "PUT /api/v1/events is not an endpoint" in _ingest_error(r, 405) and r.headers["allow"] == "POST"


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_memeval_serves_ingest_errors_name_their_schema(store: SqlAuditStore) -> None:
    token = add_token(store, "fernhill", "memsys")
    app = create_review_app(store, settings(), clock=lambda: NOW, with_ingest=True)
    with LiveServer(app) as srv, httpx.Client(base_url=srv.url, timeout=patient(30)) as c:
        _refusals(c, token)


def test_a_loading_servers_503_names_its_schema() -> None:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    with sock, AnswerWhileLoading([sock], "memeval audit serve"):
        url = f"http://127.0.0.1:{sock.getsockname()[1]}/api/v1/events"
        reason = _ingest_error(httpx.post(url, json={"events": []}, timeout=patient(10)), 503)
    assert reason.startswith("memeval audit serve is loading"), reason
