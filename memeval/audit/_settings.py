"""Where the audit store lives, and the key of secret fingerprints.

- `MEMEVAL_DB`: any SQLAlchemy URL; default `sqlite:///audit/memeval.sqlite` (relative to the
  working directory, normally the project root).
- `MEMEVAL_FINGERPRINT_KEY`: hex HMAC key (at least 16 bytes) of `secret.blanked` fingerprints.
  When unset, the key is read from (or created in) `MEMEVAL_FINGERPRINT_KEY_FILE`, default
  `fingerprint.key` beside the SQLite file, or `audit/fingerprint.key` for a server database.
  The key is kept out of the database on purpose: with the key, a leaked database would let
  anyone test guesses of short secrets against the fingerprints.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from memeval.audit._store import SqlAuditStore
from memeval.errors import UsageError

DEFAULT_DB_URL = "sqlite:///audit/memeval.sqlite"


def db_url(url: str | None = None) -> str:
    """The store URL: `url`, else `MEMEVAL_DB`, else `DEFAULT_DB_URL`.

    Raises:
        UsageError: the URL cannot be parsed.
    """
    chosen = url or os.environ.get("MEMEVAL_DB") or DEFAULT_DB_URL
    try:
        make_url(chosen)
    except ArgumentError as exc:
        raise UsageError(
            "MEMEVAL_DB is not a SQLAlchemy URL: use e.g. sqlite:///audit/memeval.sqlite or "
            "postgresql+psycopg://user@host:5432/db"
        ) from exc
    return chosen


def _sqlite_path(url: str) -> Path | None:
    u = make_url(url)
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    return Path(u.database)


def fingerprint_key(url: str) -> bytes:
    """The fingerprint HMAC key for the store at `url` (see the module docstring).

    Raises:
        UsageError: `MEMEVAL_FINGERPRINT_KEY` is not hex or shorter than 16 bytes.
    """
    env = os.environ.get("MEMEVAL_FINGERPRINT_KEY")
    if env:
        try:
            key = bytes.fromhex(env)
        except ValueError as exc:
            raise UsageError("MEMEVAL_FINGERPRINT_KEY must be hex (e.g. 64 hex digits)") from exc
        if len(key) < 16:
            raise UsageError("MEMEVAL_FINGERPRINT_KEY is shorter than 16 bytes: use 32 random bytes")
        return key
    db = _sqlite_path(url)
    default = (db.parent if db else Path("audit")) / "fingerprint.key"
    path = Path(os.environ.get("MEMEVAL_FINGERPRINT_KEY_FILE") or default)
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as fh:
            fh.write(secrets.token_hex(32) + "\n")
    return bytes.fromhex(path.read_text().strip())


def open_existing_store(url: str | None = None, *, team: str | None = None) -> SqlAuditStore:
    """Open a store that must already exist (commands that only read or decide).

    Args:
        url: the store URL (default `MEMEVAL_DB`, then `DEFAULT_DB_URL`).
        team: when given, the team must have events in it.

    Raises:
        UsageError: no SQLite file at that path (a typo would otherwise create an empty store
            and a new fingerprint key), or the team has no events (the known teams are named).
    """
    chosen = db_url(url)
    db = _sqlite_path(chosen)
    if db is not None and not db.is_file():
        raise UsageError(
            f"no audit store at {db}: ingest events first (memeval audit ingest FILE) or point "
            "--db / MEMEVAL_DB at your store"
        )
    store = open_store(chosen)
    if team is not None:
        known = sorted(store.teams())
        if team not in known:
            raise UsageError(
                f"team {team!r} has no events in the audit store; known teams: {', '.join(known) or 'none yet'}"
            )
    return store


def open_store(url: str | None = None) -> SqlAuditStore:
    """Open (creating and migrating if needed) the audit store at `url` or `MEMEVAL_DB`.

    Raises:
        UsageError: bad URL or key; AuditStoreError: the database cannot be opened.
    """
    chosen = db_url(url)
    db = _sqlite_path(chosen)
    if db is not None:
        db.parent.mkdir(parents=True, exist_ok=True)
    return SqlAuditStore(chosen, fingerprint_key=fingerprint_key(chosen))
