"""A regular expression compiled on its first use, for the hold rules (`hold._rule._r`) and the context rules.

Importing the hold rule tables compiled all 139 rules' patterns (310,000 characters) in every
process: about 0.45 s of CPU before the first text, though the hold screen lets a text run only the
few rules whose literals it holds (one rule for a typical sample text); the redactor's 852 context
rules (`redact._context`) took 0.1 s more, most of them keyed by words in almost no text. A `LazyPattern` keeps the
source and flags and compiles on the first search; the matches are `re.compile(pattern, flags)`'s,
exactly (it is that object doing the searching). After compiling, its methods are the compiled
pattern's own bound methods, so a search costs what it cost before.
"""

from __future__ import annotations

import re
import weakref
from typing import Any

_BOUND = ("finditer", "search", "match", "fullmatch", "findall", "sub", "subn", "split")
"""Methods of `re.Pattern` bound onto the object once compiled (instance attributes shadow the class's)."""


_MADE: list[weakref.ref[LazyPattern]] = []
"""Every `LazyPattern` made in this process (weakly: rule tables hold them), for `compile_all`."""


def compile_all() -> int:
    """Compile every `LazyPattern` made so far in this process that is not compiled yet.

    For a long-lived process (an ingest server, its workers and guards) before its first batch:
    the patterns a batch meets are otherwise compiled during it (0.25 against 0.14 ms of CPU an
    event over a worker's first 2,000 bench events: compiling the hold rules it meets). The
    matches are the same; only when the compiling is paid changes.

    Returns:
        How many patterns it compiled.

    Raises:
        re.error: a pattern does not compile (as its first search would).
    """
    n = 0
    alive = []
    for ref in _MADE:
        pattern = ref()
        if pattern is None:
            continue
        alive.append(ref)
        if pattern._compiled is None:
            pattern.compiled()
            n += 1
    _MADE[:] = alive
    return n


class LazyPattern:
    """`re.compile(pattern, flags)`, compiled on the first search or attribute read that needs it.

    Args:
        pattern: the regular expression's source (`str`).
        flags: `re` flags, as for `re.compile`.

    `pattern` and `given_flags` are read without compiling; `flags`, `groups`, `groupindex` and
    every search method compile first (a pattern that does not compile raises `re.error` there).
    """

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.given_flags = int(flags)
        self._compiled: re.Pattern[str] | None = None
        _MADE.append(weakref.ref(self))

    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern (compiled on the first call; its methods then replace this object's)."""
        c = self._compiled
        if c is None:
            c = re.compile(self.pattern, self.given_flags)
            for name in _BOUND:
                setattr(self, name, getattr(c, name))
            self._compiled = c
        return c

    def finditer(self, string: str, pos: int = 0, endpos: int = 2**63 - 1) -> Any:
        """`re.Pattern.finditer`."""
        return self.compiled().finditer(string, pos, endpos)

    def search(self, string: str, pos: int = 0, endpos: int = 2**63 - 1) -> re.Match[str] | None:
        """`re.Pattern.search`."""
        return self.compiled().search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = 2**63 - 1) -> re.Match[str] | None:
        """`re.Pattern.match`."""
        return self.compiled().match(string, pos, endpos)

    def fullmatch(self, string: str, pos: int = 0, endpos: int = 2**63 - 1) -> re.Match[str] | None:
        """`re.Pattern.fullmatch`."""
        return self.compiled().fullmatch(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = 2**63 - 1) -> list[Any]:
        """`re.Pattern.findall`."""
        return self.compiled().findall(string, pos, endpos)

    def sub(self, repl: Any, string: str, count: int = 0) -> str:
        """`re.Pattern.sub`."""
        return self.compiled().sub(repl, string, count)

    def subn(self, repl: Any, string: str, count: int = 0) -> tuple[str, int]:
        """`re.Pattern.subn`."""
        return self.compiled().subn(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> list[Any]:
        """`re.Pattern.split`."""
        return self.compiled().split(string, maxsplit)

    @property
    def flags(self) -> int:
        """`re.Pattern.flags` (the given flags with those the pattern sets inline and `re.UNICODE`)."""
        return self.compiled().flags

    @property
    def groups(self) -> int:
        """`re.Pattern.groups`."""
        return self.compiled().groups

    @property
    def groupindex(self) -> Any:
        """`re.Pattern.groupindex`."""
        return self.compiled().groupindex

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyPattern):
            return (self.pattern, self.given_flags) == (other.pattern, other.given_flags)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.pattern, self.given_flags))

    def __repr__(self) -> str:
        return f"LazyPattern({self.pattern[:60]!r}{'...' if len(self.pattern) > 60 else ''}, {self.given_flags})"
