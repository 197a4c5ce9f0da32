"""While `memeval serve` loads, a browser's page request gets a small HTML 503 page; the API keeps JSON (polish18).

`memeval serve` binds its port, loads the redactor and hold detector (seconds, more on a busy
machine), then serves; meanwhile every request was answered 503 with the ingest endpoint's JSON, so
a person opening the review pages saw a line of JSON. Now a request for a path outside `/api` gets
an HTML page, 503 with `Retry-After: 5`, that says the server is loading and reloads itself; a path
under `/api` keeps the JSON (whatever its `Accept`, as the loaded server's `/api/v1` answers only
JSON). `memeval audit serve` has no pages and answers JSON to all. On `memeval serve` an `/api` path
that is not the ingest endpoint's gets the review API's error shape (`memeval.review-error/1`, code
`loading`; newuser18), as the loaded server's review API answers every error. A real `memeval serve` process,
asked over real HTTP on 127.0.0.1 while it loads, then killed.
"""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import httpx
import pytest
from line_reader import Lines
from live_server import announced_url
from patience import patient
from usage_line import spawn_memeval

PAGE = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
"""What a browser sends for a page."""


def _serve(tmp_path: Path) -> subprocess.Popen[str]:
    """`memeval serve --port 0` in its own session on a store in `tmp_path`; stderr piped: line 1 names the port."""
    env = {
        "MEMEVAL_DB": f"sqlite:///{tmp_path / 'a.sqlite'}",
        "MEMEVAL_AUDIT_WORKERS": "0",
        "MEMEVAL_REVIEW_SECRET_FILE": str(tmp_path / "secret"),
    }
    return spawn_memeval("serve", "--port", "0", cwd=tmp_path, env=env, stdout=subprocess.DEVNULL)


def test_a_page_request_while_loading_gets_html_and_the_api_json(tmp_path: Path) -> None:
    proc = _serve(tmp_path)
    assert proc.stderr is not None
    err = Lines(proc.stderr)
    try:
        first = err.next(patient(120)) or "(nothing on stderr)"
        assert first.startswith("memeval review: loading the redactor and hold detector"), first
        with httpx.Client(base_url=announced_url(first), timeout=patient(30)) as c:
            answers = {
                "page /": c.get("/", headers=PAGE),
                "page /review/queue": c.get("/review/queue"),  # a page path, whatever it accepts
                "api with Accept html": c.get("/api/v1/review/queue", headers=PAGE),
                "api POST": c.post("/api/v1/events", json={"events": []}),
                "api health": c.get("/api/v1/health"),
                "api unknown": c.get("/api/v1/nope"),
            }
    finally:  # killed, not stopped: a SIGTERM waits for the loading to end (tests/project/test_serve_sigterm.py)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=patient(30))
    assert "Traceback" not in err.rest()
    for name, r in answers.items():  # a 503 only while it loads: once it serves, / is a redirect to the login
        assert (r.status_code, r.headers.get("retry-after")) == (503, "5"), (name, r.status_code, r.text[:300])
    for name in ("page /", "page /review/queue"):
        r = answers[name]
        assert r.headers["content-type"] == "text/html; charset=utf-8", (name, r.headers)
        assert "<h1>memeval review is loading</h1>" in r.text and 'http-equiv="refresh" content="5"' in r.text, r.text
        assert r.headers["content-security-policy"] == "default-src 'none'", r.headers
    for name in ("api POST", "api health"):  # the ingest endpoint's paths: its error shape
        r = answers[name]
        assert r.headers["content-type"] == "application/json", (name, r.headers)
        body = r.json()
        assert body["schema"] == "memeval.audit-ingest-error/1", body
        assert body["error"]["reason"].startswith("memeval review is loading"), body
    health = answers["api health"].json()  # polish20: it said "(nothing was stored)", as to a batch
    assert health["status"] == "loading" and "nothing was stored" not in health["error"]["reason"], health
    for name in ("api with Accept html", "api unknown"):  # the review API's (newuser18): every error of it is
        r = answers[name]  # memeval.review-error/1 (README); it was the ingest endpoint's "nothing was stored"
        assert r.headers["content-type"] == "application/json", (name, r.headers)
        body = r.json()
        assert (body["schema"], body["schema_version"], body["error"]["code"]) == (
            "memeval.review-error/1",
            1,
            "loading",
        ), body
        assert body["error"]["message"] == (
            "memeval review is loading its redactor and hold detector and does not answer the review API yet: "
            "send again in 5 s"
        ), body


@pytest.mark.parametrize(
    ("line", "api"),
    [
        (b"GET / HTTP/1.1", False),
        (b"GET /review/items?x=/api/ HTTP/1.1", False),
        (b"GET /apis HTTP/1.1", False),
        (b"GET /api HTTP/1.1", True),
        (b"POST /api/v1/events HTTP/1.1", True),
        (b"GET http://127.0.0.1:8765/api/v1/health HTTP/1.1", True),
        (b"", True),
    ],
)
def test_which_requests_are_api_requests(line: bytes, api: bool) -> None:
    from memeval.cli._loading import is_api_request

    assert is_api_request(line + b"\r\nHost: x") is api
