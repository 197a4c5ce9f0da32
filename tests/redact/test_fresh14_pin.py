"""The fourteenth fresh redaction corpus is the file that was measured (issue 15, fresh14).

`tests/fixtures/redact_fresh14/fresh14.jsonl` (thoughtworks/talisman's detector tests, SAP/credential-digger's scanner
fixtures, awslabs/git-secrets' tests and README) was measured once on main; its README quotes the figures and the
misses by class against this SHA-256. A rebuild or an edit that changes a byte, a count or a label must come with a
new measurement, so these checks fail first. Cheap on purpose: one read of a 200 kB file, no redaction, no subprocess
(the corpus is measured by `bench/redact_fresh.py`, not by the suite).
"""

from __future__ import annotations

from pathlib import Path

from fresh_pin import check_hash, check_rows

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "redact_fresh14"
CORPUS = HERE / "fresh14.jsonl"
SHA256 = "525b051a4a912392aaacf87c01b838361acde7380c8b27cbff10c6b9606fdf49"
COUNTS = {
    ("credential", "talisman"): 86,
    ("credential", "digger"): 3,
    ("credential", "gitsecrets"): 1,
    ("credential", "placeholder"): 4,
    ("credential", "pk-contrived"): 1,
    ("credential", "entropy-only"): 4,
    ("credential", "known-value"): 1,
    ("pii", "talisman-card"): 3,
    ("lookalike", "talisman-neg"): 7,
    ("lookalike", "digger-neg"): 35,
    ("lookalike", "gitsecrets-neg"): 13,
    ("lookalike", "neg-assigned"): 3,
    ("lookalike", "neg-placeholder"): 5,
    ("lookalike", "neg-real-shaped"): 1,
    ("lookalike", "commit-sha"): 144,
    ("lookalike", "version"): 48,
    ("lookalike", "digest"): 207,
    ("lookalike", "uuid"): 69,
    ("lookalike", "base64-text"): 69,
}
"""Items per (group, sub), as the README's table and the builder's printout give them."""


def test_the_corpus_is_the_measured_file() -> None:
    """Byte for byte the file the README's figures were measured on."""
    check_hash(CORPUS, SHA256)


def test_counts_labels_and_provenance() -> None:
    """The README's counts; every positive names its secrets inside its text; every item names its source."""
    check_rows(
        CORPUS,
        COUNTS,
        ("github:thoughtworks/talisman@", "github:SAP/credential-digger@", "github:awslabs/git-secrets@"),
    )
