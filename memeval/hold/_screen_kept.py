"""The hold screen's conditions kept between processes (`kept_needs`), so a process need not parse every rule.

`_screen.pattern_need` parses each rule's pattern with Python's own regular-expression parser: about
0.65 s of CPU for the default detector's 139 rules (310,000 characters of patterns), in every ingest
process and server, before its first text. The conditions are a pure function of the patterns, the
parser (`_screen.py`'s source) and Python's version, so they are kept in the derived cache
(`memeval._diskcache`: private to the user, checksummed, keyed by all three) and read back in a few
milliseconds. The screen only skips rules whose condition is false, and the conditions read back are
exactly those written (`tests/hold/test_screen_kept.py` compares them, and the verdicts on every hold
fixture, with and without the cache, and with a corrupted or foreign entry).
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, NamedTuple

from memeval import _diskcache
from memeval.hold import _screen
from memeval.hold._screen import Formula, pattern_need

log = logging.getLogger(__name__)

KIND = "hold-screen"
"""The derived cache's name for these entries (`memeval._diskcache.entry_path`)."""


class KeptNeeds(NamedTuple):
    """`kept_needs`'s answer: one condition per rule, and whether they were read or parsed."""

    needs: tuple[Formula, ...]
    source: Literal["cache", "parsed"]


def needs_key(rules: Sequence[_screen._RuleLike]) -> str | None:
    """The derived cache's key of `rules`' conditions (None: `_screen.py`'s source is not readable to key them by)."""
    try:
        source = Path(_screen.__file__).read_bytes()
    except OSError as exc:  # only bytecode installed: nothing to key the entry by
        log.info("hold screen: its source is not readable (%s); the conditions are not kept", exc)
        return None
    parts: list[str | bytes] = [KIND, "v1", sys.version, source]
    for r in rules:
        # a lazily compiled rule's given flags (`memeval._lazyre`): reading `flags` would compile it
        parts += [r.pattern.pattern, str(int(getattr(r.pattern, "given_flags", None) or r.pattern.flags))]
    return _diskcache.key_of(*parts)


def kept_needs(rules: Sequence[_screen._RuleLike]) -> KeptNeeds:
    """`pattern_need` of each rule, from the derived cache when it holds them for these rules, else parsed and kept.

    An entry that does not decode to one condition per rule is logged and rebuilt.
    """
    key = needs_key(rules)
    raw = _diskcache.read(KIND, key) if key else None
    if raw is not None:
        try:
            kept = tuple(decoded(x) for x in json.loads(raw.decode("utf-8", "surrogatepass")))
        except (ValueError, TypeError, KeyError) as exc:
            log.warning("hold screen: the kept conditions do not decode (%s); parsing the patterns", exc)
        else:
            if len(kept) == len(rules):
                return KeptNeeds(kept, "cache")
            log.warning("hold screen: %d kept conditions for %d rules; parsing the patterns", len(kept), len(rules))
    needs = tuple(pattern_need(r.pattern) for r in rules)
    if key:
        _diskcache.write(KIND, key, json.dumps([encoded(f) for f in needs]).encode("utf-8", "surrogatepass"))
    return KeptNeeds(needs, "parsed")


def encoded(f: Formula) -> Any:
    """A condition as JSON data: a bool, a sorted list (any one of these literals), or {"and" or "or": [parts]}."""
    if isinstance(f, frozenset):
        return sorted(f)
    if isinstance(f, tuple):
        return {f[0]: [encoded(x) for x in f[1]]}
    return bool(f)


def decoded(x: Any) -> Formula:
    """`encoded`'s inverse.

    Raises:
        TypeError: `x` is not what `encoded` writes (a list holding a non-string, another type).
        KeyError: a dict is not {"and" or "or": [parts]}.
    """
    if isinstance(x, bool):
        return x
    if isinstance(x, list):
        if not all(isinstance(w, str) for w in x):
            raise TypeError("a literal set holds a non-string")
        return frozenset(x)
    if isinstance(x, dict) and len(x) == 1:
        ((op, parts),) = x.items()
        if op in ("and", "or") and isinstance(parts, list):
            return (op, tuple(decoded(p) for p in parts))
        raise KeyError(op)
    raise TypeError(f"not a condition: {type(x).__name__}")
