"""Accounts of the review queue: roles, argon2 passwords, API tokens and login throttling.

Roles, weakest first: `viewer` reads the queue and items; `reviewer` also claims and decides;
`admin` also breaks another reviewer's claim. Passwords are hashed with argon2id (pwdlib); API
tokens (`mrv_` + 43 url-safe characters) are shown once and stored only as SHA-256.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import threading
import time
from collections import deque
from dataclasses import dataclass
from typing import Literal, get_args

from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher
from sqlmodel import select

from memeval.audit import SqlAuditStore
from memeval.audit._time import to_us, utc_now
from memeval.errors import UsageError
from memeval.review._tables import ReviewApiToken, ReviewUser, ensure_review_schema

Role = Literal["viewer", "reviewer", "admin"]
"""What an account may do (see the module docstring)."""

ROLES: tuple[Role, ...] = get_args(Role)
DECIDING_ROLES: frozenset[str] = frozenset({"reviewer", "admin"})
"""Roles that may claim and decide items."""

MIN_PASSWORD_CHARS = 12
_USERNAME = re.compile(r"^[a-z0-9][a-z0-9_.-]{1,62}$")
_HASHER = PasswordHash((Argon2Hasher(),))
_DUMMY_HASH = _HASHER.hash("not a password of anyone: keeps unknown names as slow as known ones")


@dataclass(frozen=True)
class Account:
    """A logged-in person (never carries the password or its hash).

    Attributes:
        username: the account name; also the `actor.id` of the person in audit events.
        role: `viewer`, `reviewer` or `admin`.
    """

    username: str
    role: Role

    @property
    def can_decide(self) -> bool:
        """True for reviewers and admins."""
        return self.role in DECIDING_ROLES


def add_user(store: SqlAuditStore, username: str, password: str, role: str) -> Account:
    """Create an account, or replace the password and role of an existing one.

    Args:
        store: the audit store whose database holds the accounts.
        username: 2-63 characters of `a-z 0-9 _ . -`, starting with a letter or digit.
        password: at least `MIN_PASSWORD_CHARS` characters (only its argon2 hash is stored).
        role: `viewer`, `reviewer` or `admin`.

    Returns:
        The account.

    Raises:
        UsageError: bad username, short password or unknown role.
    """
    if not _USERNAME.fullmatch(username):
        raise UsageError(
            f"username {username!r} is not allowed: use 2-63 characters of a-z, 0-9, _ . - "
            "starting with a letter or digit"
        )
    if role not in ROLES:
        raise UsageError(f"role {role!r} is unknown: use one of {', '.join(ROLES)}")
    if len(password) < MIN_PASSWORD_CHARS:
        raise UsageError(f"the password has {len(password)} characters: use at least {MIN_PASSWORD_CHARS}")
    ensure_review_schema(store)
    digest = _HASHER.hash(password)
    with store.write_session() as s:
        row = s.get(ReviewUser, username)
        if row is None:
            s.add(ReviewUser(username=username, role=role, password_hash=digest, created_us=to_us(utc_now())))
        else:
            row.role, row.password_hash = role, digest
    return Account(username, role)


def list_users(store: SqlAuditStore) -> list[Account]:
    """Every account, sorted by name."""
    with store.read_session() as s:
        rows = s.exec(select(ReviewUser).order_by(ReviewUser.username)).all()
        return [Account(r.username, r.role) for r in rows]  # type: ignore[arg-type]


def get_account(store: SqlAuditStore, username: str) -> Account | None:
    """The account named `username`, or None."""
    with store.read_session() as s:
        row = s.get(ReviewUser, username)
        return None if row is None else Account(row.username, row.role)  # type: ignore[arg-type]


def authenticate(store: SqlAuditStore, username: str, password: str) -> Account | None:
    """The account when `password` is right, else None (as slow for unknown names)."""
    with store.read_session() as s:
        row = s.get(ReviewUser, username)
        stored = None if row is None else (row.password_hash, row.role)
    if stored is None:
        _HASHER.verify(password, _DUMMY_HASH)
        return None
    if not _HASHER.verify(password, stored[0]):
        return None
    return Account(username, stored[1])  # type: ignore[arg-type]


def add_api_token(store: SqlAuditStore, username: str) -> str:
    """Create a bearer token for `username` and return it (shown once; only its hash is kept).

    Raises:
        UsageError: there is no such account.
    """
    if get_account(store, username) is None:
        raise UsageError(f"no account {username!r}: create it with `memeval users add {username}`")
    token = "mrv_" + secrets.token_urlsafe(32)
    with store.write_session() as s:
        s.add(ReviewApiToken(token_sha256=_sha(token), username=username, created_us=to_us(utc_now())))
    return token


def account_for_token(store: SqlAuditStore, token: str) -> Account | None:
    """The account a bearer token belongs to, or None for an unknown token."""
    with store.read_session() as s:
        row = s.get(ReviewApiToken, _sha(token))
        user = None if row is None else s.get(ReviewUser, row.username)
        return None if user is None else Account(user.username, user.role)  # type: ignore[arg-type]


def _sha(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class LoginThrottle:
    """Counts failed logins per account and per client address in a sliding window.

    In memory, per server process (`memeval serve` runs one). After `max_failures` failures of
    one key within `window_s` seconds, `blocked` is true until the oldest of them leaves the
    window. A successful login does not clear an address's failures (it may be guessing names).

    Args:
        max_failures: failures allowed within the window.
        window_s: window length in seconds.
    """

    def __init__(self, max_failures: int, window_s: int) -> None:
        self.max_failures = max_failures
        self.window_s = window_s
        self._fails: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, key: str, now: float) -> deque[float]:
        q = self._fails.setdefault(key, deque())
        while q and q[0] <= now - self.window_s:
            q.popleft()
        return q

    def retry_after_s(self, username: str, address: str) -> int:
        """Seconds until a login may be tried again for this name or address (0: allowed now)."""
        now = time.monotonic()
        wait = 0.0
        with self._lock:
            for key in (f"u:{username[:200]}", f"a:{address}"):
                q = self._recent(key, now)
                if len(q) >= self.max_failures:
                    wait = max(wait, q[0] + self.window_s - now)
        return int(wait) + 1 if wait > 0 else 0

    MAX_KEYS = 50_000
    """Above this many tracked names and addresses, keys with no recent failure are dropped."""

    def failed(self, username: str, address: str) -> None:
        """Record one failed login for the name and the address."""
        now = time.monotonic()
        with self._lock:
            for key in (f"u:{username[:200]}", f"a:{address}"):
                self._recent(key, now).append(now)
            if len(self._fails) > self.MAX_KEYS:
                for key in [k for k in self._fails if not self._recent(k, now)]:
                    del self._fails[key]

    def succeeded(self, username: str) -> None:
        """Forget the account's failures after a good login."""
        with self._lock:
            self._fails.pop(f"u:{username[:200]}", None)
