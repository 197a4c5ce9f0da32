"""A client sending slowly, or nothing, no longer holds a server's connection for good (real servers, real sockets).

uvicorn times nothing while a request arrives (its keep-alive timer runs between requests and is reset
by every byte), so `memeval audit serve` and `memeval serve` kept a connection that sent nothing, a
request head one byte a second and a body one byte a second for as long as the client liked (seen for
40 s and more on main): a few thousand such sockets take every file descriptor the server has, and it
then accepts nobody. Each request must now arrive within `MEMEVAL_HTTP_READ_TIMEOUT_S` (2 s here),
plus a second per 500 bytes received (`memeval._readtimeout`); the server goes on serving others.
"""

from __future__ import annotations

import os
import subprocess
import sys

import httpx
from line_reader import Lines
from live_server import announced_url, listening
from patience import patient
from served import ROOT, served
from slow_clients import closed_by_server, slow_clients

EVENT = {
    "team": "fernhill",
    "type": "memory.written",
    "sender_event_id": "b31-1",
    "subject": "mem_b31",
    "occurred_at": "2026-11-16T10:56:00Z",
    "actor": {"kind": "agent", "id": "support-bot"},
    "payload": {"kind": "fact", "source": "agent", "text": "Olive trees ship on a pallet."},
}


def test_audit_serve_closes_slow_and_idle_connections_and_serves_on(tmp_path) -> None:
    with served(tmp_path, {"MEMEVAL_HTTP_READ_TIMEOUT_S": "2"}) as srv:
        port = int(srv.url.rsplit(":", 1)[1])
        head = (
            b"POST /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Authorization: Bearer " + srv.token.encode() + b"\r\nContent-Length: 100000\r\n\r\n"
        )
        closed = closed_by_server(slow_clients(port, head), patient(30))
        assert closed == {"idle", "slow head", "slow body"}, f"still held open after {patient(30)} s: {closed}"
        r = httpx.post(
            srv.url + "/api/v1/events",
            json={"events": [EVENT]},
            headers={"Authorization": f"Bearer {srv.token}"},
            timeout=patient(60),
        )
        assert r.status_code == 200 and r.json()["stored"] == 1, r.text


def test_memeval_serve_closes_slow_and_idle_connections_and_serves_on(tmp_path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env.update(
        PYTHONPATH=str(ROOT),
        MEMEVAL_DB=f"sqlite:///{tmp_path / 'a.sqlite'}",
        MEMEVAL_REVIEW_SECRET="cd" * 32,
        MEMEVAL_HTTP_READ_TIMEOUT_S="2",
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "memeval", "serve", "--no-ingest", "--port", "0"],
        cwd=tmp_path, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert proc.stderr is not None
        url = announced_url(listening(proc, Lines(proc.stderr))[-1])  # the port --port 0 took
        port = int(url.rsplit(":", 1)[1])
        head = b"POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n"
        closed = closed_by_server(slow_clients(port, head), patient(30))
        assert closed == {"idle", "slow head", "slow body"}, f"still held open after {patient(30)} s: {closed}"
        assert httpx.get(f"{url}/login", timeout=patient(30)).status_code == 200
    finally:
        proc.terminate()
        proc.communicate(timeout=patient(30))
