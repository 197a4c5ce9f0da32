"""The proxy's server side: HTTP/1.1 on asyncio protocols, parsed by httptools, one handler call per request.

`HttpServer(handler)` serves any number of listening sockets (TCP and Unix). Each request is read whole (the meter
needs the body before it forwards) and handed to `handler(request, reply)`; requests on one connection are served in
order (pipelined ones wait their turn). The reply is written straight to the socket: `content-length` when the
handler knows it, chunked otherwise (RFC 9112 section 7.1), read-to-close for an HTTP/1.0 client. TCP_NODELAY is set
on every accepted TCP connection (asyncio does so for TCP transports), so no reply waits for a delayed ACK.

What the handler sees mirrors what an ASGI server would give it: the method, the percent-decoded path, the raw
query, and the headers with lower-cased names in the order sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import resource
import socket
from collections import Counter, deque
from typing import cast
from urllib.parse import unquote

import httptools

from memeval.meter._peers import GONE, peer_key
from memeval.meter._reply import REASONS, Handler, Reply, Request

log = logging.getLogger(__name__)

IDLE_TIMEOUT_S = 30.0
"""A kept-alive client connection with no request for this long is closed."""
MAX_HEAD_BYTES = 1 << 20
"""A request line plus headers longer than this is refused with 431."""
MAX_BODY_BYTES = 64 << 20
"""A request body longer than this is refused with 413 before it is all read. The providers' own limits are lower
(Anthropic's Messages API 32 MB, the Gemini API's inline requests 20 MB), so no call they would take is refused."""
MAX_PEER_HELD_BYTES = 128 << 20
"""Request bytes one sandbox (`memeval.meter._peers.peer_key`; every connection that is no sandbox's counts as one
more) may have held at once (bodies being read, queued or forwarded); a request that would pass it is refused with
503. The proxy runs in memeval's own process, outside any sandbox's memory limit: without a bound, an agent
streaming an endless body (or many) grew the harness until the host ran out of memory. Two of the largest bodies
(`MAX_BODY_BYTES`) fit. The bound is per sandbox, never shared: a bound over every connection (512 MiB) let one
sandbox fill it and another, running beside it, see its own calls refused, a signal between two trials' agents
(hold or release, one bit at a time) through the one proxy they share. So memeval holds at most this much a running
sandbox (1 GiB at `--concurrency 8`)."""
MAX_PEER_CONNECTIONS = 128
"""Connections one sandbox (`memeval.meter._peers.peer_key`) may hold open on the Unix socket at once; past it a
new one is answered 503 and closed. An agent's SDK keeps a few, parallel calls a few dozen; an agent holding
thousands used up memeval's file descriptors, and the other arm's calls beside it failed."""


MIN_PEER_CONNECTIONS = 16
"""The least share of connections `reserve_connections` gives a sandbox: a few SDK clients' pools and a dozen
parallel calls."""


def max_connections() -> int:
    """Connections held open over every client, at most.

    Half of this process's file descriptor limit (at least 256), so memeval keeps descriptors for its own files and
    upstream connections whatever its clients do.
    """
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return max(256, soft // 2) if soft != resource.RLIM_INFINITY else 1 << 20


def reserve_connections(sandboxes: int) -> int:
    """Each sandbox's share of connections when up to `sandboxes` sandboxes use the proxy at once.

    The shares together fit in `max_connections()`, so no sandbox's connections can make the proxy refuse
    another's: with one cap over every client (half of the soft file limit, 512 under the common 1024) and 128 a
    sandbox, four sandboxes holding their 128 filled it and every other trial's calls beside them were answered
    503 (a plain failure of the other arm, or a signal between trials: hold or release). The soft file limit is
    raised first, up to the hard one, to what `sandboxes` full shares of `MAX_PEER_CONNECTIONS` need; when the
    hard limit is too low for that, the share is smaller, down to `MIN_PEER_CONNECTIONS`.

    Args:
        sandboxes: the most sandboxes served at once (a run's `--concurrency`), >= 1.

    Returns:
        Connections one sandbox may hold open at once, in [`MIN_PEER_CONNECTIONS`, `MAX_PEER_CONNECTIONS`].

    Raises:
        ValueError: `sandboxes` < 1, or the hard file limit (`ulimit -Hn`) cannot give each sandbox
            `MIN_PEER_CONNECTIONS`; the message names the limit and the fix.
    """
    if sandboxes < 1:
        raise ValueError(f"sandboxes must be >= 1, got {sandboxes}")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = 2 * (sandboxes * MAX_PEER_CONNECTIONS + 256)  # max_connections() is half; 256 for no sandbox's
    if soft != resource.RLIM_INFINITY and soft < need:
        raised = need if hard == resource.RLIM_INFINITY else min(hard, need)
        if raised > soft:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
    share = min(MAX_PEER_CONNECTIONS, (max_connections() - 256) // sandboxes)
    if share < MIN_PEER_CONNECTIONS:
        raise ValueError(
            f"{sandboxes} sandboxes at once need {2 * (sandboxes * MIN_PEER_CONNECTIONS + 256)} open files for the "
            f"metering proxy's connections, and this process may open at most {hard} (ulimit -Hn): raise the hard "
            "limit, or lower --concurrency"
        )
    return share


class _Connection(asyncio.Protocol):
    """One client connection: parses requests, runs the handler for each in turn, writes the replies."""

    def __init__(self, server: HttpServer, owner: str | None = None) -> None:
        self._server = server
        self.owner = owner
        """The trial the listening socket was made for (`HttpServer.listen`), given to every request; None: any."""
        self.loop = server.loop
        self.transport: asyncio.Transport | None = None
        self.lost = False
        self.http11 = True
        self._parser = httptools.HttpRequestParser(self)
        self._url = b""
        self._headers: list[tuple[bytes, bytes]] = []
        self._body: list[bytes] = []
        self._head_bytes = 0
        self._body_bytes = 0
        """Bytes of the body being read, counted in the server's `held`."""
        self._keep_alive = True
        self._queue: deque[Request] = deque()
        self._busy = False
        self._reply: Reply | None = None
        self.paused = False
        self._idle_timer: asyncio.TimerHandle | None = None
        self._closing = False
        self.peer: str | None = None
        """The sandbox the connection comes from (`peer_key`), counted in the server's `peers` while open."""

    # asyncio.Protocol
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's transports do not subclass asyncio's
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        refused = self._server.admit(self, sock)
        if refused is not None:
            self._refuse(503, refused)
            return
        self._arm_idle()

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True
        if not self._busy:
            # a response in progress is still read to its end for its usage (`_relay.Relay`): the connection
            # counts against its sandbox's share until then (`_serve`), or hanging up would start upstream calls
            # past the share
            self._server.release(self)
        self._server.unhold(self.peer, self._body_bytes + sum(len(r.body) for r in self._queue))  # never served
        self._body_bytes = 0
        self._queue.clear()
        self._cancel_idle()
        if self._reply is not None and self._reply.source is not None and self.paused:
            self._reply.source.resume()  # let the upstream finish (or fail) instead of hanging paused

    def data_received(self, data: bytes) -> None:
        if self._idle_timer is not None:
            self._cancel_idle()
        try:
            self._parser.feed_data(data)
        except httptools.HttpParserUpgrade:
            self._refuse(400, b"protocol upgrades are not served")
        except httptools.HttpParserError as exc:
            # httptools wraps what a callback raised (HttpParserCallbackError, the original as its context)
            own = exc.__context__
            if isinstance(own, _HeadTooLarge):
                self._refuse(431, b"request head too large")
            elif isinstance(own, _BodyTooLarge):
                self._refuse(
                    413, b"memeval meter: request body over %d bytes, more than any provider takes" % MAX_BODY_BYTES
                )
            elif isinstance(own, _ProxyFull):
                self._refuse(503, b"memeval meter: this sandbox holds too many request bytes at once; retry later")
            else:
                self._refuse(400, f"malformed HTTP request: {exc}".encode())

    def pause_writing(self) -> None:
        self.paused = True
        if self._reply is not None and self._reply.source is not None:
            self._reply.source.pause()

    def resume_writing(self) -> None:
        self.paused = False
        if self._reply is not None and self._reply.source is not None:
            self._reply.source.resume()

    # httptools callbacks
    def on_message_begin(self) -> None:
        self._url, self._headers, self._body, self._head_bytes = b"", [], [], 0
        self._body_bytes = 0

    def on_url(self, url: bytes) -> None:
        self._url += url
        self._head_bytes += len(url)
        if self._head_bytes > MAX_HEAD_BYTES:
            raise _HeadTooLarge

    def on_header(self, name: bytes, value: bytes) -> None:
        self._headers.append((name.lower(), value))
        self._head_bytes += len(name) + len(value)
        if self._head_bytes > MAX_HEAD_BYTES:
            raise _HeadTooLarge

    def on_headers_complete(self) -> None:
        self.http11 = self._parser.get_http_version() == "1.1"
        self._keep_alive = self._parser.should_keep_alive()
        for name, value in self._headers:
            if name == b"content-length" and value.strip().isdigit() and int(value) > MAX_BODY_BYTES:
                raise _BodyTooLarge  # refused before any of it is read (and before a 100 Continue)
        for name, value in self._headers:
            if name == b"expect" and value.lower() == b"100-continue" and self.transport is not None:
                self.transport.write(b"HTTP/1.1 100 Continue\r\n\r\n")

    def on_body(self, body: bytes) -> None:
        n = len(body)
        if self._body_bytes + n > MAX_BODY_BYTES:
            raise _BodyTooLarge
        if not self._server.hold(self.peer, n):
            raise _ProxyFull
        self._body_bytes += n
        self._body.append(body)

    def on_message_complete(self) -> None:
        url = self._url
        if url[:1] == b"/":
            raw_path, _, query = url.partition(b"?")
        else:  # absolute form (RFC 9112 section 3.2.2)
            parsed = httptools.parse_url(url)
            raw_path, query = parsed.path or b"/", parsed.query or b""
        path = raw_path.decode("latin-1")
        if "%" in path:
            path = unquote(path)
        body = self._body[0] if len(self._body) == 1 else b"".join(self._body)
        request = Request(
            self._parser.get_method().decode("latin-1"),
            path,
            query,
            self._headers,
            body,
            self._keep_alive,
            self.owner,
        )
        self._body = []
        self._body_bytes = 0  # still held, now by the request (released when it is served or dropped)
        if self._busy:
            self._queue.append(request)
            if self.transport is not None:
                self.transport.pause_reading()  # pipelined requests wait their turn unread
        else:
            self._run(request)

    # serving
    def _run(self, request: Request) -> None:
        self._busy = True
        reply = Reply(self, close_after=not request.keep_alive or self._server.stopping)
        self._reply = reply
        task = self.loop.create_task(self._serve(request, reply))
        self._server.tasks.add(task)
        task.add_done_callback(self._server.tasks.discard)

    async def _serve(self, request: Request, reply: Reply) -> None:
        try:
            await self._serve_held(request, reply)
        finally:
            self._server.unhold(self.peer, len(request.body))
            if self.lost:
                self._server.release(self)  # the client hung up mid-response: counted until the response was read

    async def _serve_held(self, request: Request, reply: Reply) -> None:
        try:
            await self._server.handler(request, reply)
        except Exception:  # noqa: BLE001 - one broken request must not take the server down; logged
            log.exception("the proxy failed serving %s %s", request.method, request.path)
            if not reply.started:
                body = b"memeval meter: internal error (see the proxy's log)"
                reply.answer(500, [(b"content-type", b"text/plain"), (b"content-length", b"%d" % len(body))], body)
            else:
                reply.abort()
        if not reply.ended:  # the handler returned without ending: cut, so the client does not wait forever
            reply.abort()

    def write(self, data: bytes) -> None:
        if not self.lost and self.transport is not None:
            self.transport.write(data)

    def response_done(self, close: bool) -> None:
        self._reply = None
        self._busy = False
        if close or self._closing:
            if self.transport is not None:
                self.transport.close()
            return
        if self._queue:
            self._run(self._queue.popleft())
            if not self._queue and self.transport is not None and not self.lost:
                self.transport.resume_reading()
        else:
            self._arm_idle()

    def _refuse(self, status: int, message: bytes) -> None:
        if self._busy or self.transport is None:  # mid-response: just drop the connection
            if self.transport is not None:
                self.transport.close()
            return
        head = b"HTTP/1.1 %d %s\r\ncontent-type: text/plain\r\ncontent-length: %d\r\nconnection: close\r\n\r\n"
        self.transport.write(head % (status, REASONS.get(status, b""), len(message)) + message)
        self.transport.close()

    def _arm_idle(self) -> None:
        self._idle_timer = self.loop.call_later(IDLE_TIMEOUT_S, self._idle_close)

    def _cancel_idle(self) -> None:
        if self._idle_timer is not None:
            self._idle_timer.cancel()
            self._idle_timer = None

    def _idle_close(self) -> None:
        self._idle_timer = None
        if not self._busy and self.transport is not None:
            self.transport.close()

    def shut(self) -> None:
        """Close now if idle, else right after the response in progress."""
        self._closing = True
        if not self._busy and self.transport is not None:
            self.transport.close()


class _HeadTooLarge(Exception):
    pass


class _BodyTooLarge(Exception):
    pass


class _ProxyFull(Exception):
    pass


class HttpServer:
    """Serves `handler` on listening sockets, on the running loop.

    Args:
        handler: called once per request.
    """

    def __init__(self, handler: Handler, peer_connections: int | None = None) -> None:
        self.handler = handler
        self.peer_connections = MAX_PEER_CONNECTIONS if peer_connections is None else peer_connections
        """Connections one sandbox may hold open at once (`MAX_PEER_CONNECTIONS`, or a run's share of
        `reserve_connections`)."""
        self.loop = asyncio.get_running_loop()
        self.connections: set[_Connection] = set()
        self.peers: Counter[str] = Counter()
        """Open connections per sandbox (`peer_key`); see `MAX_PEER_CONNECTIONS`."""
        self.max_connections = max_connections()
        self.tasks: set[asyncio.Task[None]] = set()
        self.stopping = False
        self.held = 0
        """Request body bytes held now over every connection."""
        self.held_by: Counter[str | None] = Counter()
        """Request body bytes held now per sandbox (`peer_key`; None: connections that are no sandbox's); see
        `MAX_PEER_HELD_BYTES`."""
        self._servers: list[asyncio.Server] = []

    def admit(self, conn: _Connection, sock: object) -> bytes | None:
        """Count a new connection in; the 503 message when its sandbox or the server holds too many already."""
        if len(self.connections) >= self.max_connections:
            return b"memeval meter: too many connections held open at once; retry later"
        key = peer_key(sock)
        if key == GONE:
            # No sandbox to count it against, and a group shared by every such connection was a channel: one
            # sandbox filling it refused another's. A relay's connection lives as long as its process; this one's
            # opener handed it on and exited (or its namespace is beside memeval's): refused, whoever else holds what.
            return b"memeval meter: the process that opened this connection is gone; connect from a live process"
        if key is not None and self.peers[key] >= self.peer_connections:
            return b"memeval meter: this sandbox holds %d connections open already; close some" % self.peer_connections
        self.connections.add(conn)
        if key is not None:
            self.peers[key] += 1
            conn.peer = key
        return None

    def hold(self, peer: str | None, n: int) -> bool:
        """Count `n` more request bytes held for `peer`; False (nothing counted) when it would pass its bound."""
        if self.held_by[peer] + n > MAX_PEER_HELD_BYTES:
            return False
        self.held_by[peer] += n
        self.held += n
        return True

    def unhold(self, peer: str | None, n: int) -> None:
        """Count `n` request bytes of `peer` as no longer held."""
        if n:
            self.held -= n
            self.held_by[peer] -= n
            if self.held_by[peer] <= 0:
                del self.held_by[peer]

    def release(self, conn: _Connection) -> None:
        """Count a closed connection out (once; a refused one was never in)."""
        if conn not in self.connections:
            return
        self.connections.discard(conn)
        if conn.peer is not None:
            self.peers[conn.peer] -= 1
            if self.peers[conn.peer] <= 0:
                del self.peers[conn.peer]

    async def listen(self, sock: socket.socket, owner: str | None = None) -> asyncio.Server:
        """Serve on an already bound socket (TCP or Unix); the server, to close it alone.

        `owner` (a trial id, or None) is handed to the handler with every request made on the socket
        (`Request.owner`), so a socket made for one sandbox serves that sandbox's trial only.
        """
        if sock.family == socket.AF_UNIX:
            server = await self.loop.create_unix_server(lambda: _Connection(self, owner), sock=sock, backlog=1024)
        else:
            server = await self.loop.create_server(lambda: _Connection(self, owner), sock=sock, backlog=1024)
        self._servers.append(server)
        return server

    async def stop(self, timeout: float) -> None:
        """Stop accepting, let calls in flight finish for up to `timeout` seconds, then close every connection."""
        self.stopping = True
        for server in self._servers:
            server.close()
        for conn in list(self.connections):
            conn.shut()
        if self.tasks:
            await asyncio.wait(set(self.tasks), timeout=timeout)
        cancelled = list(self.tasks)
        for task in cancelled:
            task.cancel()
        if cancelled:
            # let each handler take its cancellation: one forwarding a call records it, in flight, as unmeasured
            # (the loop closes once this returns, and a task not yet resumed then would never record it)
            await asyncio.wait(cancelled, timeout=1.0)
        for conn in list(self.connections):
            if conn.transport is not None:
                conn.transport.abort()
        for server in self._servers:
            await server.wait_closed()
