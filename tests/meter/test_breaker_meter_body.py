"""An agent cannot grow the harness's memory through the metering proxy.

The proxy runs in memeval's own process, outside every sandbox's memory limit, and read each
request whole before looking at it: an agent that sent an endless body (chunked, or a huge
Content-Length) made memeval hold every byte. Now a body over `MAX_BODY_BYTES` is refused with
413 (at once when its Content-Length says so), and request bytes held at once are
bounded per sandbox by `MAX_PEER_HELD_BYTES` (503 past it). Real proxy, real upstream, raw loopback sockets.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from meter_fixtures import RECORDED
from meter_rig import Rig
from meter_upstream import Reply
from patience import patient

from memeval.meter import _server

OK = next(r for r in RECORDED if r.name.endswith("12-recorded-prompt-cache-write-then-read/1-200.json"))


def _connect(rig: Rig) -> socket.socket:
    u = urlsplit(rig.proxy.base_url)
    return socket.create_connection((u.hostname, u.port), timeout=10)


def _held_becomes(rig: Rig, ok: Callable[[int], bool]) -> None:
    """Wait (a minute at most, longer at load) until the request body bytes the proxy holds now satisfy `ok`."""
    server = rig.proxy._server
    assert server is not None
    deadline = time.monotonic() + patient(60)
    while not ok(server.held):
        assert time.monotonic() < deadline, f"the proxy holds {server.held} request bytes"
        time.sleep(0.01)


def _head(key: str, extra: str) -> bytes:
    return (
        "POST /v1/chat/completions HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n"
        f"authorization: Bearer {key}\r\n{extra}\r\n"
    ).encode()


def _status(s: socket.socket) -> int:
    got = b""
    while b"\r\n" not in got:
        chunk = s.recv(4096)
        if not chunk:
            break
        got += chunk
    return int(got.split(b" ", 2)[1]) if got.startswith(b"HTTP/1.1 ") else -1


def test_a_body_announced_over_the_limit_is_refused_before_it_is_sent(rig: Rig) -> None:
    key = rig.proxy.register_trial("t-announced")
    with _connect(rig) as s:
        s.sendall(_head(key, f"content-length: {_server.MAX_BODY_BYTES + 1}\r\nexpect: 100-continue\r\n"))
        s.settimeout(5)
        assert _status(s) == 413  # not a 100 Continue, and no wait for 64 MiB that never come
    assert rig.upstream.seen == []


def _kernel_buffers() -> int:
    """The most one loopback TCP connection's buffers hold (bytes): tcp_rmem's and tcp_wmem's maxima, summed."""
    most = [int(Path(f"/proc/sys/net/ipv4/{name}").read_text().split()[2]) for name in ("tcp_rmem", "tcp_wmem")]
    return sum(most)


def test_a_chunked_body_that_never_ends_is_cut_at_the_limit(rig: Rig) -> None:
    key = rig.proxy.register_trial("t-endless")
    chunk = b"%x\r\n%s\r\n" % (1 << 20, b"x" * (1 << 20))
    sent = 0
    with _connect(rig) as s:
        s.sendall(_head(key, "transfer-encoding: chunked\r\n"))
        try:
            while sent < 2 * _server.MAX_BODY_BYTES:  # an agent would go on for ever; the test stops at twice
                s.sendall(chunk)
                sent += 1 << 20
            s.sendall(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass  # the proxy answered and closed: what should happen
        s.settimeout(5)
        try:
            status = _status(s)
        except ConnectionResetError:
            status = 413 if sent < 2 * _server.MAX_BODY_BYTES else -1  # answer lost to the reset; the cut happened
    # what the client pushed counts the kernel's socket buffers too: the proxy's receive buffer grows up to
    # tcp_rmem's maximum (32 MiB on some kernels, 6 MiB on Debian's default) and the client's send buffer to
    # tcp_wmem's; past those and two chunks, the proxy itself read on (under load, 79 MiB on a 32 MiB kernel)
    assert status == 413 and sent <= _server.MAX_BODY_BYTES + _kernel_buffers() + (2 << 20), (sent, _kernel_buffers())
    assert rig.upstream.seen == []


def test_bytes_held_over_all_connections_are_bounded_and_released(rig: Rig, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_server, "MAX_PEER_HELD_BYTES", 1 << 20)  # connections of no sandbox: one group
    key = rig.proxy.register_trial("t-held")
    msg = {"role": "user", "content": "y" * 600_000}
    body = json.dumps({"model": OK.expected["model"], "messages": [msg]}).encode()
    with _connect(rig) as slow:
        # one connection holds 900 KB of a body it never finishes
        slow.sendall(_head(key, "content-length: 1000000\r\n") + b"z" * 900_000)
        _held_becomes(rig, lambda held: held >= 900_000)  # the proxy holds it all (it slept 0.5 s: at load, less)
        with _connect(rig) as other:
            other.sendall(_head(key, f"content-length: {len(body)}\r\n") + body)
            assert _status(other) == 503
    _held_becomes(rig, lambda held: held == 0)  # the slow connection is gone: what it held is released
    rig.upstream.push(Reply(200, headers=dict(OK.headers), chunks=[OK.body]))
    with _connect(rig) as again:
        again.sendall(_head(key, f"content-length: {len(body)}\r\n") + body)
        assert _status(again) == 200
    assert len(rig.upstream.seen) == 1 and rig.upstream.seen[0].body == body
