"""The fifteenth fresh redaction corpus is the file that was measured (issue 15, fresh15).

`tests/fixtures/redact_fresh15/fresh15.jsonl` (SonarSource/sonar-text's secret rules' examples, madisonmay/CommonRegex's
tests, auth0/repo-supervisor's fixtures, pre-commit/pre-commit-hooks' AWS and private-key tests, newrelic/rusty-hog's
scanner tests) was measured once on main; its README quotes the figures and the misses by class against this SHA-256.
A rebuild or an edit that changes a byte, a count or a label must come with a new measurement, so these checks fail
first. Cheap on purpose: one read of a 300 kB file, no redaction, no subprocess (the corpus is measured by
`bench/redact_fresh.py`, not by the suite).
"""

from __future__ import annotations

from pathlib import Path

from fresh_pin import check_hash, check_rows

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "redact_fresh15"
CORPUS = HERE / "fresh15.jsonl"
SHA256 = "011dda6fe8fbb6cb5459f62ba80ddc85f2448510e0ba36d537caa95e491243eb"
COUNTS = {
    ("credential", "entropy-only"): 26,
    ("credential", "placeholder"): 7,
    ("credential", "precommit"): 4,
    ("credential", "rustyhog"): 2,
    ("credential", "sonar"): 115,
    ("credential", "supervisor"): 6,
    ("pii", "cr-card-example"): 4,
    ("pii", "cr-email"): 3,
    ("pii", "cr-ip"): 6,
    ("pii", "cr-phone"): 10,
    ("pii", "cr-phone-other"): 8,
    ("pii", "cr-ssn"): 2,
    ("pii", "cr-ssn-invalid"): 2,
    ("pii", "rustyhog-email"): 1,
    ("pii", "supervisor-email"): 12,
    ("lookalike", "aws-key-id"): 4,
    ("lookalike", "base64-text"): 96,
    ("lookalike", "commit-sha"): 240,
    ("lookalike", "cr-near-pii"): 4,
    ("lookalike", "cr-neg"): 22,
    ("lookalike", "digest"): 288,
    ("lookalike", "neg-assigned"): 75,
    ("lookalike", "neg-near-miss"): 9,
    ("lookalike", "neg-placeholder"): 21,
    ("lookalike", "neg-real-shaped"): 47,
    ("lookalike", "precommit-neg"): 11,
    ("lookalike", "rustyhog-neg"): 6,
    ("lookalike", "sonar-neg"): 48,
    ("lookalike", "supervisor-neg"): 75,
    ("lookalike", "uuid"): 96,
    ("lookalike", "version"): 23,
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
        (
            "github:SonarSource/sonar-text@",
            "github:madisonmay/CommonRegex@",
            "github:auth0/repo-supervisor@",
            "github:pre-commit/pre-commit-hooks@",
            "github:newrelic/rusty-hog@",
        ),
    )
