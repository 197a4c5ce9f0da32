"""checkov's secrets tests and presidio-research's labelled set, and what this round added (issue 15, eighth check).

`tests/fixtures/redact_corpus/corpus_fresh8.jsonl` (written by
`tests/fixtures/redact_fresh8/select_rows8.py`): rows of `fresh8.jsonl` that main stored raw
(`pg_pass` and `test_pass` assignments checkov's tests expect found; a 12-digit Maestro number
after presidio's card word `cc `), hand rows for every key word `rules/detect_secrets.toml` adds
and look-alikes it must keep, and the corpus's ordinary look-alikes. Each positive is blanked in
six contexts here; the slow corpus test (`test_redact_corpus.py`) puts every row in all 46.
"""

from __future__ import annotations

import sys
import tomllib
from collections import Counter
from pathlib import Path

import pytest
from corpus_contexts import FRESH8_ROWS, contexts_named, load_corpus, missed_in
from presidio_analyzer.predefined_recognizers import CreditCardRecognizer

from memeval.redact import get_redactor
from memeval.redact._context import load_rules

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "memeval" / "redact" / "rules"
ROWS = load_corpus((FRESH8_ROWS,))
FEW = contexts_named("plain", "period-after", "json-object", "url-encoded", "cjk-around", "md-bold")


def test_rows_have_provenance_and_count() -> None:
    groups = Counter(i.group for i in ROWS)
    assert groups["credential"] >= 10 and groups["pii"] >= 2 and groups["lookalike"] >= 20, groups
    assert all(i.source.startswith(("github:", "memeval:hand")) for i in ROWS)
    assert all(i.secrets for i in ROWS if i.group != "lookalike")


@pytest.mark.parametrize("ctx", FEW, ids=[c[0] for c in FEW])
def test_fresh8_rows_are_blanked(ctx) -> None:  # noqa: ANN001 - (name, wrap)
    missed = missed_in(ROWS, ctx)
    assert missed == [], missed[:20]


def test_fresh8_look_alikes_are_left_alone() -> None:
    items = [i for i in ROWS if i.group == "lookalike"]
    outs = get_redactor().redact_many([i.text for i in items])
    assert [(i.label, i.text[:60]) for i, out in zip(items, outs, strict=True) if out.findings] == []


@pytest.mark.parametrize(
    ("text", "blanked"),
    [
        ('    "pg_pass": "sup1rstr0ngpass2ForTT",', True),  # checkov sanity/secrets/true_positive.json
        ('var pg_pass="sup3rstr0ngpass1ForPG";', True),  # checkov test_entropy_source_files/db-conn.js
        ("ldap_pass=Qm4Zt8Lx2Vw9Kp7R", True),
        ('database_pass = "Zt8Lx2Vw9Kp7RQm4"', True),
        ("first_pass: true", False),
        ("compass_pass = north", False),
        ("db_password: '%env(DB_PASSWORD)%'", False),  # Symfony's env parameter: config-assignment blanked it
        ('"Symfony_DB_Key": "%env(resolve:DB_KEY)%",', False),
        ('"db_password": "\'%env(DB_PASSWORD)%\'",', False),  # whispers' placeholders.json writes it so
        ("order 501808652553 shipped", False),
        ("cc 501808652553.", True),
        ("visa 501808652553", True),
    ],
)
def test_round8_shapes(text: str, blanked: bool) -> None:
    out = get_redactor().redact(text)
    assert bool(out.findings) is blanked, out.text


def test_card_words_are_presidios() -> None:
    """The 12-digit Maestro rule is keyed by every card context word presidio's recognizer uses."""
    (rule,) = [r for r in load_rules() if r.id == "card-maestro-12-plain"]
    assert set(CreditCardRecognizer.CONTEXT) <= set(rule.keywords)


def test_detect_secrets_rule_file_is_the_scripts_output() -> None:
    """`rules/detect_secrets.toml` is what the script renders from the entries and version it names,
    and holds no entry config-assignment already finds."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from redact_rules_detect_secrets import config_assignment, missing, render, samples

    text = (RULES / "detect_secrets.toml").read_text(encoding="utf-8")
    source = tomllib.loads(text)["rule"][0]["source"]
    version = source.split("==")[1].split(":")[0]
    entries = tuple(source.split("(Apache-2.0): ")[1].split(", "))
    assert "_pass\\b" in entries and "db_?key" in entries
    assert render(entries, version) == text
    assert missing(entries, config_assignment()) == list(entries)
    assert missing(("password", "api[_\\.\\-]?key", "token"), config_assignment()) == []
    assert samples("db_?key") == ["db_key", "dbkey"] and samples("recaptcha_.*key") == ["recaptcha__site_key"]
