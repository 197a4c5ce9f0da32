r"""Case-insensitive screens searched as plain patterns over lower-cased ASCII text: the same matches, for less CPU.

Python's regular-expression engine has no fast scan for a case-insensitive alternation of
literals (`(?i)pass|pwd|secret|token|key`): it tries every branch at every position, 14 to 50
times the CPU of the same alternation without `(?i)` over lower-cased text, which finds its
candidates by their first characters (10 kB of the sample's texts, 2026-12-03). The context
rules' screens (`rules/context.toml`'s `screen`) are such patterns, searched over every text and
over a batch's texts joined (`_context`).

`lowered_twin(pattern)` builds, for a case-insensitive pattern made only of literals, character
sets, repeats, alternations and groups without flags, the same pattern with every literal and
set replaced by an ASCII set that matches a lower-cased character exactly when the original
matches the character itself, and no `(?i)`. On an ASCII text, `twin.search(text.lower(), pos)`
finds the very match `pattern.search(text, pos)` finds (the same start and end): `str.lower`
keeps an ASCII text's length and maps each character on its own; the twin has the same
structure (branches in the same order, the same repeats, greedy or lazy), less the alternatives
that can match no ASCII text (`|пароль`); and every one of its character tests is checked
against the original's on all 128 ASCII characters when the twin is built (case folds such as
the long s, which matches `s` under `(?i)`, are covered by that check). A pattern with anything
else (anchors, look-arounds, back-references, `.`, flags inside groups) gets no twin and is
searched as it is; so is every text that is not ASCII. `tests/redact/test_casefree.py` compares
both on the rule files' screens over the redaction corpora and random ASCII text.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

_parser: Any = importlib.import_module("re._parser")
_c: Any = importlib.import_module("re._constants")

_ASCII = tuple(chr(i) for i in range(128))
_CATEGORIES = {
    _c.CATEGORY_DIGIT: r"\d",
    _c.CATEGORY_NOT_DIGIT: r"\D",
    _c.CATEGORY_SPACE: r"\s",
    _c.CATEGORY_NOT_SPACE: r"\S",
    _c.CATEGORY_WORD: r"\w",
    _c.CATEGORY_NOT_WORD: r"\W",
}


def _ascii_set(accepts: frozenset[str]) -> str | None:
    """A character set (source) matching exactly the ASCII characters `accepts` (all ASCII); None when it is empty."""
    if not accepts:
        return None  # matches no ASCII character: the twin only ever reads ASCII
    if len(accepts) == 1:
        return re.escape(next(iter(accepts)))
    return "[" + "".join(f"\\x{ord(x):02x}" for x in sorted(accepts)) + "]"


def _atom(source: str, flags: int) -> str | None:
    """The twin of one character test (`source` with `flags`): an ASCII set of the lower-cased characters it matches.

    None when it matches no ASCII character (`пароль`'s letters).

    Raises:
        ValueError: no set can stand for it (an upper-case and a lower-case letter with the same
            lower case are not both matched, or both refused).
    """
    test = re.compile(source, flags)
    accepted = frozenset(a for a in _ASCII if test.fullmatch(a))
    lowered = frozenset(a.lower() for a in accepted)
    if any(a.lower() in lowered and a not in accepted for a in _ASCII):
        raise ValueError(source)
    return _ascii_set(lowered)


def _set_source(items: Any) -> str:
    """The source of a parsed character set (`[...]`) of literals, ranges and classes, possibly negated.

    Raises:
        ValueError: an item of another kind.
    """
    parts = []
    for op, av in items:
        if op is _c.NEGATE:
            parts.append("^")
        elif op is _c.LITERAL:
            parts.append(re.escape(chr(av)))
        elif op is _c.RANGE:
            parts.append(re.escape(chr(av[0])) + "-" + re.escape(chr(av[1])))
        elif op is _c.CATEGORY and av in _CATEGORIES:
            parts.append(_CATEGORIES[av])
        else:
            raise ValueError(op)
    return "[" + "".join(parts) + "]"


def _sequence(items: Any, flags: int) -> str | None:
    """The twin source of a parsed sequence; None when it can match no ASCII text.

    An alternative that can match no ASCII text (`|пароль`) is left out of its alternation: on
    ASCII text the alternation matches what its other alternatives match, in their order.

    Raises:
        ValueError: a node without an exact twin.
    """
    out = []
    for op, av in items:
        part: str | None
        if op is _c.LITERAL:
            part = _atom(re.escape(chr(av)), flags)
        elif op is _c.IN:
            part = _atom(_set_source(av), flags)
        elif op is _c.BRANCH:
            alts = [x for x in (_sequence(alt, flags) for alt in av[1]) if x is not None]
            part = "(?:" + "|".join(alts) + ")" if alts else None
        elif op is _c.SUBPATTERN and not av[1] and not av[2]:
            inner = _sequence(av[3], flags)
            part = None if inner is None else "(?:" + inner + ")"
        elif op in (_c.MAX_REPEAT, _c.MIN_REPEAT):
            low, high, sub = av
            inner = _sequence(sub, flags)
            if inner is None:
                part = None if low > 0 else ""  # none of it can match: only the empty repeat
            else:
                bound = f"{{{low},{'' if high is _c.MAXREPEAT else high}}}"
                part = "(?:" + inner + ")" + bound + ("?" if op is _c.MIN_REPEAT else "")
        else:  # anchors, look-arounds, back-references, `.`, possessive repeats, flags inside a group
            raise ValueError(op)
        if part is None:
            return None  # a sequence matches only when each of its parts does
        out.append(part)
    return "".join(out)


def lowered_twin(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    r"""The ASCII twin of `pattern` over lower-cased ASCII text (see the module docstring), or None when it has none.

    Only a case-insensitive pattern gets one: measured on 10 kB of the sample's texts, a twin
    is 14 to 50 times faster there, while one for a pattern with Unicode classes (`\d{13}`) was
    not faster for all of them, so those are searched as they are.
    """
    flags = pattern.flags
    if flags & re.LOCALE or not flags & re.IGNORECASE:
        return None
    try:
        parsed = _parser.parse(pattern.pattern, flags)
        source = _sequence(list(parsed), flags & ~re.VERBOSE)
        return re.compile(source if source is not None else "[^\\x00-\\x7f]")  # None: it matches no ASCII text
    except (re.error, TypeError, ValueError, RecursionError, OverflowError):
        return None
