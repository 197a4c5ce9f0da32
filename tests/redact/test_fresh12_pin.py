"""The twelfth fresh redaction corpus is the file that was measured (issue 15, fresh12).

`tests/fixtures/redact_fresh12/fresh12.jsonl` (semgrep-rules' hard-coded-credential rule tests, Microsoft
security-utilities' identifiable-key literals) was measured once on main; its README quotes the figures and the
misses by class against this SHA-256. A rebuild or an edit that changes a byte, a count or a label must come with a
new measurement, so these checks fail first. Cheap on purpose: one read of a 220 kB file, no redaction, no
subprocess (the corpus is measured by `bench/redact_fresh.py`, not by the suite).
"""

from __future__ import annotations

from pathlib import Path

from fresh_pin import check_hash, check_rows

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


def test_the_corpus_is_the_measured_file() -> None:
    """Byte for byte the file the README's figures were measured on."""
    check_hash(CORPUS, SHA256)


def test_counts_labels_and_provenance() -> None:
    """The README's counts; every positive names its secrets inside its text; every item names its source."""
    check_rows(CORPUS, COUNTS, ("github:semgrep/semgrep-rules@", "github:microsoft/security-utilities@"))
