"""A key cut across two events: each part is blanked from its own text alone (issue 15, redact25).

An agent wrote the first part of a credential into one memory event and the rest into the next;
both parts were stored raw in half of the cut benchmark's cases (`bench/redact_cut_halves.py`).
`_cuts.CutKeyReader` reads three shapes in one text: a registered prefix with a short body
ending it, a credential-named key whose quoted value it ends before closing, and a random run
of a registered body class starting it. A text's stored bytes still depend on it alone
(`redact_many` in any batch equals `redact` text by text).

Look-alikes checked beside each positive, written here (formats from their specifications, no
real data): a text starting with a git sha (40 and 7 hex digits, git's object names), a UUID
(RFC 9562), Base64 of a 1x1 PNG and of text, a file path, an identifier; a text ending with a
URL, a path, `ghp_` + a placeholder or a word.
"""

from __future__ import annotations

import random
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memeval.redact import get_redactor

LOOK_ALIKES = [
    "3f2a9c1e8b7d6a5f4e3d2c1b0a9f8e7d6c5b4a3f fix the flaky test in the scheduler",
    "3f2a9c1 fix the flaky test",
    "123e4567-e89b-12d3-a456-426614174000 is the run id",
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg== (a pixel)",
    "c2VlIHRoZSBydW5ib29rIGZvciB0aGUgZGVwbG95 is base64 of a sentence",
    "src/memeval/redact/_cuts.py was changed",
    "AgentCmdOpt = Annotated[str, typer.Option()]",
    "RULES_V2, the second rule set",
    "the docs are at https://docs.example.com/guides/tokens/rotate",
    "the key file is at /home/ops/.config/deploy/id_ed25519",
    "replace it with ghp_XXXX",
    "the prefix of a GitHub token is ghp_",
    "the answer is glpat-abc",
    'set token = "${DEPLOY_TOKEN',
]


@pytest.fixture(scope="module")
def red():  # type: ignore[no-untyped-def]
    return get_redactor()


def _untouched(red, texts: list[str]) -> None:  # type: ignore[no-untyped-def]
    got = red.redact_many(texts)
    assert [(t, r.text) for t, r in zip(texts, got, strict=True) if r.findings] == []


def test_a_cut_github_token_is_blanked_in_both_events(red) -> None:  # type: ignore[no-untyped-def]
    first = "The deploy token is ghp_a1B"
    second = "x9Kq2LmN7pR4sT8vW3yZ0bC5dF6gH1j and it expires Friday"
    a, b = red.redact_many([first, second])
    assert a.text == "The deploy token is [REDACTED:GITHUB_TOKEN]"
    assert b.text == "[REDACTED:GENERIC_SECRET] and it expires Friday"
    assert [f.detector for f in a.findings] == ["memeval:cut-head:github-pat"]
    assert [f.detector for f in b.findings] == ["memeval:cut-tail"]
    _untouched(red, LOOK_ALIKES)


def test_a_cut_value_after_a_credential_key_is_blanked(red) -> None:  # type: ignore[no-untyped-def]
    texts = ['db:\n  token = "n0kS', "password: '52Ve", "<settings>\n  <apiToken>YXNkZmZm"]
    got = red.redact_many(texts)
    assert [r.text for r in got] == [
        'db:\n  token = "[REDACTED:GENERIC_SECRET]',
        "password: '[REDACTED:GENERIC_SECRET]",
        "<settings>\n  <apiToken>[REDACTED:GENERIC_SECRET]",
    ]
    # closed values are the context rules' (not cut); a quote that closes an earlier one opens nothing
    _untouched(red, ['<entry value="password:"/>', *LOOK_ALIKES])


def test_a_key_body_ending_at_a_quote_tag_or_sentence_end_is_a_tail(red) -> None:  # type: ignore[no-untyped-def]
    body = "PmHpcqKtJBNT4N0Ta1AOUQcxSKkz"
    texts = [f"{body}</password>", f'{body}"}}', f"{body}. Rotated.", f"{body}\n"]
    got = red.redact_many(texts)
    assert all(r.text.startswith("[REDACTED:GENERIC_SECRET]") for r in got), [r.text for r in got]
    # glued on as a file name, an address (blanked as one) or a host is not a tail
    glued = red.redact_many([f"{body}.py is the file", f"{body}@example.com wrote", f"{body}:8080 answers"])
    assert [[f.detector for f in r.findings if f.detector.startswith("memeval:cut")] for r in glued] == [[], [], []]


ALPHABETS = (string.ascii_letters + string.digits, string.ascii_lowercase + string.digits)
"""Key body classes of the registered formats (`[A-Za-z0-9]`, `[a-z0-9]`): a cut tail is drawn uniformly from one."""


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    alphabet=st.sampled_from(ALPHABETS),
    size=st.integers(min_value=24, max_value=40),
    after=st.sampled_from([" and the rest of the note", "", "'", '")', "\n\nnext line"]),
    batch_at=st.integers(min_value=0, max_value=len(LOOK_ALIKES)),
)
def test_a_random_key_body_starting_an_event_is_blanked_in_any_batch(  # type: ignore[no-untyped-def]
    red, seed: int, alphabet: str, size: int, after: str, batch_at: int
) -> None:
    """A uniformly random tail is blanked (uniform tails of 24+ characters are missed 0.1-4% of the time:
    `_cuts._words` reads some as names; derandomized, so the same examples run every time)."""
    body = "".join(random.Random(seed).choices(alphabet, k=size))  # uniform, as a generated key's body
    text = body + after
    batch = [*LOOK_ALIKES[:batch_at], text, *LOOK_ALIKES[batch_at:]]
    many = red.redact_many(batch)
    assert [r.text for r in many] == [red.redact(t).text for t in batch]  # each text's bytes are its own
    assert body not in many[batch_at].text
    assert many[batch_at].text.endswith(after)
    assert [r.text for i, r in enumerate(many) if i != batch_at] == LOOK_ALIKES
