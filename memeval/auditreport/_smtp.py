"""SMTP settings from the environment, the report e-mail, and one delivery attempt.

Settings (`SmtpSettings.from_env`), all under the `MEMEVAL_SMTP_` prefix:
`HOST` (required), `PORT` (default 587 for `starttls`, 465 for `tls`, 25 for `none`),
`SECURITY` (`starttls` default, `tls`, `none`), `USER`, `PASSWORD` (kept as a `SecretStr`: never
in a repr, a log line or an event), `FROM` (one bare address; default: `USER` when it is an address,
as most providers require the login's own address, else `memeval@` and this machine's fully qualified
name, as `mail` and cron say it; it was `memeval@` and the SMTP server's name, `memeval@127.0.0.1` for a
relay on this machine), `CA_FILE` (a PEM bundle to
trust instead of the system's, e.g. a test server's self-signed certificate), `TIMEOUT_S` (30),
`ATTEMPTS` (4) and `BACKOFF_S` (5; doubled after each failed attempt).

An attempt is split so a caller can mark the point of no return: `open_session` connects, secures
the link, logs in and announces sender and recipients (nothing is delivered yet); `SmtpSession.data`
hands the message over, and only a 250 reply to it means the server took the message.
"""

from __future__ import annotations

import hashlib
import math
import os
import re
import smtplib
import ssl
from collections.abc import Callable
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import formatdate
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, SecretStr

from memeval.errors import UsageError

Security = Literal["starttls", "tls", "none"]
_DEFAULT_PORT: dict[str, int] = {"starttls": 587, "tls": 465, "none": 25}


class SmtpSettings(BaseModel):
    """Where and how to send report e-mail (see the module docstring for the variables)."""

    model_config = ConfigDict(frozen=True)

    host: str
    port: int
    security: Security = "starttls"
    user: str | None = None
    password: SecretStr | None = None
    sender: str
    """The From address (`MEMEVAL_SMTP_FROM`, else `default_sender`)."""
    ca_file: str | None = None
    timeout_s: float = 30.0
    attempts: int = 4
    """Tries per delivery before giving up until the next run."""
    backoff_s: float = 5.0
    """Wait before the second try; doubled before each later one."""

    @property
    def sender_hint(self) -> str:
        """What to say after the From address when its domain has no dot (`memeval@localhost`), else "".

        Many servers refuse such an address; `memeval schedule` and `memeval report send` both say so
        beside the address, with the fix (`MEMEVAL_SMTP_FROM`).
        """
        if "." in self.sender.rpartition("@")[2]:
            return ""
        return " (a domain with no dot, which many servers refuse: set MEMEVAL_SMTP_FROM)"

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> SmtpSettings:
        """Read `MEMEVAL_SMTP_*` from `env` (default `os.environ`).

        Raises:
            UsageError: `MEMEVAL_SMTP_HOST` unset, or a value that does not parse (named, with
                the fix; the password is never quoted).
        """
        e = os.environ if env is None else env

        def get(name: str) -> str | None:
            v = e.get(f"MEMEVAL_SMTP_{name}")
            return v if v else None

        host = get("HOST")
        if host is None:
            raise UsageError("MEMEVAL_SMTP_HOST is not set: set it (and MEMEVAL_SMTP_PORT, _SECURITY, _USER, "
                             "_PASSWORD, _FROM) to the SMTP server that sends reports")  # fmt: skip
        security = get("SECURITY") or "starttls"
        if security not in _DEFAULT_PORT:
            raise UsageError(f"MEMEVAL_SMTP_SECURITY is {security!r}: use starttls, tls or none")
        _check_host(host)
        port = _number(get, "PORT", int, _DEFAULT_PORT[security], 1, 65535, "a TCP port")
        timeout_s = _number(get, "TIMEOUT_S", float, 30.0, 0.001, 86400.0, "seconds to wait on the server")
        attempts = _number(get, "ATTEMPTS", int, 4, 1, 100, "tries per delivery")
        backoff_s = _number(get, "BACKOFF_S", float, 5.0, 0.0, 86400.0, "seconds before the second try")
        pw = get("PASSWORD")
        sender = get("FROM")
        if sender is not None and (len(sender) > MAX_ADDRESS_CHARS or not _ADDRESS.fullmatch(sender)):
            raise UsageError(f"MEMEVAL_SMTP_FROM={sender!r} is not one bare e-mail address: set it to the address "
                             "reports come from, as name@domain in ASCII (reports@fernhill.example), with no "
                             "display name, space or <...>; or unset it for the default (MEMEVAL_SMTP_USER when "
                             "that is an address, else memeval@ this machine's name)")  # fmt: skip
        return cls(
            host=host, port=port, security=security, user=get("USER"),
            password=SecretStr(pw) if pw else None, sender=sender or default_sender(get("USER")),
            ca_file=get("CA_FILE"), timeout_s=timeout_s, attempts=attempts, backoff_s=backoff_s,
        )  # fmt: skip


def default_sender(user: str | None) -> str:
    """The From address when `MEMEVAL_SMTP_FROM` is unset.

    Args:
        user: `MEMEVAL_SMTP_USER`, or None.

    Returns:
        `user` when it is one bare address (a provider such as Gmail or Microsoft 365 sends only as
        the login's own address), else `memeval@` and this machine's fully qualified name
        (`socket.getfqdn()`, the name `mail` and cron put after the `@`). Never the SMTP server's
        name: `memeval@127.0.0.1` (a relay on this machine) is no address a reader can answer, and
        many servers refuse an IP address written without brackets.
    """
    if user is not None and len(user) <= MAX_ADDRESS_CHARS and _ADDRESS.fullmatch(user):
        return user
    import socket

    return f"memeval@{socket.getfqdn()}"


def _number(
    get: Callable[[str], str | None],
    name: str,
    kind: type[int] | type[float],
    default: float,
    low: float,
    high: float,
    what: str,
) -> Any:
    """`MEMEVAL_SMTP_<name>` as `kind` in [low, high], or `default` when unset.

    Raises:
        UsageError: not a number of that kind (`abc`, `nan`, `2.5` for a whole number), or one out of
            range (infinite included): says which, naming the variable, the value and the range (a -1
            timeout reached the socket and ended in a traceback).
    """
    raw = get(name)
    if raw is None:
        return default
    try:
        value = kind(raw.strip())
    except ValueError:
        value = None
    shape = "a whole number" if kind is int else "a number"
    if value is None or math.isnan(value) or not low <= value <= high:
        fault = f"is not {shape}" if value is None or math.isnan(value) else "is out of range"
        raise UsageError(f"MEMEVAL_SMTP_{name}={raw!r} ({what}) {fault}: use {shape} from {low:g} to {high:g}, "
                         f"or unset it for the default ({default:g})")  # fmt: skip
    return value


def _check_host(host: str) -> None:
    """Refuse a `MEMEVAL_SMTP_HOST` no connection can be opened to as written.

    Raises:
        UsageError: spaces, a `/`, or a name the resolver cannot encode (an empty label, one over
            63 characters: `UnicodeError` from the socket, a traceback before), named with the fix.
    """
    bad = any(c.isspace() for c in host) or "/" in host
    try:
        host.encode("idna")
    except UnicodeError:
        bad = True
    if bad:
        raise UsageError(f"MEMEVAL_SMTP_HOST={host!r} is not a host name or address: give the mail server's name "
                         "(smtp.example.com) or IP address alone, its port in MEMEVAL_SMTP_PORT")  # fmt: skip


MAX_ADDRESS_CHARS = 254
"""Longest recipient address accepted (RFC 5321's 256-octet path, less its angle brackets)."""
_ADDRESS = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9_.-]+")
"""One bare address: RFC 5322 atext and dots, `@`, a domain of letters, digits, `_`, `.` and `-`."""


def check_recipients(recipients: list[str]) -> None:
    """Refuse recipient addresses the report e-mail cannot carry as they are.

    Each entry must be one bare address (`lead@fernhill.example`): printable ASCII, one `@` with
    text on both sides, at most `MAX_ADDRESS_CHARS` characters, no space, line break, comma,
    semicolon, quote, bracket or backslash. A line break would otherwise end in a ValueError from
    the e-mail library at every send (a header may not hold one); a comma or a display name
    (`a@x, b@y`, `Lead <a@x>`) would list an address in the To header that the server is never
    asked to deliver to; a non-ASCII address fails the SMTP command itself.

    Raises:
        UsageError: no recipient, or the first entry that is not such an address (quoted, with the fix).
    """
    if not recipients:
        raise UsageError("no recipient: give at least one e-mail address (--to lead@fernhill.example)")
    for r in recipients:
        if len(r) > MAX_ADDRESS_CHARS or not _ADDRESS.fullmatch(r):
            raise UsageError(
                f"recipient {r!r} is not one bare e-mail address: give each address on its own --to, as "
                f"name@domain in ASCII (an internationalised domain in its xn-- form), at most "
                f"{MAX_ADDRESS_CHARS} characters, with no space, line break, comma, quote or <...>"
            )


def message_id(key: str) -> str:
    """The Message-ID of a delivery key: the same key always gives the same id."""
    return f"<{hashlib.sha256(key.encode()).hexdigest()[:32]}@memeval.auditreport>"


def build_message(
    *,
    settings: SmtpSettings,
    recipients: list[str],
    subject: str,
    body: str,
    pdf: bytes,
    filename: str,
    key: str,
) -> EmailMessage:
    """The report e-mail: text body, the PDF attached, a Message-ID and header from `key`."""
    msg = EmailMessage()
    msg["From"] = settings.sender
    msg["To"] = ", ".join(recipients)
    msg["Subject"] = subject
    msg["Date"] = formatdate(localtime=False, usegmt=True)
    msg["Message-ID"] = message_id(key)
    msg["X-Memeval-Idempotency-Key"] = key
    msg.set_content(body)
    msg.add_attachment(pdf, maintype="application", subtype="pdf", filename=filename)
    return msg


def _tls_context(settings: SmtpSettings) -> ssl.SSLContext:
    return ssl.create_default_context(cafile=settings.ca_file)


@dataclass
class SmtpSession:
    """An SMTP connection that has announced sender and recipients; `data` delivers."""

    client: smtplib.SMTP
    refused: dict[str, tuple[int, bytes]] = field(default_factory=dict)
    """Recipients the server refused for good (a 5xx reply to RCPT: no such mailbox), with its reply; the
    message goes to the others. Empty when every recipient was accepted."""

    def data(self, msg: EmailMessage) -> None:
        """Send the message body. Raises smtplib errors; returns only on a 250 reply."""
        code, reply = self.client.data(msg.as_bytes(policy=msg.policy.clone(linesep="\r\n")))  # SMTP wants CRLF
        if code != 250:
            raise smtplib.SMTPDataError(code, reply)

    def close(self) -> None:
        """Say QUIT when the link still works, then drop it."""
        try:
            self.client.quit()
        except (smtplib.SMTPException, OSError):
            self.client.close()


def open_session(settings: SmtpSettings, recipients: list[str]) -> SmtpSession:
    """Connect, secure, log in, and send MAIL FROM / RCPT TO (nothing is delivered yet).

    A recipient refused for good (a 5xx reply to its RCPT) is left out and listed in `SmtpSession.refused`:
    one mistyped address no longer keeps the report from everyone else, retried every half hour for good.

    Raises:
        smtplib.SMTPException or OSError: any failure (the caller records and retries it);
            `smtplib.SMTPRecipientsRefused` when a recipient is refused for now (4xx: every one is tried again
            later) or every recipient is refused for good (its `recipients` maps each to its reply).
    """
    if settings.security == "tls":
        client: smtplib.SMTP = smtplib.SMTP_SSL(settings.host, settings.port, timeout=settings.timeout_s,
                                                context=_tls_context(settings))  # fmt: skip
    else:
        client = smtplib.SMTP(settings.host, settings.port, timeout=settings.timeout_s)
    try:
        client.ehlo()
        if settings.security == "starttls":
            client.starttls(context=_tls_context(settings))
            client.ehlo()
        if settings.user:
            pw = settings.password.get_secret_value() if settings.password else ""
            client.login(settings.user, pw)
        code, reply = client.mail(settings.sender)
        if code != 250:
            raise smtplib.SMTPSenderRefused(code, reply, settings.sender)
        refused: dict[str, tuple[int, bytes]] = {}
        for rcpt in recipients:
            code, reply = client.rcpt(rcpt)
            if code in (250, 251):
                continue
            if not 500 <= code < 600:  # refused for now (4xx): the whole delivery is tried again later
                raise smtplib.SMTPRecipientsRefused({rcpt: (code, reply)})
            refused[rcpt] = (code, reply)
        if len(refused) == len(recipients):
            raise smtplib.SMTPRecipientsRefused(refused)
    except (smtplib.SMTPException, OSError):
        client.close()
        raise
    return SmtpSession(client, refused)


_MISMATCH_FIX = {
    "STARTTLS": "the server offers no STARTTLS: set MEMEVAL_SMTP_SECURITY=none for a plain server (a relay on "
    "this machine), or MEMEVAL_SMTP_SECURITY=tls for one that speaks TLS from the first byte (port 465)",
    "AUTH": "the server offers no login on this link: leave MEMEVAL_SMTP_USER unset, or use the port "
    "or MEMEVAL_SMTP_SECURITY the server takes logins on",
}
"""The fix for each extension smtplib raises `SMTPNotSupportedError` for (its message names it)."""


def is_setting_mismatch(exc: BaseException) -> bool:
    """True when `exc` says the server lacks what the settings ask for (STARTTLS, a login).

    Such a failure is the same on every attempt, so `deliver` does not retry it (four tries with
    back-off took a minute to say the same thing four times); `describe_error` names the setting.
    """
    return isinstance(exc, smtplib.SMTPNotSupportedError)


def describe_error(exc: BaseException, settings: SmtpSettings | None = None) -> str:
    """A short, password-free description of an SMTP or network failure for the audit log.

    A settings mismatch (`is_setting_mismatch`) also names the `MEMEVAL_SMTP_` variable that fixes it.
    With `settings`, a failure to reach the server at all (an `OSError` that is no SMTP answer: refused,
    a name that does not resolve, a timeout) names the host and port tried and the variables that set
    them: `ConnectionRefusedError: [Errno 111] Connection refused` alone did not say where memeval looked.
    """
    if is_setting_mismatch(exc):
        said = str(exc)
        fix = next((f for word, f in _MISMATCH_FIX.items() if word in said), None)
        return f"{type(exc).__name__}: {said}" + (f" ({fix})" if fix else "")
    if isinstance(exc, smtplib.SMTPResponseException):
        reply = exc.smtp_error.decode(errors="replace") if isinstance(exc.smtp_error, bytes) else str(exc.smtp_error)
        return f"{type(exc).__name__}: {exc.smtp_code} {reply}"[:300]
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        return f"SMTPRecipientsRefused: {len(exc.recipients)} recipient(s) refused"
    said = f"{type(exc).__name__}: {exc}"[:300]
    if settings is not None and isinstance(exc, OSError) and not isinstance(exc, smtplib.SMTPException):
        host = f"[{settings.host}]" if ":" in settings.host else settings.host  # an IPv6 address
        said += (
            f" (no mail server answered at {host}:{settings.port}, from MEMEVAL_SMTP_HOST and "
            "MEMEVAL_SMTP_PORT: check both, or start the server)"
        )
    return said
