"""Django keys, Sonar and Discord webhook credentials, PuTTY key files, e-mails inside URLs, talisman's last shapes and
the fifteenth check's look-alikes (issue 15, fresh15).

`tests/fixtures/redact_fresh15/fresh15.jsonl` (SonarSource/sonar-text's secret rule examples, CommonRegex's tests,
repo-supervisor's fixtures, pre-commit-hooks' and rusty-hog's tests) found on main: a Django key holding `)` or `=`,
`setx "SONAR_TOKEN" "sqa_..."`, a token under `- name: SONAR_LOGIN` / `value:`, a Discord webhook URL, a PuTTY key
file, an Artifactory reference token, a key as the default after `process.env.X ||` raw in 39-46 of the 46 contexts,
and an e-mail address in a URL's path or query raw in 3 (`url-path`, `url-query`, `url-encoded`); fourteenth's
leftovers (`tests/fixtures/redact_fresh14/README.md`): talisman's `:secret v`, `secret2-string : v`,
`<pass data=123> v </pass>`, `<admin password> v </mypassword>` and git-secrets' `aws_access_key_id= Hoagie+man` raw
in all 46. Rows of the corpora, each in all 46 contexts (a positive) or in the contexts that touched it on main (a
look-alike); guard rows are settings and code the new rules' shapes also give.
"""

from __future__ import annotations

import pytest
from corpus_contexts import CONTEXTS, contexts_named, leaked

from memeval.redact import get_redactor

DJANGO = "r&lvybzry1*k+qq)=x-!=0yd5l5#1gxzk!82@ru25*ntos3_9^"
SQA = "sqa_b4556a16fa2d28519d2451a911d2e073024010bc"
HOOK = (
    "https://discord.com/api/webhooks/1143503308481384529/"
    "SBkGFYyl6njbyg_DJwhP2x5s4XAzd8Ll5CZQ7HG4xfDRJhOTAIlb0UiPL4ykOZQNIHpd"
)
AZURE = "4dVw+l0W8My+FwuZ08dWXn+gHxcmBtS7esLAQSrm6/Om3jeyUKKGMkfAh38kWZlItThQYsg31v23A0w/uVP4pg=="
REFTKN = "cmVmdGtuOjAxOjE3MjY1MDk5NzU6RFZrZzdmMnBxdEJoMFZQTGU3S2I2R1NtUGNZ"
PUTTY = (
    "PuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: rsa-key-20230614\nPublic-Lines: 2\n"
    "AAAAB3NzaC1yc2EAAAADAQABAAABAQCMxcogLWgwfvEc8iJfJTAmKci0XjpKsnjZ\nrj5/hQt0aTJDIllZ0mZhyfidZSsplUydrFWU46wO8rk\n"
    "Private-Lines: 2\nAAABAGHv2H1cQ3SIwoI07pqOZuw6Sj0fbTiUJ7KSv1vLq0wEhzZmo4JIs7yWIdq1\n"
    "mXYK8bO1Pp0QhYkLAmLGKh4x5jvHv3Ifb0RlmvEh\nPrivate-MAC: 1b9d9e1e2c7b3a"
)

# (text, secret) from fresh15.jsonl and fresh14.jsonl: every one raw on main in 39-46 of the 46 contexts
POSITIVES = [
    (f"KEY = 'django-insecure-{DJANGO}'", f"django-insecure-{DJANGO}"),
    (f'SECRET_KEY = os.getenv("SECRET_KEY", "{DJANGO}")', DJANGO),
    (f'SECRET_KEY = env("SECRET_KEY", default="{DJANGO}")', DJANGO),
    (f'DEBUG=True\nSERVER_MODE=development\nSECRET_KEY={DJANGO}\nALLOWED_HOSTS=""', DJANGO),
    (f'@echo off\nsetx "SONAR_TOKEN" "{SQA}"', SQA),
    (f"params:\n- name: SONAR_PROJECT_KEY\n  value: my_project_key\n- name: SONAR_LOGIN\n  value: {SQA}", SQA),
    (f'props.set("discord_webhook_url", "{HOOK}")', HOOK),
    (f'const accountKey = process.env.ACCOUNT_KEY || "{AZURE}";', AZURE),
    (f'put("reference-with-user", "admin:{REFTKN}");', REFTKN),
    (PUTTY, "AAABAGHv2H1cQ3SIwoI07pqOZuw6Sj0fbTiUJ7KSv1vLq0wEhzZmo4JIs7yWIdq1"),
    (":secret randomStringGoesHere", "randomStringGoesHere"),
    (":pword randomStringGoesHere", "randomStringGoesHere"),
    ("secret2-string : UnsafeString", "UnsafeString"),
    ("pass2-string : UnsafeString", "UnsafeString"),
    ("<pword data=123> randomStringGoesHere </pword>", "randomStringGoesHere"),
    ("<admin password> randomStringGoesHere </mypassword>", "randomStringGoesHere"),
    ("<admin pass> randomStringGoesHere </mypass>", "randomStringGoesHere"),
    ("aws_access_key_id= Hoagie+man", "Hoagie+man"),
]


@pytest.mark.parametrize(("text", "secret"), POSITIVES, ids=[t[:24] for t, _ in POSITIVES])
def test_fresh15_credentials_are_blanked_in_every_context(text: str, secret: str) -> None:
    """Raw on main in 39-46 of the 46 contexts."""
    assert _missed(text, secret, CONTEXTS) == []


@pytest.mark.parametrize("address", ["john.smith@gmail.com", "no-reply@example0.com"])
def test_an_address_inside_a_url_is_blanked(address: str) -> None:
    """Raw on main in `url-path`, `url-query` and `url-encoded` (the match began at the host, after `://`, and was
    dropped as a URL's user part)."""
    assert _missed(address, address, contexts_named("url-path", "url-query", "url-encoded")) == []


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
        # fresh15's counted look-alikes touched on main, in the contexts that touched them
        ('const REDISURL = "redis://admin:$env{admin_pwd}@host"', ("plain", "json-object")),
        ("git@github.com:newrelic/rusty-hog-scanner.git", ("plain", "md-code-block", "shell-line")),
        ("upgrade to 1.0.0.120 first", ("plain", "md-list")),
        # fresh12's semgrep `ok:` line, touched by the first form of `colon-name-space-value` after a full-width colon
        ("password combination. R5: Regulatory--21", ("cjk-around", "cyrillic-glued")),
    ],
)
def test_fresh15_look_alikes_are_kept(text: str, where: tuple[str, ...]) -> None:
    """A variable in a URL's password, an SSH remote, a four-part version: touched on main."""
    ctxs = contexts_named(*where)
    outs = get_redactor().redact_many([wrap(text)[0] for _n, wrap in ctxs])
    assert [(n, o.text) for (n, _w), o in zip(ctxs, outs, strict=True) if o.findings] == []


@pytest.mark.parametrize(
    "text",
    [
        "aws_access_key_id = AKIAVOGONSVOGONS0042",
        "aws_access_key_id = ${AWS_ACCESS_KEY_ID}",
        "aws_access_key_id: YOUR_ACCESS_KEY_ID",
        's3 = client("s3", aws_access_key_id="this-is-not-a-key")',
        "const k = process.env.SORT_KEY || 'createdAt'",
        'const port = process.env.PORT || "8080"',
        "<input password>",
        "<key>CFBundleName</key>",
        "(:key record)",
        ":pass true",
        "password_string_length: 12",
        "setx PATH %PATH%;C:\\tools",
        'SECRET_KEY = env("SECRET_KEY")',
        'SECRET_KEY = os.getenv("SECRET_KEY", "abc")',
        "webhooks: https://discord.com/developers/docs/resources/webhook",
        "https://example.com/u/jo/profile",
        "https://abc123def456@o1.ingest.sentry.io/2",
    ],
)
def test_fresh15_guards_are_kept(text: str) -> None:
    """Guards: a real access key id (an identifier), templates and names, settings and markup the new rules' shapes
    also give; a URL with no address; a Sentry DSN's public key."""
    out = get_redactor().redact(text)
    assert [f for f in out.findings if f.entity_type != "AWS_ACCESS_KEY"] == [], out.text


def test_an_address_after_a_url_query_keeps_the_rest_of_the_url() -> None:
    """Only the address is blanked: the host and path before it stay."""
    out = get_redactor().redact("see https://example.com/docs/john.smith@gmail.com/index.html")
    assert out.text == "see https://example.com/docs/[REDACTED:EMAIL_ADDRESS]/index.html"


def test_a_value_with_a_bracket_is_still_a_value() -> None:
    """`env-secret` keeps a call (`env(`, `os.getenv(`: letters, `_`, `.` then `(`), not a password holding `(`."""
    assert "hunter2" not in get_redactor().redact("DB_PASSWORD=hunter2(x)").text
