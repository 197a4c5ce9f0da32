"""Keyed fingerprints of secrets for `secret.blanked` events (split from `_redactor`, which loads the scanners)."""

from __future__ import annotations

import hashlib
import hmac

from memeval.errors import RedactionError

MIN_KEY_BYTES = 16


def fingerprint(secret: str, key: bytes) -> str:
    """Keyed fingerprint of a secret for `secret.blanked` events (RFC 2104 HMAC with SHA-256).

    The same secret under the same key always gives the same fingerprint, so repeats can be
    counted, while without the key the fingerprint reveals nothing usable about the secret.

    Args:
        secret: the raw secret, e.g. `text[f.start:f.end]` for a `Finding` f of the original text.
        key: the team's fingerprint key, at least 16 bytes.

    Returns:
        `"hmac-sha256:"` followed by 64 lower-case hex digits.

    Raises:
        RedactionError: the key is shorter than 16 bytes or not bytes.
    """
    if not isinstance(key, bytes | bytearray) or len(key) < MIN_KEY_BYTES:
        size = len(key) if isinstance(key, bytes | bytearray) else type(key).__name__
        raise RedactionError(
            f"the fingerprint key must be at least {MIN_KEY_BYTES} bytes, got {size}; "
            "generate one with secrets.token_bytes(32) and keep it outside the database"
        )
    digest = hmac.new(bytes(key), secret.encode("utf-8"), hashlib.sha256).hexdigest()
    return f"hmac-sha256:{digest}"
