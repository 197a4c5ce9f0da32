"""What every fresh corpus's pin test (`test_fresh*_pin.py`) checks the same way.

A fresh redaction corpus (`tests/fixtures/redact_freshN/freshN.jsonl`) is measured once on main and its README quotes
the figures against the file's SHA-256; a pin test keeps the file, its counts and its labels as they were measured,
reading the file once, with no redaction and no subprocess.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections import Counter
from pathlib import Path


def check_hash(corpus: Path, sha256: str) -> None:
    """Assert `corpus` hashes to `sha256` (hex) and that README.md beside it quotes that hash."""
    assert hashlib.sha256(corpus.read_bytes()).hexdigest() == sha256
    assert sha256 in (corpus.parent / "README.md").read_text(encoding="utf-8")


def check_rows(corpus: Path, counts: dict[tuple[str, str], int], sources: tuple[str, ...]) -> None:
    """Assert the items per `(group, sub)` are `counts`, texts are unique, every item's `source` starts with one of
    `sources`, exactly the positives (credentials and personal data) name secrets, and every secret has 8+
    characters and stands in its text."""
    rows = [json.loads(line) for line in corpus.read_text(encoding="utf-8").splitlines()]
    assert Counter((r["group"], r["sub"]) for r in rows) == counts
    assert len({base64.b64decode(r["text"]) for r in rows}) == len(rows)
    for r in rows:
        text = base64.b64decode(r["text"]).decode("utf-8")
        secrets = [base64.b64decode(s).decode("utf-8") for s in r["secrets"]]
        assert r["source"].startswith(sources), r["label"]
        assert (r["group"] in ("credential", "pii")) == bool(secrets), r["label"]
        assert all(len(s) >= 8 and s in text for s in secrets), r["label"]  # noqa: PLR2004
