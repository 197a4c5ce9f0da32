"""A candidate for bench/proxy_latency.py: the least a Python proxy can do per call.

An asyncio protocol server (httptools parses each request) forwarding to one upstream over
pooled keep-alive connections (asyncio streams; httptools finds where each response ends), the
response bytes relayed to the client as they arrive. No key check, no metering, no pricing: it
measures the floor of a Python forwarder on this machine (latency and CPU per call), against
which the metering proxy's own work is read. Not used by memeval.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

import httptools


class _Done:
    def __init__(self) -> None:
        self.complete = False
        self.keep_alive = True

    def on_message_complete(self) -> None:
        self.complete = True


class _Request:
    def __init__(self) -> None:
        self.url = b""
        self.headers: list[tuple[bytes, bytes]] = []
        self.body: list[bytes] = []
        self.ready: list[tuple[bytes, list[tuple[bytes, bytes]], bytes]] = []

    def on_url(self, url: bytes) -> None:
        self.url += url

    def on_header(self, name: bytes, value: bytes) -> None:
        self.headers.append((name, value))

    def on_body(self, body: bytes) -> None:
        self.body.append(body)

    def on_message_complete(self) -> None:
        self.ready.append((self.url, self.headers, b"".join(self.body)))
        self.url, self.headers, self.body = b"", [], []


class _Conn(asyncio.Protocol):
    def __init__(self, fwd: Forwarder) -> None:
        self.fwd = fwd
        self.req = _Request()
        self.parser = httptools.HttpRequestParser(self.req)
        self.transport: Any = None
        self.queue: asyncio.Queue[Any] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None

    def connection_made(self, transport: Any) -> None:
        self.transport = transport
        self.task = asyncio.get_running_loop().create_task(self._serve())

    def data_received(self, data: bytes) -> None:
        self.parser.feed_data(data)
        method = self.parser.get_method()
        for item in self.req.ready:
            self.queue.put_nowait((method, *item))
        self.req.ready.clear()

    def connection_lost(self, exc: Exception | None) -> None:
        self.queue.put_nowait(None)

    async def _serve(self) -> None:
        while (item := await self.queue.get()) is not None:
            await self.fwd.forward(*item, self.transport)


class Forwarder:
    """Forwards every request to `http://host:port` (same path), relaying the response bytes."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.pool: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
        self.calls = 0

    async def forward(
        self, method: bytes, url: bytes, headers: list[tuple[bytes, bytes]], body: bytes, out: Any
    ) -> None:
        reader, writer = self.pool.pop() if self.pool else await asyncio.open_connection(self.host, self.port)
        head = [method + b" " + url + b" HTTP/1.1", b"host: " + f"{self.host}:{self.port}".encode()]
        head += [k + b": " + v for k, v in headers if k.lower() not in (b"host", b"content-length", b"connection")]
        head.append(b"content-length: " + str(len(body)).encode())
        writer.write(b"\r\n".join(head) + b"\r\n\r\n" + body)
        done = _Done()
        parser = httptools.HttpResponseParser(done)
        while not done.complete:
            data = await reader.read(65536)
            if not data:
                writer.close()
                out.close()
                return
            parser.feed_data(data)
            out.write(data)
        self.calls += 1
        if parser.should_keep_alive():
            self.pool.append((reader, writer))
        else:
            writer.close()


def serve(upstream_url: str, uds: str, out_q: Any, stop: Any) -> None:
    """Process entry: serve on a free 127.0.0.1 port and on `uds`; put (base_url, key); at `stop`,
    put (calls, calls, CPU seconds) like the metering proxy's process in the bench."""
    host, port = upstream_url.removeprefix("http://").split(":")
    fwd = Forwarder(host, int(port))

    async def main() -> None:
        loop = asyncio.get_running_loop()
        tcp = await loop.create_server(lambda: _Conn(fwd), "127.0.0.1", 0, backlog=1024)
        unix = await loop.create_unix_server(lambda: _Conn(fwd), uds, backlog=1024)
        out_q.put((f"http://127.0.0.1:{tcp.sockets[0].getsockname()[1]}", "raw"))
        t0 = os.times()
        while not stop.is_set():
            await asyncio.sleep(0.1)
        t1 = os.times()
        tcp.close()
        unix.close()
        out_q.put((fwd.calls, fwd.calls, (t1.user - t0.user) + (t1.system - t0.system)))

    asyncio.run(main())
