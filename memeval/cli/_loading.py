"""While a server loads, answer its bound port 503 with Retry-After instead of refusing connections.

`memeval audit serve` and `memeval serve` bind their port first (a taken port is said at once,
`bind_port`), then load the redactor and hold detector (seconds; 15-30 s on a busy machine),
then uvicorn listens. In between, a bound socket that does not listen refused every connection:
a sender, or a health probe, read "connection refused" as "no server here". Now the socket listens
from the start and, until uvicorn takes it over, each request is read and answered

    503 Service Unavailable, Retry-After: 5, Connection: close
    {"schema": "memeval.audit-ingest-error/1", "schema_version": 1,
     "error": {"index": null, "reason": "memeval audit serve is loading ...: send again in a few seconds"}}

(the ingest endpoint's error shape, `memeval.audit.ingest_error`; nothing is stored). Connections still
waiting when uvicorn takes the socket over are uvicorn's: none is dropped at the hand-over.
"""

from __future__ import annotations

import json
import logging
import selectors
import socket
import threading
import time
from collections.abc import Sequence
from types import TracebackType

RETRY_AFTER_S = 5
"""The `Retry-After` of a loading server's 503, seconds."""

HEAD_MAX = 65_536
"""Most bytes of a request head read; a longer head is answered at that point."""

READ_WINDOW_S = 10.0
"""Longest a loading server reads one request (head and body) before answering it."""

BODY_MAX = 256 * 1024 * 1000
"""Most bytes of a request body read before answering: the longest batch the ingest endpoint takes at its
default limits (`MAX_BATCH` events of `DEFAULT_MAX_EVENT_BYTES`); it refuses a longer one itself (413). A
longer body (its `Content-Length`, or a chunked body past it) is answered at once and at most `DRAIN_MAX`
more bytes are drained within `DRAIN_S`: its whole body was read, 40 GB in 10 s of a core while the engines
loaded, and then it got no answer at all."""

DRAIN_MAX = 1_048_576
"""Most bytes read and dropped after the 503 of a body too long to read (so a client sending little more
reads the reply, not a reset)."""

DRAIN_S = 1.0
"""Longest a loading server reads what a client still sends after the 503 of a body too long to read."""

log = logging.getLogger(__name__)


def loading_reply(what: str) -> bytes:
    """The whole HTTP/1.1 503 reply of a loading server named `what` (`memeval audit serve`)."""
    reason = (
        f"{what} is loading its redactor and hold detector and does not take requests yet: "
        f"send again in {RETRY_AFTER_S} s (nothing was stored)"
    )
    from memeval.audit import ingest_error  # a server's import: fastapi is loaded to serve anyway

    body = json.dumps(ingest_error(reason)).encode()
    head = (
        "HTTP/1.1 503 Service Unavailable\r\n"
        f"Retry-After: {RETRY_AFTER_S}\r\n"
        "Content-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n"
        "Cache-Control: no-store\r\n"
        "Connection: close\r\n\r\n"
    )
    return head.encode() + body


def _body_length(head: bytes) -> int | None:
    """The request's `Content-Length` (0 when it has none; None when chunked: read until the final chunk)."""
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        key = name.strip().lower()
        if key == b"transfer-encoding" and b"chunked" in value.lower():
            return None
        if key == b"content-length" and value.strip().isdigit():
            length = int(value.strip())
    return length


def _read_request(conn: socket.socket) -> bool:
    """Read one request's head and body from `conn` (within `READ_WINDOW_S`), so closing sends no reset.

    A reply written while the request's body sits unread, then a close, makes the kernel answer with
    a TCP reset, and a client may see "connection reset" before the 503.

    Returns:
        False when the body is longer than `BODY_MAX` and was left unread (the caller drains what follows
        the reply, `_drain`); True when the request was read whole (or the client closed).
    """
    deadline = time.monotonic() + READ_WINDOW_S
    data = b""
    while b"\r\n\r\n" not in data and len(data) < HEAD_MAX:
        conn.settimeout(max(0.01, deadline - time.monotonic()))
        chunk = conn.recv(65_536)
        if not chunk:
            return True
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    want = _body_length(head)
    got = len(rest)
    if want is not None and want > BODY_MAX:
        return False
    while (got < want) if want is not None else not rest.endswith(b"0\r\n\r\n"):
        if got > BODY_MAX:
            return False
        conn.settimeout(max(0.01, deadline - time.monotonic()))
        chunk = conn.recv(65_536)
        if not chunk:
            return True
        got += len(chunk)
        rest = rest[-8:] + chunk
    return True


def _drain(conn: socket.socket) -> None:
    """Read and drop what the client still sends, up to `DRAIN_MAX` bytes, `DRAIN_S` or its close."""
    deadline = time.monotonic() + DRAIN_S
    got = 0
    try:
        while got <= DRAIN_MAX and time.monotonic() < deadline:
            conn.settimeout(max(0.01, deadline - time.monotonic()))
            chunk = conn.recv(65_536)
            if not chunk:
                return
            got += len(chunk)
    except OSError as exc:  # the client still sending after DRAIN_S, or gone: the reply is out, close
        log.debug("stopped draining a body too long to read while loading: %s", exc)


def _answer(conn: socket.socket, reply: bytes) -> None:
    with conn:
        try:
            whole = _read_request(conn)
            conn.settimeout(READ_WINDOW_S)
            conn.sendall(reply)
            conn.shutdown(socket.SHUT_WR)
            if not whole:
                _drain(conn)
        except OSError as exc:  # the client went away or was too slow: nothing to answer it
            log.debug("a request while loading was not answered: %s", exc)


class AnswerWhileLoading:
    """A context manager: within it, `sockets` listen and every request is answered `loading_reply(what)`.

    Entering calls `listen()` on each socket and starts a thread that accepts on them; leaving
    stops that thread (within 0.1 s) before the caller hands the sockets to uvicorn. Each accepted
    connection is read and answered in a thread of its own, so a slow client holds no other.

    Args:
        sockets: bound, not yet listening sockets (`bind_port`).
        what: how the reply names the server (`memeval audit serve`).
    """

    def __init__(self, sockets: Sequence[socket.socket], what: str) -> None:
        self._sockets = list(sockets)
        self._reply = loading_reply(what)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._accept, name="memeval-loading-503", daemon=True)
        self.answered = 0
        """Connections accepted while loading."""

    def __enter__(self) -> AnswerWhileLoading:
        for sock in self._sockets:
            sock.setblocking(False)  # an accept after a connection went away returns, never waits (asyncio's mode too)
            sock.listen(2048)  # uvicorn's default backlog; it listens again on the same socket
        self._thread.start()
        return self

    def __exit__(self, _t: type[BaseException] | None, _e: BaseException | None, _tb: TracebackType | None) -> None:
        self._stop.set()
        self._thread.join()

    def _accept(self) -> None:
        with selectors.DefaultSelector() as sel:
            for sock in self._sockets:
                sel.register(sock, selectors.EVENT_READ, sock)
            while not self._stop.is_set():
                for key, _ in sel.select(timeout=0.05):
                    listener: socket.socket = key.data
                    try:
                        conn, _addr = listener.accept()
                    except (BlockingIOError, ConnectionAbortedError) as exc:  # gone between select and accept
                        log.debug("a connection while loading went away before it was accepted: %s", exc)
                        continue
                    self.answered += 1
                    threading.Thread(target=_answer, args=(conn, self._reply), daemon=True).start()
