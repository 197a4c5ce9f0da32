"""Slow HTTP clients for the read-timeout tests: an idle connection, a head and a body sent a byte at a time."""

from __future__ import annotations

import socket
import time


def slow_clients(port: int, head: bytes, path: str = "/api/v1/events") -> dict[str, socket.socket]:
    """An idle connection, a request head sent a byte at a time and a body sent a byte at a time."""
    idle = socket.create_connection(("127.0.0.1", port))
    slow_head = socket.create_connection(("127.0.0.1", port))
    slow_head.sendall(b"POST " + path.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    slow_body = socket.create_connection(("127.0.0.1", port))
    slow_body.sendall(head + b'{"events": [')
    return {"idle": idle, "slow head": slow_head, "slow body": slow_body}


def closed_by_server(clients: dict[str, socket.socket], within_s: float) -> set[str]:
    """Trickle a byte on each slow connection every 0.5 s; the names of those the server closed."""
    closed: set[str] = set()
    end = time.monotonic() + within_s
    while time.monotonic() < end and len(closed) < len(clients):
        for name, sock in clients.items():
            if name in closed:
                continue
            try:
                if name != "idle":
                    sock.sendall(b"X" if name == "slow head" else b" ")
                sock.settimeout(0.01)
                if sock.recv(65536) == b"":
                    closed.add(name)
            except TimeoutError:
                pass
            except OSError:  # reset or broken pipe: closed by the server
                closed.add(name)
        time.sleep(0.5)
    for sock in clients.values():
        sock.close()
    return closed
