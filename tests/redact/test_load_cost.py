"""What building the redactor no longer pays for, each with the same findings (issue 17: fast where users wait).

- The packaged context rules' patterns are compiled on first search (`memeval._lazyre`); each one
  still compiles, and a fresh redactor has compiled few of them.
- Without an NER model and context words, no spaCy pipeline is loaded (presidio's no-op engine):
  nothing ever read one; the findings equal those of an analyzer with the blank pipeline loaded.
- kingfisher's rule details are kept in the derived cache (`_solo.rule_details`): the same ids,
  patterns and filters as its catalogue, read back by the next process.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from presidio_analyzer import AnalyzerEngine
from presidio_analyzer.nlp_engine import NlpArtifacts
from spacy.tokens import Doc

from memeval.redact import _solo
from memeval.redact._context import load_rules, scanner_rules
from memeval.redact._engine import PiiAnalyzer, PiiSettings, _spacy_engine


def test_every_packaged_context_rule_compiles() -> None:
    for rule in load_rules() + scanner_rules():
        assert re.compile(rule.pattern.pattern).pattern == rule.pattern.pattern
        assert rule.pattern.groupindex is not None  # compiles it (a broken pattern raises here)


_FRESH = """
import json
from memeval.redact import get_redactor
red = get_redactor()
print(json.dumps([type(red._pii.engine.nlp_engine).__name__,
                  sum(r.pattern._compiled is not None for r in red._context._rules), len(red._context._rules)]))
"""


def test_a_fresh_redactor_loads_no_pipeline_and_compiles_few_context_rules() -> None:
    out = subprocess.run([sys.executable, "-c", _FRESH], capture_output=True, text=True, check=True)
    engine, compiled, rules = json.loads(out.stdout)
    assert engine == "NoOpNlpEngine"
    assert rules > 800 and compiled < rules // 4


TEXTS = [
    "mail bob@example.com or call +1 415 555 0100; card 4111 1111 1111 1111, IP 10.0.0.1",
    "IBAN DE89370400440532013000 and phone number: 020 7946 0958",
    "my phone is (212) 555-0199, the server is at 192.168.1.20 and 2001:db8::1",
    "nothing personal here",
]


def test_without_a_pipeline_the_findings_are_those_with_the_blank_pipeline() -> None:
    plain = PiiAnalyzer(PiiSettings())
    if plain.names_scanned:
        pytest.skip("an NER model is installed: the pipeline is loaded and used")
    # the analyzer as it was built before: presidio on the blank pipeline, handed empty artifacts of its vocabulary
    spacy_engine = _spacy_engine(None)
    before = PiiAnalyzer(PiiSettings())
    before.engine = AnalyzerEngine(registry=before.engine.registry, nlp_engine=spacy_engine, supported_languages=["en"])
    before._no_artifacts = NlpArtifacts(
        entities=[],
        tokens=Doc(spacy_engine.nlp["en"].vocab, words=[]),
        tokens_indices=[],
        lemmas=[],
        nlp_engine=spacy_engine,
        language="en",
    )
    assert type(plain.engine.nlp_engine).__name__ == "NoOpNlpEngine"
    for text in TEXTS:
        got = [(r.entity_type, r.start, r.end, r.score) for r in plain.analyze(text)]
        assert got == [(r.entity_type, r.start, r.end, r.score) for r in before.analyze(text)]
    assert any(plain.analyze(t) for t in TEXTS)


def test_kingfisher_rule_details_are_kept_and_read_back(tmp_path: Path) -> None:
    code = "import json\nfrom memeval.redact import _solo\nprint(json.dumps(_solo.rule_details()))"
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path))
    theirs = Path.home() / ".cache" / "kingfisher"  # kingfisher's own cache (its compiled rules), or it rebuilds: 3 s
    if theirs.is_dir():
        shutil.copytree(theirs, tmp_path / "kingfisher")
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    (entry,) = (tmp_path / "memeval" / "derived").glob("kingfisher-rules-*.bin")
    written = entry.stat().st_mtime_ns
    second = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert entry.stat().st_mtime_ns == written  # read, not written again
    catalogue = _solo.bundled_rules()
    expected = {
        str(m["id"]): [
            str(d["pattern"]),
            d.get("betterleaks_filter"),
            [x["rule_id"] for x in d.get("depends_on_rule") or ()],
        ]
        for m in catalogue.metadata()
        for d in [catalogue.detail(str(m["id"]))]
    }
    assert json.loads(first.stdout) == json.loads(second.stdout) == expected
    assert list(json.loads(second.stdout)) == list(expected)  # the catalogue's order
