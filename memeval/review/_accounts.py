"""Accounts of the review queue: roles, argon2 passwords, API tokens and login throttling.

Roles, weakest first: `viewer` reads the queue and items; `reviewer` also claims and decides;
`admin` also breaks another reviewer's claim and manages accounts: only an admin adds or changes
an account or makes an API token for someone else (`check_may_manage`); the first account of a
store must be an admin and is the only one made without a login. A new password revokes the
account's API tokens and ends its sessions; every account change and token is logged
(`account_log`, `memeval users log`). Viewers and reviewers see and decide only the teams
their account lists (`memeval users add NAME --team T`); admins see every team. Names are
normalised (NFKC, case folded, trimmed) before they are stored, looked up or compared, so
" Rita" and "rita" are one account and one person in the audit log. Passwords are hashed with argon2id (pwdlib); API
tokens (`mrv_` + 43 url-safe characters) are shown once and stored only as SHA-256.

The hash's cost is the product's choice, named by `MEMEVAL_REVIEW_PASSWORD_COST` (`_passwords`):
`standard` (the default: pwdlib's argon2id parameters, m=65536 KiB, t=3, p=4, about 0.2-0.4 CPU s a hash or
check) or `light` (m=1024 KiB, t=1, p=1, about 2 ms: for test suites and throwaway demos only, as a leaked
store's light hashes are cheap to guess). It applies to the hashes made from then on; a check always uses the
parameters stored in the hash it checks, so accounts made at either cost keep logging in.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections import deque
from dataclasses import dataclass
from typing import Literal

from sqlmodel import Session, col, delete, select

from memeval.audit import SqlAuditStore, to_us
from memeval.clock import utc_now
from memeval.errors import ReviewRefused, UsageError
from memeval.review._passwords import check_password, dummy_hash, hash_password
from memeval.review._tables import (
    ReviewAccountEvent,
    ReviewApiToken,
    ReviewUser,
    ReviewUserTeam,
    ensure_review_schema,
)
from memeval.review._words import AccountRole, check_account, normalize_username

AccountAction = Literal["account.created", "account.changed", "token.created"]
"""What an account log entry records: an account made, an account given a new password (and role
and teams), an API token made."""
DECIDING_ROLES: frozenset[str] = frozenset({"reviewer", "admin"})
"""Roles that may claim and decide items."""

MIN_PASSWORD_CHARS = 12


@dataclass(frozen=True)
class Account:
    """A logged-in person (never carries the password or its hash).

    Attributes:
        username: the account name (normalised); also the `actor.id` of the person in audit events.
        role: `viewer`, `reviewer` or `admin`.
        teams: the teams the account may see and decide; None for an admin (every team).
        session_version: the account's current session version (older cookies are refused).
    """

    username: str
    role: AccountRole
    teams: frozenset[str] | None = None
    session_version: int = 0

    @property
    def can_decide(self) -> bool:
        """True for reviewers and admins."""
        return self.role in DECIDING_ROLES

    def sees(self, team: str) -> bool:
        """True when the account may see and decide `team`'s items."""
        return self.teams is None or team in self.teams


def _load(s: Session, row: ReviewUser) -> Account:
    if row.role == "admin":
        teams: frozenset[str] | None = None
    else:
        got = s.exec(select(col(ReviewUserTeam.team)).where(col(ReviewUserTeam.username) == row.username)).all()
        teams = frozenset(got)
    return Account(row.username, row.role, teams, row.session_version)  # type: ignore[arg-type]  # a Role: stored only by add_user, which checks it


@dataclass(frozen=True)
class AccountChange:
    """What `set_account` did.

    Attributes:
        account: the account as it is now.
        created: True for a new account, False for a new password (and role and teams).
        tokens_revoked: API tokens of the account deleted (all of them when its password changed).
    """

    account: Account
    created: bool
    tokens_revoked: int


def add_user(
    store: SqlAuditStore, username: str, password: str, role: str, teams: list[str] | tuple[str, ...] = ()
) -> Account:
    """`set_account` with no actor recorded, returning only the account (see `set_account`)."""
    return set_account(store, username, password, role, teams).account


def set_account(
    store: SqlAuditStore,
    username: str,
    password: str,
    role: str,
    teams: list[str] | tuple[str, ...] = (),
    actor: str | None = None,
) -> AccountChange:
    """Create an account, or replace the password, role and teams of an existing one, and log it.

    A changed password ends the account's open sessions (its session version is bumped) and
    deletes every API token of the account: a token made while the old password was known (or
    leaked) stops working with it. The change is appended to the account log (`account_log`) in
    the same transaction: `account.created` or `account.changed`, with `actor`, the role, the
    teams and the number of tokens revoked.

    Args:
        store: the audit store whose database holds the accounts.
        username: 2-63 characters of `a-z 0-9 _ . -` once normalised, starting with a letter or digit.
        password: at least `MIN_PASSWORD_CHARS` characters (only its argon2 hash is stored).
        role: `viewer`, `reviewer` or `admin`.
        teams: the teams a viewer or reviewer may see and decide (at least one); ignored for admins.
        actor: the logged-in account that makes the change; None for a store's first account.

    Returns:
        What was done (`AccountChange`).

    Raises:
        UsageError: bad username, short password, unknown role, or a viewer/reviewer without a team; or
            `MEMEVAL_REVIEW_PASSWORD_COST` names no cost.
    """
    username = check_account(username, role)
    if len(password) < MIN_PASSWORD_CHARS:
        n = len(password)
        raise UsageError(f"the password has {n} character{'' if n == 1 else 's'}: use at least {MIN_PASSWORD_CHARS}")
    team_set = sorted({t.strip() for t in teams if t.strip()})
    if role != "admin" and not team_set:
        raise UsageError(
            f"a {role} sees only the teams named for them: add --team TEAM (repeat for more), or make them an admin"
        )
    ensure_review_schema(store)
    digest = hash_password(password)
    revoked = 0
    with store.write_session() as s:
        row = s.get(ReviewUser, username)
        created = row is None
        if row is None:
            row = ReviewUser(username=username, role=role, password_hash=digest, created_us=to_us(utc_now()))
            s.add(row)
        else:
            row.role, row.password_hash = role, digest
            row.session_version = (row.session_version or 0) + 1
            tokens = s.exec(select(ReviewApiToken).where(col(ReviewApiToken.username) == username)).all()
            revoked = len(tokens)
            s.exec(delete(ReviewApiToken).where(col(ReviewApiToken.username) == username))
        s.exec(delete(ReviewUserTeam).where(col(ReviewUserTeam.username) == username))
        for t in team_set if role != "admin" else []:
            s.add(ReviewUserTeam(username=username, team=t))
        s.add(
            ReviewAccountEvent(
                at_us=to_us(utc_now()),
                action="account.created" if created else "account.changed",
                username=username,
                actor=None if actor is None else normalize_username(actor),
                role=role,
                teams=None if role == "admin" else ",".join(team_set),
                tokens_revoked=revoked,
            )
        )
        s.flush()
        return AccountChange(_load(s, row), created, revoked)


def end_sessions(store: SqlAuditStore, username: str) -> None:
    """End every open session of `username` (logout): cookies carrying the old version are refused."""
    with store.write_session() as s:
        row = s.get(ReviewUser, normalize_username(username))
        if row is not None:
            row.session_version = (row.session_version or 0) + 1


def list_users(store: SqlAuditStore) -> list[Account]:
    """Every account, sorted by name."""
    with store.read_session() as s:
        rows = s.exec(select(ReviewUser).order_by(ReviewUser.username)).all()
        return [_load(s, r) for r in rows]


def get_account(store: SqlAuditStore, username: str) -> Account | None:
    """The account named `username`, or None."""
    with store.read_session() as s:
        row = s.get(ReviewUser, normalize_username(username))
        return None if row is None else _load(s, row)


def authenticate(store: SqlAuditStore, username: str, password: str) -> Account | None:
    """The account when `password` is right, else None (as slow for unknown names).

    A name with a NUL character is no account's (`check_account` allows none) and is never looked up:
    PostgreSQL refuses a query holding one, which was a server error before any password was checked.
    """
    with store.read_session() as s:
        name = normalize_username(username)
        row = None if "\0" in name else s.get(ReviewUser, name)
        stored = None if row is None else (row.password_hash, _load(s, row))
    if stored is None:
        check_password(password, dummy_hash())
        return None
    if not check_password(password, stored[0]):
        return None
    return stored[1]


def add_api_token(store: SqlAuditStore, username: str, actor: str | None = None) -> str:
    """Create a bearer token for `username` and return it (shown once; only its hash is kept).

    Appends `token.created` to the account log (`account_log`) in the same transaction, with
    `actor` (who made it) and the first 12 hex digits of the token's SHA-256, never the token.

    Raises:
        UsageError: there is no such account.
    """
    username = normalize_username(username)
    if get_account(store, username) is None:
        raise UsageError(f"no account {username!r}: create it with `memeval users add {username}`")
    token = "mrv_" + secrets.token_urlsafe(32)
    digest = _sha(token)
    with store.write_session() as s:
        s.add(ReviewApiToken(token_sha256=digest, username=username, created_us=to_us(utc_now())))
        s.add(
            ReviewAccountEvent(
                at_us=to_us(utc_now()),
                action="token.created",
                username=username,
                actor=None if actor is None else normalize_username(actor),
                token_id=digest[:12],
            )
        )
    return token


@dataclass(frozen=True)
class AccountLogEntry:
    """One entry of the account log, oldest first (see `ReviewAccountEvent` for the fields)."""

    at_us: int
    action: AccountAction
    username: str
    actor: str | None
    role: str | None
    teams: tuple[str, ...] | None
    token_id: str | None
    tokens_revoked: int


def account_log(store: SqlAuditStore, username: str | None = None) -> list[AccountLogEntry]:
    """Every account change and token made, oldest first; only `username`'s when given.

    Entries exist from the review schema's migration 3 on; earlier changes were not recorded.
    """
    ensure_review_schema(store)
    with store.read_session() as s:
        q = select(ReviewAccountEvent).order_by(col(ReviewAccountEvent.id))
        if username is not None:
            q = q.where(col(ReviewAccountEvent.username) == normalize_username(username))
        rows = s.exec(q).all()
    return [
        AccountLogEntry(
            at_us=r.at_us,
            action=r.action,  # type: ignore[arg-type]  # an AccountAction: written only by this module
            username=r.username,
            actor=r.actor,
            role=r.role,
            teams=None if r.teams is None else tuple(t for t in r.teams.split(",") if t),
            token_id=r.token_id,
            tokens_revoked=r.tokens_revoked,
        )
        for r in rows
    ]


def check_may_manage(store: SqlAuditStore, actor: Account | None, username: str, role: str | None = None) -> None:
    """Refuse an account change or an API token that `actor` may not make; nothing is stored either way.

    Who may (the rule of `memeval users add` and `memeval users token`):

    - **A store with no account yet**: anyone, and only its admin. The first account of a store is
      made without a login and must have the role `admin`; that admin then adds everyone else.
    - **A store with accounts but no admin** (made before this rule): any logged-in account, only
      to make an admin, or its own token.
    - **Otherwise**: an admin, for any account; any account, for its own token. The last admin
      cannot be given another role (the store would have no one to manage it).

    Args:
        store: the audit store whose database holds the accounts.
        actor: the logged-in person, None when no one logged in (allowed only in an empty store).
        username: the account to create or change (`role` given) or to make a token for (`role` None).
        role: the role `users add` gives; None for a token.

    Raises:
        ReviewRefused: (`wrong_role`) the actor may not; the message names who may and the fix.
    """
    target = normalize_username(username)
    users = list_users(store)
    admins = {u.username for u in users if u.role == "admin"}
    if not users:
        if role != "admin":
            raise ReviewRefused(
                f"this store has no accounts yet: its first account is its admin, made with --role admin "
                f"(memeval users add NAME --role admin); that admin then adds {target!r} with --user NAME",
                code="wrong_role",
            )
        return
    if actor is None:
        raise ReviewRefused(f"log in as an admin (--user NAME) to manage {target!r}", code="wrong_role")
    if role is None and actor.username == target:
        return  # your own token
    if actor.role == "admin":
        if role is not None and role != "admin" and admins == {target}:
            raise ReviewRefused(
                f"{target!r} is this store's only admin: make another admin first, then change the role of {target!r}",
                code="wrong_role",
            )
        return
    if not admins and role == "admin":
        return  # a store made before admins were required: any of its people may make the first one
    what = f"make a token for {target!r}" if role is None else f"add or change account {target!r}"
    own = f", or make your own: memeval users token {actor.username} --user {actor.username}" if role is None else ""
    raise ReviewRefused(
        f"{actor.username!r} is a {actor.role}: only an admin may {what}: run it as an admin (--user ADMIN){own}",
        code="wrong_role",
    )


def account_for_token(store: SqlAuditStore, token: str) -> Account | None:
    """The account a bearer token belongs to, or None for an unknown token."""
    with store.read_session() as s:
        row = s.get(ReviewApiToken, _sha(token))
        user = None if row is None else s.get(ReviewUser, row.username)
        return None if user is None else _load(s, user)


def _sha(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class LoginThrottle:
    """Counts login attempts per account and per client address in a sliding window.

    In memory, per server process (`memeval serve` runs one). `begin` is called BEFORE the
    password is checked and, under one lock, both refuses a key that is over its limit and counts
    the attempt, so parallel guesses are counted as they arrive, not after the slow hash check.
    A good password then takes its own attempt back (`succeeded`). An account allows
    `max_failures` attempts per window; an address allows `max_per_address` (much more), so
    one person's typos do not lock out every colleague behind the same office address, while a
    single address spraying many accounts is still stopped.

    Args:
        max_failures: failed attempts allowed per account within the window.
        window_s: window length in seconds.
        max_per_address: failed attempts allowed per client address within the window
            (default 10 x `max_failures`).
    """

    MAX_KEYS = 50_000
    """Above this many tracked names and addresses, keys with no recent attempt are dropped."""

    def __init__(self, max_failures: int, window_s: int, max_per_address: int | None = None) -> None:
        self.max_failures = max_failures
        self.window_s = window_s
        self.max_per_address = max_per_address or 10 * max_failures
        self._fails: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, key: str, now: float) -> deque[float]:
        # a lookup stores nothing: a refused attempt under a new name (nothing is counted while a
        # key is over its limit) kept one empty entry each, 200,000 of them 172 MB, and the clean-up
        # below runs only for attempts that go ahead; an entry whose attempts all expired is dropped
        q = self._fails.get(key)
        if q is None:
            return deque()
        while q and q[0] <= now - self.window_s:
            q.popleft()
        if not q:
            del self._fails[key]
        return q

    def _keys(self, username: str, address: str) -> tuple[tuple[str, int], tuple[str, int]]:
        return (f"u:{normalize_username(username)[:200]}", self.max_failures), (f"a:{address}", self.max_per_address)

    def begin(self, username: str, address: str) -> tuple[int, float | None]:
        """Count one attempt before the password check, or refuse it.

        Returns:
            (seconds to wait, 0 when the attempt may go ahead; a token to pass to `succeeded`).
        """
        now = time.monotonic()
        with self._lock:
            wait = 0.0
            keys = self._keys(username, address)
            for key, limit in keys:
                q = self._recent(key, now)
                if len(q) >= limit:
                    wait = max(wait, q[len(q) - limit] + self.window_s - now)
            if wait > 0:
                return int(wait) + 1, None
            for key, _ in keys:
                self._fails.setdefault(key, deque()).append(now)
            if len(self._fails) > self.MAX_KEYS:
                for key in list(self._fails):
                    self._recent(key, now)  # drops the keys with no recent attempt
        return 0, now

    def retry_after_s(self, username: str, address: str) -> int:
        """Seconds until a login may be tried again for this name or address (0: allowed now)."""
        now = time.monotonic()
        wait = 0.0
        with self._lock:
            for key, limit in self._keys(username, address):
                q = self._recent(key, now)
                if len(q) >= limit:
                    wait = max(wait, q[len(q) - limit] + self.window_s - now)
        return int(wait) + 1 if wait > 0 else 0

    def failed(self, username: str, address: str) -> None:
        """Record one failed login that did not go through `begin` (counted for name and address)."""
        now = time.monotonic()
        with self._lock:
            for key, _ in self._keys(username, address):
                self._recent(key, now).append(now)

    def succeeded(self, username: str, address: str | None = None, token: float | None = None) -> None:
        """A good login: forget the account's failures and take back the address's attempt `token`."""
        with self._lock:
            self._fails.pop(self._keys(username, "")[0][0], None)
            if address is not None and token is not None:
                q = self._fails.get(f"a:{address}")
                if q is not None and token in q:
                    q.remove(token)
