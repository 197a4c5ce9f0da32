"""GitHub's custom secret-scanning patterns' labelled tests, and what this round added (issue 15, seventh check).

`tests/fixtures/redact_corpus/corpus_fresh7.jsonl` (written by
`tests/fixtures/redact_fresh7/select_rows7.py`): rows of `fresh7.jsonl` that main stored raw
(IBANs of registry members presidio's recognizer lacks, an S3 presigned URL's signature), hand
rows for a `FlyV1` token with a short first macaroon followed by punctuation or CJK text (the
sixth check's open miss) and look-alikes the new rules must keep (IBAN shapes whose check digits
fail, `FlyV1` in prose, a placeholder signature). Each positive is blanked in six contexts here;
the slow corpus test (`test_redact_corpus.py`) puts every row in all 46.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest
from corpus_contexts import FRESH7_ROWS, contexts_named, load_corpus, missed_in

from memeval.redact import get_redactor
from memeval.redact._context import load_rules

ROOT = Path(__file__).resolve().parents[2]
ROWS = load_corpus((FRESH7_ROWS,))
FEW = contexts_named("plain", "period-after", "json-object", "url-encoded", "cjk-around", "md-bold")
# betterleaks' own example (tests/fixtures/redact_fresh6: flyio-access-token#tp3): its first part is short
FLY = (
    "FlyV1 xFMqk5,_2N0K6hJc5RFJVXCYqXBg5Ij8SXoLkemJAl6gM4rZ/PiECfCx5UdESWsXxjNdMcFBfHd/7S1FE97qNasTnp+"
    "J1XhHkBJLl4dLhQJm8V2MfO3YFhEVwQyXlL8wJz/dj"
)


def test_rows_have_provenance_and_count() -> None:
    groups = Counter(i.group for i in ROWS)
    assert groups["credential"] >= 3 and groups["pii"] >= 4 and groups["lookalike"] >= 16, groups
    assert all(i.source.startswith(("github:", "memeval:hand")) for i in ROWS)
    assert all(i.secrets for i in ROWS if i.group != "lookalike")


@pytest.mark.parametrize("ctx", FEW, ids=[c[0] for c in FEW])
def test_fresh7_rows_are_blanked(ctx) -> None:  # noqa: ANN001 - (name, wrap)
    missed = missed_in(ROWS, ctx)
    assert missed == [], missed[:20]


def test_fresh7_look_alikes_are_left_alone() -> None:
    items = [i for i in ROWS if i.group == "lookalike"]
    outs = get_redactor().redact_many([i.text for i in items])
    assert [(i.label, i.text[:60]) for i, out in zip(items, outs, strict=True) if out.findings] == []


@pytest.mark.parametrize(
    ("text", "blanked"),
    [
        (FLY + ".", True),  # main: the boundary view split it at its comma
        ("(" + FLY + ")", True),
        ("令牌" + FLY + "。", True),
        ("Authorization: " + FLY + "!", True),
        ("wire SV43ACAT00000000000000123123.", True),  # El Salvador: a registry member presidio lacks
        ("DJ21 1000 2010 0104 0994 3020 008", True),  # Djibouti, in groups of four
        ("SD8811123456789012)", True),  # Sudan
        ("SD8811123456789013", False),  # check digits fail
        ("the FlyV1 scheme takes comma-joined macaroons", False),
        ("?X-Amz-Signature=" + "0a1b2c3d4e5f" * 5 + "9e8d.", True),
        ("X-Amz-Signature=${SIG}", False),
    ],
)
def test_round7_shapes(text: str, blanked: bool) -> None:
    out = get_redactor().redact(text)
    assert bool(out.findings) is blanked, out.text
    if blanked:
        assert "xFMqk5,_2N0K6hJc5RFJ" not in out.text and "00000000000000123123" not in out.text


def test_iban_rule_file_is_the_scripts_output() -> None:
    """`rules/iban.toml` holds only countries presidio lacks, each converted as the script does."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from redact_rules_iban import convert, presidio_countries

    (rule,) = [r for r in load_rules() if r.id == "iban-registry"]
    text = (ROOT / "memeval" / "redact" / "rules" / "iban.toml").read_text(encoding="utf-8")
    codes = text.split("(MIT): ")[1].split('"')[0].split(", ")
    assert codes and not set(codes) & presidio_countries()
    # GitHub's file's Russian pattern as of the commit the file names
    ru = "RU(?:[0-9][ -]?){2}(?:[0-9A-Z][ -]?){4}(?:[0-9][ -]?){22}(?:[0-9A-Z][ -]?){3}"
    assert convert(ru) == "RU(?:[ -]?[0-9]){2}(?:[ -]?[0-9A-Z]){4}(?:[ -]?[0-9]){22}(?:[ -]?[0-9A-Z]){3}"
    assert convert(ru) in rule.pattern.pattern
    with pytest.raises(ValueError):
        convert("RU\\d{31}")
    assert rule.pattern.search("x RU0204452560040702810412345678901 y")
