"""A real local model-provider stand-in on a 127.0.0.1 socket, replaying scripted answers."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import uvicorn


async def read_body(receive: Any) -> bytes:
    """The whole request body of an ASGI request, from its `http.request` messages."""
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if not message.get("more_body"):
            return body


@dataclass
class Reply:
    status: int = 200
    headers: dict[str, str] = field(default_factory=lambda: {"content-type": "application/json"})
    chunks: list[bytes] = field(default_factory=list)
    gate: threading.Event | None = None  # wait for it after the first chunk
    cut: bool = False  # drop the connection after the chunks, without finishing the body
    content_length: bool = False


@dataclass
class Seen:
    method: str
    path: str
    query: str
    headers: dict[str, str]
    body: bytes
    client_port: int | None = None
    """The port the request came from: one per upstream connection the proxy opened."""


class LocalUpstream:
    """Replays `Reply`s in order; records every request it was sent in `seen`."""

    def __init__(self) -> None:
        self.replies: deque[Reply] = deque()
        self.seen: list[Seen] = []
        self.first_chunk_sent = threading.Event()
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        config = uvicorn.Config(
            self.app,
            lifespan="off",
            log_level="warning",
            http="h11",
            access_log=False,
            server_header=False,
            date_header=False,
            log_config=None,
            interface="asgi3",
            proxy_headers=False,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=lambda: asyncio.run(self.server.serve([sock])), daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LocalUpstream:
        self.thread.start()
        while not self.server.started:
            self.thread.join(0.01)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)

    def push(self, *replies: Reply) -> None:
        self.replies.extend(replies)

    async def app(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        body = await read_body(receive)
        self.seen.append(
            Seen(
                scope["method"],
                scope["path"],
                scope["query_string"].decode(),
                {k.decode(): v.decode() for k, v in scope["headers"]},
                body,
                scope["client"][1] if scope.get("client") else None,
            )
        )
        reply = self.replies.popleft() if self.replies else Reply(404, chunks=[b'{"error":"none scripted"}'])
        headers = [(k.encode(), v.encode()) for k, v in reply.headers.items()]
        if reply.content_length:
            headers.append((b"content-length", str(sum(map(len, reply.chunks))).encode()))
        await send({"type": "http.response.start", "status": reply.status, "headers": headers})
        for i, chunk in enumerate(reply.chunks):
            await send({"type": "http.response.body", "body": chunk, "more_body": True})
            if i == 0:
                self.first_chunk_sent.set()
                if reply.gate is not None:
                    await asyncio.to_thread(reply.gate.wait, 10)
        if not reply.cut:
            await send({"type": "http.response.body", "body": b"", "more_body": False})
