"""The sixteenth fresh redaction corpus is the file that was measured (issue 15, fresh16).

`tests/fixtures/redact_fresh16/fresh16.jsonl` (ZupIT/horusec's leak rules' samples, DataFog/datafog-python's labelled
PII corpus, horusec-engine's look-alikes) was measured once on main; its README quotes the figures and the misses by
class against this SHA-256. A rebuild or an edit that changes a byte, a count or a label must come with a new
measurement, so these checks fail first. Cheap on purpose: one read of a small file, no redaction, no subprocess (the
corpus is measured by `bench/redact_fresh.py`, not by the suite).
"""

from __future__ import annotations

from pathlib import Path

from fresh_pin import check_hash, check_rows

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "redact_fresh16"
CORPUS = HERE / "fresh16.jsonl"
SHA256 = "dc72fc801834cbded523ee0f06fbc79c97cc3988addcb99c6b1a820a83803e64"
COUNTS = {
    ("credential", "horusec"): 23,
    ("credential", "horusec-identifier"): 3,
    ("credential", "placeholder"): 1,
    ("pii", "df-edge-cases"): 10,
    ("pii", "df-mixed-pii"): 13,
    ("pii", "df-structured-pii"): 9,
    ("pii", "df-unclaimed"): 47,
    ("lookalike", "base64-text"): 72,
    ("lookalike", "commit-sha"): 144,
    ("lookalike", "df-neg"): 28,
    ("lookalike", "digest"): 216,
    ("lookalike", "horusec-safe"): 9,
    ("lookalike", "neg-assigned"): 19,
    ("lookalike", "neg-near-miss"): 5,
    ("lookalike", "neg-placeholder"): 6,
    ("lookalike", "uuid"): 72,
    ("lookalike", "version"): 51,
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
        ("github:ZupIT/horusec@", "github:DataFog/datafog-python@", "github:ZupIT/horusec-engine@"),
    )
