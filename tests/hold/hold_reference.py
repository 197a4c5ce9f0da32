"""The default hold detector's assessment of each (text, source), one text at a time, computed once a process.

Two checks compare a fast path with `assess`, one text at a time, over every hold fixture and sample
text (about 13,700): `test_hold_fast_paths.py::test_assess_many_gives_the_assessments_of_assess` (the
batched `assess_many`) and `tests/audit/test_hold_memo.py::test_remembered_assessments_are_the_fresh_ones`
(the hold memo). That reference took each of them 15-30 CPU s, the same texts assessed twice in the
suite. Both tests carry `xdist_group("hold_assessments")`, so one worker runs them, and the second
reads the first's answers here. An answer kept is one `assess` gave for that very (text, source),
one text at a time, on the same detector object (the process's `get_hold_detector()`); `assess` is a
function of them (what the memo itself rests on), never the fast path under test.
"""

from __future__ import annotations

from collections.abc import Sequence

from memeval.hold import HoldAssessment, HoldDetector, get_hold_detector

_DONE: dict[tuple[str, str], HoldAssessment] = {}
"""(text, source) -> the default detector's `assess` of it, in this process."""


def assessed_one_by_one(det: HoldDetector, items: Sequence[tuple[str, str]]) -> list[HoldAssessment]:
    """`[det.assess(text, source) for text, source in items]`, the default detector's kept for the process.

    Args:
        det: the detector; only the process's default (`get_hold_detector()`) has its answers kept.
        items: (text, source) pairs, source one of `memeval.hold.SOURCES`.

    Returns:
        One assessment per item, in order.
    """
    if det is not get_hold_detector():
        return [det.assess(t, s) for t, s in items]  # type: ignore[arg-type]  # Sources from SOURCES
    out = []
    for text, source in items:
        done = _DONE.get((text, source))
        if done is None:
            done = _DONE[(text, source)] = det.assess(text, source)  # type: ignore[arg-type]  # a Source
        out.append(done)
    return out
