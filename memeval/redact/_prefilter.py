r"""Strings every match of a pattern must hold: which rules `_batch.crossing` can leave out for a batch.

`_batch.crossing` runs 256 of kingfisher's patterns over each joined batch, and most of them name a
service (`cohere`, `openweather`, `hcp_client_secret`) that a batch of ordinary texts never mentions.
`needs(pattern)` reads the pattern's parse (Python's own `re` parser, as `_linebreaks` does) and
returns a set of strings one of which every match holds, case-folded (`str.casefold`); a batch whose
case-folded text holds none of them cannot hold a match, so the pattern need not run over it.

Fail safe by construction: anything the reader does not understand (a back reference, a
conditional, a large character class, a syntax `re` rejects or warns about) contributes no string,
and a pattern with no derivable string gets None: it always runs. Case-folding both sides makes a
case-insensitive literal sound: `casefold` maps character by character, so a substring of the text
stays a substring once folded, and every character a case-insensitive ASCII literal matches under
`regex` folds to the literal's own fold (checked over all of Unicode in
`tests/redact/test_prefilter.py`); a case-insensitive non-ASCII literal contributes nothing.
"""

from __future__ import annotations

import re
import re._constants as C  # type: ignore[import-not-found]  # noqa: N812  # CPython's parser's opcodes, untyped
import re._parser as P  # type: ignore[import-not-found]  # noqa: N812  # CPython's regular-expression parser, untyped
import warnings
from collections.abc import Iterable
from typing import Any, NamedTuple

__all__ = ["LIMIT", "Need", "fold", "needs", "present"]

LIMIT = 64
"""Most strings one set may hold; a larger set is dropped (the part then contributes nothing)."""

Need = frozenset[str] | None
"""Case-folded strings one of which every match holds; None: none known (the pattern always runs)."""


class _Info(NamedTuple):
    exact: frozenset[str] | None
    """The part matches exactly one of these case-folded strings (`""` for an empty match); None: unknown."""
    need: frozenset[str] | None
    """Every match of the part holds one of these (never `""`); None: nothing known."""


_UNKNOWN = _Info(None, None)
_EMPTY = _Info(frozenset({""}), None)


def _needed(info: _Info) -> frozenset[str] | None:
    """What a part's match must hold: its exact strings when none is empty, else its `need`."""
    if info.exact is not None and info.exact and "" not in info.exact:
        return info.exact
    return info.need


def _better(a: frozenset[str] | None, b: frozenset[str] | None) -> frozenset[str] | None:
    """The more selective of two sets (longer shortest string, then fewer strings); either is sound."""
    if a is None:
        return b
    if b is None:
        return a
    return a if (min(map(len, a)), -len(a)) >= (min(map(len, b)), -len(b)) else b


def _product(a: frozenset[str], b: frozenset[str]) -> frozenset[str] | None:
    if len(a) * len(b) > LIMIT:
        return None
    return frozenset(x + y for x in a for y in b)


def _char(code: int) -> frozenset[str] | None:
    """The fold of a literal ASCII character (whatever the case flag: `fold` makes both cases one); None for others."""
    if code > 0x7F:  # noqa: PLR2004  # ASCII only: its folds are checked against all of Unicode
        return None
    return frozenset({fold(chr(code))})


def _class(items: list[tuple[Any, Any]]) -> _Info:
    """A character class `[...]` of a few listed characters or short ranges; anything else unknown."""
    codes: list[int] = []
    for op, av in items:
        if op is C.LITERAL:
            codes.append(av)
        elif op is C.RANGE and av[1] - av[0] < LIMIT:
            codes.extend(range(av[0], av[1] + 1))
        else:
            return _UNKNOWN  # a negated class, a category (`\d`, `\s`), a wide range
    folds: set[str] = set()
    for code in codes:
        one = _char(code)
        if one is None:
            return _UNKNOWN
        folds |= one
    if not folds or len(folds) > LIMIT:
        return _UNKNOWN
    exact = frozenset(folds)
    return _Info(exact, exact)


def _repeat(low: int, high: int, sub: Any) -> _Info:
    """`x{low,high}`: what one copy needs when there is one; spelled out for up to 4 copies of an exact part."""
    one = _sequence(sub)
    need = _needed(one) if low >= 1 else None
    if one.exact is None or high > 4:  # noqa: PLR2004  # `x?`, `x{2}`, `x{1,3}`: spell the copies out
        return _Info(None, need)
    copies: frozenset[str] | None = frozenset({""})
    options: set[str] = set()
    for k in range(high + 1):
        if copies is None:
            return _Info(None, need)
        if k >= low:
            options |= copies
        copies = _product(copies, one.exact) if k < high else None
    return _Info(frozenset(options), need) if len(options) <= LIMIT else _Info(None, need)


def _union(sets: list[frozenset[str] | None]) -> frozenset[str] | None:
    """The union of `sets`; None when one is None or it holds more than `LIMIT`."""
    out: set[str] = set()
    for one in sets:
        if one is None:
            return None
        out |= one
    return frozenset(out) if len(out) <= LIMIT else None


def _node(op: Any, av: Any) -> _Info:  # noqa: PLR0911  # one answer per opcode
    if op is C.LITERAL:
        one = _char(av)
        return _Info(one, one) if one is not None else _UNKNOWN
    if op is C.IN:
        return _class(av)
    if op in (C.AT, C.ASSERT, C.ASSERT_NOT):
        return _EMPTY  # zero-width: holds nothing of the match
    if op is C.SUBPATTERN:
        return _sequence(av[3])  # its flags do not matter: a literal's fold is the same in either case
    if op is C.ATOMIC_GROUP:
        return _sequence(av)
    if op is C.BRANCH:
        infos = [_sequence(alt) for alt in av[1]]
        return _Info(_union([i.exact for i in infos]), _union([_needed(i) for i in infos]))
    if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
        return _repeat(av[0], av[1], av[2])
    return _UNKNOWN  # any character, a category, a back reference, a conditional, anything else


def _sequence(parts: Iterable[tuple[Any, Any]]) -> _Info:
    """Parts in a row: the exact strings of each run of exact parts, and the best set any part needs."""
    best: frozenset[str] | None = None
    run: frozenset[str] = frozenset({""})
    whole = True
    for op, av in parts:
        info = _node(op, av)
        if info.exact is not None:
            joined = _product(run, info.exact)
            if joined is None:  # too many spellings: what ran so far is one need, the run starts again
                best = _better(best, _needed(_Info(run, None)))
                whole, joined = False, info.exact
            run = joined
        else:
            best = _better(best, _needed(_Info(run, None)))
            best = _better(best, info.need)
            whole, run = False, frozenset({""})
    best = _better(best, _needed(_Info(run, None)))
    return _Info(run if whole else None, best)


def needs(pattern: str) -> Need:
    """Case-folded strings one of which every match of `pattern` holds; None when none can be read.

    `pattern` is in Python `re` syntax as `regex` reads it too (`_solo.python_form`), with or without
    `(?i)` (folding makes the case flags irrelevant). A set has at most `LIMIT` ASCII strings, none empty.
    None (run the pattern always) for a pattern `re` cannot parse or warns about, or one whose
    every part is unknown.
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # a nested-set warning: `re` and `regex` may read it differently
            parsed = P.parse(pattern)
    except (re.error, RecursionError, OverflowError, ValueError, FutureWarning, DeprecationWarning):
        return None
    found = _needed(_sequence(list(parsed)))
    # a string holding another of the set adds nothing: where it occurs, the other does too
    return None if found is None else frozenset(s for s in found if not any(o != s and o in s for o in found))


_TURKIC = {0x131: "i", 0x307: None}
"""`regex` reads `I` as matching the dotless `ı` and `i` the dotted `İ`, whose case folds are `ı` and `i` + U+0307."""


def fold(text: str) -> str:
    """`text` case-folded as `needs` reads literals: `str.casefold`, the dotless `ı` as `i`, U+0307 dropped.

    Character by character, so a substring's fold is a substring of the text's fold; every character
    `regex` matches case-insensitively with an ASCII character folds to that character's fold.
    """
    folded = text.casefold()
    return folded.translate(_TURKIC) if "\u0131" in folded or "\u0307" in folded else folded


def present(strings: Iterable[str], folded: str) -> frozenset[str]:
    """Which of `strings` occur in `folded` (a text already `fold`-ed), one `in` test each.

    `_batch.crossing` asks the same of all the rules' strings at once (`memeval._literals.LiteralSet`,
    one native scan: exactly this answer).
    """
    return frozenset(s for s in set(strings) if s in folded)
