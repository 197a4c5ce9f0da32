"""A request too long to read while a server loads gets its 503 at once (breaker19).

`memeval.cli._loading` read each request's whole body before its 503 (so the close sends no reset),
however long: a `Content-Length` of 100 GB was read at full speed for the 10 s reading window, 40 GB
and most of a core while the engines loaded, and then the connection was closed with no answer at
all. A body longer than any batch the ingest endpoint takes (`BODY_MAX`) is now answered 503 after
its head, as is a chunked body that runs past it. Real sockets on 127.0.0.1, the real answerer.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest

from memeval.audit._authority import DEFAULT_MAX_EVENT_BYTES
from memeval.audit._http import MAX_BATCH
from memeval.cli._loading import BODY_MAX, AnswerWhileLoading

HEAD = b"POST /api/v1/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"


@pytest.fixture
def port() -> Iterator[int]:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    with sock, AnswerWhileLoading([sock], "memeval audit serve"):
        yield sock.getsockname()[1]


def _reply(conn: socket.socket) -> bytes:
    conn.settimeout(5)  # the old answerer waited its 10 s window, then closed without a word
    out = b""
    while b"\r\n\r\n" not in out:
        chunk = conn.recv(4096)
        if not chunk:
            break
        out += chunk
    return out


def test_the_cap_is_the_longest_batch_the_endpoint_takes() -> None:
    assert BODY_MAX == MAX_BATCH * DEFAULT_MAX_EVENT_BYTES


def test_a_content_length_past_any_batch_is_answered_after_its_head(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port)) as c:
        c.sendall(HEAD + b"Content-Length: 100000000000\r\n\r\n" + b"[" * 65_536)
        t0 = time.monotonic()
        reply = _reply(c)
    assert reply.startswith(b"HTTP/1.1 503 ") and b"Retry-After: 5" in reply, reply[:200]
    assert time.monotonic() - t0 < 3


def test_an_endless_chunked_body_is_answered(port: int) -> None:
    chunk = b"%x\r\n%s\r\n" % (1 << 20, b"x" * (1 << 20))
    stop = threading.Event()
    with socket.create_connection(("127.0.0.1", port)) as c:
        c.sendall(HEAD + b"Transfer-Encoding: chunked\r\n\r\n")

        def send() -> None:
            try:
                while not stop.is_set():
                    c.sendall(chunk)
            except OSError:  # the answerer closed after its reply: what this test waits for
                return

        sender = threading.Thread(target=send, daemon=True)
        sender.start()
        try:
            reply = _reply(c)
        finally:
            stop.set()
    sender.join(5)
    assert reply.startswith(b"HTTP/1.1 503 "), reply[:200]
