"""The proxy's client side: HTTP/1.1 to the upstreams over kept-alive connections, bytes pushed as they come.

One `UpstreamPool` per proxy. `exchange()` sends one request (on an idle connection to the same origin when one is
kept, else a new one, TLS for `https`) and pushes the response into a `Sink` as it arrives: `head` once, `data` for
each read of body bytes (transfer coding undone, content coding kept: the bytes the client gets), `end` once. The
sink runs synchronously inside the read callback, so a chunk reaches the client in the same loop step it arrived in.

Framing follows RFC 9112 section 6.3 (content-length, chunked, or read to close), parsed by httptools (the C parser
of llhttp). TCP_NODELAY is on for every connection (asyncio sets it on TCP transports): a request or a relayed
chunk never waits for a delayed ACK.

A request sent on a reused connection that the server had already closed (the keep-alive race: not one byte of
answer came back) is sent once more on a new connection, as browsers and urllib3 do; a request on a new connection,
or one the server held silent, is never sent twice. A request sent and never answered is `UpstreamUnanswered`: the
upstream had it, so its cost is unknown, not nothing.
"""

from __future__ import annotations

import asyncio
import functools
import ssl
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, cast
from urllib.parse import urlsplit

import certifi
import httptools

from memeval.types import UPSTREAM_UNANSWERED

CONNECT_TIMEOUT_S = 30.0
READ_TIMEOUT_S = 600.0
"""Longest silence from the upstream while a response is awaited or streamed (model calls can think long)."""
KEEPALIVE_S = 5.0
"""An idle connection older than this is closed rather than reused (httpx's default expiry)."""
MAX_IDLE_PER_ORIGIN = 128


class UpstreamUnreachable(Exception):
    """No answer could be had: connect failed, TLS failed, or the connection closed before a response began."""


class UpstreamUnanswered(UpstreamUnreachable):
    """The request was sent and no answer began: the upstream had it, and may have run and billed it.

    The upstream closed the connection, stayed silent `READ_TIMEOUT_S` or answered with bytes that are not HTTP.
    The message ends with `UPSTREAM_UNANSWERED`.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(f"{reason}; {UPSTREAM_UNANSWERED}")


class Sink(Protocol):
    """Receives one response, pushed from the connection's read callback (never awaited)."""

    def head(self, status: int, headers: list[tuple[bytes, bytes]], exchange: Exchange) -> None:
        """The status and headers (names as sent); `exchange` can pause and resume reading."""

    def data(self, chunk: bytes, last: bool) -> None:
        """Body bytes, transfer coding undone, content coding kept.

        `last`: the body ends with them (`end` follows at once, in the same read).
        """

    def end(self, error: str | None) -> None:
        """The body ended (`error` None) or broke off (`error` says how); called exactly once after `head`."""


@dataclass(frozen=True)
class Origin:
    """Where connections go: `scheme` is `http` or `https`; `host_header` is what the Host header says."""

    scheme: str
    host: str
    port: int
    host_header: bytes


@functools.lru_cache(maxsize=64)
def origin_of(url: str) -> tuple[Origin, str]:
    """The origin of an absolute `http(s)` URL and its request target (path and query), cached per URL.

    Raises:
        UpstreamUnreachable: not an http(s) URL with a host.
    """
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise UpstreamUnreachable(f"upstream URL {url!r} is not http(s)://host/...")
    default = 443 if parts.scheme == "https" else 80
    port = parts.port or default
    host = parts.hostname
    shown = f"[{host}]" if ":" in host else host
    host_header = (shown if port == default else f"{shown}:{port}").encode("idna")
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Origin(parts.scheme, host, port, host_header), target


@functools.cache
def tls_context() -> ssl.SSLContext:
    """Verified TLS for `https` upstreams: certifi's CA bundle, hostnames checked.

    Built once per process: loading the bundle takes 0.1-0.2 s.
    """
    return ssl.create_default_context(cafile=certifi.where())


class Exchange(asyncio.Protocol):
    """One upstream connection; carries one request/response at a time."""

    def __init__(self, pool: UpstreamPool, origin: Origin) -> None:
        self._pool = pool
        self.origin = origin
        self.transport: asyncio.Transport | None = None
        self.lost = False
        self.idle_since = 0.0
        self._sink: Sink | None = None
        self._done: asyncio.Future[None] | None = None
        self._parser: httptools.HttpResponseParser | None = None
        self._headers: list[tuple[bytes, bytes]] = []
        self._body: list[bytes] = []
        self._started = False
        self._complete = False
        self._got_bytes = False
        self._read_until_close = False
        self._keep_alive = False
        self._paused = False
        self._last_read = 0.0
        self._timer: asyncio.TimerHandle | None = None
        self.reused = False

    # asyncio.Protocol
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's transports do not subclass asyncio's

    def data_received(self, data: bytes) -> None:
        if self._sink is None:  # bytes on an idle connection: the server is confused, drop it
            self.close()
            return
        self._got_bytes = True
        self._last_read = self._pool.loop.time()
        assert self._parser is not None
        try:
            self._parser.feed_data(data)
        except httptools.HttpParserUpgrade:
            self._fail("the upstream answered with a protocol upgrade")
            return
        except httptools.HttpParserError as exc:
            self._fail(f"the upstream's response is not valid HTTP/1.1: {exc}")
            return
        if self._body:
            chunk = self._body[0] if len(self._body) == 1 else b"".join(self._body)
            self._body.clear()
            self._sink.data(chunk, self._complete)
        if self._complete:
            self._finish(None, keep=self._keep_alive)

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True
        self._pool.forget(self)
        if self._sink is None:
            return
        if self._started and self._read_until_close:
            self._finish(None, keep=False)
        elif self._started:
            self._finish("the connection closed before the body ended", keep=False)
        else:
            self._unanswered(exc)

    # httptools callbacks
    def on_header(self, name: bytes, value: bytes) -> None:
        self._headers.append((name, value))

    def on_headers_complete(self) -> None:
        assert self._parser is not None and self._sink is not None
        status = self._parser.get_status_code()
        if 100 <= status < 200:  # an interim answer (100 Continue, 103 Early Hints): the real one follows
            self._headers = []
            return
        self._started = True
        self._keep_alive = self._parser.should_keep_alive()  # read here: llhttp forgets it once the message ends
        lower = {k.lower() for k, _ in self._headers}
        self._read_until_close = b"content-length" not in lower and b"transfer-encoding" not in lower
        self._sink.head(status, self._headers, self)

    def on_body(self, body: bytes) -> None:
        if self._started:
            self._body.append(body)

    def on_message_complete(self) -> None:
        if self._started:
            self._complete = True

    # flow control, called by the sink
    def pause(self) -> None:
        """Stop reading (the client is not taking bytes as fast as they come)."""
        if self.transport is not None and not self.lost and not self._paused:
            self._paused = True
            self.transport.pause_reading()

    def resume(self) -> None:
        """Read again."""
        if self.transport is not None and not self.lost and self._paused:
            self._paused = False
            self.transport.resume_reading()

    def close(self) -> None:
        """Drop the connection (an unfinished response ends with an error)."""
        if self.transport is not None:
            self.transport.close()

    # one exchange
    def begin(self, sink: Sink, request: bytes, done: asyncio.Future[None]) -> None:
        assert self.transport is not None
        self._sink, self._done = sink, done
        self.resume()  # a response that ended while its client was slow left the connection paused
        self._parser = httptools.HttpResponseParser(self)
        self._headers, self._body = [], []
        self._started = self._complete = self._got_bytes = self._read_until_close = False
        self._last_read = self._pool.loop.time()
        self._timer = self._pool.loop.call_later(READ_TIMEOUT_S, self._check_silence)
        self.transport.write(request)

    def _check_silence(self) -> None:
        if self._sink is None:
            return
        quiet = self._pool.loop.time() - self._last_read
        if quiet < READ_TIMEOUT_S:
            self._timer = self._pool.loop.call_later(READ_TIMEOUT_S - quiet, self._check_silence)
            return
        if self._started:
            self._fail(f"the upstream sent nothing for {READ_TIMEOUT_S:g} s")
        else:
            self._unanswered(TimeoutError(f"no answer within {READ_TIMEOUT_S:g} s"), held=True)
            self.close()

    def _fail(self, error: str) -> None:
        if self._started:
            self._finish(error, keep=False)
        else:
            self._unanswered(ConnectionError(error))
        self.close()

    def _unanswered(self, exc: BaseException | None, *, held: bool = False) -> None:
        """The request was sent and no answer began: retried (`_Retry`) or failed (`UpstreamUnanswered`).

        Retried only in the keep-alive race: a kept connection closed with not one byte back, which the server
        closed before reading the request. A request the server held (`held`: silent for `READ_TIMEOUT_S`) was read
        and may be running: sent again, it was run and billed twice with one call on record.
        """
        done, self._sink = self._done, None
        self._end_timer()
        if done is not None and not done.done():
            retry = self.reused and not self._got_bytes and not held
            done.set_exception(_Retry() if retry else UpstreamUnanswered(_reason(exc)))

    def _finish(self, error: str | None, *, keep: bool) -> None:
        sink, done = self._sink, self._done
        self._sink = self._done = None
        self._end_timer()
        if keep and error is None and not self.lost:
            self._pool.release(self)
        elif not self.lost:
            self.close()
        if sink is not None:
            sink.end(error)
        if done is not None and not done.done():
            done.set_result(None)

    def _end_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


class _Retry(Exception):
    """The reused connection was closed under the request: send it again on a new one."""


def _reason(exc: BaseException | None) -> str:
    if exc is None:
        return "the upstream closed the connection without answering"
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


class UpstreamPool:
    """Kept-alive HTTP/1.1 connections per origin, for one event loop.

    Args:
        loop: the loop every call runs on.
        tls: the context for `https` origins; default `tls_context()`.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop, tls: Callable[[], ssl.SSLContext] = tls_context) -> None:
        self.loop = loop
        self._tls = tls
        self._idle: dict[Origin, list[Exchange]] = {}
        self._busy: set[Exchange] = set()

    async def exchange(
        self,
        url: str,
        method: str,
        headers: list[tuple[bytes, bytes]],
        body: bytes,
        sink: Sink,
    ) -> None:
        """Send one request and push its response into `sink`; return once `sink.end` was called.

        `headers` carry no Host, framing or connection header: the pool adds Host and `content-length`.

        Raises:
            UpstreamUnreachable: no response began (nothing was pushed into `sink`).
        """
        origin, target = origin_of(url)
        head = [f"{method} {target} HTTP/1.1\r\n".encode("latin-1"), b"host: ", origin.host_header, b"\r\n"]
        for name, value in headers:
            head += (name, b": ", value, b"\r\n")
        head += (b"content-length: ", str(len(body)).encode(), b"\r\n\r\n")
        request = b"".join(head) + body if len(body) < 1 << 20 else b"".join(head)
        large = None if len(body) < 1 << 20 else body
        for attempt in range(2):
            conn = self._take(origin) if attempt == 0 else None
            if conn is None:
                conn = await self._connect(origin)
            done: asyncio.Future[None] = self.loop.create_future()
            self._busy.add(conn)
            conn.begin(sink, request, done)
            if large is not None and conn.transport is not None:
                conn.transport.write(large)
            try:
                await done
            except _Retry:
                continue
            finally:
                self._busy.discard(conn)
            return
        raise UpstreamUnreachable("the upstream closed the connection without answering")

    def _take(self, origin: Origin) -> Exchange | None:
        idle = self._idle.get(origin)
        now = self.loop.time()
        while idle:
            conn = idle.pop()
            if conn.lost or conn.transport is None or conn.transport.is_closing():
                continue
            if now - conn.idle_since > KEEPALIVE_S:
                conn.close()
                continue
            conn.reused = True
            return conn
        return None

    async def _connect(self, origin: Origin) -> Exchange:
        tls = self._tls() if origin.scheme == "https" else None
        try:
            async with asyncio.timeout(CONNECT_TIMEOUT_S):
                _, conn = await self.loop.create_connection(
                    lambda: Exchange(self, origin),
                    origin.host,
                    origin.port,
                    ssl=tls,
                    server_hostname=origin.host if tls is not None else None,
                )
        except (OSError, TimeoutError, ssl.SSLError) as exc:
            raise UpstreamUnreachable(_reason(exc)) from exc
        return conn

    def release(self, conn: Exchange) -> None:
        """Keep `conn` for the next call to its origin (closed when too many are idle)."""
        idle = self._idle.setdefault(conn.origin, [])
        if len(idle) >= MAX_IDLE_PER_ORIGIN:
            conn.close()
            return
        conn.idle_since = self.loop.time()
        idle.append(conn)

    def forget(self, conn: Exchange) -> None:
        """`conn` closed: never hand it out again."""
        idle = self._idle.get(conn.origin)
        if idle and conn in idle:
            idle.remove(conn)

    def close(self) -> None:
        """Close every connection, idle or busy (a busy one's response ends with an error)."""
        for idle in self._idle.values():
            for conn in idle:
                conn.close()
        self._idle.clear()
        for conn in list(self._busy):
            conn.close()
