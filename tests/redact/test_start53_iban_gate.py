"""The IBAN gate admits only texts presidio's IBAN pattern could match (start53, issue 17).

presidio (and the spaCy it imports, about 0.85 CPU s a process) is built on the first text a personal-data gate
admits (`_piigates.LazyPiiAnalyzer`). The IBAN gate was two letters then two digits, which `sha256`, `base64` and
`py311` hold: an ingest of ordinary technical text built presidio for an IBAN that could not be there. It is now
the start of presidio's own pattern: two letters, two digits, two groups of four. The claim checked: every text
in which presidio's IBAN pattern finds anything (read case-insensitively too, the broader reading) passes the
gate, on every corpus text and on generated ones; the short pieces no longer build presidio, in a real process.
Whether redaction is unchanged end to end is `test_redact_labelled`'s gated-equals-ungated check and
`bench/redact_same.py` over every corpus.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import regex
from corpus_contexts import every_corpus_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from presidio_analyzer.predefined_recognizers import IbanRecognizer

from memeval.redact._piigates import GATES, PiiSettings, entities_for

REPO = Path(__file__).resolve().parents[2]
(_PATTERN,) = IbanRecognizer.PATTERNS
READING = regex.compile(_PATTERN.regex, regex.DOTALL | regex.MULTILINE | regex.IGNORECASE)
"""presidio's IBAN pattern read case-insensitively: every match of it as IbanRecognizer reads it (without
IGNORECASE) is a match of this broader reading too."""
GATE = GATES["IBAN_CODE"]


def _admitted(text: str) -> bool:
    """The gate admits `text` whenever presidio's pattern (read either way) finds something in it."""
    return READING.search(text) is None or GATE.search(text) is not None


def test_every_corpus_text_presidio_could_read_an_iban_in_passes_the_gate() -> None:
    texts = every_corpus_text()
    assert len(texts) > 15000  # the corpora are there
    found = [t for t in texts if READING.search(t)]
    assert len(found) > 100, len(found)  # IBANs and IBAN-shaped look-alikes are among them (not a vacuous pass)
    missed = [t for t in found if GATE.search(t) is None]
    assert missed == [], missed[:5]


PIECES = st.sampled_from(["DE", "gb", "Kk", "ſ", "\u212a", "89", "0", "٣", " ", "-", "  ", "--", "AB12", "x", "_"])


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(PIECES, st.text(alphabet="ABCXYZabcz0123456789 -", max_size=6)), max_size=14))
def test_generated_texts_presidio_could_read_an_iban_in_pass_the_gate(parts: list[str]) -> None:
    text = "".join(parts)
    assert _admitted(text), text


@pytest.mark.parametrize("text", ["sha256 of base64", "built on py311", "ab12 cd34", "utf8 sha1 md5 ab12cd"])
def test_short_letter_digit_pieces_ask_presidio_for_nothing(text: str) -> None:
    assert entities_for(text, PiiSettings(), names_scanned=False) == [], text


@pytest.mark.parametrize("text", ["DE89 3704 0044 0532 0130 00", "iban gb82WEST12345698765432 ok"])
def test_an_iban_still_asks_for_the_iban_recognizer(text: str) -> None:
    assert "IBAN_CODE" in entities_for(text, PiiSettings(), names_scanned=False), text


def test_a_fresh_process_redacting_such_text_does_not_import_presidio() -> None:
    code = (
        "import sys; from memeval.redact import get_redactor; "
        "r = get_redactor().redact('checksums are sha256, payloads base64, built on py311'); "
        "print(r.findings == (), 'presidio_analyzer' in sys.modules, 'spacy' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO,
        env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == ["True", "False", "False"], out.stdout + out.stderr[-2000:]
