"""`GET /api/v1/health` while a server loads says it is loading (polish20).

While `memeval audit serve` or `memeval serve` loads its redactor and hold detector, the health path
got the answer to a refused batch: "does not take requests yet: send again in 5 s (nothing was
stored)". It now gets the same 503 and `Retry-After: 5` as every loading answer, in the ingest
endpoint's error shape (`schema`, `schema_version`, `error.index` null), with `"status": "loading"`
(a loaded server's health says `"status": "ok"`) and a reason that says it is loading. A batch sent
meanwhile keeps its "nothing was stored". Real HTTP on 127.0.0.1 to the real answerer of both
servers (`memeval.cli._loading.AnswerWhileLoading`); `tests/project/test_polish18_loading_page.py`
asks a real `memeval serve` process.
"""

from __future__ import annotations

import socket

import httpx
import pytest
from patience import patient

from memeval.cli._loading import AnswerWhileLoading


@pytest.mark.parametrize(("what", "pages"), [("memeval audit serve", False), ("memeval review", True)])
def test_health_while_loading_says_loading(what: str, pages: bool) -> None:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    with sock, AnswerWhileLoading([sock], what, pages=pages):
        base = f"http://127.0.0.1:{sock.getsockname()[1]}"
        health = httpx.get(base + "/api/v1/health", timeout=patient(10))
        batch = httpx.post(base + "/api/v1/events", json={"events": []}, timeout=patient(10))
    for r in (health, batch):
        assert (r.status_code, r.headers["retry-after"], r.headers["content-type"]) == (503, "5", "application/json")
    assert health.json() == {
        "schema": "memeval.audit-ingest-error/1",
        "schema_version": 1,
        "status": "loading",
        "error": {
            "index": None,
            "reason": f"{what} is loading its redactor and hold detector and is not ready yet: ask again in 5 s",
        },
    }
    assert batch.json()["error"]["reason"].endswith("(nothing was stored)"), batch.json()
