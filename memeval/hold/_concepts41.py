"""Round 41's reading for the concept stage (issue 15, round 41; measured by `bench/hold_cv_round41.py`).

`vector41(text)` is `_concepts40.vector40(text)` followed by whether the text adds a check or a person (`check41`:
verify, call back, ask the team, run the tests) or takes one away ("skip review", "no need to verify", "without
checking"), read with a scope (`checks41`), and their products with round 40's frame and act. Round 40's report: the
benign texts that read a frame and an act (a hand-off that routes a bank change to finance for a call-back, a lesson
to run more tests) part from orders there. Kept apart from `_concepts40` so that round 40's numbers stay as measured.
"""

from __future__ import annotations

import unicodedata

from memeval.hold._concepts import (
    _UNSPACED,
    _UNSPACED_RUN,
    NEGATORS_UNSPACED,
    SCOPE_CHARS,
    SCOPE_WORDS,
    _index,
    _negator,
    clause_words,
)
from memeval.hold._concepts40 import FEATURES40, NEGATORS40, vector40
from memeval.hold._concepts_lexicon41 import LEXICON41, UNCHECK_AFTER41

_P41, _E41, _PH41, _S41 = _index(LEXICON41)
_P41_LENS = tuple(sorted({len(k) for k in _P41}))
_S41_LENS = tuple(sorted({len(k) for k in _S41}))
_FAR = -(10**6)
_CHECKS = frozenset(("check41", "checknoun41"))


def _hits(words: list[str], i: int) -> set[str]:
    """`LEXICON41`'s concepts of a form starting at `words[i]` (a stem, a whole word, or a phrase)."""
    w = words[i]
    hit = set(_E41.get(w, ()))
    for k in _P41_LENS:
        if k > len(w):
            break
        hit.update(_P41.get(w[:k], ()))
    n = len(words)
    for form, whole, concept in _PH41.get(w, ()):
        m = len(form)
        if i + m <= n and all(words[i + j].startswith(form[j]) for j in range(1, m)):
            if not whole or words[i + m - 1] == form[-1]:
                hit.add(concept)
    return hit


def checks41(text: str, limit: int = 6000) -> tuple[bool, bool]:
    """Whether the first `limit` characters of `text` add a check and whether they take one away.

    A `check41` form is taken away when a `uncheck41` form ("without", "skip", "no need") or a negation (`NEGATORS`,
    `NEGATORS40`) opens at most `SCOPE_WORDS` words before it in the same clause, unless that remover is itself
    negated ("never skip the review", "don't forget to verify": added). In an unspaced script a remover or negation
    at most `SCOPE_CHARS` characters before the check, or a `UNCHECK_AFTER41` form right after it ("確認不要"), takes
    it away. A `checknoun41` form ("verification", "review", "tests") is read the same way but only ever counts as
    taken away ("skip review"), never as added. Returns (a check added at least once, a check taken away at least
    once).
    """
    t = unicodedata.normalize("NFKC", text[:limit]).casefold()
    added = removed = False
    words, breaks = clause_words(t)
    last_neg = last_rem = _FAR
    rem_negated = False
    for i, w in enumerate(words):
        if i in breaks:
            last_neg = last_rem = _FAR
        hit = _hits(words, i)
        if "uncheck41" in hit:
            rem_negated = i - last_neg <= SCOPE_WORDS
            last_rem = i
            continue
        if _negator(words, i) or w in NEGATORS40:
            last_neg = i
            continue
        if hit & _CHECKS:
            noun = "check41" not in hit
            if i - last_rem <= SCOPE_WORDS:
                if rem_negated:
                    added = True
                else:
                    removed = True
            elif i - last_neg <= SCOPE_WORDS:
                removed = True
            elif not noun:
                added = True
    if _UNSPACED.search(t):
        for run in _UNSPACED_RUN.findall(t):
            for i in range(len(run)):
                for k in _S41_LENS:
                    c41 = _S41.get(run[i : i + k])
                    if c41 is None or not set(c41) & _CHECKS:
                        continue
                    before, after = run[max(0, i - SCOPE_CHARS - 4) : i], run[i + k : i + k + SCOPE_CHARS + 4]
                    neg = any(x in before for x in NEGATORS_UNSPACED) or any(
                        x in before for x, cs in _S41.items() if "uncheck41" in cs
                    )
                    neg = neg or any(after.startswith(x) or x in after[: SCOPE_CHARS + len(x)] for x in UNCHECK_AFTER41)
                    if neg:
                        removed = True
                    elif "check41" in c41:
                        added = True
    return added, removed


FEATURES41 = (
    *FEATURES40,
    "check41_added",
    "check41_removed",
    "check41_added_only",
    "frame_act_x_added_only",
    "frame_act_x_removed",
    "act_x_added_only",
)
"""The names of `vector41`'s numbers: `FEATURES40`, then the checks added and taken away and their products."""

_I_ACT = FEATURES40.index("act_any")
_I_SKIP = FEATURES40.index("skip_any")
_I_FA = FEATURES40.index("frame_any_x_act_any")


def vector41(text: str) -> list[float]:
    """`FEATURES41` of `text` (68 numbers).

    `vector40`'s numbers, then `checks41`'s two readings, a check added with none taken away and no check skipped
    (`vector40`'s `skip_any`), and its products with `vector40`'s frame and act and act alone, and a check taken
    away (or skipped) in a text that reads a frame and an act.
    """
    v40 = vector40(text)
    added, removed = checks41(text)
    only = added and not removed and v40[_I_SKIP] == 0
    fa = v40[_I_FA] > 0
    return [
        *v40,
        float(added),
        float(removed),
        float(only),
        float(fa and only),
        float(fa and (removed or v40[_I_SKIP] > 0)),
        float(v40[_I_ACT] > 0 and only),
    ]
