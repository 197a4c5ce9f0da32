"""The hold assessments of texts seen before in this process, remembered: a repeated text is not assessed again.

Memory systems send the same text many times (a standing lesson re-sent each session, a
memory rewritten unchanged, a tool's boilerplate), and the hold detector's assessment costs
about 0.4 ms of CPU a text. `assess_many_remembered(detector, items)` returns
`memeval.hold.assess_many(detector, items)`, the same `HoldAssessment`s, assessing only the
(text, source) pairs it has not assessed before with that very detector.

Why the remembered answer is the fresh one: an assessment is a function of (text, source) and
the detector alone. `assess_many` returns `[detector.assess(t, s) for t, s in items]` bit for bit
whatever else is in the batch (`memeval.hold._batch`); the default detector's parts (rules, the
n-gram model's weights, decoded views) are fixed when it is built, and its caches (the rule
screen's memo) only skip work. `HoldAssessment` is frozen, so sharing one is safe. The memo is
tied to one detector object (another detector empties it) and bounded (`MEMO_CHARS`).
`tests/audit/test_hold_memo.py` compares remembered and fresh assessments over every hold
fixture and sample text.

Only the assessment is remembered, never a redaction: `Redactor.redact_many` blanks a secret
found in one text of a batch wherever it appears in the others, so a text's redaction depends on
its batch, and the hold detector reads the redacted text (which is the key here).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

MEMO_CHARS = 8_000_000
"""Characters of remembered texts at most (about 32 MB at worst); the memo is emptied past it."""

_LOCK = threading.Lock()
_MEMO: dict[tuple[str, str], Any] = {}
_OWNER: list[Any] = [None]
"""The detector the memo's assessments are of (kept alive by this reference, so its id is never reused)."""
_CHARS = [0]


def assess_many_remembered(detector: Any, items: Sequence[tuple[str, str]]) -> list[Any]:
    """`memeval.hold.assess_many(detector, items)`: the same assessments, the ones seen before from the memo.

    Args:
        detector: a hold detector (`memeval.hold.HoldDetector`); the memo holds one detector's answers.
        items: (text, source) pairs; the sources are the writer's checked ones.

    Returns:
        One `HoldAssessment` per item, in order.
    """
    from memeval.hold import assess_many

    with _LOCK:
        if _OWNER[0] is not detector:
            _MEMO.clear()
            _CHARS[0] = 0
            _OWNER[0] = detector
        known = {item: hit for item in items if (hit := _MEMO.get(item)) is not None}
    todo = list(dict.fromkeys(item for item in items if item not in known))
    fresh = dict(zip(todo, assess_many(detector, todo), strict=True)) if todo else {}  # type: ignore[arg-type]  # Sources the writer checked
    with _LOCK:
        if _OWNER[0] is detector:
            added = sum(len(t) for t, _ in fresh)
            if _CHARS[0] + added > MEMO_CHARS:
                _MEMO.clear()
                _CHARS[0] = 0
            _MEMO.update(fresh)
            _CHARS[0] += added
    return [known[item] if item in known else fresh[item] for item in items]
