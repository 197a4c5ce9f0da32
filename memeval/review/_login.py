"""Login sessions and CSRF tokens of the web pages.

The session lives in a signed cookie (Starlette's `SessionMiddleware`: itsdangerous HMAC,
HttpOnly, SameSite=Strict, Secure when configured). It holds the username, the account's session
version at login, an absolute expiry (login time + `session_max_age_s`, checked on every request),
a CSRF token and a one-shot flash message, never a password or a secret. Logging out (or a new
password) bumps the account's session version in the database, so a copy of the cookie replayed
after logout is refused: the server, not the browser, decides when a session ends. Logging in
starts a new session (new CSRF token), so a token planted before login is useless. Every form
carries the token in a hidden field and every POST compares it in constant time.

Beside the token, every form POST must come from the pages' own origin (`foreign_origin`): the
browser's `Origin` header (else its `Referer`) names the page that sent the form, and it must be
this server's scheme-less host and port as the request names them (`Host`, or a proxy's
`X-Forwarded-Host`). SameSite=Strict keeps other sites' posts from carrying the cookie, but another
origin on the same site (another port of 127.0.0.1, a sibling service on the same host) is the
same site to a browser: with a leaked or guessed token, its page could post a decision. The pages
send `Referrer-Policy: same-origin`, so their own posts carry their origin (with `no-referrer`,
browsers send `Origin: null` on every form post, and the check could tell no page from another).
"""

from __future__ import annotations

import re
import secrets
import time
from urllib.parse import urlsplit

from starlette.requests import Request

from memeval.audit import SqlAuditStore
from memeval.review._accounts import Account, get_account


def csrf_token(request: Request) -> str:
    """The session's CSRF token (created on first use)."""
    token = request.session.get("csrf")
    if not isinstance(token, str) or len(token) < 32:
        token = secrets.token_urlsafe(32)
        request.session["csrf"] = token
    return token


def csrf_ok(request: Request, submitted: str | None) -> bool:
    """True when `submitted` equals the session's token (constant-time compare)."""
    expected = request.session.get("csrf")
    if not isinstance(expected, str) or not submitted:
        return False
    return secrets.compare_digest(expected.encode(), submitted.encode())


DEFAULT_PORTS = {"http": 80, "https": 443}
"""The port a URL of each scheme means when it names none."""


def _host_port(netloc: str, scheme: str) -> tuple[str, int] | None:
    """(host, port) of a `Host`-style value, the scheme's default port when none is given; None if unreadable."""
    try:
        parts = urlsplit(f"{scheme}://{netloc.strip()}")
        host, port = parts.hostname, parts.port
    except ValueError:  # a port that is not a number, an unclosed IPv6 bracket
        return None
    if not host:
        return None
    return host.lower(), port if port is not None else DEFAULT_PORTS.get(scheme, 0)


def foreign_origin(request: Request) -> str | None:
    """The origin a form POST came from when it is not this server's own, else None.

    The origin is the request's `Origin` header, else the origin of its `Referer`; a request with
    neither (a script, curl, a browser that sends none) is not refused here: the CSRF token still
    guards it. The origin's host and port must equal those of the request's `Host` header or of
    one of its `X-Forwarded-Host` values (a proxy in front passes the browser's host there; a page
    of another origin cannot set either header on a form post). The scheme is not compared: behind
    a TLS proxy the browser's `https` origin reaches the server over plain HTTP.

    Returns:
        None when the post comes from this server's pages (or names no origin); otherwise the
        origin as sent (`http://127.0.0.1:9999`, `null`, a Referer's scheme, host and port), for
        the refusal to name.
    """
    sent = request.headers.get("origin")
    if sent is None:
        referer = request.headers.get("referer")
        if not referer:
            return None
        sent = referer
    try:
        parts = urlsplit(sent.strip())
    except ValueError:
        return sent[:200]
    if parts.scheme not in DEFAULT_PORTS or not parts.netloc:
        return sent[:200]  # `null` (a sandboxed frame, a page with no-referrer), a file: or data: page
    shown = f"{parts.scheme}://{parts.netloc.rpartition('@')[2]}"
    origin = _host_port(parts.netloc.rpartition("@")[2], parts.scheme)
    named = [request.headers.get("host", "")]
    named += request.headers.get("x-forwarded-host", "").split(",")
    ours = {_host_port(h, parts.scheme) for h in named if h.strip()}
    return None if origin is not None and origin in ours else shown


def session_account(request: Request, store: SqlAuditStore) -> Account | None:
    """The logged-in account, or None (no session, expired session, or account removed)."""
    user = request.session.get("user")
    expires = request.session.get("exp")
    version = request.session.get("sv")
    if not isinstance(user, str) or not isinstance(expires, int | float) or not isinstance(version, int):
        return None
    if time.time() >= expires:
        request.session.clear()
        request.session["flash"] = "Your session expired: log in again."
        return None
    account = get_account(store, user)
    if account is None or account.session_version != version:
        request.session.clear()
        return None
    return account


def start_session(request: Request, account: Account, max_age_s: int) -> None:
    """Replace the session with a fresh one for `account` (new CSRF token)."""
    request.session.clear()
    request.session["user"] = account.username
    request.session["sv"] = account.session_version
    # not int(time.time()): truncating could end a session up to a second before its max age
    request.session["exp"] = time.time() + max_age_s
    request.session["csrf"] = secrets.token_urlsafe(32)


def pop_flash(request: Request) -> str | None:
    """The one-shot message set by the previous request, if any."""
    msg = request.session.pop("flash", None)
    return msg if isinstance(msg, str) else None


_SAFE_PATH = re.compile(r"^/(?![/\\])[A-Za-z0-9/_.~%?=&+-]*$")


def safe_next(target: str | None) -> str:
    """A same-site path to go to after login; anything else (`//host`, schemes, tabs) becomes `/`."""
    if not target or not _SAFE_PATH.fullmatch(target):
        return "/"
    return target
