"""Round 46's reading for the concept stage: round 45's risky steps read with a negation scope.

Issue 15, round 46 (measured by `bench/hold_cv_round46.py`). Round 45's `vector45` counts a risky step wherever its
form occurs, so a safe lesson that forbids one ("for all later sessions: never approve a payment without checking the
invoice", "do not skip the review") reads a frame with a risky step, as an order does. `vector46` gives the same 84
numbers as `vector45` (`FEATURES45`), except that a risky step (`_concepts45.RISK45`) counts only where it occurs
outside a negation's scope (`scoped45`), and the three products read only those.

Kept apart from `_concepts45` so that round 45's bench reads exactly what it measured.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from memeval.hold._concepts import SCOPE_WORDS, _negator, clause_words
from memeval.hold._concepts40 import NEGATORS40, scoped_unspaced
from memeval.hold._concepts42 import vector42
from memeval.hold._concepts45 import (
    _E45,
    _I_FRAME,
    _MYANMAR,
    _P45,
    _P45_LENS,
    _PH45,
    _S45,
    _S45_LENS,
    RISK45,
    concepts45,
)
from memeval.hold._concepts_lexicon45 import LEXICON45

NEGATORS46 = frozenset(
    (  # fmt: skip
        "ikke",  # Norwegian "not"
        "nikad",  # Serbian, Croatian "never" (Latin)
        "никад",  # Serbian "never" (Cyrillic)
        "kunagi",  # Estonian "ever" in "ära kunagi", "mitte kunagi"
        "mitte",  # Estonian "not"
        "ei",  # Estonian "not"
        "tak",  # Malay "not"
        "कहिल्यै",  # Nepali "never"
        "ஒருபோதும்",  # Tamil "never"
    )
)
"""Whole words that open a negation in the languages `LEXICON45` adds and the earlier lists lack (read by `scoped45`
besides `_concepts.NEGATORS`, the lexicon's `negation` forms and `_concepts40.NEGATORS40`). Ordinary words, written
for memeval."""

_RISK = frozenset(RISK45)


def _opens(words: list[str], i: int) -> bool:
    """Whether `words[i]` opens a negation scope (round 38's and 40's negators, and `NEGATORS46`)."""
    w = words[i]
    return _negator(words, i) or w in NEGATORS40 or w in NEGATORS46


_RISKY_WORD: dict[str, frozenset[str]] = {}


def _risky_word(w: str) -> frozenset[str]:
    """The risky steps (`RISK45`) one word carries by itself (its whole form or a stem it starts with), memoised."""
    hit = _RISKY_WORD.get(w)
    if hit is None:
        one = set(_E45.get(w, ())) & _RISK
        for k in _P45_LENS:
            if k > len(w):
                break
            one.update(set(_P45.get(w[:k], ())) & _RISK)
        hit = frozenset(one)
        if len(_RISKY_WORD) >= 200_000:
            _RISKY_WORD.clear()
        _RISKY_WORD[w] = hit
    return hit


def scoped45(
    text: str, limit: int = 6000, tail: Callable[[str, int, int], bool] | None = None
) -> tuple[set[str], set[str]]:
    """`LEXICON45`'s risky steps (`RISK45`) in the first `limit` characters of `text`, split by negation scope.

    As `_concepts.scoped_acts` splits acts: an occurrence is under a negation when a negator opens at most
    `SCOPE_WORDS` words before it in the same clause, or (scripts without spaces) as `scoped_acts` reads them. A
    negator that is itself the start or part of a risky step's form ("never ask", "do not ask", "no need", "don't
    log") opens no scope and does not negate that form: the form names the risky step. Forms in Myanmar script count
    as outside any scope. `tail(t, start, end)`, when given, also reads an unspaced form as negated by the folded
    text `t` around it (round 47's `_concepts47.tail_negated`); None reads as round 46 measured. Returns (steps found
    at least once outside a negation's scope, steps found only under one).
    """
    t = unicodedata.normalize("NFKC", text[:limit]).casefold()
    free: set[str] = set()
    negated: set[str] = set()
    words, breaks = clause_words(t)
    last_neg = -(10**6)
    inside_until = -1  # words up to this index belong to a risky step's phrase matched earlier
    n = len(words)
    for i, w in enumerate(words):
        if i in breaks:
            last_neg = -(10**6)
        hit = set(_risky_word(w))
        for form, whole, concept in _PH45.get(w, ()):
            m = len(form)
            if concept in _RISK and i + m <= n and all(words[i + j].startswith(form[j]) for j in range(1, m)):
                if not whole or words[i + m - 1] == form[-1]:
                    hit.add(concept)
                    inside_until = max(inside_until, i + m - 1)
        for c in hit:
            (negated if i - last_neg <= SCOPE_WORDS else free).add(c)
        if not hit and i > inside_until and _opens(words, i):
            last_neg = i
    scoped_unspaced(t, _S45, _S45_LENS, _RISK, free, negated, tail)
    if _MYANMAR.search(t):
        free.update((concepts45(text, limit) & _RISK) - free - negated)
    return free, negated - free


def vector46(text: str, scoped: Callable[[str], tuple[set[str], set[str]]] = scoped45) -> list[float]:
    """`_concepts45.FEATURES45` of `text` (84 numbers), the risky steps read with `scoped45`'s negation scope.

    `vector42`'s numbers, then whether each `LEXICON45` concept occurs (0 or 1; a risky step only outside a
    negation's scope), then a frame with a free risky step, a claim with one, a frame or claim with two or more.
    `scoped` reads the risky steps (round 47's `vector47` passes `_concepts47.scoped47`).
    """
    return _vector46(text, scoped)[0]


def _vector46(text: str, scoped: Callable[[str], tuple[set[str], set[str]]]) -> tuple[list[float], set[str]]:
    """`vector46(text, scoped)` and the `concepts45(text)` it read (so a caller that needs both reads them once)."""
    v42 = vector42(text)
    found = concepts45(text)
    steps, _ = scoped(text)
    risks = len(steps)
    frame = "frame45" in found or v42[_I_FRAME] > 0
    claim = "claim45" in found
    vec = [
        *v42,
        *(float(c in steps if c in _RISK else c in found) for c in LEXICON45),
        float(frame and risks > 0),
        float(claim and risks > 0),
        float((frame or claim) and risks > 1),
    ]
    return vec, found


def framed_risk46(text: str, scoped: Callable[[str], tuple[set[str], set[str]]] = scoped45) -> bool:
    """Whether `concepts45` reads a frame or a claim and `scoped` (`scoped45`) a risky step outside a negation's scope.

    Round 46's wider gate, as `_concepts45.framed_risk45` is round 45's.
    """
    return bool({"frame45", "claim45"} & concepts45(text)) and bool(scoped(text)[0])
