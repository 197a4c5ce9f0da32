"""An unquoted password is blanked through the end of its word, trailing punctuation and all.

Found by a new user (newuser13): `psql ... --password=Hunter2Secret! -c x` was stored as
`--password=[REDACTED:PASSWORD]! -c x`: the value is judged without trailing punctuation (so that
`token.` at a sentence's end is read as `token`), and the blanked span was that trimmed value, so
a password's last `!`, `.` or `)` was stored in clear. Real redactor (`get_redactor()`), no stand-in.
"""

from __future__ import annotations

import pytest

from memeval.redact import get_redactor

PASSWORD = "Hunter2Secret"

CASES = {
    "cli-flag": "psql -h db --password={p} -c 'select 1'",
    "cli-flag-space": "curl --password {p} https://example.test/",
    "mysql-p": "mysql -u root -p{p} shop",
    "env": "PGPASSWORD={p} psql -h db",
    "sshpass": "sshpass -p {p} ssh deploy@host",
    "sentence": "the password is {p} now",
}


@pytest.mark.parametrize("last", ["!", ".", ")", "?", "*"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_password_s_last_punctuation_is_blanked_with_it(case: str, last: str) -> None:
    secret = PASSWORD + last
    text = CASES[case].format(p=secret)
    out = get_redactor().redact(text).text
    assert PASSWORD not in out, out
    before, _, after = text.partition(secret)
    # what follows the password's word is kept as written, and nothing of the password is
    assert out.endswith(after), out
    assert out.startswith(before.rstrip()), out
    placeholder_end = out.index("]", len(before)) + 1
    assert out[placeholder_end:] == after, (out, after)


def test_a_sentence_s_full_stop_after_a_password_may_go_too() -> None:
    out = get_redactor().redact(f"my password is {PASSWORD}. Then log in").text
    assert PASSWORD not in out and out.endswith(" Then log in"), out
