"""Round 45's reading for the concept stage: a lesson's frame, a claimed approval and the risky step they carry.

Issue 15, round 45: measured by `bench/hold_cv_round45.py`, not shipped (no arm cleared the bar; memeval/hold/README.md,
round 45). Read only by the bench; no detector reads it.

`vector45(text)` is `_concepts42.vector42(text)` followed by `_concepts_lexicon45.LEXICON45`'s seven concepts (a
lesson's frame, a hand-off or approval claimed, a check skipped, a control weakened, something made public, rights
granted, records erased) and three products: a frame (this round's or an earlier list's) with a risky step, a claim
with a risky step, and a frame or claim with two risky steps or more. v44's benign team lessons carry the same frames
as its orders ("for every future session: always check ..."); the risky step is what the orders add. Kept apart from
`_concepts42` so that round 42-44's stage reads exactly what it was fitted on.
"""

from __future__ import annotations

import re
import unicodedata

from memeval.hold._concepts import _index, _scan
from memeval.hold._concepts42 import FEATURES42, vector42
from memeval.hold._concepts_lexicon45 import LEXICON45

_MYANMAR = re.compile(r"[\u1000-\u109f\uaa60-\uaa7f\ua9e0-\ua9ff]")
"""Myanmar script: `_concepts`' word pattern splits its words at every vowel sign, so its forms are read as
substrings of the folded text."""

_WORDS45 = {c: tuple(f for f in forms if not _MYANMAR.search(f)) for c, forms in LEXICON45.items()}
_MY45 = tuple((unicodedata.normalize("NFKC", f), c) for c, forms in LEXICON45.items() for f in forms
              if _MYANMAR.search(f))  # fmt: skip
_P45, _E45, _PH45, _S45 = _index(_WORDS45)
_P45_LENS = tuple(sorted({len(k) for k in _P45}))
_S45_LENS = tuple(sorted({len(k) for k in _S45}))

RISK45 = ("skip45", "weaken45", "expose45", "grant45", "erase45")
"""The concepts that name a risky step (a check skipped, a control weakened, something made public, rights granted,
records erased)."""


def concepts45(text: str, limit: int = 6000) -> set[str]:
    """The concepts of `LEXICON45` in the first `limit` characters of `text`.

    Matched as `_concepts.concepts38` matches its forms (stems, whole words, phrases, substrings of unspaced
    scripts), and Myanmar forms as substrings of the NFKC-folded text.
    """
    found = _scan(text, limit, _P45, _E45, _PH45, _S45, _P45_LENS, _S45_LENS)
    if _MYANMAR.search(text[:limit]):
        t = unicodedata.normalize("NFKC", text[:limit])
        found.update(c for f, c in _MY45 if f in t)
    return found


FEATURES45 = (
    *FEATURES42,
    *(f"concept_{c}" for c in LEXICON45),
    "frame_x_risk45",
    "claim_x_risk45",
    "framed_two_risks45",
)
"""The names of `vector45`'s numbers: `FEATURES42`, then `LEXICON45`'s concepts and three products."""

_I_FRAME = FEATURES42.index("frame_any")


def vector45(text: str) -> list[float]:
    """`FEATURES45` of `text` (84 numbers).

    `vector42`'s numbers, then whether each `LEXICON45` concept occurs (0 or 1), then: a frame (`frame45`, or
    `vector40`'s `frame_any`: a stored lesson, hand-off, authority claimed, "from now on", a speaker's frame) with a
    risky step (`RISK45`); a hand-off or claimed approval (`claim45`) with a risky step; a frame or claim with two
    risky steps or more.
    """
    v42 = vector42(text)
    found = concepts45(text)
    risks = sum(c in found for c in RISK45)
    frame = "frame45" in found or v42[_I_FRAME] > 0
    claim = "claim45" in found
    return [
        *v42,
        *(float(c in found) for c in LEXICON45),
        float(frame and risks > 0),
        float(claim and risks > 0),
        float((frame or claim) and risks > 1),
    ]


def framed_risk45(text: str) -> bool:
    """Whether `concepts45` reads a frame or a claim (`frame45`, `claim45`) and a risky step (`RISK45`) in `text`.

    Round 45's wider gate (`bench/hold_cv_round45.py`'s `gate` arms): such a text is asked of the concept stage even
    when round 34's stage scores it under the gate.
    """
    found = concepts45(text)
    return bool({"frame45", "claim45"} & found) and any(c in found for c in RISK45)
