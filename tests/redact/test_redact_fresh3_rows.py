"""This round's rule examples and the fresh rows they fix (issue 15, third fresh check).

`tests/fixtures/redact_corpus/corpus_fresh3.jsonl` (written by
`tests/fixtures/redact_fresh3/select_rows3.py`): hand examples of every rule added to
`rules/context.toml` in this round (JOSE tokens, password hashes, Discord, Mailchimp, PyPI,
Sourcegraph, Slack, Square, GitLab tokens, key-suffix settings, name/value pairs, plain-word
passwords a verb or quotes name) with look-alikes they must keep, and rows of the three fresh
corpora that main stored raw. Each positive is blanked in six contexts here; the slow corpus test
(`test_redact_corpus.py`) and the stored-bytes test put every row in all their contexts.
"""

from __future__ import annotations

from collections import Counter

import pytest
from corpus_contexts import FRESH3_ROWS, contexts_named, load_corpus, missed_in

from memeval.redact import get_redactor
from memeval.redact._context import load_rules

ROWS = load_corpus((FRESH3_ROWS,))
FEW = contexts_named("plain", "period-after", "json-object", "url-query", "cjk-around", "md-bold")
NEW_RULES = (
    "jose-token",
    "password-hash",
    "discord-bot-token",
    "mailchimp-api-key",
    "pypi-token-any-index",
    "sourcegraph-token",
    "slack-token-any",
    "slack-webhook-any",
    "square-token",
    "eaa-access-token",
    "key-suffix-assignment",
    "key-suffix-element",
    "dockerfile-env-secret",
    "name-value-pair-secret",
    "call-name-value-secret",
    "azure-sas-signature",
    "gitlab-token-any",
)


def test_rows_have_provenance_and_count() -> None:
    groups = Counter(i.group for i in ROWS)
    assert groups["credential"] >= 100 and groups["lookalike"] >= 100, groups
    assert all(i.source and (i.secrets or i.group == "lookalike") for i in ROWS)
    hand = {i.label for i in ROWS if i.source.startswith("memeval:hand")}
    # every new rule has hand examples (labels start with the rule id)
    assert [r for r in NEW_RULES if not any(h.startswith(r.split("-secret")[0]) for h in hand)] == []


def test_new_rules_are_loaded_with_sources() -> None:
    ids = {r.id for r in load_rules()}
    assert set(NEW_RULES) <= ids


@pytest.mark.parametrize("ctx", FEW, ids=[c[0] for c in FEW])
def test_fresh3_rows_are_blanked(ctx) -> None:  # noqa: ANN001 - (name, wrap)
    missed = missed_in(ROWS, ctx)
    assert missed == [], missed[:20]


def test_fresh3_look_alikes_are_left_alone() -> None:
    items = [i for i in ROWS if i.group == "lookalike"]
    outs = get_redactor().redact_many([i.text for i in items])
    assert [i.label for i, out in zip(items, outs, strict=True) if out.findings] == []


@pytest.mark.parametrize(
    ("text", "blanked"),
    [
        ("the password is correcthorsebattery", True),
        ('so ensure the password is "centipede" and press On', True),
        ("the password is required", False),
        ("the password is incorrect", False),
        ("password hashing uses bcrypt", False),
        ("Das Passwort ist falsch", False),
        ("la contraseña es secreta", False),
        ('secret="somevalue"', True),
        ('secret="required"', False),
        ("pw: hunterhunter", True),
    ],
)
def test_plain_word_passwords(text: str, blanked: bool) -> None:
    out = get_redactor().redact(text)
    assert bool(out.findings) is blanked, out.text


@pytest.mark.parametrize(
    ("text", "blanked"),
    [
        ("eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxMjM0NTY3ODkwIn0.", True),  # alg none
        ("eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJuYW1lIjoiSm9lIn0", True),  # no signature part
        ("eyJuYW1lIjoiYnVpbGQiLCJ2IjoxfQ.jsonfile", False),  # Base64 JSON that is no JOSE header
    ],
)
def test_jose_tokens(text: str, blanked: bool) -> None:
    out = get_redactor().redact(text)
    assert ("JWT" in out.counts) is blanked, out.text
