"""Plain-word passwords: after a user name with no verb or quote, and under `creds` (issue 15, redact39).

scrubadub's credential tests write `login snoop pw biggreenhat`, `UserName snoop PassWord biggreenhat`,
`u: snoop` / `p: biggreenhat` on two lines and `username root` / `password crickets`: main stored all four raw in
44-46 of the 46 contexts (`prose-password` takes a plain word only after a verb, `:` or a quote, else "password
required" would be blanked). `rules/context.toml` `user-then-password` reads the pair; common words and
placeholders stay.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_redact37_code_names import _misses, _rows

from memeval.redact import get_redactor

ROOT = Path(__file__).resolve().parents[2]
FRESH9 = ROOT / "tests" / "fixtures" / "redact_fresh9" / "fresh9.jsonl"

PAIRS = {
    "test_detector_credentials.py#2",
    "test_detector_credentials.py#3",
    "test_detector_credentials.py#4",
    "test_detector_credentials.py#6",
}

KEPT = [
    "login failed password incorrect",
    "user admin pw changeme",
    "the user clicks password reset",
    "login page password field",
    "user: alice, password: <your-password>",
    "username ${USER} password ${PASSWORD}",
    "u: 3 p: 4",
]


def test_scrubadub_pairs_are_blanked_in_every_context() -> None:
    """On main #3, #4 and #6 are raw in 44-46 contexts and #2 in 44."""
    rows = _rows(FRESH9, {"scrubadub"}, PAIRS)
    assert {label for label, _t, _s in rows} == PAIRS
    assert _misses(rows) == []


@pytest.mark.parametrize("text", KEPT)
def test_words_and_placeholders_after_a_user_name_are_kept(text: str) -> None:
    assert get_redactor().redact(text).findings == ()


def test_only_the_password_is_blanked() -> None:
    out = get_redactor().redact("login snoop pw biggreenhat")
    assert out.text == "login snoop pw [REDACTED:PASSWORD]"


def test_a_quoted_word_under_creds_is_blanked_in_every_context() -> None:
    """IBM detect-secrets' DB2 test `creds = "ilikelemons"`: raw in all 46 contexts on main."""
    rows = _rows(FRESH9, {"ibm"}, {"db2#15"})
    assert [label for label, _t, _s in rows] == ["db2#15"]
    assert _misses(rows) == []


@pytest.mark.parametrize(
    "text",
    [
        'creds = "required"',
        "creds = None",
        'creds_file = "/etc/creds.json"',
        # `auth` names a method as often as a password (redact42: `auth-assignment`, `rules/auth_methods.toml`)
        'auth = "kerberos"',
        'auth: "SCRAM-SHA-256"',
        '"auth": "oauth2"',
        "auth = 'none'",
        'auth: "${AUTH}"',
        'basic_auth = "enabled"',
        'requires_auth: "yes"',
    ],
)
def test_settings_under_creds_and_auth_are_kept(text: str) -> None:
    assert get_redactor().redact(text).findings == ()


@pytest.mark.parametrize("text", ["api_key = sk-proj-...", "token = github_pat_.", "key = mergify_application_key_…"])
def test_a_key_prefix_before_dots_is_kept(text: str) -> None:
    """A prefix ending in `-`/`_` before dots is a key shown cut short; the longest bundled prefix fits `PREFIX_MAX`."""
    from memeval.redact._rulefiles import rule_file
    from memeval.redact._values import PREFIX_MAX

    prefixes = [k for k in rule_file("betterleaks_keywords.toml")["keywords"] if k.endswith(("-", "_"))]
    assert max(map(len, prefixes)) <= PREFIX_MAX
    assert get_redactor().redact(text).findings == ()
