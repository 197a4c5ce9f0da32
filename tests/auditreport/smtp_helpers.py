"""A real SMTP server for the report tests: aiosmtpd on 127.0.0.1, STARTTLS or TLS, login."""

from __future__ import annotations

import asyncio
import secrets
import ssl
import subprocess
import threading
from dataclasses import dataclass, field
from email import message_from_bytes
from email.message import Message
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword
from live_server import free_port

SMTP_USER = "reports@fernhill.example"
SMTP_PASSWORD = "pw-" + secrets.token_hex(8)
"""Fresh per session, so a test can look for it in every output."""


# --- SMTP ---------------------------------------------------------------------------------


def make_tls_files(d: Path) -> tuple[Path, Path]:
    """A self-signed certificate and key for 127.0.0.1 in `d` (openssl), for a TLS SMTP server."""
    cert, key = d / "cert.pem", d / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return cert, key


@dataclass
class Inbox:
    """What the server received: one entry per accepted message."""

    messages: list[Message] = field(default_factory=list)
    envelopes: list[tuple[str, list[str]]] = field(default_factory=list)
    logins: list[str] = field(default_factory=list)
    data_delay_s: float = 0.0
    in_data: threading.Event = field(default_factory=threading.Event)


class _Handler:
    def __init__(self, inbox: Inbox) -> None:
        self.inbox = inbox

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        # queue the message first, then (maybe) answer late: the window where a sender that dies
        # cannot know the server has its message
        self.inbox.messages.append(message_from_bytes(envelope.content))
        self.inbox.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
        self.inbox.in_data.set()
        if self.inbox.data_delay_s:
            await asyncio.sleep(self.inbox.data_delay_s)
        return "250 OK"


class _Auth:
    def __init__(self, inbox: Inbox, password: str) -> None:
        self.inbox = inbox
        self.password = password

    def __call__(self, server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> AuthResult:
        ok = isinstance(data, LoginPassword) and (data.login.decode(), data.password.decode()) == (
            SMTP_USER,
            self.password,
        )
        if ok:
            self.inbox.logins.append(data.login.decode())
            return AuthResult(success=True)
        return AuthResult(success=False, handled=False)  # handled=True would hang the client


@dataclass
class SmtpServer:
    port: int
    inbox: Inbox
    cert: Path
    mode: str
    controller: Controller

    def env(self, **extra: str) -> dict[str, str]:
        e = {
            "MEMEVAL_SMTP_HOST": "127.0.0.1", "MEMEVAL_SMTP_PORT": str(self.port),
            "MEMEVAL_SMTP_SECURITY": self.mode, "MEMEVAL_SMTP_FROM": "memeval@fernhill.example",
            "MEMEVAL_SMTP_CA_FILE": str(self.cert), "MEMEVAL_SMTP_TIMEOUT_S": "10",
            "MEMEVAL_SMTP_ATTEMPTS": "3", "MEMEVAL_SMTP_BACKOFF_S": "0.05",
        }  # fmt: skip
        if self.mode != "none":
            e.update(MEMEVAL_SMTP_USER=SMTP_USER, MEMEVAL_SMTP_PASSWORD=SMTP_PASSWORD)
        e.update(extra)
        return e

    def stop(self) -> None:
        self.controller.stop()


def start_smtp(tls_files: tuple[Path, Path], mode: str = "starttls", password: str = SMTP_PASSWORD,
               port: int | None = None) -> SmtpServer:  # fmt: skip
    cert, key = tls_files
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.load_cert_chain(cert, key)
    inbox = Inbox()
    kw: dict[str, Any] = {"hostname": "127.0.0.1", "port": port or free_port()}
    if mode == "starttls":
        kw.update(tls_context=ctx, require_starttls=True, authenticator=_Auth(inbox, password), auth_require_tls=True)
    elif mode == "tls":
        kw.update(ssl_context=ctx, authenticator=_Auth(inbox, password), auth_require_tls=False)
    c = Controller(_Handler(inbox), **kw)
    c.start()
    return SmtpServer(kw["port"], inbox, cert, mode, c)
