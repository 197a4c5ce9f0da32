"""Settings of the review queue, and the key that signs session cookies.

Precedence: defaults < environment (`MEMEVAL_REVIEW_*`) < explicit arguments (the CLI's flags).

- `MEMEVAL_REVIEW_CLAIM_LEASE_S`: how long a claim keeps other reviewers off an item (seconds).
- `MEMEVAL_REVIEW_OVERDUE_AFTER_H`: an item waiting longer than this is marked overdue (hours).
- `MEMEVAL_REVIEW_SESSION_MAX_AGE_S`: a login lasts this long (seconds), then the session expires.
- `MEMEVAL_REVIEW_LOGIN_MAX_FAILURES` / `MEMEVAL_REVIEW_LOGIN_WINDOW_S`: after this many failed
  logins for one account or from one address within the window, logins are refused until the
  window has passed.
- `MEMEVAL_REVIEW_SECRET`: hex key (>= 32 bytes) signing session cookies. When unset it is read
  from (or created in) `MEMEVAL_REVIEW_SECRET_FILE`, default `audit/review-secret.key`, mode 0600.
  The key never appears in a page, URL, log line or the database.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, SecretBytes

from memeval.errors import UsageError

DEFAULT_SECRET_FILE = Path("audit") / "review-secret.key"


class ReviewSettings(BaseModel):
    """Typed settings of the review app and CLI (see the module docstring for the env vars)."""

    model_config = ConfigDict(frozen=True, use_attribute_docstrings=True)

    claim_lease_s: int = Field(default=300, ge=10, le=3600)
    """Seconds a claim keeps other reviewers off an item (default 5 minutes)."""
    overdue_after_h: float = Field(default=48.0, gt=0)
    """Hours after which a waiting item is marked overdue in the queue."""
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

        Raises:
            UsageError: a variable is not a number, or the secret is not hex / too short.
        """
        values: dict[str, object] = {}
        for name in ("claim_lease_s", "overdue_after_h", "session_max_age_s", "login_max_failures", "login_window_s"):
            raw = os.environ.get(f"MEMEVAL_REVIEW_{name.upper()}")
            if raw is None:
                continue
            try:
                values[name] = float(raw) if name.endswith("_h") else int(raw)
            except ValueError as exc:
                raise UsageError(
                    f"MEMEVAL_REVIEW_{name.upper()}={raw!r} is not a number: give e.g. {cls.model_fields[name].default}"
                ) from exc
        values.update({k: v for k, v in overrides.items() if v is not None})
        if "secret_key" not in values:
            values["secret_key"] = SecretBytes(load_secret_key())
        return cls.model_validate(values)


def load_secret_key() -> bytes:
    """The cookie-signing key: `MEMEVAL_REVIEW_SECRET` (hex), else the key file (created once).

    Raises:
        UsageError: the variable or file does not hold at least 32 bytes of hex.
    """
    env = os.environ.get("MEMEVAL_REVIEW_SECRET")
    source = "MEMEVAL_REVIEW_SECRET"
    if env:
        raw = env.strip()
    else:
        path = Path(os.environ.get("MEMEVAL_REVIEW_SECRET_FILE") or DEFAULT_SECRET_FILE)
        source = str(path)
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
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
