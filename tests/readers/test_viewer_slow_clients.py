"""`memeval view` closes a connection whose request arrives too slowly, as the audit and review servers do.

The viewer ran plain uvicorn, which times nothing while a request arrives: a connection that sent
nothing, or a request head a byte a second, stayed open for as long as the client liked (breaker31
found it, fixed for the other two servers). Real server in a thread, real sockets on 127.0.0.1.
"""

from __future__ import annotations

import httpx
import pytest
from patience import patient
from readers_helpers import Runs
from slow_clients import closed_by_server, slow_clients

from memeval.errors import UsageError
from memeval.viewer import start_viewer


def test_viewer_closes_slow_and_idle_connections_and_serves_on(runs: Runs, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMEVAL_HTTP_READ_TIMEOUT_S", "2")
    with start_viewer(runs.memory.path, port=0) as v:
        port = int(v.url.rstrip("/").rsplit(":", 1)[1])
        head = b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n"
        closed = closed_by_server(slow_clients(port, head, path="/"), patient(30))
        assert closed == {"idle", "slow head", "slow body"}, f"still held open after {patient(30)} s: {closed}"
        assert httpx.get(v.url, timeout=patient(30)).status_code == 200


def test_viewer_refuses_a_bad_read_timeout_before_serving(runs: Runs, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMEVAL_HTTP_READ_TIMEOUT_S", "soon")
    with pytest.raises(UsageError, match="MEMEVAL_HTTP_READ_TIMEOUT_S"), start_viewer(runs.memory.path, port=0):
        pass
