"""presidio (and spaCy) are imported on the first text a personal-data gate admits, not at the build (issue 17).

Building the redactor imported presidio-analyzer, which imports spaCy: about 0.8 s of CPU in every
fresh process, though presidio reads only texts one of its gates admits (an `@`, a run of digits, two
letters and two digits...). memeval's own scanners now return memeval's `RecognizerResult`
(`_result`: presidio's fields and comparisons), the gates are read without presidio (`_piigates`),
and the analyzer is built on the first admitted text, outside any text's CPU budget
(`tests/redact/test_budget_cold_caches.py` runs that first text under a 0.05 s budget).
"""

from __future__ import annotations

import json
import subprocess
import sys

import spacy.util
from presidio_analyzer import RecognizerResult as PresidioResult

from memeval.redact._piigates import NER_MODELS, installed_ner_model
from memeval.redact._result import RecognizerResult, from_presidio

_CHILD = """
import json, sys
from memeval.redact import get_redactor
red = get_redactor()
seen = ["presidio_analyzer" in sys.modules or "spacy" in sys.modules]
plain = red.redact_many(["The checkout tests need the payment mock running (make payment-mock).", "sl_2 ses_042"])
seen.append("presidio_analyzer" in sys.modules or "spacy" in sys.modules)
pii = red.redact_many(["mail bob@example.com or call +1 415 555 0100", "IBAN DE89370400440532013000"])
seen.append("presidio_analyzer" in sys.modules and "spacy" in sys.modules)
print(json.dumps([seen, [r.text for r in plain + pii], red.names_scanned]))
"""


def test_a_redactor_whose_texts_pass_no_gate_never_imports_presidio() -> None:
    out = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True, check=True)
    seen, texts, names = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen == [False, False, True]  # built and used without presidio; loaded by the first admitted text
    assert texts == [
        "The checkout tests need the payment mock running (make payment-mock).",
        "sl_2 ses_042",
        "mail [REDACTED:EMAIL_ADDRESS] or call [REDACTED:PHONE_NUMBER]",
        "IBAN [REDACTED:IBAN_CODE]",
    ]
    assert names is (installed_ner_model() is not None)


def test_installed_ner_models_are_spacys_list() -> None:
    listed = set(spacy.util.get_installed_models())
    assert installed_ner_model() == next((m for m in NER_MODELS if m in listed), None)


def test_memevals_results_compare_sort_and_print_as_presidios() -> None:
    spans = [("EMAIL_ADDRESS", 3, 9, 0.9), ("CREDENTIAL", 3, 9, 0.9), ("CREDENTIAL", 3, 12, 0.5), ("US_SSN", 0, 4, 1.0)]
    spans += [("CREDENTIAL", 3, 9, 0.9), ("PHONE_NUMBER", 10, 14, 0.4)]
    ours = [RecognizerResult(*s, recognition_metadata={"recognizer_name": "x"}) for s in spans]
    theirs = [PresidioResult(*s, recognition_metadata={"recognizer_name": "x"}) for s in spans]
    for i, (a, pa) in enumerate(zip(ours, theirs, strict=True)):
        assert repr(a) == repr(pa) and str(a) == str(pa)
        assert hash(a) == hash(pa)
        for b, pb in zip(ours, theirs, strict=True):
            assert (a == b) is (pa == pb)
            assert (a > b) is (pa > pb) and (a < b) is (pa < pb)
        converted = from_presidio(pa)
        assert converted == a and converted.recognition_metadata is pa.recognition_metadata, i
    assert [repr(r) for r in sorted(ours)] == [repr(r) for r in sorted(theirs)]
    assert len(set(ours)) == len(set(theirs))
    assert RecognizerResult.RECOGNIZER_NAME_KEY == PresidioResult.RECOGNIZER_NAME_KEY
