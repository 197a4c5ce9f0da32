"""A `MEMEVAL_SMTP_` number that is no number says so, rather than "out of range" (newuser32).

`MEMEVAL_SMTP_PORT=abc memeval report send ...` answered "MEMEVAL_SMTP_PORT='abc' (a TCP port) is out of
range: use a whole number from 1 to 65535": a word is in no range, so the message sent the reader looking
for a number that was too big. A value that does not parse as the kind the setting takes (a word, `nan`,
`2.5` for a whole number) is now "is not a whole number" / "is not a number"; a number past the range
(infinity included) is still "is out of range". Each still names the variable, the value and the range.
"""

from __future__ import annotations

import pytest

from memeval.auditreport import SmtpSettings
from memeval.errors import UsageError


@pytest.mark.parametrize(
    ("name", "value", "said"),
    [
        ("PORT", "abc", "is not a whole number: use a whole number from 1 to 65535"),
        ("PORT", "25.0", "is not a whole number: use a whole number from 1 to 65535"),
        ("ATTEMPTS", "2.5", "is not a whole number: use a whole number from 1 to 100"),
        ("TIMEOUT_S", "soon", "is not a number: use a number from 0.001 to 86400"),
        ("TIMEOUT_S", "nan", "is not a number: use a number from 0.001 to 86400"),
        ("PORT", "70000", "is out of range: use a whole number from 1 to 65535"),
        ("BACKOFF_S", "inf", "is out of range: use a number from 0 to 86400"),
        ("TIMEOUT_S", "-1", "is out of range: use a number from 0.001 to 86400"),
    ],
)
def test_a_word_is_not_a_number_and_a_big_number_is_out_of_range(name: str, value: str, said: str) -> None:
    with pytest.raises(UsageError) as caught:
        SmtpSettings.from_env({"MEMEVAL_SMTP_HOST": "127.0.0.1", f"MEMEVAL_SMTP_{name}": value})
    text = str(caught.value)
    assert text.startswith(f"MEMEVAL_SMTP_{name}={value!r} (") and said in text, text
    assert "or unset it for the default" in text, text
