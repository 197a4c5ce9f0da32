"""A batch's rule screens run together, before any of its texts is judged (`screen_ahead`).

The rule detector (`_detector.RuleDetector._find`) starts every text the same way: normalise it,
blank its inline code, and ask the rule screen (`_screen.rules_skipped`: a Hyperscan scan for about
12,000 literals, then the conditions of the clauses filed under the literals found) which rules
cannot match. Inside a batch each text reached that screen after the redactor, the classifier and
the other hold stages had run on other texts, so the screen's tables (the literal database, some
850 compiled clause tests and their 5,000 literal sets) were no longer in the processor's caches:
measured inside a 2,000-event ingest of `bench/audit_ingest.py`'s events (one process, SQLite,
2026-12-06, load 8-11), `possible_set` took 42 us a text there and 10 us when called again at once
on the same text; `present_pair` about 30 against 13.

`screen_ahead` runs that first step for every text of a batch in one loop, where the tables stay
warm from one text to the next, and keeps each answer (`Screened`) in the batch's memo
(`_readings.readings_kept`, the one the classifier's readings made ahead already use); `_find`
then reads it (`screened`) instead of computing it. The three are pure functions of the text, so
every verdict, score and reason is the same, only computed earlier
(`tests/hold/test_screen_ahead.py`).

The kept answer holds the normalised text and its map back to the original offsets, about 40
bytes a character, so only texts of at most `AHEAD_MAX_CHARS` are screened ahead (a batch of
1,000 such texts keeps at most about 80 MB until the batch ends; ordinary memory texts are a few
hundred characters); a longer text is screened when it is judged, as before. The work ahead runs
inside `_batch.primed`, and so within the batch's budget for the readings made ahead
(`_budget.assess_many_budgeted`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, NamedTuple

from memeval.hold import _readings, _screen
from memeval.hold._normalize import Normalized, normalize
from memeval.hold._rule import INLINE_CODE
from memeval.hold._rules_v18 import KEEP18

if TYPE_CHECKING:
    from memeval.hold._detector import RuleDetector

AHEAD_MAX_CHARS = 2048
"""Longest text (in characters) whose screen is run ahead and kept for its batch (see the module docstring)."""


class Screened(NamedTuple):
    """The first step of judging a text with the rules (`screen_of`)."""

    norm: Normalized
    """The text normalised (`_normalize.normalize` with the detector's version's options)."""
    masked: str
    """`norm.text` with inline code blanked (what `markup` rules read); `norm.text` itself when it has none."""
    skipped: frozenset[int]
    """`id` of each rule that cannot match (`_screen.rules_skipped` of the two readings)."""


def screen_of(version: int, text: str) -> Screened:
    """The first step of the rule detector of `version` on `text`: normalised, inline code blanked, rules screened out.

    A pure function of its arguments (`_screen.rules_skipped` screens every rule table).
    """
    norm = normalize(text, KEEP18 if version >= 18 else frozenset(), version >= 22)  # 18: `KEEP18`, 22: punctuated
    t = norm.text
    masked = INLINE_CODE.sub(lambda m: " " * len(m.group()), t) if "`" in t else t
    return Screened(norm, masked, _screen.rules_skipped(t, masked))


def screener(version: int) -> Callable[[str], Screened]:
    """`screen_of` for one rules version, as one callable a version (the batch memo's key, `_readings._kept`)."""
    fn = _SCREENERS.get(version)
    if fn is None:
        fn = _SCREENERS.setdefault(version, functools.partial(screen_of, version))
    return fn


_SCREENERS: dict[int, Callable[[str], Screened]] = {}


def screened(detector: RuleDetector, text: str) -> Screened:
    """`screen_of(detector.version, text)`, from the batch's memo when `screen_ahead` (or an earlier call) kept it."""
    fn = screener(detector.version)
    return fn(text) if len(text) > AHEAD_MAX_CHARS else _readings._kept(fn, text)


def screen_ahead(detector: object, texts: Sequence[str]) -> None:
    """Screen every text of `texts` up to `AHEAD_MAX_CHARS` for every rule detector inside `detector`, now.

    Does nothing outside a `_readings.readings_kept` block (nothing would keep the answers). The rule
    detectors are found among `detector`'s attributes (`rule_detectors`); a detector without one is left alone.
    """
    if getattr(_readings._KEPT, "memo", None) is None:
        return
    for version in dict.fromkeys(r.version for r in rule_detectors(detector)):
        screen = screener(version)
        for text in dict.fromkeys(texts):
            if len(text) <= AHEAD_MAX_CHARS:
                _readings._kept(screen, text)


def rule_detectors(detector: object, depth: int = 3) -> Iterator[RuleDetector]:
    """Each `RuleDetector` that is `detector` or one of its attributes' (to `depth` levels), once, in the order met.

    Only attributes that are detectors themselves (they have `assess`) are looked into.
    """
    from memeval.hold._detector import RuleDetector

    seen: set[int] = set()
    stack: list[tuple[object, int]] = [(detector, 0)]
    while stack:
        node, level = stack.pop(0)
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, RuleDetector):
            yield node
            continue
        if level >= depth:
            continue
        for value in getattr(node, "__dict__", {}).values():
            if hasattr(value, "assess"):
                stack.append((value, level + 1))
