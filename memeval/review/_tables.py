"""SQL tables of the review queue: accounts, API tokens, their change log and claims, beside the audit tables.

They live in the audit store's database (same URL) but on a registry of their own, created by
numbered migrations recorded in `review_migrations`. None of them is part of the audit log:
decisions and claims are also written as audit events through the store's single write path;
these rows only hold who may log in and who holds a lease on an item right now.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import BigInteger, Column, Connection, Integer, inspect, text
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

from memeval.audit import SqlAuditStore, apply_migrations


class ReviewBase(SQLModel, registry=registry()):
    """Base of the review tables; its `metadata` holds only them."""


class ReviewUser(ReviewBase, table=True):
    """An account: a person who may look at (viewer) or decide (reviewer, admin) queue items."""

    __tablename__ = "review_user"
    username: str = Field(primary_key=True, max_length=64)
    role: str = Field(max_length=16)
    password_hash: str = Field(max_length=255)
    """argon2id hash (pwdlib); the password itself is never stored."""
    created_us: int = Field(sa_column=Column(BigInteger, nullable=False))
    session_version: int = Field(default=0, sa_column=Column(Integer, nullable=False, server_default="0"))
    """Bumped by logout and password change: a session cookie carrying an older version is refused."""


class ReviewUserTeam(ReviewBase, table=True):
    """A team an account may see and decide (admins see every team without rows here)."""

    __tablename__ = "review_user_team"
    username: str = Field(primary_key=True, max_length=64)
    team: str = Field(primary_key=True, max_length=64)


class ReviewApiToken(ReviewBase, table=True):
    """A bearer token of the JSON API, stored only as its SHA-256."""

    __tablename__ = "review_api_token"
    token_sha256: str = Field(primary_key=True, max_length=64)
    username: str = Field(max_length=64, index=True)
    created_us: int = Field(sa_column=Column(BigInteger, nullable=False))


class ReviewAccountEvent(ReviewBase, table=True):
    """One change to accounts or API tokens, appended and never updated (`memeval users log`).

    Accounts span teams while the audit log is chained per team, so these rows live here, beside
    the accounts, not in a team's chain. `action` is a `memeval.review.AccountAction`.
    """

    __tablename__ = "review_account_event"
    id: int | None = Field(default=None, primary_key=True)
    at_us: int = Field(sa_column=Column(BigInteger, nullable=False))
    """When, microseconds since the Unix epoch (UTC)."""
    action: str = Field(max_length=32)
    username: str = Field(max_length=64, index=True)
    """The account changed, or the account the token is for."""
    actor: str | None = Field(default=None, max_length=64)
    """Who did it (normalised account name); None for a store's first account, made without a login."""
    role: str | None = Field(default=None, max_length=16)
    teams: str | None = Field(default=None, max_length=4000)
    """The account's teams after the change, comma-separated; None for an admin (every team)."""
    token_id: str | None = Field(default=None, max_length=16)
    """The first 12 hex digits of the token's SHA-256 (`token.created`); never the token."""
    tokens_revoked: int = Field(default=0, sa_column=Column(Integer, nullable=False, server_default="0"))
    """API tokens of the account deleted by this change (a new password revokes them all)."""


class ReviewClaim(ReviewBase, table=True):
    """A reviewer's lease on one item: others may not decide it until `expires_us`."""

    __tablename__ = "review_claim"
    team: str = Field(primary_key=True, max_length=64)
    item_type: str = Field(primary_key=True, max_length=16)
    item_id: str = Field(primary_key=True, max_length=200)
    holder: str = Field(max_length=64)
    expires_us: int = Field(sa_column=Column(BigInteger, nullable=False))


class ReviewMigration(ReviewBase, table=True):
    """One applied numbered migration of the review tables."""

    __tablename__ = "review_migrations"
    version: int = Field(primary_key=True)
    name: str = Field(max_length=100)
    applied_us: int = Field(sa_column=Column(BigInteger, nullable=False))


def _m0001_initial(conn: Connection) -> None:
    tables = [ReviewUser.__table__, ReviewApiToken.__table__, ReviewClaim.__table__]  # type: ignore[attr-defined]  # set by SQLAlchemy, absent from sqlmodel's types
    ReviewBase.metadata.create_all(conn, tables=tables)  # today's review_user: 0002 adds nothing then


def _m0002_teams_and_session_version(conn: Connection) -> None:
    cols = {c["name"] for c in inspect(conn).get_columns("review_user")}
    if "session_version" not in cols:  # made by 0001 before the column existed
        conn.execute(text("ALTER TABLE review_user ADD COLUMN session_version INTEGER NOT NULL DEFAULT 0"))
    ReviewBase.metadata.create_all(conn, tables=[ReviewUserTeam.__table__])  # type: ignore[attr-defined]  # set by SQLAlchemy, absent from sqlmodel's types


def _m0003_account_events(conn: Connection) -> None:
    ReviewBase.metadata.create_all(conn, tables=[ReviewAccountEvent.__table__])  # type: ignore[attr-defined]  # set by SQLAlchemy, absent from sqlmodel's types


MIGRATIONS: tuple[tuple[int, str, Callable[[Connection], None]], ...] = (
    (1, "0001_review_initial", _m0001_initial),
    (2, "0002_teams_and_session_version", _m0002_teams_and_session_version),
    (3, "0003_account_events", _m0003_account_events),
)
"""(version, name, function) in order; append, never edit an applied one."""


def ensure_review_schema(store: SqlAuditStore) -> list[int]:
    """Create or migrate the review tables in `store`'s database (idempotent).

    Returns:
        The migration versions applied now (empty when current).

    Raises:
        AuditStoreError: the database records a review schema version newer than this code.
    """
    with store.write_session() as s:
        table = ReviewMigration.__table__  # type: ignore[attr-defined]  # set by SQLAlchemy, absent from sqlmodel's types
        return apply_migrations(s.connection(), table, ReviewBase.metadata, MIGRATIONS, "the review tables")
