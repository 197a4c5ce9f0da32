"""A context rule's `screen` (a regex every match contains) only skips work: with and without the
screens the context rules find exactly the same spans, on every corpus item in every context, on
the sample's texts and ids, and on random text built from the pieces the rules look for."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from corpus_contexts import CONTEXTS, load_corpus
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memeval.redact._context import ContextRecognizer, load_rules

ROOT = Path(__file__).resolve().parents[2]
SCREENED = ContextRecognizer(load_rules())
UNSCREENED = ContextRecognizer(tuple(dataclasses.replace(r, screens=()) for r in load_rules()))


def _spans(rec: ContextRecognizer, text: str) -> list[tuple[str, int, int]]:
    return sorted((r.entity_type, r.start, r.end) for r in rec.analyze(text, []))


def test_some_rules_have_screens() -> None:
    assert {"config-assignment", "prose-password", "env-secret", "us-ssn", "card-plain"} <= {
        r.id for r in load_rules() if r.screens
    }


@pytest.mark.slow
@pytest.mark.timeout(1200)
def test_screened_equals_unscreened_on_the_corpus_in_every_context() -> None:
    texts = [wrap(item.text)[0] for item in load_corpus() for _, wrap in CONTEXTS]
    for path in ("week.jsonl", "decisions.jsonl"):
        for line in (ROOT / "samples" / "fernhill" / "audit" / path).read_text().splitlines():
            e = json.loads(line)
            texts += [v for v in e["payload"].values() if isinstance(v, str)]
            texts += [v for v in (e["sender_event_id"], e["session"], e["subject"], e["actor"]["id"]) if v]
    texts += ["\n\n\n".join(texts[k : k + 50]) for k in range(0, 400, 50)]  # batches joined as the id check reads them
    differ = [t[:80] for t in texts if _spans(SCREENED, t) != _spans(UNSCREENED, t)]
    assert differ == [], differ[:5]
    assert sum(bool(_spans(SCREENED, t)) for t in texts) > 1000  # the rules do find things here


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
    assert _spans(SCREENED, text) == _spans(UNSCREENED, text)
