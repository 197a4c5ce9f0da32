"""A context rule's `screen` (a regex every match contains) only skips work: with and without the
screens the context rules find exactly the same spans, on every corpus item in every context, on
the sample's texts and ids, and on random text built from the pieces the rules look for."""

from __future__ import annotations

import dataclasses
import functools

import corpus_spans
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memeval.redact._context import ContextRecognizer, load_rules


# Built on first use, not at import: every xdist worker imports this module to collect it.
@functools.cache
def _unscreened() -> ContextRecognizer:
    """The packaged rules with their screens removed."""
    return ContextRecognizer(tuple(dataclasses.replace(r, screens=()) for r in load_rules()))


def _spans(rec: ContextRecognizer, text: str) -> list[tuple[str, int, int]]:
    return _three(rec.analyze(text, []))


def _three(found: list) -> list[tuple[str, int, int]]:
    return sorted((r.entity_type, r.start, r.end) for r in found)


def test_some_rules_have_screens() -> None:
    assert {"config-assignment", "prose-password", "env-secret", "us-ssn", "card-plain"} <= {
        r.id for r in load_rules() if r.screens
    }


@pytest.mark.slow
@pytest.mark.timeout(1200)
@pytest.mark.xdist_group(corpus_spans.GROUP)
def test_screened_equals_unscreened_on_the_corpus_in_every_context() -> None:
    """On every corpus item in every context and the sample's texts and ids (`corpus_spans.texts()`;
    the screened spans are `corpus_spans.each()`, computed once for three tests), and on batches of
    them joined as the id check reads them."""
    texts = list(corpus_spans.texts())
    screened = [_three(f) for f in corpus_spans.each()]
    joined = ["\n\n\n".join(texts[k : k + 50]) for k in range(0, 400, 50)]
    texts += joined
    screened += [_spans(corpus_spans.reference(), t) for t in joined]
    differ = [t[:80] for t, mine in zip(texts, screened, strict=True) if mine != _spans(_unscreened(), t)]
    assert differ == [], differ[:5]
    assert sum(bool(mine) for mine in screened) > 1000  # the rules do find things here


PIECES = [
    "password", "PASSWORD", "Passwort", "pw", "PGPASSWORD", "MYSQL_PWD", "_PASS", "api_key", "API_KEY", "apiKey",
    "secret", "SECRET_KEY", "token", "TOKEN", "credentials", "connection_string", "Kennwort", "contraseña", "senha",
    "пароль", "密码", "パスワード", "ssn", "=", ":", ":=", "=>", " ", "\n", "\t", "\"", "'", "-", "_", ".", "/",
    "export ", "is ", "4111", "1111", "3782", "822463", "10005", "123", "45", "6789", "078-05-1120", "4111111111111111",
    "hunter2!", "S3cr3t-Value", "x9Kq", "数据", "ｐａｓｓｗｏｒｄ", "\u200b", "ſecret", "KEY", "K", "İ", "ß",
]  # fmt: skip


@pytest.mark.slow
@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=6)), max_size=24).map("".join))
def test_screened_equals_unscreened_on_random_text(text: str) -> None:
    assert _spans(corpus_spans.reference(), text) == _spans(_unscreened(), text)
