"""How many line breaks in a row a rule's match can hold at most: which rules can cross a batch's separator.

A match that spans two texts joined by `_batch.BATCH_SEPARATOR` holds its three line breaks in a
row, so `_batch.crossing` runs only the rules whose pattern can match that many. The bound is read
from the pattern's parse by Python's own `re` parser and only ever errs upwards: a construct not
understood, or a pattern `re` cannot parse, counts as reading any number of line breaks.
"""

from __future__ import annotations

import re
import re._constants as C  # type: ignore[import-not-found]  # noqa: N812  # CPython's parser's opcodes, untyped
import re._parser as P  # type: ignore[import-not-found]  # noqa: N812  # CPython's regular-expression parser, untyped
import warnings
from typing import Any

CAP = 3
"""The bound saturates here: a batch's separator is three line breaks."""

_NL = 10
_NL_CATEGORIES = {
    C.CATEGORY_SPACE, C.CATEGORY_NOT_DIGIT, C.CATEGORY_NOT_WORD, C.CATEGORY_LINEBREAK,
    C.CATEGORY_UNI_SPACE, C.CATEGORY_UNI_NOT_DIGIT, C.CATEGORY_UNI_NOT_WORD, C.CATEGORY_UNI_LINEBREAK,
}  # fmt: skip

Runs = tuple[int | None, int, int, int]
"""Of a pattern part's matches: the longest made only of line breaks (None: none is), the longest run
of line breaks at a match's start, at its end, and anywhere in it; each saturating at `CAP`."""

_EMPTY: Runs = (0, 0, 0, 0)
_BREAK: Runs = (1, 1, 1, 1)
_OTHER: Runs = (None, 0, 0, 0)
_WORST: Runs = (CAP, CAP, CAP, CAP)


def _add(a: int, b: int) -> int:
    return min(CAP, a + b)


def _then(x: Runs, y: Runs) -> Runs:
    xa, xp, xs, xi = x
    ya, yp, ys, yi = y
    return (
        _add(xa, ya) if xa is not None and ya is not None else None,
        max(xp, _add(xa, yp)) if xa is not None else xp,
        max(ys, _add(xs, ya)) if ya is not None else ys,
        max(xi, yi, _add(xs, yp)),
    )


def _either(options: list[Runs]) -> Runs:
    alls = [o[0] for o in options if o[0] is not None]
    return (
        max(alls) if alls else None,
        max(o[1] for o in options),
        max(o[2] for o in options),
        max(o[3] for o in options),
    )


def _class_holds_break(items: list[tuple[Any, Any]]) -> bool:
    negated = any(op is C.NEGATE for op, _ in items)
    listed = False
    for op, av in items:
        if op is C.LITERAL and av == _NL or op is C.RANGE and av[0] <= _NL <= av[1]:
            listed = True
        elif op is C.CATEGORY and av in _NL_CATEGORIES:
            listed = True
        elif op is C.CATEGORY and negated:
            return True  # a negated class naming a category: assume it may hold a line break
    return not listed if negated else listed


def _sequence(parts: Any, dotall: bool) -> Runs:
    out = _EMPTY
    for op, av in parts:
        out = _then(out, _part(op, av, dotall))
    return out


def _part(op: Any, av: Any, dotall: bool) -> Runs:  # noqa: PLR0911  # one answer per opcode
    if op is C.LITERAL:
        return _BREAK if av == _NL else _OTHER
    if op is C.NOT_LITERAL:
        return _BREAK if av != _NL else _OTHER
    if op is C.ANY:
        return _BREAK if dotall else _OTHER
    if op is C.IN:
        return _BREAK if _class_holds_break(av) else _OTHER
    if op is C.CATEGORY:
        return _BREAK if av in _NL_CATEGORIES else _OTHER
    if op in (C.AT, C.ASSERT, C.ASSERT_NOT):
        return _EMPTY  # zero-width
    if op is C.SUBPATTERN:
        return _sequence(av[3], dotall or bool(av[1] & C.SRE_FLAG_DOTALL))
    if op is C.ATOMIC_GROUP:
        return _sequence(av, dotall)
    if op is C.BRANCH:
        return _either([_sequence(s, dotall) for s in av[1]])
    if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
        low, high, sub = av
        one = _sequence(sub, dotall)
        most = CAP + 1 if high is C.MAXREPEAT or high > CAP + 1 else high  # past CAP+1 copies nothing grows
        options, run = ([_EMPTY] if low == 0 else []), _EMPTY
        for k in range(1, most + 1):
            run = _then(run, one)
            if k >= min(low, most):
                options.append(run)
        return _either(options) if options else run
    return _WORST  # a back reference, a conditional, anything else: assume the worst


def max_line_breaks(pattern: str) -> int:
    """The most line breaks in a row a match of `pattern` (Python `re` syntax) can hold, up to `CAP`.

    Never less than the truth; `CAP` when `re` cannot parse the pattern.
    """
    try:
        with warnings.catch_warnings():  # `re`'s notes on sets a future version may read differently
            warnings.simplefilter("ignore", FutureWarning)
            parsed = P.parse(pattern)
    except (re.error, RecursionError, OverflowError, ValueError):  # e.g. a construct of Rust's engine only
        return CAP
    return _sequence(list(parsed), bool(parsed.state.flags & C.SRE_FLAG_DOTALL))[3]


_START_ANCHORS = {C.AT_BEGINNING, C.AT_BEGINNING_STRING}
_END_ANCHORS = {C.AT_END, C.AT_END_STRING}


def _anchor_count(node: Any) -> int:
    r"""How many `^`, `\A`, `$`, `\Z` a parse (or any part of one) holds."""
    if isinstance(node, tuple) and len(node) == 2 and node[0] is C.AT:
        return 1 if node[1] in _START_ANCHORS | _END_ANCHORS else 0
    if isinstance(node, (tuple, list, P.SubPattern)):
        return sum(_anchor_count(part) for part in node)
    return 0


def _covered(item: Any, anchors: set[Any]) -> int:
    r"""Anchors of `anchors` that `item`, a branch, offers beside one line-break-holding character.

    `(?:[\s;]|$)`, `(?:^|[^a-z0-9-])`: where the text alone has its edge, the joined text has the
    separator's line break, and the branch matches either; 0 for anything else.
    """
    op, av = item
    if op is not C.BRANCH:
        return 0
    alternatives = [list(a) for a in av[1]]
    breaks = any(
        len(a) == 1 and (a[0][0] is C.IN and _class_holds_break(a[0][1]) or a[0] == (C.LITERAL, _NL))
        for a in alternatives
    )
    return sum(1 for a in alternatives if len(a) == 1 and a[0][0] is C.AT and a[0][1] in anchors) if breaks else 0


def edge_free(pattern: str) -> bool:
    r"""Whether `pattern` (Python `re` syntax) matches the same inside a batch as at a text's edges.

    True when every `^`, `\\A`, `$`, `\\Z` it holds is an alternative of its first part (a start) or
    its last part (an end) beside one character class that holds a line break: joined, that class
    takes the separator's line break where the text alone had its edge, and the rest of the match is
    the same. False when any anchor is elsewhere, or `re` cannot parse it (errs towards checking).
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", FutureWarning)
            parsed = list(P.parse(pattern))
    except (re.error, RecursionError, OverflowError, ValueError):
        return False
    total = _anchor_count(parsed)
    if total == 0:
        return True
    covered = _covered(parsed[0], _START_ANCHORS) if parsed else 0
    if len(parsed) > 1:
        covered += _covered(parsed[-1], _END_ANCHORS)
    return covered == total
