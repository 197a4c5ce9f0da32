"""A request the upstream received and never answered has an unknown cost, not a zero one; it is never sent twice.

The proxy answers the agent 502 when the upstream closes the connection, or stays silent `READ_TIMEOUT_S`, after the
request went out. The call was recorded like a connection refused: an error answer without usage, which the ledger
settled at $0 and the run's fold left out, so the trial's cost read as known. But the provider had the request: a
model call that ran ten minutes and whose answer was lost is billed all the same (the providers bill what they
generate, whoever reads it). It is now unmeasured: counted as a call of unknown cost, charged its worst case against
the spend limits. And a request held silent on a kept connection was sent again on a new one (the retry meant for a
kept connection the server closed before reading): two requests upstream, one on record. Now a silent upstream is
never retried. Guards: an upstream that is not there (nothing sent) stays an error answer that costs nothing; the
keep-alive race is still retried (`test_meter_engine`). Real proxy, raw HTTP/1.1 servers on 127.0.0.1.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator

import httpx
import pytest
from meter_fixtures import RECORDED
from refused_port import refused_port

from memeval.meter import MeterProxy, ModelCall, Upstream, _upstream
from memeval.results._calls import tally_calls
from memeval.types import UPSTREAM_UNANSWERED

PLAIN = next(r for r in RECORDED if r.api == "openai-chat" and not r.stream)
REQUEST = json.dumps({"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "hi"}]}).encode()


class _Server:
    """A raw HTTP/1.1 server. On each connection it answers the first `answer` requests with a recorded chat
    completion, then reads the next request and, by `mode`, closes the connection (`close`) or holds it silent
    until the test ends (`silent`). `requests` counts every request it read whole."""

    def __init__(self, mode: str, answer: int = 0) -> None:
        self.mode, self.answer = mode, answer
        self.requests = 0
        self.stop = threading.Event()
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._one, args=(conn,), daemon=True).start()

    def _read(self, conn: socket.socket, data: bytes) -> bytes:
        while b"\r\n\r\n" not in data:
            more = conn.recv(65536)
            if not more:
                raise ConnectionError
            data += more
        head, _, rest = data.partition(b"\r\n\r\n")
        fields = (ln.partition(b": ") for ln in head.split(b"\r\n"))
        length = next(int(v) for k, _, v in fields if k == b"content-length")
        while len(rest) < length:
            rest += conn.recv(65536)
        self.requests += 1
        return rest[length:]

    def _one(self, conn: socket.socket) -> None:
        with conn:
            left = b""
            try:
                for _ in range(self.answer):
                    left = self._read(conn, left)
                    conn.sendall(
                        b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: %d\r\n\r\n%b"
                        % (len(PLAIN.body), PLAIN.body)
                    )
                self._read(conn, left)
            except ConnectionError:
                return
            if self.mode == "silent":
                self.stop.wait(30)

    def close(self) -> None:
        self.stop.set()
        self.sock.close()


@pytest.fixture
def calls() -> list[ModelCall]:
    return []


def _proxy(port: int, calls: list[ModelCall]) -> MeterProxy:
    return MeterProxy({"openai": Upstream(base_url=f"http://127.0.0.1:{port}/v1")}, on_call=calls.append)


def _recorded(proxy: MeterProxy, calls: list[ModelCall], trial: str) -> ModelCall:
    """The trial's one call, once its record is made (the agent's answer leaves before it)."""
    for _ in range(200):
        if calls and proxy.trial_spend(trial).in_flight == 0:
            break
        threading.Event().wait(0.05)
    (call,) = calls
    return call


def _post(client: httpx.Client, key: str) -> httpx.Response:
    return client.post("/v1/chat/completions", content=REQUEST, headers={"authorization": f"Bearer {key}"})


@pytest.fixture
def closing() -> Iterator[_Server]:
    server = _Server("close")
    yield server
    server.close()


def test_a_request_the_upstream_read_and_closed_on_has_an_unknown_cost(
    closing: _Server, calls: list[ModelCall]
) -> None:
    with _proxy(closing.port, calls) as proxy:
        key = proxy.register_trial("t-c34-closed")
        with httpx.Client(base_url=proxy.base_url, timeout=10) as client:
            assert _post(client, key).status_code == 502
        call = _recorded(proxy, calls, "t-c34-closed")
        spend = proxy.trial_spend("t-c34-closed")
    assert closing.requests == 1
    assert call.forwarded and call.cost.cost_usd is None
    assert UPSTREAM_UNANSWERED in (call.error or "")  # main: "the upstream closed the connection without answering"
    assert spend.usage_missing_calls == 1  # main: 0, the call a known $0
    tally = tally_calls(calls)
    assert (tally.cost_usd, tally.cost_unknown) == (None, 1)  # main: a known 0.0


def test_a_request_held_silent_on_a_kept_connection_is_not_sent_again(
    calls: list[ModelCall], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_upstream, "READ_TIMEOUT_S", 0.5)  # the silence's length is not what is tested
    server = _Server("silent", answer=1)
    try:
        with _proxy(server.port, calls) as proxy:
            key = proxy.register_trial("t-c34-silent")
            with httpx.Client(base_url=proxy.base_url, timeout=30) as client:
                assert _post(client, key).status_code == 200
                # main: 200, the held request sent again on a new connection and answered there: run twice, one record
                assert _post(client, key).status_code == 502
    finally:
        server.close()
    assert server.requests == 2  # main: 3
    assert [c.status for c in calls] == [200, 502]
    assert calls[1].cost.cost_usd is None and UPSTREAM_UNANSWERED in (calls[1].error or "")
    assert tally_calls(calls).cost_usd is None


def test_an_upstream_that_is_not_there_costs_nothing(calls: list[ModelCall]) -> None:
    with refused_port() as port, _proxy(port, calls) as proxy:  # nothing listens: the request is never sent
        key = proxy.register_trial("t-c34-none")
        with httpx.Client(base_url=proxy.base_url, timeout=10) as client:
            assert _post(client, key).status_code == 502
        call = _recorded(proxy, calls, "t-c34-none")
        assert proxy.trial_spend("t-c34-none").usage_missing_calls == 0
    assert UPSTREAM_UNANSWERED not in (call.error or "")
    tally = tally_calls(calls)
    assert (tally.cost_usd, tally.cost_unknown) == (0.0, 0)
