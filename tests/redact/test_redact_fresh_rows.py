"""Rows from the fresh corpus that main stored raw (issue 15, fresh check of 2026-12-03).

`tests/fixtures/redact_corpus/corpus_fresh.jsonl` holds the scanners' own examples (kingfisher's
rule files, trufflehog's detector tests) that main stored raw in some context and the provider
rules added as data (`memeval/redact/rules/kingfisher.toml`) blank in all, card numbers in the
groupings the card rules did not read (19-digit 4-4-4-4-3, Diners 4-6-4), and the fresh
look-alikes (commit SHAs, go.sum hashes, digests, public keys, UUIDs, versions). Each positive
is blanked in six contexts here; the slow corpus test puts every row in all 46.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from corpus_contexts import FRESH_ROWS, Item, contexts_named, load_corpus, missed_in
from hypothesis import given, settings
from hypothesis import strategies as st

from memeval.redact import get_redactor
from memeval.redact._context import ContextRecognizer, _KeywordIndex, load_rules

ROWS = load_corpus((FRESH_ROWS,))
FEW = contexts_named("plain", "period-after", "json-object", "url-query", "cjk-around", "md-bold")


def test_rows_have_provenance_and_count() -> None:
    groups = Counter(i.group for i in ROWS)
    assert groups["credential"] >= 120 and groups["pii"] >= 8 and groups["lookalike"] >= 230, groups
    sources = ("github:mongodb/kingfisher@", "github:gitleaks/gitleaks@")  # trufflehog is AGPL-3.0: never committed
    assert all(i.source.startswith(sources + ("Faker ",)) for i in ROWS if i.group != "lookalike")
    assert all(i.source for i in ROWS)
    assert all(i.secrets for i in ROWS if i.group != "lookalike")


@pytest.mark.parametrize("ctx", FEW, ids=[c[0] for c in FEW])
def test_fresh_rows_are_blanked(ctx) -> None:  # noqa: ANN001 - (name, wrap)
    missed = missed_in(ROWS, ctx)
    assert missed == [], missed[:20]


def test_fresh_look_alikes_are_left_alone() -> None:
    """In their plain form (two SSH public keys are read as a LINE token after `line1\r\n`)."""
    items = [i for i in ROWS if i.group == "lookalike"]
    outs = get_redactor().redact_many([i.text for i in items])
    touched = [i.label for i, out in zip(items, outs, strict=True) if out.findings]
    assert touched == [], touched


KINGFISHER = tuple(r for r in load_rules() if r.id.startswith("kingfisher-"))
KEYED = ContextRecognizer(KINGFISHER)
UNKEYED = ContextRecognizer(tuple(dataclasses.replace(r, keywords=()) for r in KINGFISHER))


def _spans(rec: ContextRecognizer, text: str) -> list[tuple[str, int, int]]:
    return sorted((r.entity_type, r.start, r.end) for r in rec.analyze(text, []))


def test_kingfisher_rules_are_many_and_keyed() -> None:
    assert len(KINGFISHER) >= 600
    assert all(r.keywords and all(len(k) >= 3 for k in r.keywords) for r in KINGFISHER)


@pytest.mark.slow
@pytest.mark.timeout(1200)
def test_derived_keywords_never_hide_a_match() -> None:
    """The keywords derived from each pattern only skip work: same spans with and without them,
    on every corpus item (owned and fresh rows) in six contexts."""
    texts: list[str] = []
    for item in load_corpus():
        texts += [wrap(item.text)[0] for _, wrap in FEW]
    keyed = [_spans(KEYED, t) for t in texts]
    differ = [t[:80] for t, mine in zip(texts, keyed, strict=True) if mine != _spans(UNKEYED, t)]
    assert differ == [], differ[:5]
    assert sum(bool(mine) for mine in keyed) > 1000


def _item_key(i: Item) -> tuple[str, str]:
    return (i.label, i.text)


def test_rows_are_not_already_in_the_owned_corpus() -> None:
    from corpus_contexts import CORPUS

    owned = {_item_key(i) for i in load_corpus((CORPUS,))}
    assert not [i.label for i in ROWS if _item_key(i) in owned]


_KEYWORDS = tuple(sorted({k for r in KINGFISHER for k in r.keywords}))


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(_KEYWORDS), st.text(alphabet="abcdefghijklmnopqrstuvwxyz_-.:$ 0123456789", max_size=5)
        ),
        max_size=30,
    ).map("".join)
)
def test_keyword_index_answers_exactly_as_in(text: str) -> None:
    """`_KeywordIndex.present` is `{k for k in keywords if k in text}`, on text made of keywords' pieces."""
    index = _KeywordIndex(_KEYWORDS + ("ab",))
    assert index.present(text) == {k for k in _KEYWORDS + ("ab",) if k in text}
