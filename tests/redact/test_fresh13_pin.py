"""The thirteenth fresh redaction corpus is the file that was measured (issue 15, fresh13).

`tests/fixtures/redact_fresh13/fresh13.jsonl` (octarinesec/secret-detector's detector test tables, the AWS Automated
Security Helper's secret-masking test texts) was measured once on main; its README quotes the figures and the misses
by class against this SHA-256. A rebuild or an edit that changes a byte, a count or a label must come with a new
measurement, so these checks fail first. Cheap on purpose: one read of a 115 kB file, no redaction, no subprocess
(the corpus is measured by `bench/redact_fresh.py`, not by the suite).
"""

from __future__ import annotations

from pathlib import Path

from fresh_pin import check_hash, check_rows

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


def test_the_corpus_is_the_measured_file() -> None:
    """Byte for byte the file the README's figures were measured on."""
    check_hash(CORPUS, SHA256)


def test_counts_labels_and_provenance() -> None:
    """The README's counts; every positive names its secrets inside its text; every item names its source."""
    check_rows(CORPUS, COUNTS, ("github:octarinesec/secret-detector@", "github:awslabs/automated-security-helper@"))
