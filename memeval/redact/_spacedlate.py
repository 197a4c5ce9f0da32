"""A letter-spaced key read from after a short word the run took in before it (redact26, issue 15).

The spaced readings (`_decode.spaced_view`, `spaced_apart_view`, `_spacedmarks.spaced_marks_view`)
read a run from its first key character. A short word before the key whose characters stand a gap
apart too (`e.g: `, `x: `, `i.e. `, `="e.g: `) is read as the key's start: `placeholder="e.g: N-R- A
- K-- ...` read `egNRAK-...`, and the New Relic key behind it was not found (redact24's one miss of
the dashes and marks writings). The key starts after the first space of the run, where the word
before it ends: `spaced_late_view` reads each run (the longest where the readings' runs overlap)
from past that space, when it comes within `LEAD_MOST` characters of the run's start, with the
characters before it left as written (`spaced-late-2` reads past two such words: `note: e.g: `).
A run whose gaps all hold spaces (`g h p _ Z`) is read from its second character here, which finds
nothing the other readings do not.
"""

from __future__ import annotations

import re

from memeval.redact._decode import _replaced, _Run, _runs
from memeval.redact._spacedmarks import _mark_runs, maybe_start
from memeval.redact._views import View

LEAD_MOST = 12
"""Most characters of a word a run took in before its first space (`="e.g:` is six, `=1&q=e.g:` nine)."""
_LEAD = re.compile(rf"(?:[^\sA-Za-z0-9]{{1,{LEAD_MOST}}}\s+)?\S{{1,{LEAD_MOST}}}[ \t\u00a0]+")
"""The word a run took in, up to its first space (after marks alone on their line before it: a code fence)."""
_WORD_CHAR = re.compile(r"[A-Za-z0-9_]")


def _longest(runs: list[_Run]) -> list[_Run]:
    """`runs` without overlaps, the longer kept (then the first), left to right."""
    kept: list[_Run] = []
    for r in sorted(runs, key=lambda r: (-(r.end - r.start), r.start)):
        if all(r.end <= k.start or k.end <= r.start for k in kept):
            kept.append(r)
    return sorted(kept)


def _all_runs(text: str) -> list[_Run]:
    """Every run the spaced readings read in `text`: `_runs` and `_mark_runs`, overlaps left to the longer."""
    return _longest([*_runs(text), *_mark_runs(text)])


def spaced_late_view(text: str, words: int = 1) -> View | None:
    """`text` with each letter-spaced run read from past its first space, if that comes early; or None.

    For each run of the spaced readings (`_all_runs`), when `words` words of `LEAD_MOST` or fewer
    characters, each with the space after it, start it (`note: e.g: ` is two), the rest of the run is
    read again on its own (the runs found there from its
    start, the longest) and joined; the characters before it stay as written. A run glued to a word
    character at its end is joined without that character. Every joined character maps to the whole
    rest of the run. None when no run has such a start or its rest holds no run.
    """
    if maybe_start(text) is None:  # no place a run can start (ordinary prose, code, ids)
        return None
    pieces = []
    for r in _all_runs(text):
        at: int | None = r.start
        for _ in range(words):
            lead = _LEAD.match(text, at, r.end) if at is not None else None
            at = lead.end() if lead is not None else None
        if at is None:
            continue
        rest = text[at : r.end]
        first = [s for s in _all_runs(rest) if s.start == 0]
        if not first:
            continue
        s = first[0]
        tail = s.tail and _WORD_CHAR.match(text, at + s.end) is not None
        chars = s.chars[: len(s.chars) - 1] if tail else s.chars
        end = at + (s.inner[1] if tail else s.end)
        pieces.append((at, end, chars))
    return _replaced(text, pieces)
