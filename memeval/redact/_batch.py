"""A batch's texts joined for one scanner call, and each finding sent back to the one text it is in.

The scanners cost a fixed time per call, so `Redactor.detect_many` scans a batch's texts joined by
`BATCH_SEPARATOR`. No separator can part every rule: a pattern with an unbounded blank run or a
count of lines (betterleaks' `curl-auth-user` reads up to ten line breaks after `curl`) runs from
one text into the next, where it both misses what the first text holds alone and reports what
the next one does not. So a finding decides only when its whole rule match (`MATCH_KEY`, else its
span) and its span lie inside one text; the texts any other finding touches are scanned again
alone (`sort_out`'s second answer), so each text's findings are the ones it would get alone.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from itertools import accumulate
from typing import NamedTuple

from presidio_analyzer import RecognizerResult

from memeval.redact._scanners import ALONE_KEY, BATCH_SEPARATOR, MATCH_KEY

__all__ = ["BATCH_SEPARATOR", "Joined", "join", "overlapping", "sort_out"]


class Joined(NamedTuple):
    """Texts joined by `BATCH_SEPARATOR`: the joined text, each text's start in it, and its length."""

    text: str
    starts: list[int]
    lengths: list[int]


def join(texts: Sequence[str]) -> Joined:
    """`texts` joined by `BATCH_SEPARATOR`, with where each one starts (character offsets)."""
    lengths = [len(t) for t in texts]
    starts = list(accumulate([n + len(BATCH_SEPARATOR) for n in lengths[:-1]], initial=0))
    return Joined(BATCH_SEPARATOR.join(texts), starts, lengths)


def overlapping(starts: Sequence[int], lengths: Sequence[int], start: int, end: int) -> list[int]:
    """Indexes of the joined texts (at `starts`, of `lengths`) that the joined span `[start, end)` overlaps."""
    i = bisect.bisect_right(starts, start) - 1
    hits = []
    while 0 <= i < len(starts) and starts[i] < end:
        if start < starts[i] + lengths[i]:
            hits.append(i)
        i += 1
    return hits


def sort_out(results: Sequence[RecognizerResult], joined: Joined) -> tuple[list[list[RecognizerResult]], set[int]]:
    """Each result found in `joined.text`, moved into the text it is wholly in; and the texts crossed.

    A result decides for text i only when its rule match (`MATCH_KEY` in its metadata, else its own
    span) and its span both lie in text i and its rule needs no partner (`ALONE_KEY`). Any other
    result (a match that starts in one text and ends in the next, a value placed in one text by a
    match in another, a secret reported because its partner is in another text) decides nothing:
    every text it touches is in the returned set, to be scanned again alone by the caller.

    Returns:
        (per text: its results with offsets into that text and no `MATCH_KEY`; indexes of the texts
        to scan again alone). The caller drops what the first list holds for those texts.
    """
    starts, lengths = joined.starts, joined.lengths
    per_text: list[list[RecognizerResult]] = [[] for _ in starts]
    crossed: set[int] = set()
    for r in results:
        meta = dict(r.recognition_metadata or {})
        m_lo, m_hi = meta.pop(MATCH_KEY, None) or (r.start, r.end)
        lo, hi = min(m_lo, r.start), max(m_hi, r.end)
        i = bisect.bisect_right(starts, lo) - 1
        if not meta.pop(ALONE_KEY, False) and i >= 0 and hi <= starts[i] + lengths[i]:
            if r.end > r.start:
                at = starts[i]
                per_text[i].append(
                    RecognizerResult(r.entity_type, r.start - at, r.end - at, r.score, recognition_metadata=meta)
                )
        else:
            crossed.update(overlapping(starts, lengths, lo, max(hi, lo + 1)))
    return per_text, crossed
