"""A plain SMTP relay for CLI tests: aiosmtpd on 127.0.0.1, no STARTTLS and no login, as a relay on this machine is.

Import the fixture into a test module (`from plain_smtp import PlainInbox, plain_smtp`); it yields `(port, inbox)`,
where `inbox.messages` holds each accepted message's raw bytes in arrival order. The report tests' own server, with
TLS and login, is `tests/auditreport/smtp_helpers.py`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from live_server import free_port


class PlainInbox:
    """The messages the relay accepted (raw bytes, one per DATA), for a test to read."""

    def __init__(self) -> None:
        self.messages: list[bytes] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        """aiosmtpd's DATA hook: keep the message and accept it."""
        self.messages.append(envelope.content)
        return "250 OK"


@pytest.fixture
def plain_smtp() -> Iterator[tuple[int, PlainInbox]]:
    """An SMTP server on 127.0.0.1 with no STARTTLS and no login, stopped after the test: `(port, inbox)`."""
    inbox = PlainInbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield controller.port, inbox
    controller.stop()
