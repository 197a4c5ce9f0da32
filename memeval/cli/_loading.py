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

A server with pages (`memeval serve`, `pages`) answers a request for a path outside `/api` (a browser
opening the review pages) with a small HTML page instead, 503 with the same `Retry-After`, that says
the server is loading and reloads itself after that many seconds (`loading_page`): a browser showed
the JSON above as text. A path under `/api` keeps the JSON, whatever its `Accept` says, as the loaded
server answers `/api/v1` in JSON only. On such a server an `/api` path that is not the ingest
endpoint's (`INGEST_PATHS`: the review API's, or an unknown one) gets the review API's error shape,
`{"schema": "memeval.review-error/1", "schema_version": 1, "error": {"code": "loading", "message": ...}}`
(`review_loading_reply`), as every review API error has once the server is loaded (README, the review
API); it got the ingest endpoint's `{"index", "reason"}` and "nothing was stored". On both servers
`GET /api/v1/health` gets the ingest error shape with `"status": "loading"` and a reason that says so
(`health_loading_reply`); it said "does not take requests yet ... (nothing was stored)", as to a batch.
"""

from __future__ import annotations

import html
import json
import logging
import selectors
import socket
import threading
import time
from collections.abc import Sequence
from types import TracebackType
from typing import NamedTuple
from urllib.parse import urlsplit

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

    return _json_503(ingest_error(reason))


HEALTH_PATH = "/api/v1/health"
"""The health path: a loading server's answer to it says it is loading (`health_loading_reply`)."""

INGEST_PATHS = frozenset({"/api/v1/events", HEALTH_PATH})
"""The ingest endpoint's paths: a loading server answers them in the ingest endpoint's error shape."""


def health_loading_reply(what: str) -> bytes:
    """The whole HTTP/1.1 503 reply of a loading server named `what` to `GET /api/v1/health`.

    The ingest endpoint's error shape, as every other loading answer of its paths, with `status`
    `loading` beside it (a loaded server's health says `{"status": "ok"}`), and a reason that says
    it is loading, not that a batch was refused ("nothing was stored" fits a POST of events only).
    """
    from memeval.audit import ingest_error  # a server's import: fastapi is loaded to serve anyway

    reason = f"{what} is loading its redactor and hold detector and is not ready yet: ask again in {RETRY_AFTER_S} s"
    body = ingest_error(reason)  # status before error, as a reader of health looks for it first
    return _json_503({"schema": body["schema"], "schema_version": 1, "status": "loading", "error": body["error"]})


def _json_503(body: dict[str, object]) -> bytes:
    data = json.dumps(body).encode()
    head = (
        "HTTP/1.1 503 Service Unavailable\r\n"
        f"Retry-After: {RETRY_AFTER_S}\r\n"
        "Content-Type: application/json\r\n"
        f"Content-Length: {len(data)}\r\n"
        "Cache-Control: no-store\r\n"
        "Connection: close\r\n\r\n"
    )
    return head.encode() + data


def review_loading_reply(what: str) -> bytes:
    """The whole HTTP/1.1 503 reply of a loading server named `what` to a review API request.

    The body is `memeval.review-error/1` with code `loading` (`memeval.review.ErrorOut`), the shape
    of every other review API error.
    """
    from memeval.review import ErrorBody, ErrorOut  # a server's import: its app is loaded to serve anyway

    message = (
        f"{what} is loading its redactor and hold detector and does not answer the review API yet: "
        f"send again in {RETRY_AFTER_S} s"
    )
    return _json_503(ErrorOut(error=ErrorBody(code="loading", message=message)).model_dump(mode="json", by_alias=True))


def loading_page(what: str) -> bytes:
    """The whole HTTP/1.1 503 reply, an HTML page, of a loading server named `what` to a page request."""
    name = html.escape(what)
    body = (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="refresh" content="{RETRY_AFTER_S}"><title>{name} is loading</title></head>\n'
        f"<body><h1>{name} is loading</h1>\n<p>It is loading its redactor and hold detector and does not "
        f"serve pages yet. This page tries again in {RETRY_AFTER_S} seconds.</p></body></html>\n"
    ).encode()
    head = (
        "HTTP/1.1 503 Service Unavailable\r\n"
        f"Retry-After: {RETRY_AFTER_S}\r\n"
        "Content-Type: text/html; charset=utf-8\r\n"
        f"Content-Length: {len(body)}\r\n"
        "Content-Security-Policy: default-src 'none'\r\n"
        "X-Content-Type-Options: nosniff\r\n"
        "Cache-Control: no-store\r\n"
        "Connection: close\r\n\r\n"
    )
    return head.encode() + body


def is_api_request(head: bytes) -> bool:
    """Whether the request whose head is `head` asks for a path under `/api` (an unreadable head counts as one).

    The target may be origin-form (`/api/v1/events?x`) or absolute-form (`http://host/api/v1/events`).
    """
    path = _request_path(head)
    return path is None or path == "/api" or path.startswith("/api/")


def _request_path(head: bytes) -> str | None:
    """The path of the request whose head is `head`, or None when its request line is unreadable."""
    parts = head.split(b"\r\n", 1)[0].split(b" ")
    if len(parts) < 2:
        return None
    return urlsplit(parts[1].decode("latin-1")).path


class _Replies(NamedTuple):
    """A loading server's replies: JSON to an API request, and (a server with pages) HTML to a page request.

    The health path gets `health` on every server. A server with pages also answers an `/api` path
    outside `INGEST_PATHS` in the review API's error shape.
    """

    api: bytes
    health: bytes
    page: bytes | None
    review: bytes | None = None

    def to(self, head: bytes) -> bytes:
        """The reply to the request whose head is `head`."""
        path = _request_path(head)
        if path is not None and path.rstrip("/") == HEALTH_PATH:
            return self.health
        if self.page is None or self.review is None:
            return self.api
        if not is_api_request(head):
            return self.page
        return self.api if path is None or path.rstrip("/") in INGEST_PATHS else self.review


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


def _read_request(conn: socket.socket) -> tuple[bool, bytes]:
    """Read one request's head and body from `conn` (within `READ_WINDOW_S`), so closing sends no reset.

    A reply written while the request's body sits unread, then a close, makes the kernel answer with
    a TCP reset, and a client may see "connection reset" before the 503.

    Returns:
        Whether it was read whole, and its head (what of it came). Not whole: the body is longer than
        `BODY_MAX` and was left unread (the caller drains what follows the reply, `_drain`); whole: the
        request was read to its end (or the client closed).
    """
    deadline = time.monotonic() + READ_WINDOW_S
    data = b""
    while b"\r\n\r\n" not in data and len(data) < HEAD_MAX:
        conn.settimeout(max(0.01, deadline - time.monotonic()))
        chunk = conn.recv(65_536)
        if not chunk:
            return True, data
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    want = _body_length(head)
    got = len(rest)
    if want is not None and want > BODY_MAX:
        return False, head
    while (got < want) if want is not None else not rest.endswith(b"0\r\n\r\n"):
        if got > BODY_MAX:
            return False, head
        conn.settimeout(max(0.01, deadline - time.monotonic()))
        chunk = conn.recv(65_536)
        if not chunk:
            return True, head
        got += len(chunk)
        rest = rest[-8:] + chunk
    return True, head


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


def _answer(conn: socket.socket, replies: _Replies) -> None:
    with conn:
        try:
            whole, head = _read_request(conn)
            conn.settimeout(READ_WINDOW_S)
            conn.sendall(replies.to(head))
            conn.shutdown(socket.SHUT_WR)
            if not whole:
                _drain(conn)
        except OSError as exc:  # the client went away or was too slow: nothing to answer it
            log.debug("a request while loading was not answered: %s", exc)


class AnswerWhileLoading:
    """A context manager: within it, `sockets` listen and every request is answered 503 (`loading_reply(what)`).

    Entering calls `listen()` on each socket and starts a thread that accepts on them; leaving
    stops that thread (within 0.1 s) before the caller hands the sockets to uvicorn. Each accepted
    connection is read and answered in a thread of its own, so a slow client holds no other.

    Args:
        sockets: bound, not yet listening sockets (`bind_port`).
        what: how the reply names the server (`memeval audit serve`).
        pages: the server serves HTML pages (`memeval serve`): a request for a path outside `/api` is
            answered `loading_page(what)`, HTML, and one for an `/api` path outside `INGEST_PATHS`
            `review_loading_reply(what)`; False: every request gets the JSON reply. On both, the health
            path gets `health_loading_reply(what)`.
    """

    def __init__(self, sockets: Sequence[socket.socket], what: str, pages: bool = False) -> None:
        self._sockets = list(sockets)
        health = health_loading_reply(what)
        self._replies = (
            _Replies(loading_reply(what), health, loading_page(what), review_loading_reply(what))
            if pages
            else _Replies(loading_reply(what), health, None)
        )
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
                    threading.Thread(target=_answer, args=(conn, self._replies), daemon=True).start()
