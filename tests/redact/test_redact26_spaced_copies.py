"""Letter-spaced keys whose gaps hold three or four copies of a mark the key holds too (redact26, issue 15).

redact24's `spaced-marks` reading takes gaps of one mark once or twice, with the key's own copies of
that mark between two gaps (`S. ..P` is `S.P`). Gaps of up to three or four copies were misread: on main,
of the owned corpus's 266 credential values of 12+ characters holding a `-`, written with gaps of `-`
`--` `---` in turn, 22 were blanked; of 165 holding a `.` with `.` `..` `...`, 16. Two readings
(`_spacedcopies`, gaps of one to three and one to four copies) read them.

Each case is placed in every context of the corpus test (`corpus_contexts.CONTEXTS`) that keeps the
text as written (no escaping or encoding, which the other readings' tests cover).
"""

from __future__ import annotations

import re

import pytest
from corpus_contexts import CONTEXTS, leaked, load_corpus, word_around

from memeval.redact import get_redactor

_PROBE = "Q7vKx-9"
VERBATIM = [(n, w) for n, w in CONTEXTS if _PROBE in w(_PROBE)[0] and w(_PROBE)[1](_PROBE) == _PROBE]
"""The corpus contexts that hold a text as written."""


def _cases(mark: str) -> list[tuple[str, str, str]]:
    """(text, word, value) of every 6th owned-corpus credential value of 16+ characters holding `mark`, no space,
    standing once in its text (the word is rewritten wherever it stands: copies of a key glued together, as the
    ninth check's veles rows write them, would become one spaced run that no reading splits)."""
    cases = sorted(
        {
            (item.text, word_around(item.text, s), s)
            for item in load_corpus()
            if item.group == "credential"
            for s in item.secrets
            if len(s) >= 16 and item.text.count(s) == 1 and mark in s and not any(c.isspace() for c in s)
        }
    )
    return cases[::6]


def _spaced(word: str, mark: str, copies: tuple[int, ...]) -> str:
    """`word` with a gap of `mark` between each two characters, `copies[k % len]` copies in the k-th gap."""
    return word[0] + "".join(mark * copies[k % len(copies)] + c for k, c in enumerate(word[1:]))


WRITINGS = [("-", (3, 1, 2)), (".", (3, 1, 2)), ("-", (4, 3)), (".", (4, 3))]
"""(mark, copies of it per gap in turn): gaps of up to three, and of three or four."""


@pytest.mark.parametrize(("mark", "copies"), WRITINGS, ids=[f"{m}{c}" for m, c in WRITINGS])
def test_a_key_spaced_by_up_to_four_copies_of_its_own_mark_is_blanked_in_every_context(
    mark: str, copies: tuple[int, ...]
) -> None:
    cases = _cases(mark)
    assert len(cases) >= 20  # noqa: PLR2004
    red = get_redactor()
    drop = re.compile(re.escape(mark))
    missed = []
    for name, wrap in VERBATIM:
        texts = [wrap(text.replace(word, _spaced(word, mark, copies)))[0] for text, word, _ in cases]
        for (_t, _w, value), out in zip(cases, red.redact_many(texts), strict=True):
            if leaked(drop.sub("", value), drop.sub("", out.text)):
                missed.append((name, value))
    assert missed == []
