"""The twelfth fresh redaction corpus is the file that was measured (issue 15, fresh12).

`tests/fixtures/redact_fresh12/fresh12.jsonl` (semgrep-rules' hard-coded-credential rule tests, Microsoft
security-utilities' identifiable-key literals) was measured once on main; its README quotes the figures and the
misses by class against this SHA-256. A rebuild or an edit that changes a byte, a count or a label must come with a
new measurement, so these checks fail first. Cheap on purpose: one read of a 220 kB file, no redaction, no
subprocess (the corpus is measured by `bench/redact_fresh.py`, not by the suite).
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "redact_fresh12"
CORPUS = HERE / "fresh12.jsonl"
SHA256 = "5082d85b1035898750c0bf24a2a5adc016f73e58b3efcbe58a652a9360e349bd"
COUNTS = {
    ("credential", "semgrep"): 226,
    ("credential", "placeholder"): 26,
    ("credential", "msu-contrived"): 39,
    ("lookalike", "semgrep-ok"): 74,
    ("lookalike", "ok-real-shaped"): 26,
    ("lookalike", "ok-placeholder"): 28,
    ("lookalike", "ok-assigned"): 10,
    ("lookalike", "msu-negative"): 2,
    ("lookalike", "commit-sha"): 48,
    ("lookalike", "digest"): 57,
    ("lookalike", "uuid"): 19,
    ("lookalike", "base64-text"): 19,
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
        assert r["source"].startswith(("github:semgrep/semgrep-rules@", "github:microsoft/security-utilities@"))
        assert (r["group"] == "credential") == bool(secrets), r["label"]
        assert all(len(s) >= 8 and s in text for s in secrets), r["label"]  # noqa: PLR2004
