"""A compiled pattern standing in for itself, for the benches that watch memeval's regex calls.

`bench/audit_ingest_patterns.py` times each call (`_Timed`), `bench/regex_engines.py` records each call
(`_Recorder`); both put a subclass of `PatternProxy` where memeval compiled a pattern. The proxy hashes, compares
and pickles as the pattern itself (a worker process gets the plain `re.Pattern` back), and every attribute a
subclass does not override is the pattern's own.
"""

from __future__ import annotations

import re
from typing import Any


class PatternProxy:
    """Wraps `pattern` (an `re.Pattern[str]`); subclasses add their slots and override the methods they watch."""

    __slots__ = ("_p",)

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self._p = pattern

    def __getattr__(self, name: str) -> Any:
        return getattr(self._p, name)

    def __hash__(self) -> int:
        return hash(self._p)

    def __eq__(self, other: object) -> bool:
        return self._p == (other._p if isinstance(other, PatternProxy) else other)

    def __reduce__(self) -> tuple[Any, tuple[Any, int]]:
        return re.compile, (self._p.pattern, self._p.flags)
