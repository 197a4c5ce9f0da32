"""A password given to `-u`/`--user` with no user name before its colon is blanked.

`curl -u ":PASSWORD"` (an API that takes the key as the password, Elasticsearch's and
Mailgun's documented form) reached no rule whose password began with `x`: betterleaks'
`curl-auth-user` drops such a value, and memeval's `cli-user-password` wanted at least one
character of user name. Found by ingest16 (a random password in the stored-bytes test began
with `x` about once in sixty runs). Every first character is tried, alone and in a batch.
"""

from __future__ import annotations

import string

import pytest

from memeval.redact import get_redactor

TAIL = "YVbzKuS7m0DdG"
FIRSTS = string.ascii_letters + string.digits


@pytest.mark.parametrize(
    ("template", "firsts"),
    [
        ('curl -u ":{pw}" https://localhost:9200/_cat/indices', FIRSTS),
        ("curl -u :{pw} https://api.example.net/v3/messages", "xX0a"),
        ("curl --user=':{pw}' https://localhost:9200", "xX0a"),
        ("curl --proxy-user :{pw} -x http://proxy.internal:3128 https://example.org", "xX0a"),
    ],
)
def test_every_first_character_is_blanked_with_no_user_name(template: str, firsts: str) -> None:
    """Each password (first character any of `firsts`: all 62 letters and digits once) is gone, alone and batched."""
    red = get_redactor()
    texts = [template.format(pw=first + TAIL) for first in firsts]
    for text, batched in zip(texts, red.redact_many(texts), strict=True):
        alone = red.redact(text)
        password = text.split(":", 1)[1][: 1 + len(TAIL)]
        assert password not in alone.text, alone.text
        assert password not in batched.text, batched.text
        assert "[REDACTED:" in alone.text


def test_a_user_with_no_password_is_left_alone() -> None:
    """`-u bob:` (curl then asks for the password) has nothing to blank."""
    text = "curl -u bob: https://localhost:9200"
    assert get_redactor().redact(text).text == text
