"""The proxy's own HTTP engine (memeval/meter/_server.py, _upstream.py) over real loopback sockets.

What an HTTP/1.1 server and client must get right beyond one request per connection: upstream connections kept and
reused, a kept connection the upstream closed under a request, a client gone mid-stream, `Expect: 100-continue`
with a chunked request body, pipelined requests, and an upstream that is not there.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator

import httpx
import pytest
from meter_fixtures import RECORDED, Recorded
from meter_rig import Rig
from meter_upstream import Reply
from refused_port import refused_port

from memeval.meter import MeterProxy, ModelCall, Upstream

PLAIN = next(r for r in RECORDED if r.api == "openai-chat" and not r.stream)
STREAM = next(r for r in RECORDED if r.name.endswith("02-sse-tool-use.sse"))


def _reply(rec: Recorded, **kwargs: object) -> Reply:
    return Reply(rec.status, headers=dict(rec.headers), chunks=rec.chunks(), content_length=not rec.stream, **kwargs)  # type: ignore[arg-type]


def _chat(model: str = "gpt-4o-mini") -> bytes:
    return json.dumps({"model": model, "messages": [{"role": "user", "content": "hi"}]}).encode()


def test_upstream_connections_are_kept_and_reused(rig: Rig) -> None:
    key = rig.proxy.register_trial("t-reuse")
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as client:
        for _ in range(5):
            rig.upstream.push(_reply(PLAIN))
            response = client.post("/v1/chat/completions", content=_chat(), headers={"authorization": f"Bearer {key}"})
            assert (response.status_code, response.content) == (200, PLAIN.body)
    ports = {seen.client_port for seen in rig.upstream.seen}
    assert len(rig.upstream.seen) == 5 and len(ports) == 1, ports


class _ClosingUpstream:
    """A raw HTTP/1.1 server: answers the first request on a connection, then closes it when the next one comes
    (as a server whose keep-alive timer fired just as the request arrived)."""

    def __init__(self) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.connections = 0
        self.answered = 0
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.connections += 1
            threading.Thread(target=self._one, args=(conn,), daemon=True).start()

    def _one(self, conn: socket.socket) -> None:
        with conn:
            data = b""
            while b"\r\n\r\n" not in data:
                data += conn.recv(65536)
            head, _, body = data.partition(b"\r\n\r\n")
            length = next(
                int(v) for k, _, v in (ln.partition(b": ") for ln in head.split(b"\r\n")) if k == b"content-length"
            )
            while len(body) < length:
                body += conn.recv(65536)
            self.answered += 1  # counted before the answer leaves: the test may read it the moment it arrives
            conn.sendall(
                b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: %d\r\n\r\n%b"
                % (len(PLAIN.body), PLAIN.body)
            )
            conn.recv(65536)  # the next request on this connection: closed unanswered

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def closing_upstream() -> Iterator[_ClosingUpstream]:
    server = _ClosingUpstream()
    yield server
    server.close()


def test_a_kept_connection_closed_under_a_request_is_retried_once_on_a_new_one(
    closing_upstream: _ClosingUpstream,
) -> None:
    calls: list[ModelCall] = []
    upstream = Upstream(base_url=f"http://127.0.0.1:{closing_upstream.port}/v1")
    with MeterProxy({"openai": upstream}, on_call=calls.append) as proxy:
        key = proxy.register_trial("t-stale")
        with httpx.Client(base_url=proxy.base_url, timeout=10) as client:
            for _ in range(3):
                response = client.post(
                    "/v1/chat/completions", content=_chat(), headers={"authorization": f"Bearer {key}"}
                )
                assert (response.status_code, response.content) == (200, PLAIN.body)
    assert closing_upstream.answered == 3 and closing_upstream.connections == 3
    assert [c.status for c in calls] == [200, 200, 200] and all(c.error is None for c in calls)


def test_a_client_gone_mid_stream_is_recorded_and_the_proxy_serves_on(rig: Rig) -> None:
    gate = threading.Event()
    rig.upstream.push(_reply(STREAM, gate=gate))
    key = rig.proxy.register_trial("t-gone")
    body = json.dumps({"model": "claude-haiku-4-5", "max_tokens": 64, "stream": True, "messages": []}).encode()
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as client:
        with client.stream("POST", "/v1/messages", content=body, headers={"x-api-key": key}) as response:
            first = next(response.iter_raw())
            assert STREAM.body.startswith(first) and len(first) < len(STREAM.body)
    time.sleep(1.0)  # let the proxy see the client's close before the rest arrives (else it may relay it all)
    gate.set()  # the client is gone; the upstream sends the rest
    call = rig.next_call()
    # read to its end for its usage all the same (an agent hanging up must not make its cost unknown:
    # tests/meter/test_breaker_meter_cut_stream.py)
    assert call.completed is True and call.error is None and call.output_tokens is not None
    rig.upstream.push(_reply(PLAIN))
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as client:
        response = client.post("/v1/chat/completions", content=_chat(), headers={"authorization": f"Bearer {key}"})
    assert (response.status_code, response.content) == (200, PLAIN.body)


def _raw(proxy: MeterProxy, payload: bytes, *, until: bytes, expect_continue: bool = False) -> bytes:
    host, port = proxy.base_url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        if expect_continue:
            head, _, rest = payload.partition(b"\r\n\r\n")
            sock.sendall(head + b"\r\n\r\n")
            assert sock.recv(65536) == b"HTTP/1.1 100 Continue\r\n\r\n"
            payload = rest
        sock.sendall(payload)
        out = b""
        while not out.endswith(until):
            data = sock.recv(65536)
            if not data:
                break
            out += data
        return out


def test_expect_100_continue_and_a_chunked_request_body(rig: Rig) -> None:
    rig.upstream.push(_reply(PLAIN))
    key = rig.proxy.register_trial("t-continue").encode()
    body = _chat()
    chunked = b"%x\r\n%b\r\n%x\r\n%b\r\n0\r\n\r\n" % (10, body[:10], len(body) - 10, body[10:])
    request = (
        b"POST /v1/chat/completions HTTP/1.1\r\nhost: meter\r\nauthorization: Bearer " + key + b"\r\n"
        b"expect: 100-continue\r\ntransfer-encoding: chunked\r\n\r\n" + chunked
    )
    answer = _raw(rig.proxy, request, until=PLAIN.body, expect_continue=True)
    assert answer.startswith(b"HTTP/1.1 200 OK\r\n") and answer.endswith(PLAIN.body)
    assert rig.upstream.seen[-1].body == body
    assert rig.next_call().status == 200


def test_pipelined_requests_are_answered_in_order(rig: Rig) -> None:
    key = rig.proxy.register_trial("t-pipe").encode()
    first = _chat("gpt-4o-mini")
    second = b'{"model": "unknown-model-x", "messages": []}'
    rig.upstream.push(_reply(PLAIN), Reply(200, chunks=[b'{"second": true}'], content_length=True))
    requests = b"".join(
        b"POST /v1/chat/completions HTTP/1.1\r\nhost: meter\r\nauthorization: Bearer %b\r\n"
        b"content-length: %d\r\n\r\n%b" % (key, len(body), body)
        for body in (first, second)
    )
    answer = _raw(rig.proxy, requests, until=b'{"second": true}')
    assert answer.count(b"HTTP/1.1 200 OK\r\n") == 2
    assert answer.index(PLAIN.body) < answer.index(b'{"second": true}')
    assert [s.body for s in rig.upstream.seen] == [first, second]
    assert [rig.next_call().requested_model, rig.next_call().requested_model] == ["gpt-4o-mini", "unknown-model-x"]


def test_an_upstream_that_is_not_there_is_a_recorded_502() -> None:
    calls: list[ModelCall] = []
    with (
        refused_port() as port,
        MeterProxy({"openai": Upstream(base_url=f"http://127.0.0.1:{port}/v1")}, on_call=calls.append) as proxy,
    ):
        key = proxy.register_trial("t-down")
        with httpx.Client(base_url=proxy.base_url, timeout=10) as client:
            response = client.post("/v1/chat/completions", content=_chat(), headers={"authorization": f"Bearer {key}"})
    assert response.status_code == 502
    assert response.json()["error"]["code"] == "memeval_upstream_unreachable"
    assert len(calls) == 1 and calls[0].forwarded is True and "unreachable" in (calls[0].error or "")


def test_a_slow_client_pauses_the_upstream_and_the_next_call_is_served(rig: Rig) -> None:
    big = b'{"filler": "' + b"a" * (16 << 20) + b'"}'
    rig.upstream.push(Reply(200, chunks=[big], content_length=True), _reply(PLAIN))
    key = rig.proxy.register_trial("t-slow")
    auth = {"authorization": f"Bearer {key}"}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=30) as client:
        with client.stream("POST", "/v1/chat/completions", content=_chat(), headers=auth) as response:
            time.sleep(1.0)  # nothing read: the socket buffers fill and the proxy stops reading the upstream
            assert b"".join(response.iter_raw()) == big
        response = client.post("/v1/chat/completions", content=_chat(), headers=auth)
        assert (response.status_code, response.content) == (200, PLAIN.body)
    # The kept connection serves the second call unless it idled past its 5 s expiry while the client read (a loaded
    # machine): either way the call must not wait on a connection left paused.
    assert [rig.next_call().status, rig.next_call().completed] == [200, True]
