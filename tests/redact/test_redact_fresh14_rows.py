"""Short credential names, a name then a comma and a quoted value, a YAML list under `api_keys:`, and the fourteenth
check's look-alikes (issue 15, fresh14).

`tests/fixtures/redact_fresh14/fresh14.jsonl` (thoughtworks/talisman's pattern detector test, SAP/credential-digger's
scanner fixtures, awslabs/git-secrets' tests and README) found on main: a value after `pass`, `pword`, `pw` or `key`
as the whole name (`pass=appropriate`, `KEY:UnsafeString`, `"pw" : UnsafeString`) and after a credential name, a comma
and a quoted value (`secret ,"randomStringGoesHere"`) raw in all 46 contexts; the second key of a YAML list under
`api_keys:` raw in 44; an empty `UI_PASSWORD=` taking the next YAML line's name, and a mask `password=******` before
a full stop, blanked. Rows of the corpus, each in all 46 contexts (a positive) or in the contexts that touched it
(a look-alike); guard rows are settings a short name also gives.
"""

from __future__ import annotations

import pytest
from corpus_contexts import CONTEXTS, contexts_named, leaked

from memeval.redact import get_redactor

# (text, secret) from fresh14.jsonl: every one raw in 44-46 of the 46 contexts on main
POSITIVES = [
    ("pass=appropriate", "appropriate"),
    ("KEY:UnsafeString", "UnsafeString"),
    (".pword=randomStringGoesHere}", "randomStringGoesHere"),
    ('"pw" : UnsafeString', "UnsafeString"),
    ('"SERVER_PWORD" : UnsafeString', "UnsafeString"),
    ('secret ,"randomStringGoesHere"', "randomStringGoesHere"),
    ("'pwd' ,\"randomStringGoesHere\"", "randomStringGoesHere"),
    ('"passphrase" ,"randomStringGoesHere"', "randomStringGoesHere"),
]
YAML_KEYS = "api_keys:\n  - eqpcn135b4tcd6o1u23v5po197gds974\n  - d7adf046b10b8b50782320fvbh23f7185"


@pytest.mark.parametrize(("text", "secret"), POSITIVES, ids=[t[:24] for t, _ in POSITIVES])
def test_fresh14_credentials_are_blanked_in_every_context(text: str, secret: str) -> None:
    """Raw on main in all 46 contexts."""
    assert _missed(text, secret, CONTEXTS) == []


def test_the_second_key_of_a_yaml_list_under_api_keys_is_blanked() -> None:
    """Raw on main in 44 of 46 contexts; left: `html-p` (`</p>` glued to the key) and `colon-after` (`key: rotated`
    reads as a YAML mapping, not a list item)."""
    ctxs = [c for c in CONTEXTS if c[0] not in ("html-p", "colon-after")]
    assert _missed(YAML_KEYS, "d7adf046b10b8b50782320fvbh23f7185", ctxs) == []


def _missed(text: str, secret: str, ctxs: list) -> list[str]:
    wrapped = [wrap(text) for _name, wrap in ctxs]
    outs = get_redactor().redact_many([t for t, _f in wrapped])
    return [
        name
        for (name, _w), (t, form), out in zip(ctxs, wrapped, outs, strict=True)
        if leaked(form(secret), out.text, beside=t)
    ]


@pytest.mark.parametrize(
    ("text", "where"),
    [
        # fresh14's look-alikes touched on main, in the contexts that touched them
        ("UI_PASSWORD=", ("yaml-block",)),
        ("POSTGRES_PASSWORD=", ("yaml-block",)),
        ("SECRET_KEY=", ("yaml-block",)),
        ("password=******", ("period-after", "comma-after", "bang-after", "question-after", "ellipsis-after")),
    ],
)
def test_fresh14_look_alikes_are_kept(text: str, where: tuple[str, ...]) -> None:
    """An empty assignment before a YAML `name:` line, a mask before punctuation: touched on main."""
    ctxs = contexts_named(*where)
    outs = get_redactor().redact_many([wrap(text)[0] for _n, wrap in ctxs])
    assert [(n, o.text) for (n, _w), o in zip(ctxs, outs, strict=True) if o.findings] == []


@pytest.mark.parametrize(
    "text",
    [
        "key: Escape",
        "key=user_id",
        "key: ArrowLeft",
        '{"key": "name", "value": 3}',
        "partition_key: customerId",
        "sort_key=createdAt",
        "hotkey=Ctrl+Shift+P",
        "bypass=maintenance",
        "compass: northwest",
        "pass: true",
        "pass: 12 tests",
        "pw: 8",
        'sorted(items, key, "name")',
        'the secret, "something something" of it',
        'token, "Bearer"',
        "secrets:\n  - name: db-creds\n  - name: api",
        "API_KEY=\nNEXT_PUBLIC_URL=https://example.com",
        'key = "UI_PAS" + "SWORD="',
        "key = 'TestBase64DetectorShouldNotDetectLongMethodNames'",
        "      key = OpenSSL::PKey::RSA.new key_pem, ENV['SECRET']\n    end",
        "secrets:\n  - key: pro_password\n    valueFrom: vault",
        '{"kind":"token","UserAgent":"curl"}',
        'headers = ["x-api-token", "content-type", "user-agent"]',
    ],
)
def test_settings_under_short_names_are_kept(text: str) -> None:
    """Guards: a setting under `key`/`pass` or a prefixed name, a comma before a word or a phrase, a list of names."""
    assert get_redactor().redact(text).findings == ()


def test_a_key_pasted_below_an_empty_assignment_is_still_blanked() -> None:
    """A YAML `name:` is no value, but a pasted key on the next line still is (redact45's guard)."""
    out = get_redactor().redact("API_KEY=\nq8W2e7R1t6Y3u9I4o0P5aB7cD9eF1gH3")
    assert "q8W2e7R1t6Y3" not in out.text
