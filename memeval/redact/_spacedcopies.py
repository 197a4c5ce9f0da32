"""Keys letter-spaced by one mark written three or four times a gap, the key holding that mark (redact26).

`_spacedmarks._OWN_MARK` reads gaps of one mark once or twice (`g..h.p`), with the key's own copies of
that mark between two gaps read as the key's, the fewest that fit. Gaps of up to three copies (`g---h-p
--_`, `S...T.S..P`) were misread there: a run of seven marks (`5-------V`: gaps of three either side of
the key's `-`) read as two of the key's, and the key did not match its rule. `copies_pattern(n)` is
`_OWN_MARK` with gaps of one to n copies of the mark (n in `COPIES`), each a reading of its own
(`spaced-copies-3`, `spaced-copies-4`), so the `spaced-marks` reading's runs stay as they were, and
each fires only where it reads a run that reading does not. The fewest key marks that fit are read:
a key's mark between two single-copy gaps (`5---V`, which gaps of three read as one gap) is lost, and
such a key is found only if its rule still matches.
"""

from __future__ import annotations

import functools
import re

import regex

from memeval.redact._decode import _KEY_CHAR, _MARK, _OTHER_KEY_CHAR, _SPACE
from memeval.redact._spacedmarks import _mark_runs, joined_runs, maybe_start
from memeval.redact._views import View

COPIES = (3, 4)
"""Most copies of the gap's mark in one gap, one reading each (`_OWN_MARK` reads two): a gap of up to
three read with four misses the key's mark between two single-copy gaps (`5---V`) more often."""


_THREE = re.compile(r"([^\sA-Za-z0-9])\1\1")
"""Three copies of a mark in a row: without them every gap holds one or two, which `_OWN_MARK` reads."""


@functools.cache
def copies_pattern(most: int) -> regex.Pattern[str]:
    """`_spacedmarks._OWN_MARK` with gaps of one to `most` copies of the mark (up to two spaces either side).

    Between two gaps, one or two of the mark in a row are the key's, the fewest that fit. Each step is
    atomic and ends at the next character that is neither a space nor the mark, so a search is linear.
    """
    gap = rf"{_SPACE}{{0,2}}(?P=mk){{1,{most}}}{_SPACE}{{0,2}}"
    step = rf"(?>(?:(?P<k>(?P=mk)){gap}){{0,2}}?(?P<k>{_OTHER_KEY_CHAR}))"
    return regex.compile(
        rf"(?P<k>{_KEY_CHAR}){_SPACE}{{0,2}}(?P<mk>{_MARK})(?P=mk){{0,{most - 1}}}{_SPACE}{{0,2}}{step}"
        rf"(?:{gap}{step}){{8,}}"
    )


def spaced_copies_view(text: str, most: int) -> View | None:
    """`text` with keys spaced by gaps of one to `most` copies of a mark joined (`g---h-p--_`); or None.

    The runs are `copies_pattern(most)`'s (searched as `_spacedmarks._mark_runs` searches, from where `_MAYBE` finds a
    start, the `spaced` readings' runs left out); a run the `spaced-marks` reading reads the same (same
    place, same characters) is left to it. None when no run is left.
    """
    if maybe_start(text) is None or _THREE.search(text) is None:  # no run, or no gap `_OWN_MARK` misreads
        return None
    marks = {(r.start, r.end, r.chars) for r in _mark_runs(text)}
    runs = _mark_runs(text, (copies_pattern(most),))
    return joined_runs(text, [r for r in runs if (r.start, r.end, r.chars) not in marks])
