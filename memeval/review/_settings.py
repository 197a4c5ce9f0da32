"""Settings of the review queue, and the key that signs session cookies.

Precedence: defaults < environment (`MEMEVAL_REVIEW_*`) < explicit arguments (the CLI's flags).

- `MEMEVAL_REVIEW_CLAIM_LEASE_S`: how long a claim keeps other reviewers off an item (seconds).
- `MEMEVAL_REVIEW_OVERDUE_AFTER_H`: an item waiting longer than this is marked overdue (hours).
- `MEMEVAL_REVIEW_QUEUE_PAGE_ROWS`: the queue page, and each page of the API's `/queue`, lists at most
  this many items, oldest first (the counts still cover every waiting item; filters reach the others
  on the page, the API's `next` the next page).
- `MEMEVAL_REVIEW_SESSION_MAX_AGE_S`: a login lasts this long (seconds), then the session expires.
- `MEMEVAL_REVIEW_LOGIN_MAX_FAILURES` / `MEMEVAL_REVIEW_LOGIN_WINDOW_S`: after this many failed
  logins for one account or from one address within the window, logins are refused until the
  window has passed.
- `MEMEVAL_REVIEW_SECRET`: hex key (>= 32 bytes) signing session cookies. When unset it is read
  from (or created in, mode 0600) `MEMEVAL_REVIEW_SECRET_FILE`, default
  `$XDG_CONFIG_HOME/memeval/review-secret-<store id>.key` (`~/.config/...`; the store id as for the
  fingerprint key, `memeval.audit.store_id`): one key per store wherever `memeval serve` starts,
  kept apart from the data as the fingerprint key is (with the key, a copy of the store's folder
  could sign a session cookie). It was `audit/review-secret.key` under the working directory, so a
  server of a store elsewhere (`MEMEVAL_DB`) wrote an `audit/` folder wherever it was started.
  The key never appears in a page, URL, log line or the database.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, SecretBytes, ValidationError

from memeval.errors import UsageError

MAX_OVERDUE_H = 876_000.0
"""Largest overdue age, hours (100 years): the weekly report passes it to the store in microseconds, a 64-bit
integer; `inf` or `1e300` (accepted when only `> 0` was asked) ended `report weekly` with an `OverflowError`."""


class ReviewSettings(BaseModel):
    """Typed settings of the review app and CLI (see the module docstring for the env vars)."""

    model_config = ConfigDict(frozen=True, use_attribute_docstrings=True)

    claim_lease_s: int = Field(default=300, ge=10, le=3600)
    """Seconds a claim keeps other reviewers off an item (default 5 minutes)."""
    overdue_after_h: float = Field(default=48.0, gt=0, le=MAX_OVERDUE_H)
    """Hours after which a waiting item is marked overdue in the queue (at most `MAX_OVERDUE_H`)."""
    queue_page_rows: int = Field(default=500, ge=1)
    """Most items the queue page (and a page of the API's `/queue`) lists, oldest first; counts cover them all."""
    session_max_age_s: int = Field(default=8 * 3600, ge=1)
    """Seconds a login session lasts before the reviewer must log in again."""
    login_max_failures: int = Field(default=5, ge=1)
    """Failed logins allowed per account and per client address within `login_window_s`."""
    login_window_s: int = Field(default=900, ge=1)
    """Seconds over which failed logins are counted (and the lock-out lasts)."""
    secure_cookies: bool = False
    """Send the session cookie only over HTTPS (turn on behind a TLS proxy)."""
    secret_key: SecretBytes = Field(default_factory=lambda: SecretBytes(b""), repr=False)
    """Key signing session cookies (>= 32 bytes); never printed."""

    @classmethod
    def from_env(cls, **overrides: object) -> ReviewSettings:
        """Settings from `MEMEVAL_REVIEW_*` variables, then `overrides` (None values ignored).

        Without a `secret_key` in `overrides` the key is `load_secret_key()`'s for the store
        `MEMEVAL_DB` names (`memeval serve` passes its own store's, `load_secret_key(url)`).

        Raises:
            UsageError: a variable is not a number or out of range (one line: the variable, its value, the
                range it takes and its default), or the secret is not hex / too short.
            pydantic.ValidationError: a value in `overrides` is out of range.
        """
        values: dict[str, object] = {}
        names = ("claim_lease_s", "overdue_after_h", "queue_page_rows", "session_max_age_s", "login_max_failures",
                 "login_window_s")  # fmt: skip
        for name in names:
            raw = os.environ.get(f"MEMEVAL_REVIEW_{name.upper()}")
            if raw is None:
                continue
            try:
                values[name] = float(raw) if name.endswith("_h") else int(raw)
            except ValueError as exc:
                from memeval._fieldwords import field_range

                allowed = field_range(cls.model_fields[name], whole=not name.endswith("_h"))
                raise UsageError(f"MEMEVAL_REVIEW_{name.upper()}={raw!r} is not a number: {allowed}") from exc
        values.update({k: v for k, v in overrides.items() if v is not None})
        if "secret_key" not in values:
            values["secret_key"] = SecretBytes(load_secret_key())
        try:
            return cls.model_validate(values)
        except ValidationError as exc:  # out of range (`nan`, `0`, `inf`): name the variable when it gave the value
            first = exc.errors()[0]
            field = str(first["loc"][0]) if first["loc"] else ""
            var = f"MEMEVAL_REVIEW_{field.upper()}"
            if field in names and overrides.get(field) is None and var in os.environ:
                from memeval._fieldwords import field_range

                allowed = field_range(cls.model_fields[field], whole=not field.endswith("_h"))
                raise UsageError(f"{var}={os.environ[var]!r} is out of range: {allowed}") from None
            raise


def default_secret_file(store_url: str) -> Path:
    """Where the cookie-signing key of the store at `store_url` lives when nothing says otherwise.

    `$XDG_CONFIG_HOME/memeval/review-secret-<store id>.key` (else `~/.config/...`), the store id
    being `memeval.audit.store_id` (16 hex digits of its absolute SQLite path or its URL).
    """
    from memeval.audit import store_id

    base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "memeval" / f"review-secret-{store_id(store_url)}.key"


def load_secret_key(store_url: str | None = None) -> bytes:
    """The cookie-signing key: `MEMEVAL_REVIEW_SECRET` (hex), else the key file (created once, mode 0600).

    Args:
        store_url: the store whose default key file is used (`default_secret_file`) when
            `MEMEVAL_REVIEW_SECRET_FILE` is unset; None: the store `MEMEVAL_DB` names, or the default.

    Raises:
        UsageError: the variable or file does not hold at least 32 bytes of hex.
    """
    env = os.environ.get("MEMEVAL_REVIEW_SECRET")
    source = "MEMEVAL_REVIEW_SECRET"
    if env:
        raw = env.strip()
    else:
        named = os.environ.get("MEMEVAL_REVIEW_SECRET_FILE")
        if named:
            path = Path(named)
        else:
            from memeval.audit import db_url

            path = default_secret_file(store_url or db_url())
        source = str(path)
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as fh:
                fh.write(secrets.token_hex(32) + "\n")
        raw = path.read_text().strip()
    try:
        key = bytes.fromhex(raw)
    except ValueError as exc:
        raise UsageError(f"the review secret in {source} is not hex: use 64 random hex digits") from exc
    if len(key) < 32:
        raise UsageError(f"the review secret in {source} is shorter than 32 bytes: use 64 hex digits")
    return key
