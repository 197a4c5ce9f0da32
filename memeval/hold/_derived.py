"""What the hold rule tables work out from their pattern pieces at import, kept between processes (issue 17).

Building a rule table's patterns reads its pieces with Python's own regular-expression parser:
`_rule.top_alternatives` compiles each `(?:...)` group it splits (a check that it is one balanced
group), then splits it character by character, and `_rule.first_chars` parses each piece a window is
prefiltered by. With rules/25 on, that was about 0.25 s of the 0.4 s of CPU a fresh process spent
importing the tables (2026-12, a loaded 2-core machine), in every process that holds, though the
answers are the same each time.

Each answer is a pure function of its input string, of `_rule.py`'s code and of Python's version
(its `re` parser). So they are kept in one entry of the derived cache (`memeval._diskcache`) keyed
by `_rule.py`'s and this module's source and `sys.version`, and inside it each answer is named by the
SHA-256 of the exact string it was worked out from: a changed rule table hands in different strings,
finds no answer for them and works them out afresh (`tests/hold/test_hold_derived.py`). What is
found is used; what is not is worked out and, when `keep()` runs (after the detector's tables are
imported, `_detector`), written back with the rest.
"""

from __future__ import annotations

import hashlib
import json
import logging
import sys
import threading
from pathlib import Path

from memeval import _diskcache

log = logging.getLogger(__name__)

KIND = "hold-rule-pieces"
"""The derived cache's name for the kept answers (`memeval._diskcache`)."""

ALTERNATIVES = "alternatives"
"""An answer's kind: `_rule.top_alternatives`'s list for a group that compiles with `re` (as JSON)."""
FIRST = "first"
"""An answer's kind: `_rule.first_chars`'s class for a pattern."""
FIRST_REFUSED = "first-refused"
"""An answer's kind: `_rule.first_chars` raised ValueError for a pattern (its value is the message)."""

_KINDS = (ALTERNATIVES, FIRST, FIRST_REFUSED)
_LOCK = threading.RLock()
_kept: dict[str, dict[str, str]] | None = None
_new = 0
worked_out = 0
"""Answers this process worked out (not found kept); a process that found all of them has 0."""


def _key() -> str | None:
    """The entry's key: this module's and `_rule.py`'s source, Python's version; None: a source is not readable."""
    from memeval.hold import _rule

    parts: list[str | bytes] = [KIND, "v2", sys.version]
    for module in (sys.modules[__name__], _rule):
        try:
            parts.append(Path(str(module.__file__)).read_bytes())
        except OSError as exc:  # only bytecode installed: nothing to key the answers by
            log.info("hold: %s's source is not readable (%s); the rule pieces are not kept", module.__name__, exc)
            return None
    return _diskcache.key_of(*parts)


def decoded(raw: bytes) -> dict[str, dict[str, str]]:
    """The kept answers, {kind: {SHA-256 hex of the input: value}}.

    Raises:
        ValueError: not JSON.
        TypeError: not that shape (a kind missing, a value not a string).
    """
    data = json.loads(raw.decode("utf-8"))
    if not isinstance(data, dict) or set(data) != set(_KINDS):
        raise TypeError(f"not the kinds {_KINDS}")
    for answers in data.values():
        if not isinstance(answers, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in answers.items()
        ):
            raise TypeError("an answer is not a string by a string")
    return data


def _answers() -> dict[str, dict[str, str]]:
    global _kept
    if _kept is None:
        with _LOCK:
            if _kept is None:
                key = _key()
                raw = _diskcache.read(KIND, key) if key else None
                kept: dict[str, dict[str, str]] = {k: {} for k in _KINDS}
                if raw is not None:
                    try:
                        kept = decoded(raw)
                    except (ValueError, TypeError) as exc:
                        log.warning("the kept hold rule pieces do not decode (%s); working them out again", exc)
                _kept = kept
    return _kept


def _name(source: str) -> str:
    return hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()


def lookup(kind: str, source: str) -> str | None:
    """The kept answer of `kind` for the input string `source`; None: not kept (work it out, then `note` it)."""
    return _answers()[kind].get(_name(source))


def alternatives(group: str) -> list[str] | None:
    """The kept `_rule.top_alternatives` answer for `group`; None: not kept, or not a list of strings (work it out)."""
    kept = lookup(ALTERNATIVES, group)
    if kept is None:
        return None
    try:
        tops = json.loads(kept)
    except ValueError as exc:
        log.warning("a kept hold group's alternatives do not decode (%s); working them out again", exc)
        return None
    if not isinstance(tops, list) or not all(isinstance(t, str) for t in tops):
        log.warning("a kept hold group's alternatives are not a list of strings; working them out again")
        return None
    return tops


def note(kind: str, source: str, value: str) -> None:
    """Record an answer worked out in this process (written by the next `keep()`)."""
    global _new, worked_out
    answers = _answers()[kind]
    name = _name(source)
    worked_out += 1
    if answers.get(name) != value:
        answers[name] = value
        _new += 1


def keep() -> bool:
    """Write the answers back to the derived cache if this process worked out any; True when written."""
    global _new
    if not _new:
        return False
    key = _key()
    if key is None:
        return False
    with _LOCK:
        payload = json.dumps(_answers(), sort_keys=True).encode("utf-8")
        _new = 0
    return _diskcache.write(KIND, key, payload)
