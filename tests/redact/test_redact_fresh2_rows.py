"""Rows of the fresh corpora that main stored raw and this round's rule data blanks (issue 15).

`tests/fixtures/redact_corpus/corpus_fresh2.jsonl` (written by
`tests/fixtures/redact_fresh2/select_rows2.py`): noseyparker's and detect-secrets' examples and
kingfisher examples that `rules/noseyparker.toml` blanks, 12-digit Maestro cards, and the second
corpus's ordinary look-alikes. Each positive is blanked in six contexts here; the slow corpus test
(`test_redact_corpus.py`) and the stored-bytes test put every row in all their contexts.
"""

from __future__ import annotations

from collections import Counter

import pytest
from corpus_contexts import FRESH2_ROWS, contexts_named, load_corpus, missed_in

from memeval.redact import get_redactor
from memeval.redact._context import load_rules

ROWS = load_corpus((FRESH2_ROWS,))
FEW = contexts_named("plain", "period-after", "json-object", "url-query", "cjk-around", "md-bold")


def test_rows_have_provenance_and_count() -> None:
    groups = Counter(i.group for i in ROWS)
    assert groups["credential"] >= 20 and groups["pii"] >= 6 and groups["lookalike"] >= 100, groups
    sources = (
        "github:praetorian-inc/noseyparker@",
        "github:Yelp/detect-secrets@",
        "github:mongodb/kingfisher@",
        "github:gitleaks/gitleaks@",
        "Faker ",
        "mimesis ",
    )
    assert all(i.source.startswith(sources) for i in ROWS if i.group != "lookalike")
    assert all(i.source and (i.secrets or i.group == "lookalike") for i in ROWS)


@pytest.mark.parametrize("ctx", FEW, ids=[c[0] for c in FEW])
def test_fresh2_rows_are_blanked(ctx) -> None:  # noqa: ANN001 - (name, wrap)
    missed = missed_in(ROWS, ctx)
    assert missed == [], missed[:20]


def test_fresh2_look_alikes_are_left_alone() -> None:
    items = [i for i in ROWS if i.group == "lookalike"]
    outs = get_redactor().redact_many([i.text for i in items])
    assert [i.label for i, out in zip(items, outs, strict=True) if out.findings] == []


def test_noseyparker_rules_are_keyed_and_sourced() -> None:
    rules = [r for r in load_rules() if r.id.startswith("noseyparker-")]
    assert len(rules) >= 100
    # keyed, or (redact34: `np.salesforce.1`, whose literals are `00` and `!`) screened: read only where its screen is
    assert all((r.keywords and all(len(k) >= 3 for k in r.keywords)) or (not r.keywords and r.screens) for r in rules)
    assert [r.id for r in rules if not r.keywords] == ["noseyparker-salesforce.1"]
    assert all(r.min_entropy == 3.0 for r in rules)


@pytest.mark.parametrize(
    ("text", "blanked"),
    [
        ("paid with card 6762 2772 9370 today", True),  # Maestro 4-4-4, Luhn valid
        ("card no. 587792290013.", True),
        ("order 587792290013 shipped", False),  # 12 digits with no card word: not read
        ("paid with card 6762 2772 9371 today", False),  # Luhn fails
        ("ticket 1234 5678 9012 closed", False),  # not a Maestro IIN
    ],
)
def test_twelve_digit_maestro(text: str, blanked: bool) -> None:
    out = get_redactor().redact(text)
    assert ("CREDIT_CARD" in out.counts) is blanked, out.text
