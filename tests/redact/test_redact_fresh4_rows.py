"""This round's rule examples and the fresh rows they fix (issue 15, fourth fresh check).

`tests/fixtures/redact_corpus/corpus_fresh4.jsonl` (written by
`tests/fixtures/redact_fresh4/select_rows4.py`): hand examples of every rule added to
`rules/context.toml` in this round (13/15-digit grouped cards, IBANs named as such of any country,
Google OAuth access tokens, GitHub tokens of any length, multi-assignments, passwords as call
arguments, password lists) with look-alikes they must keep, and rows of the third and fourth fresh
corpora that main stored raw. Each positive is blanked in six contexts here; the slow corpus test
(`test_redact_corpus.py`) and the stored-bytes test put every row in all their contexts.
"""

from __future__ import annotations

from collections import Counter

import pytest
from corpus_contexts import FRESH4_ROWS, contexts_named, load_corpus, missed_in

from memeval.redact import get_redactor
from memeval.redact._context import load_rules

ROWS = load_corpus((FRESH4_ROWS,))
FEW = contexts_named("plain", "period-after", "json-object", "url-query", "cjk-around", "md-bold")
NEW_RULES = (
    "card-13-15-grouped",
    "iban-named",
    "google-oauth-access-token",
    "github-token-any-length",
    "multi-assign-second-secret",
    "multi-assign-first-secret",
    "call-last-arg-secret",
    "call-password-arg",
    "password-list",
    "password-list-yaml",
)


def test_rows_have_provenance_and_count() -> None:
    groups = Counter(i.group for i in ROWS)
    assert groups["credential"] >= 50 and groups["pii"] >= 15 and groups["lookalike"] >= 100, groups
    assert all(i.source and (i.secrets or i.group == "lookalike") for i in ROWS)
    hand = {i.label for i in ROWS if i.source.startswith("memeval:hand")}
    # every new rule has hand examples (labels start with the rule id)
    assert [r for r in NEW_RULES if not any(h.startswith(r) for h in hand)] == []


def test_new_rules_are_loaded() -> None:
    ids = {r.id for r in load_rules()}
    assert set(NEW_RULES) <= ids


@pytest.mark.parametrize("ctx", FEW, ids=[c[0] for c in FEW])
def test_fresh4_rows_are_blanked(ctx) -> None:  # noqa: ANN001 - (name, wrap)
    missed = missed_in(ROWS, ctx)
    assert missed == [], missed[:20]


def test_fresh4_look_alikes_are_left_alone() -> None:
    items = [i for i in ROWS if i.group == "lookalike"]
    outs = get_redactor().redact_many([i.text for i in items])
    assert [i.label for i, out in zip(items, outs, strict=True) if out.findings] == []


@pytest.mark.parametrize(
    ("text", "blanked"),
    [
        ("IBAN IR940275222366622846131258 please", True),  # Iran: not on presidio's country list
        ("IBAN IR940275222366622846131259 please", False),  # one digit off: checksum fails
        ("card number 4051 9526 90781 on the form", True),  # Visa 13 printed 4-4-5
        ("card number 4051 9526 90782 on the form", False),  # Luhn fails
        ('user, pass := "admin", "s3cr3tPw"', True),
        ('x, y := "a", "b"', False),
        ('entry = new DirectoryEntry("LDAP://dc=corp", "jsmith", "Rrhh1234");', True),
        ('db.connect("localhost", "app")', False),
        ('val = keyring.get_password("service", "alice")', False),
        ('conn.setPassword("73915482");', True),
        ("passwords:\n  - name: db\n    from: vault", False),
    ],
)
def test_round4_shapes(text: str, blanked: bool) -> None:
    out = get_redactor().redact(text)
    assert bool(out.findings) is blanked, out.text
