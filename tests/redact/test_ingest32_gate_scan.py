"""The personal-data gates asked in one native scan (ingest32, issue 17) give every gate's own answer.

`_piigates.entities_for` picks the presidio recognizers a text is worth, by which gate patterns
(`GATES`: e-mail, phone, card, IBAN, IP) `search` it. `_gatescan.GateScan` answers that for an ASCII
text with one Hyperscan scan; the claim checked here is that it never differs from searching each
Python pattern: on every text of the redaction corpora, on generated texts built from the pieces each
gate reads (digits, separators, parentheses, hex letters, colons, dots, `@`, Unicode digits, NUL),
and that the native path is the one taken on ASCII text (a scan that silently fell back to Python
would pass the first two for nothing).
"""

from __future__ import annotations

from corpus_contexts import every_corpus_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memeval.redact._gatescan import GateScan
from memeval.redact._piigates import _GATE_SCAN, GATES, NER_ENTITIES, PiiSettings, entities_for


def searched(text: str) -> list[str]:
    """The gates whose Python pattern finds something in `text`, in `GATES`' order (what `entities_for` asked)."""
    return [name for name, gate in GATES.items() if gate.search(text)]


def test_every_corpus_text_gets_the_gates_its_patterns_find() -> None:
    texts = every_corpus_text()
    assert len(texts) > 15000  # the corpora are there (a moved folder would make this test pass on nothing)
    scan = GateScan(GATES)
    expected = [searched(t) for t in texts]
    differ = [t for t, want in zip(texts, expected, strict=True) if scan.hits(t) != want]
    assert differ == []
    hit = {name: sum(name in want for want in expected) for name in GATES}
    assert all(hit.values()), hit  # each gate is found somewhere in them, so each is checked both ways


PIECES = [
    "0", "1", "7", "9", "12", "345", " ", "  ", ".", "-", "/", "(", ")", ") ", " (", ") (", ":", "::", "@",
    "a", "F", "fe80", "DE", "gb", "x", "\n", "\t", "\x00", "+", "٣", "３", "۹", "é", "\u00a0", "_",
]  # fmt: skip
TEXTS = st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=2)), max_size=48).map("".join)


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS)
def test_generated_texts_get_the_gates_their_patterns_find(text: str) -> None:
    assert _GATE_SCAN.hits(text) == searched(text)


def test_ascii_texts_take_the_native_scan_and_others_python() -> None:
    scan = GateScan(GATES)
    assert scan.hits("mail ops@example.com or call 020 7946 0958 from 10.0.0.1, DE44500105175407324931") == list(GATES)
    assert scan._db is not None and not scan._failed  # compiled: the ASCII text was scanned natively
    # Python's `\d` takes every Unicode decimal digit: seven Arabic-Indic digits are a phone run there
    assert scan.hits("رقم ٠١٢٣٤٥٦٧") == searched("رقم ٠١٢٣٤٥٦٧") == ["PHONE_NUMBER"]
    assert scan.hits("") == [] and scan.hits("no digits here at all") == []


def test_entities_for_reads_the_scan_and_the_settings() -> None:
    text = "the card 4111 1111 1111 1111 is on file"
    assert entities_for(text, PiiSettings(phone_regions=("US",)), False) == searched(text)
    assert entities_for("plain words", PiiSettings(phone_regions=("US",), gated=False), False) == list(GATES)
    assert entities_for("plain words", PiiSettings(phone_regions=("US",)), True) == list(NER_ENTITIES)
