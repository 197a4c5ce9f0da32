"""A letter-spaced key after a short word whose characters the run took in (`e.g: `), redact26, issue 15.

redact24 left one miss: `placeholder="e.g: N-R- A - K-- ...`, where the spaced readings read the run
from `e.g:` (`egNRAK-...`) and the New Relic key behind it was not found. On main, of the owned
corpus's 928 credential values of 12+ characters written with mixed marks (`. ` `-` `,` in turn) after
`e.g: `, 585 were blanked (925 without the word); now 852. `_spacedlate.spaced_late_view` reads each
run again from past its first space (and its second) when that comes within twelve characters of its start.

The key is placed in every context of the corpus test (`corpus_contexts.CONTEXTS`) that keeps the text
as written. Keys from the owned corpus (scanners' public examples) and one GitHub-format key made up here.
"""

from __future__ import annotations

import re

import pytest
from corpus_contexts import CONTEXTS, leaked

from memeval.redact import get_redactor

_PROBE = "Q7vKx-9"
VERBATIM = [(n, w) for n, w in CONTEXTS if _PROBE in w(_PROBE)[0] and w(_PROBE)[1](_PROBE) == _PROBE]
"""The corpus contexts that hold a text as written."""

KEYS = [
    "NRAK-CIH1YVYWKA9ZP6E49WP5XYJH1G9",  # noseyparker's New Relic example (tests/fixtures/redact_corpus)
    "shpca_7jqbg9cupMkZRxJKXWz3v8BvS8QBa7hMdJfAex",  # Shopify custom-app and partner tokens (the same corpus)
    "shppa_7jqbg9cupMkZRxJKXWz3v8BvS8QBa7hMdJfAex",
    "ghp_R7mK2xQ9vL4pZ8tN3wB6yH1cF5jD0sA2gE4u",
]
WORDS = ["e.g: ", "x: ", "i.e. ", 'placeholder="e.g: ']
"""Short words before a key whose characters stand a gap apart too."""
GAPS = (". ", "-", ",")
"""A mixed-mark writing (redact24's `marks`): the gap after each character in turn."""


def _spaced(key: str) -> str:
    return key[0] + "".join(GAPS[k % len(GAPS)] + c for k, c in enumerate(key[1:]))


@pytest.mark.parametrize("word", WORDS)
def test_a_spaced_key_after_a_short_word_is_blanked_in_every_context(word: str) -> None:
    red = get_redactor()
    drop = re.compile("[" + re.escape("".join(GAPS)) + "]")
    missed = []
    for name, wrap in VERBATIM:
        texts = [wrap(f"{word}{_spaced(key)} is set")[0] for key in KEYS]
        for key, out in zip(KEYS, red.redact_many(texts), strict=True):
            if leaked(drop.sub("", key), drop.sub("", out.text)):
                missed.append((name, key))
    assert missed == []


def test_a_spaced_run_with_no_key_after_a_short_word_is_left_alone() -> None:
    """Letter-spaced prose and a dotted list after `e.g: ` name no key."""
    texts = [
        "e.g: t. h-e, q. u-i, c. k-b, r. o-w, n-f, o. x-j",
        "x: 1. 2-3, 4. 5-6, 7. 8-9, 0. 1-2, 3. 4-5",
        "i.e. a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p",
    ]
    assert [r.findings for r in get_redactor().redact_many(texts)] == [(), (), ()]
