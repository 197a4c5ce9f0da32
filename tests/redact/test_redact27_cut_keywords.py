"""A key cut across two events whose first part follows a keyword rule's lead-in (redact27, issue 15).

redact26 left 20.7% of the cut benchmark's cuts (`bench/redact_cut_halves.py`) with both parts stored
raw, most with a second part no text-alone rule can tell from a sha or a number (hex, under 8
characters, one class). `_cutkeywords.KeywordCutReader` reads the first part instead: a text ending
with a keyword rule's lead-in (`abuseipdb = `, `mailboxlayer SECRET `) and 8+ characters that begin
the rule's body. Each head is placed in every corpus context that keeps a text's end where it is (a
cut's first part ends its event). Fake values written for this test.
"""

from __future__ import annotations

import pytest
from corpus_contexts import CONTEXTS

from memeval.redact import get_redactor

ENDS = [(n, w) for n, w in CONTEXTS if w("Q7vKx")[0].endswith("Q7vKx")]
"""The corpus contexts that keep a text's end (plain, after a shell comment, after a sentence)."""

CUTS = [
    ("abuseipdb = ", "d9a5a71e5216d5f68cbc", "08d64d3e16b1322bca21f8765a6efa8b1e1c763da916699ee6d0328d98531fe2"),
    ("mailboxlayer SECRET ", "16cf1e4c389b42d2", "9e4c1f7f44d4f3ec"),
    ("hunter: ", "ab7c15279b5b5bfec9ad", "752f3dfd90699205d14b"),
    ("asana_client_id=", "43198777", "33517166"),
    ("DATABASE_URL=postgresql://svc_user:", "UHnWn3a", "sWAJDEt@10.0.0.5/prod"),  # a URL cut before its `@`
]
"""(lead-in, first part ending the first event, the rest starting the next: hex or digits, which no
tail rule takes)."""

LOOK_ALIKES = [
    "sort_key: createdAt",
    "from pydantic import SecretStr, ValidationError",
    "the github commit 3f2a9c1e",
    "algolia index: products_v2",
    "abuseipdb = d9a5a71e5216d5f68cbc.",
    "slack channel: C024BE91L",
    "the search node is http://localhost:9200",
    "curl -u admin https://localhost:9200).",
]
"""Texts ending like a keyword rule's lead-in and a body's start that are none: a name, words after
`,`, a sha after a word no rule keys on, a name with digits, a run a sentence's `.` ends, an id,
URLs ending in a port."""


@pytest.fixture(scope="module")
def red():  # type: ignore[no-untyped-def]
    return get_redactor()


@pytest.mark.parametrize(("name", "wrap"), ENDS, ids=[n for n, _ in ENDS])
def test_a_keyword_rules_cut_first_part_is_blanked_and_the_key_is_not_stored_whole(red, name, wrap) -> None:  # type: ignore[no-untyped-def]
    firsts = [wrap(lead + head)[0] for lead, head, _ in CUTS]
    got = red.redact_many(firsts + [rest + " (continued)" for _, _, rest in CUTS])
    assert [r.text for r in got[: len(CUTS)]] == [red.redact(t).text for t in firsts]  # each text's own bytes
    assert [head for (_, head, _), r in zip(CUTS, got, strict=False) if head in r.text] == []
    stored = "\n".join(r.text for r in got)
    assert [head + rest for _, head, rest in CUTS if head in stored and rest in stored] == []


@pytest.mark.parametrize(("name", "wrap"), ENDS, ids=[n for n, _ in ENDS])
def test_texts_ending_like_a_cut_keyword_value_are_left_alone(red, name, wrap) -> None:  # type: ignore[no-untyped-def]
    texts = [wrap(t)[0] for t in LOOK_ALIKES]
    got = red.redact_many(texts)
    assert [(t, [f.detector for f in r.findings]) for t, r in zip(texts, got, strict=True) if r.findings] == []
