"""Keys letter-spaced with other gaps, or under other combining marks, were stored raw (breaker round 24).

The letter-spaced reading (`_decode.spaced_view`) joined single key characters one ASCII space
apart only: the same key two spaces apart, or one no-break, thin or ideographic space or tab apart,
reads just as plainly and was kept as written. The unmarked reading (`unmarked_view`) dropped
combining marks from four blocks only: a key under the Cyrillic titlo (U+0483) or an enclosing
mark outside them (U+0488) was kept too.
"""

from __future__ import annotations

import pytest

from memeval.redact import get_redactor

TOKEN = "ghp_" + "Zq8vR2kLp9xYw3Tn7Bc5Df1Gh4Jk6Lm0Np2Q"

SPELLINGS = {
    "two spaces": "  ".join(TOKEN),
    "no-break space": "\u00a0".join(TOKEN),
    "thin space": "\u2009".join(TOKEN),
    "ideographic space": "\u3000".join(TOKEN),
    "tab": "\t".join(TOKEN),
    "one a line": "\n".join(TOKEN),
    "titlo": "".join(c + "\u0483" for c in TOKEN),
    "enclosing hundred thousands": "".join(c + "\u0488" for c in TOKEN),
    "hebrew point": "".join(c + "\u05b7" for c in TOKEN),
}


@pytest.mark.parametrize("name", sorted(SPELLINGS))
def test_a_spelt_key_is_blanked_alone_and_in_a_batch(name: str) -> None:
    text = f"use {SPELLINGS[name]} for the deploy"
    r = get_redactor()
    alone = r.redact(text).text
    assert "[REDACTED:" in alone, alone
    assert "Zq8v" not in "".join(ch for ch in alone if ch.isascii() and ch.isalnum()), alone
    batch = r.redact_many(["the deploy key is below", text, "thanks"])
    assert batch[1].text == alone


def test_spaced_figures_that_hold_no_key_stay() -> None:
    row = "  ".join("100011010010")
    text = f"the matrix row is {row} and the sum is 5"
    assert get_redactor().redact(text).text == text
