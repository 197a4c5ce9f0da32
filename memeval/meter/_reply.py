"""What a request handler of the proxy's server sees: the request, read whole, and the reply it writes.

`memeval.meter._server.HttpServer` hands each request to a `Handler` as a `Request` and a `Reply`
bound to the client connection; the reply writes straight to the socket (`content-length` when
the handler knows it, chunked otherwise, read-to-close for an HTTP/1.0 client).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from http import HTTPStatus
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from memeval.meter._server import _Connection

HEAD_WAIT_S = 0.02
"""How long a response's head waits for its first body bytes to go out with them before it goes alone."""

REASONS = {s.value: s.phrase.encode() for s in HTTPStatus}
"""Reason phrases by status code, for status lines (`HTTP/1.1 404 Not Found`)."""


class Request:
    """One request, read whole."""

    __slots__ = ("method", "path", "query", "headers", "body", "keep_alive", "owner")

    def __init__(
        self,
        method: str,
        path: str,
        query: bytes,
        headers: list[tuple[bytes, bytes]],
        body: bytes,
        keep_alive: bool,
        owner: str | None = None,
    ) -> None:
        self.method = method
        """`GET`, `POST`..."""
        self.path = path
        """Percent-decoded, as an ASGI server's `scope["path"]`."""
        self.query = query
        """The raw query string, without `?`."""
        self.headers = headers
        """(lower-cased name, value) in the order sent."""
        self.body = body
        self.keep_alive = keep_alive
        self.owner = owner
        """The trial whose socket the request came on (`HttpServer.listen`); None: a socket of no one trial."""


class FlowControl(Protocol):
    """What a reply pauses while the client is slow to read (an upstream connection)."""

    def pause(self) -> None:
        """Stop producing."""

    def resume(self) -> None:
        """Produce again."""


class Reply:
    """Writes one response to the client connection.

    `start` once, then `write` any number of times, then `end` (or `abort` to cut the connection, as an upstream
    that broke off did). `gone` turns True when the client disconnected; writes are then dropped.

    The status line and headers go out with the first body bytes (one send, one segment, one wake-up of the client
    instead of two: an upstream's head and first body bytes often come in two reads), or on their own when none
    came within `HEAD_WAIT_S`.
    """

    __slots__ = ("_conn", "_chunked", "_started", "_ended", "_close_after", "_head", "_head_timer", "source")

    def __init__(self, conn: _Connection, close_after: bool) -> None:
        self._conn = conn
        self._chunked = False
        self._started = False
        self._ended = False
        self._close_after = close_after
        self._head: bytes | None = None
        self._head_timer: asyncio.TimerHandle | None = None
        self.source: FlowControl | None = None
        """Paused while the client's socket buffer is full, resumed when it drains."""

    def attach(self, source: FlowControl) -> None:
        """Pause `source` while the client's socket buffer is full (now, if it already is), resume it after."""
        self.source = source
        if self._conn.paused:
            source.pause()

    @property
    def gone(self) -> bool:
        """The client disconnected."""
        return self._conn.lost

    @property
    def started(self) -> bool:
        """The status line was sent."""
        return self._started

    @property
    def ended(self) -> bool:
        """The response was ended or cut."""
        return self._ended

    def start(self, status: int, headers: list[tuple[bytes, bytes]]) -> None:
        """Send the status line and `headers` (no hop-by-hop ones; `content-length` if the length is known)."""
        self._started = True
        length = any(k.lower() == b"content-length" for k, _ in headers)
        out = [b"HTTP/1.1 %d %s\r\n" % (status, REASONS.get(status, b""))]
        for name, value in headers:
            out += (name, b": ", value, b"\r\n")
        if not length and status not in (204, 304) and not 100 <= status < 200:
            if self._conn.http11:
                self._chunked = True
                out.append(b"transfer-encoding: chunked\r\n")
            else:
                self._close_after = True
        if self._close_after:
            out.append(b"connection: close\r\n")
        out.append(b"\r\n")
        self._head = b"".join(out)
        self._head_timer = self._conn.loop.call_later(HEAD_WAIT_S, self._flush_head)

    def _flush_head(self) -> None:
        """Send the head if no body bytes took it along."""
        self._head_timer = None
        if self._head is not None:
            head, self._head = self._head, None
            self._conn.write(head)

    def _take_head(self, out: bytes) -> bytes:
        """`out` after the head still waiting, which goes with it."""
        head, self._head = self._head, None
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None
        return head + out if head is not None else out

    def write(self, data: bytes) -> None:
        """Send body bytes (nothing for an empty chunk)."""
        if data:
            out = b"%x\r\n%b\r\n" % (len(data), data) if self._chunked else data
            if self._head is not None:
                out = self._take_head(out)
            self._conn.write(out)

    def end(self, data: bytes = b"") -> None:
        """Send the last body bytes and end the response (the connection is kept if both sides want it)."""
        if self._ended:
            return
        self._ended = True
        if self._chunked:
            out = b"%x\r\n%b\r\n0\r\n\r\n" % (len(data), data) if data else b"0\r\n\r\n"
        else:
            out = data
        if self._head is not None:
            out = self._take_head(out)
        if out:
            self._conn.write(out)
        self._conn.response_done(self._close_after)

    def answer(self, status: int, headers: list[tuple[bytes, bytes]], body: bytes) -> None:
        """A whole response at once (headers must carry the body's `content-length`)."""
        self._started = True
        out = [b"HTTP/1.1 %d %s\r\n" % (status, REASONS.get(status, b""))]
        for name, value in headers:
            out += (name, b": ", value, b"\r\n")
        if self._close_after:
            out.append(b"connection: close\r\n")
        out += (b"\r\n", body)
        self._conn.write(b"".join(out))
        self._ended = True
        self._conn.response_done(self._close_after)

    def abort(self) -> None:
        """End the response without its terminator: close the connection (the client sees it cut)."""
        if not self._ended:
            self._ended = True
            if self._head is not None:
                self._conn.write(self._take_head(b""))  # what the client got so far, as before the cut
            self._conn.response_done(True)


Handler = Callable[[Request, Reply], Awaitable[None]]
"""Serves one request; must start (or answer) the reply unless it raises (then a 500 is sent)."""
