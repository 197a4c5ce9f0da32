"""A loopback TCP port where every connection is refused, held for as long as a test needs it.

Tests that check what memeval says when a server is not there used to bind port 0, read the port and
close the socket ("nothing listens there now"). Closed, the port is free for any other process to take:
on a machine running the suite's workers beside other servers, one that started listening there in
between would answer, and the test would see a server instead of a refusal. A socket that is bound and
never listens keeps the port taken (no one else can bind it) while the kernel refuses every connection
to it (ECONNREFUSED), so the refusal is certain for the whole test.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def refused_port() -> Iterator[int]:
    """A port on 127.0.0.1, bound and not listening (connections refused) until the block ends."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as held:
        held.bind(("127.0.0.1", 0))
        yield int(held.getsockname()[1])
