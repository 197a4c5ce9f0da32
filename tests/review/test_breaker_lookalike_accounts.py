"""Account names that look like another's are refused, and the error says which character.

Found by the breaker: the four-eyes rule compares account names, so an account `сarol` (a
Cyrillic `с`) beside `carol` would be a second person to it. Names were already ASCII only, but
the refusal printed `username 'сarol' is not allowed`, which reads as `carol` and gives the admin
no hint why: it now names the character (code point and Unicode name).
"""

from __future__ import annotations

import pytest

from memeval.errors import UsageError
from memeval.review._accounts import check_account


@pytest.mark.parametrize(
    ("name", "named"),
    [
        ("\u0441arol", "U+0441 CYRILLIC SMALL LETTER ES"),
        ("b\u03bfb", "U+03BF GREEK SMALL LETTER OMICRON"),
        ("dave\u200b", None),  # an invisible one is dropped by normalisation: this is `dave`
    ],
)
def test_look_alike_names_are_refused_naming_the_character(name: str, named: str | None) -> None:
    if named is None:
        assert check_account(name, "reviewer") == "dave"
        return
    with pytest.raises(UsageError) as err:
        check_account(name, "reviewer")
    msg = str(err.value)
    assert named in msg and "ASCII" in msg, msg
