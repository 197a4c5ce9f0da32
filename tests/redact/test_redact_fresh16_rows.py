"""A Google client id named by its setting, an e-mail glued to the number after it, and fresh15's two leftovers:
`KEY_IDENTIFIER` and an SSN as a URL path segment (issue 15, fresh16).

`tests/fixtures/redact_fresh16/fresh16.jsonl` (ZupIT/horusec's leak samples, DataFog/datafog-python's PII corpus)
found on main: horusec's HS-LEAKS-14 `GCP_SERVICE_ACCOUNT: '<id>.apps.googleusercontent.com'` raw in all 46 contexts
and `john@acme.com123-45-6789` raw in 42; fresh15's README left auth0/repo-supervisor's `KEY_IDENTIFIER: '<25
random>'` raw in 44 and CommonRegex's two SSNs raw in `url-path`. Rows of the corpora, in every context (or the one
that missed them); guard rows are settings, paths and addresses the new rules' shapes also give.
"""

from __future__ import annotations

import pytest
from corpus_contexts import CONTEXTS, contexts_named, leaked

from memeval.redact import get_redactor

CLIENT = "18256698220617903267772185514630273595-oy8_uzouz8tyy46y84ckrwei9_6rq_pb.apps.googleusercontent.com"
KEY = "GxC56B6x67anequGYNPsW_-TL"

# (text, secret): from fresh16.jsonl and fresh15.jsonl, raw on main in 42-46 of the 46 contexts
POSITIVES = [
    (
        f"    image: image/my-backend:latest\n    environment:\n      GCP_SERVICE_ACCOUNT: '{CLIENT}'",
        CLIENT,
    ),
    (f"  getSecret: () => 'gm5yb-hJWRoS7ZJTi_YUj_tbU',\n  secrets: {{\n    KEY_IDENTIFIER: '{KEY}',", KEY),
    ("john@acme.com123-45-6789", "john@acme.com"),
]


def _missed(text: str, secret: str, ctxs: list) -> list[str]:
    wrapped = [wrap(text) for _name, wrap in ctxs]
    outs = get_redactor().redact_many([t for t, _f in wrapped])
    return [
        name
        for (name, _w), (t, form), out in zip(ctxs, wrapped, outs, strict=True)
        if leaked(form(secret), out.text, beside=t)
    ]


@pytest.mark.parametrize(("text", "secret"), POSITIVES, ids=[t.strip()[:24] for t, _ in POSITIVES])
def test_fresh16_rows_are_blanked_in_every_context(text: str, secret: str) -> None:
    """Raw on main in 42-46 of the 46 contexts."""
    assert _missed(text, secret, CONTEXTS) == []


@pytest.mark.parametrize("ssn", ["523 23 4566", "523-04-1234"])
def test_an_ssn_as_a_url_path_segment_is_blanked(ssn: str) -> None:
    """Raw on main in `url-path` (`us-ssn` starts no number after `/`)."""
    assert _missed(ssn, ssn, contexts_named("url-path")) == []


def test_only_the_address_is_blanked_before_glued_digits() -> None:
    """The digits after the public suffix stay outside the address's blank."""
    out = get_redactor().redact("john@acme.com123 called")
    assert out.text == "[REDACTED:EMAIL_ADDRESS]123 called"


@pytest.mark.parametrize(
    "text",
    [
        f"KEY_NAME: '{KEY}'",
        f"KEY_ID = '{KEY}'",
        f"KEY_ALIAS: '{KEY}'",
        "KEY_IDENTIFIER: 'customer-records'",
        f'"client_id": "{CLIENT}"',
        f"sign in with {CLIENT} as the audience",
        "see https://example.com/2024/01/15/post",
        "see https://example.com/ids/123-45-6789/",
        "see https://example.com/ids/000-12-3456/",
        "build 20240115-1 at https://example.com/r/123-4567-89/x",
        "mail user@host.example2 later",
        "ping git@github.com:org/repo.git",
    ],
)
def test_fresh16_guards_are_kept(text: str) -> None:
    """Guards: identifiers' labels after `KEY_`, a plain word value, a client id under no Google name or in prose, a
    date path, an example and an invalid SSN in a path, a number of another shape, an address on no public suffix
    with digits, an SSH remote."""
    out = get_redactor().redact(text)
    assert not out.findings, out.text
