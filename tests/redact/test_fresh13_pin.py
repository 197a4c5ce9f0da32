"""The thirteenth fresh redaction corpus is the file that was measured (issue 15, fresh13).

`tests/fixtures/redact_fresh13/fresh13.jsonl` (octarinesec/secret-detector's detector test tables, the AWS Automated
Security Helper's secret-masking test texts) was measured once on main; its README quotes the figures and the misses
by class against this SHA-256. A rebuild or an edit that changes a byte, a count or a label must come with a new
measurement, so these checks fail first. Cheap on purpose: one read of a 115 kB file, no redaction, no subprocess
(the corpus is measured by `bench/redact_fresh.py`, not by the suite).
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "redact_fresh13"
CORPUS = HERE / "fresh13.jsonl"
SHA256 = "27ae099ca5d54bc5f957b91f1cfc6c111ee9e1aed533bfd67de72bcf13be14e3"
COUNTS = {
    ("credential", "octarine"): 35,
    ("credential", "ash"): 4,
    ("credential", "placeholder"): 42,
    ("credential", "pk-contrived"): 9,
    ("credential", "entropy-only"): 4,
    ("lookalike", "octarine-neg"): 47,
    ("lookalike", "neg-real-shaped"): 24,
    ("lookalike", "neg-placeholder"): 92,
    ("lookalike", "neg-near-miss"): 30,
    ("lookalike", "commit-sha"): 48,
    ("lookalike", "version"): 8,
    ("lookalike", "digest"): 21,
    ("lookalike", "uuid"): 7,
    ("lookalike", "base64-text"): 7,
}
"""Items per (group, sub), as the README's table and the builder's printout give them."""


def _rows() -> list[dict]:
    return [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()]


def test_the_corpus_is_the_measured_file() -> None:
    """Byte for byte the file the README's figures were measured on."""
    assert hashlib.sha256(CORPUS.read_bytes()).hexdigest() == SHA256
    assert SHA256 in (HERE / "README.md").read_text(encoding="utf-8")


def test_counts_labels_and_provenance() -> None:
    """The README's counts; every positive names its secrets inside its text; every item names its source."""
    rows = _rows()
    assert Counter((r["group"], r["sub"]) for r in rows) == COUNTS
    assert len({base64.b64decode(r["text"]) for r in rows}) == len(rows)
    for r in rows:
        text = base64.b64decode(r["text"]).decode("utf-8")
        secrets = [base64.b64decode(s).decode("utf-8") for s in r["secrets"]]
        assert r["source"].startswith(
            ("github:octarinesec/secret-detector@", "github:awslabs/automated-security-helper@")
        )
        assert (r["group"] == "credential") == bool(secrets), r["label"]
        assert all(len(s) >= 8 and s in text for s in secrets), r["label"]  # noqa: PLR2004
