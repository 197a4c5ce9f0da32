"""A call still in flight when the proxy stops is on the record, its cost unknown, never left out.

Found by the breaker: the proxy stops at the run's end (and at ^C) giving calls in flight `STOP_TIMEOUT_S`, then
cancelled them, and a cancelled call was never recorded. The runner waits 30 s after an agent's turn for its calls,
so an agent that started a long call (a big `max_tokens`, a slow model) and exited had that call on no record when
it was its run's last: `memeval ab` printed the trial's cost as known, the sum of its other calls, while the
provider billed the one it left running (`/tmp/b12/e2e_inflight.py`: cost 0.00021 USD known, 1 call, the upstream
saw 2). Now such a call is recorded as answered with its usage unread: unmeasured, its cost and its trial's unknown.
Real proxy, real HTTP client threads, a raw upstream on 127.0.0.1 that never finishes its answers.
"""

from __future__ import annotations

import http.client
import json
import queue
import socket
import threading
import urllib.request
from pathlib import Path

import pytest
from meter_rig import make_proxy
from patience import patient

from memeval.meter import _proxy
from memeval.results._calls import USAGE_UNREAD, tally_calls

CHUNK = b'data: {"id":"x","object":"chat.completion.chunk","model":"gpt-4o-mini","choices":[]}\n\n'


class _Stalling:
    """Reads each request's head; a streamed one gets its status, headers and one chunk, a plain one nothing; then
    the upstream says nothing more until `done` is set (as a model writing a long answer)."""

    def __init__(self) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.done = threading.Event()
        self.heads = 0
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._one, args=(conn,), daemon=True).start()

    def _one(self, conn: socket.socket) -> None:
        with conn:
            got = b""
            while b'"messages"' not in got:  # the head and the body (every request here names its messages)
                got += conn.recv(65536)
            if b'"stream": true' in got:
                head = b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n"
                conn.sendall(head + b"%x\r\n%s\r\n" % (len(CHUNK), CHUNK))
            self.heads += 1
            self.done.wait(30)

    def close(self) -> None:
        self.done.set()
        self.sock.close()


def _call(base: str, key: str, stream: bool) -> None:
    body = {
        "model": "gpt-4o-mini",
        "max_tokens": 10**5,
        "stream": stream,
        "messages": [{"role": "user", "content": "x"}],
    }
    req = urllib.request.Request(
        base + "/v1/chat/completions",
        data=json.dumps(body).encode(),
        headers={"authorization": f"Bearer {key}", "content-type": "application/json"},
    )
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            r.read()
    except (OSError, http.client.HTTPException):
        pass  # the proxy cut it at its stop: the client's to handle


def test_calls_in_flight_at_the_proxys_stop_are_recorded_unmeasured(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_proxy, "STOP_TIMEOUT_S", 0.5)  # the wait is not what is tested: the record after it is
    up = _Stalling()
    calls: queue.Queue = queue.Queue()
    proxy = make_proxy(up, calls)  # type: ignore[arg-type]  # only its `url` is read
    proxy.start()
    try:
        key = proxy.register_trial("t")
        clients = [threading.Thread(target=_call, args=(proxy.base_url, key, s), daemon=True) for s in (True, False)]
        for c in clients:
            c.start()
        for _ in range(200):  # both requests reached the upstream (the streamed one has its first chunk)
            if up.heads == 2 and proxy.trial_spend("t").in_flight == 2:
                break
            threading.Event().wait(0.05)
        assert up.heads == 2
    finally:
        proxy.stop()
        up.close()
    got = [calls.get(timeout=patient(5)) for _ in range(2)]
    by_stream = {c.streamed: c for c in got}
    streamed, plain = by_stream[True], by_stream[False]
    assert (streamed.status, plain.status) == (200, 0)  # the plain one's status line never came
    for c in got:
        assert c.forwarded and not c.completed
        assert c.cost.cost_usd is None and c.input_tokens is None, c
        assert "proxy stopped with the call in flight" in (c.error or ""), c.error
        assert (c.error or "").startswith(USAGE_UNREAD)  # unmeasured, not an error answer
    tally = tally_calls(got)
    assert (tally.cost_usd, tally.cost_unknown, tally.errors, sum(tally.unmeasured.values())) == (None, 2, 0, 2)
