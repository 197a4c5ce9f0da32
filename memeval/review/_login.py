"""Login sessions and CSRF tokens of the web pages.

The session lives in a signed cookie (Starlette's `SessionMiddleware`: itsdangerous HMAC,
HttpOnly, SameSite=Strict, Secure when configured). It holds the username, the account's session
version at login, an absolute expiry (login time + `session_max_age_s`, checked on every request),
a CSRF token and a one-shot flash message, never a password or a secret. Logging out (or a new
password) bumps the account's session version in the database, so a copy of the cookie replayed
after logout is refused: the server, not the browser, decides when a session ends. Logging in
starts a new session (new CSRF token), so a token planted before login is useless. Every form
carries the token in a hidden field and every POST compares it in constant time.
"""

from __future__ import annotations

import re
import secrets
import time

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
