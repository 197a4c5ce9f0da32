r"""A rule's matches found from its possible starts only, skipping starts a failed one rules out (issue 15).

Some rules are slow on planted text not because one attempt is slow but because there are many
attempts: every start on one run or line reads the run or line to its end (`cookie-session` with
`set-cookie: ` repeated on one line: each `cookie` reads the rest of the line for a `session=`;
`call-last-arg-secret` with `A.` repeated: each letter after a `.` reads the rest of the run for a
keyword). A later start there fails whenever an earlier one did, which a pattern cannot see
(Python's `re` has only fixed-width look-behind), and a rewrite that starts the match elsewhere
would move the match. So the rule file says it as data, in two optional fields beside `pattern`:

- `starts`: a regular expression that matches at every position where `pattern` can match (a
  necessary condition: typically the pattern's own head, with its look-behind);
- `skip`: a regular expression matched at a start where `pattern` failed; no position before the
  end of its match can start a match either (the rule file's comment says why, for that rule).

`StartsPattern.finditer` then yields exactly what `pattern.finditer` yields (the same match
objects' spans and groups; `Match.pos` is the start tried instead of the search's start), trying
`pattern.match` only at the starts and jumping past what `skip` rules out. `scripts/redos_redact_compare.py`
checks each such rule against the plain `finditer`. The pattern must not match the empty string
(a rule's match is a credential): an empty match raises `ValueError`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any, cast

from memeval._lazyre import LazyPattern

_END = 2**63 - 1


class StartsPattern:
    """`pattern`, searched from the positions `starts` finds, skipping what `skip` rules out.

    Args:
        pattern: the rule's pattern (compiled or `LazyPattern`).
        starts: source of a pattern matching at every position `pattern` can match.
        skip: source of a pattern whose match at a failed start covers only failing starts.

    Every attribute other than `finditer` is `pattern`'s own (`pattern.pattern` is the rule's text).
    """

    def __init__(self, pattern: re.Pattern[str], starts: str, skip: str) -> None:
        self._pattern = pattern
        self._starts = LazyPattern(starts)
        self._skip = LazyPattern(skip)

    def __getattr__(self, name: str) -> Any:
        if name in ("_pattern", "_starts", "_skip"):  # not set yet (a copy being built)
            raise AttributeError(name)
        return getattr(self._pattern, name)

    def finditer(self, string: str, pos: int = 0, endpos: int = _END) -> Iterator[re.Match[str]]:
        """The matches `pattern.finditer(string, pos, endpos)` yields, in order.

        Raises:
            ValueError: the pattern matched the empty string (not a rule this is for).
        """
        end = min(endpos, len(string))
        p = pos
        while p <= end:
            s = self._starts.search(string, p, end)
            if s is None:
                return
            c = s.start()
            m = self._pattern.match(string, c, end)
            if m is not None:
                if m.end() == c:
                    raise ValueError(f"pattern {self._pattern.pattern!r} matched the empty string at {c}")
                yield m
                p = m.end()
                continue
            k = self._skip.match(string, c, end)
            p = max(c + 1, k.end() if k is not None else c + 1)


def rule_pattern(raw: Mapping[str, Any], *, lazy: bool) -> re.Pattern[str]:
    """The rule `raw`'s (a rule file's table) `pattern`, as a `StartsPattern` when it has `starts` and `skip`.

    `lazy`: compiled on its first search (`memeval._lazyre.LazyPattern`), else now.

    Raises:
        KeyError: no `pattern`, or `starts` without `skip` (or the reverse).
        TypeError: one of them is not text.
        re.error: (not `lazy`) the pattern, or `starts` or `skip`, does not compile.
    """
    source = raw["pattern"]
    if not isinstance(source, str):
        raise TypeError(f"pattern is {type(source).__name__}, not text")
    # a LazyPattern is searched as the compiled pattern, compiled on first use
    pattern = cast("re.Pattern[str]", LazyPattern(source)) if lazy else re.compile(source)
    if "starts" not in raw and "skip" not in raw:
        return pattern
    starts, skip = raw["starts"], raw["skip"]
    if not isinstance(starts, str) or not isinstance(skip, str):
        raise TypeError("starts and skip must be text")
    if not lazy:
        re.compile(starts)
        re.compile(skip)
    return cast("re.Pattern[str]", StartsPattern(pattern, starts, skip))  # quacks as the pattern
