"""The way out of a world's `pip install` build step: a forward proxy that reaches no address of the host's own.

The build step runs the build code of whatever package the task names (an sdist's `setup.py`, a build backend)
and needs the network to reach a package index. It shared the host's network namespace, so that code reached
every service of the host too: anything listening on 127.0.0.1 (a local Ray node's GCS, which runs what it is
sent as memeval's user, outside every sandbox; a database; `memeval audit serve`), the host's own addresses, and
a cloud machine's metadata service at 169.254.169.254 (its credentials) (breaker30). Now the step has a network
namespace of its own with loopback alone, where a relay (`socat`, as the agent's) forwards 127.0.0.1:`PORT` to
this proxy's Unix socket, and `HTTP_PROXY`/`HTTPS_PROXY` name it: pip, git and the build tools' downloads go
through it. It serves `CONNECT host:port` (HTTPS) and one plain-HTTP request a connection (absolute form,
rewritten for the origin, `Connection: close`), and refuses (403) a name that resolves to a loopback,
unspecified, link-local, multicast or reserved address, or to an address of this machine, unless the host's pip
configuration names that host and port (a mirror or cache its owner runs on 127.0.0.1). Private networks
(10/8, 192.168/16...) stay reachable: a team's own index lives there. It connects to the address it checked,
so a name that resolves elsewhere the second time (DNS rebinding) reaches nothing new.
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import select
import socket
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

PORT = 18080
"""The relay's port inside the build sandbox (the agent's relay uses the same number in its own namespace)."""
MAX_HEAD_BYTES = 64 << 10
"""A request head longer than this is refused (431)."""
CONNECT_TIMEOUT_S = 30.0
IDLE_TIMEOUT_S = 300.0
"""A tunnel with no byte either way for this long is closed."""
MAX_CONNECTIONS = 64
"""Connections one build step holds open at once (a thread each, in memeval's process); past it a new one is
answered 503 (pip opens a few)."""

Resolver = Callable[[str, int], list[str]]


def _resolve(host: str, port: int) -> list[str]:
    return sorted({str(ai[4][0]) for ai in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)})


def _is_local(addr: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Whether `addr` is one of this machine's own addresses (binding to it succeeds only then)."""
    family = socket.AF_INET6 if addr.version == 6 else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        try:
            s.bind((str(addr), 0))
        except OSError:
            return False
        return True


def refusal(address: str) -> str | None:
    """Why the build step may not connect to the IP address `address`, or None.

    Loopback, unspecified, link-local (the cloud metadata service), multicast and reserved addresses are refused,
    as is any address of this machine's own (IPv4 mapped in IPv6 is read as IPv4).
    """
    addr = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(addr, ipaddress.IPv6Address) and addr.ipv4_mapped is not None:
        addr = addr.ipv4_mapped
    for what in ("loopback", "unspecified", "link_local", "multicast", "reserved"):
        if getattr(addr, f"is_{what}"):
            return f"{address} is a {what.replace('_', '-')} address"
    if _is_local(addr):
        return f"{address} is an address of this machine"
    return None


class EgressProxy:
    """A forward proxy on a Unix socket for one build step, served by threads until `close`.

    Args:
        allowed: (host, port) pairs let through unchecked: the index, mirror or cache the host's pip configuration
            names (`memeval.sandbox._pipconf.configured_endpoints`), which may be the host's own.
        resolve: names a host's addresses (default: `socket.getaddrinfo`); tests give their own.
    """

    def __init__(self, allowed: frozenset[tuple[str, int]] = frozenset(), resolve: Resolver = _resolve) -> None:
        self._allowed = allowed
        self._resolve = resolve
        self._dir = Path(tempfile.mkdtemp(prefix="memeval-egress-", dir="/tmp"))  # short: a socket path has 108 bytes
        self.socket_path = self._dir / "proxy.sock"
        self._listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._listener.bind(str(self.socket_path))
        self._listener.listen(64)
        self._closed = threading.Event()
        self._slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        self._live: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._serve, name="memeval-egress", daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop accepting and end every connection still open.

        The build step is over: a far end that never closes must not hold a thread of memeval's.
        """
        self._closed.set()
        with contextlib.suppress(OSError):
            self._listener.shutdown(socket.SHUT_RDWR)
        self._listener.close()
        self._thread.join(timeout=5)
        with self._lock:
            for s in self._live:
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
        with contextlib.suppress(OSError):
            self.socket_path.unlink()
        with contextlib.suppress(OSError):
            os.rmdir(self._dir)

    def __enter__(self) -> EgressProxy:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _serve(self) -> None:
        while not self._closed.is_set():
            try:
                conn, _ = self._listener.accept()
            except OSError:
                return
            if not self._slots.acquire(blocking=False):
                with conn:
                    _answer(conn, 503, f"over {MAX_CONNECTIONS} connections open at once")
                continue
            threading.Thread(target=self._client, args=(conn,), name="memeval-egress-conn", daemon=True).start()

    def _client(self, conn: socket.socket) -> None:
        try:
            self._track(conn, True)
            self._handle(conn)
        finally:
            self._track(conn, False)
            self._slots.release()

    def _track(self, s: socket.socket, live: bool) -> None:
        with self._lock:
            if live and self._closed.is_set():
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
            (self._live.add if live else self._live.discard)(s)

    def _handle(self, conn: socket.socket) -> None:
        with conn:
            conn.settimeout(CONNECT_TIMEOUT_S)
            try:
                head, rest = _read_head(conn)
            except (OSError, ValueError):
                return
            if head is None:
                _answer(conn, 431, "request head too large")
                return
            try:
                method, target, version, fields = _parse(head)
            except ValueError as exc:
                _answer(conn, 400, str(exc))
                return
            if method == "CONNECT":
                host, port = _host_port(target, 443)
                opening = b""
            elif target.lower().startswith("http://"):
                hostport, _, path = target[7:].partition("/")
                host, port = _host_port(hostport, 80)
                kept = [f for f in fields if not f.lower().startswith(("proxy-", "connection:", "keep-alive:"))]
                lines = [f"{method} /{path} {version}", *kept, "Connection: close", "", ""]
                opening = "\r\n".join(lines).encode("latin-1") + rest
            else:
                _answer(conn, 400, "only CONNECT and absolute http:// requests are forwarded")
                return
            upstream = self._connect(conn, host, port)
            if upstream is None:
                return
            self._track(upstream, True)
            with contextlib.ExitStack() as stack:
                stack.enter_context(upstream)
                stack.callback(self._track, upstream, False)
                stack.enter_context(contextlib.suppress(OSError))  # either end gone: the tunnel is over
                if method == "CONNECT":
                    conn.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
                    if rest:
                        upstream.sendall(rest)
                else:
                    upstream.sendall(opening)
                _splice(conn, upstream)

    def _connect(self, conn: socket.socket, host: str, port: int) -> socket.socket | None:
        try:
            addresses = self._resolve(host, port)
        except (OSError, UnicodeError) as exc:
            _answer(conn, 502, f"cannot resolve {host}: {exc}")
            return None
        if not addresses:
            _answer(conn, 502, f"{host} has no address")
            return None
        named = (host.lower(), port) in self._allowed
        for address in addresses:  # every address is checked, so a name cannot mix one allowed with one refused
            if not named and (why := refusal(address)) is not None:
                _answer(conn, 403, f"{host}: {why}: not reachable from a build step")
                return None
        last: OSError | None = None
        for address in addresses:
            try:
                return socket.create_connection((address, port), timeout=CONNECT_TIMEOUT_S)
            except OSError as exc:
                last = exc
        _answer(conn, 502, f"cannot connect to {host}:{port}: {last}")
        return None


def _read_head(conn: socket.socket) -> tuple[bytes | None, bytes]:
    buf = b""
    while b"\r\n\r\n" not in buf:
        if len(buf) > MAX_HEAD_BYTES:
            return None, b""
        chunk = conn.recv(65536)
        if not chunk:
            raise ValueError("closed before the request head ended")
        buf += chunk
    head, _, rest = buf.partition(b"\r\n\r\n")
    return head, rest


def _parse(head: bytes) -> tuple[str, str, str, list[str]]:
    lines = head.decode("latin-1").split("\r\n")
    parts = lines[0].split(" ")
    if len(parts) != 3 or not parts[2].startswith("HTTP/"):
        raise ValueError("not an HTTP request line")
    return parts[0], parts[1], parts[2], [ln for ln in lines[1:] if ln]


def _host_port(text: str, default: int) -> tuple[str, int]:
    if text.startswith("["):
        host, _, port = text[1:].partition("]")
        port = port.lstrip(":")
    else:
        host, _, port = text.rpartition(":") if text.count(":") == 1 else (text, "", "")
    if not port.isdigit() or not 0 < int(port) < 65536:
        return host or text, default
    return host, int(port)


def _answer(conn: socket.socket, code: int, why: str) -> None:
    body = (why + "\n").encode("utf-8", "replace")
    reasons = {400: "Bad Request", 403: "Forbidden", 431: "Request Header Fields Too Large", 503: "Service Unavailable"}
    reason = reasons.get(code, "Bad Gateway")
    head = f"HTTP/1.1 {code} {reason}\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    with contextlib.suppress(OSError):
        conn.sendall(head.encode() + body)


def _splice(a: socket.socket, b: socket.socket) -> None:
    """Copy bytes both ways until both sides have closed, or neither sends for `IDLE_TIMEOUT_S`.

    `poll`, not `select`: memeval's own descriptors pass 1024 while sandboxes hold proxy connections.
    """
    peers = {a.fileno(): (a, b), b.fileno(): (b, a)}
    a.setblocking(True)
    b.setblocking(True)
    poller = select.poll()
    for fd in peers:
        poller.register(fd, select.POLLIN)
    left = len(peers)
    while left:
        ready = poller.poll(IDLE_TIMEOUT_S * 1000)
        if not ready:
            return
        for fd, _ in ready:
            src, dst = peers[fd]
            try:
                data = src.recv(65536)
            except OSError:
                return
            if not data:
                poller.unregister(fd)
                left -= 1
                with contextlib.suppress(OSError):
                    dst.shutdown(socket.SHUT_WR)
                continue
            try:
                dst.sendall(data)
            except OSError:
                return


@contextlib.contextmanager
def egress(allowed: frozenset[tuple[str, int]] = frozenset()) -> Iterator[EgressProxy]:
    """An `EgressProxy` letting `allowed` through, for the duration of the block."""
    proxy = EgressProxy(allowed)
    try:
        yield proxy
    finally:
        proxy.close()
