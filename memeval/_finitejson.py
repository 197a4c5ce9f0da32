"""JSON written by the agent's side, read so that memeval can hold every number in it and write every string.

`json.loads` accepts what Python's JSON allows and a float cannot hold: `NaN`, `Infinity`, `1e999` (read as
infinity) and integers of any size up to 4,300 digits (past that it raises ValueError, not JSONDecodeError). Such
a number, in a reward file, a claim file or an agent's output, then crashed `float()` (OverflowError), or reached
the event log as a value strict JSON has no word for. `loads_finite` refuses all of them with one ValueError.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

MAX_INT_DIGITS = 30
"""Most digits an integer may have (a sign aside): far past any count or cost, far below a float's range."""


class NotFiniteJSON(ValueError):
    """A number in the text is NaN, infinite, or an integer of more than `MAX_INT_DIGITS` digits."""


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise NotFiniteJSON(f"an integer of {len(text.lstrip('-'))} digits (at most {MAX_INT_DIGITS} are read)")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise NotFiniteJSON(f"a number of {len(text)} characters past a float's range")
    return value


def _constant(name: str) -> Any:
    raise NotFiniteJSON(f"{name}, which strict JSON does not have")


class RepeatedKey(ValueError):
    """An object in the text names one key twice (`unique_keys`); `key` is that key."""

    def __init__(self, key: str) -> None:
        super().__init__("an object that names one key twice")
        self.key = key


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RepeatedKey(key)
        out[key] = value
    return out


def loads_finite(text: str | bytes, *, unique_keys: bool = False) -> Any:
    r"""`text` parsed as JSON whose every number is finite and of at most `MAX_INT_DIGITS` digits.

    A lone surrogate (`"\ud800"`, which `json.loads` gives as a `str` no UTF-8 writer can encode: the event log's
    line then raised `UnicodeEncodeError` and ended the whole run) is read as U+FFFD; a surrogate pair is one
    character, as in `json.loads`. Bytes are decoded strictly (UTF-8 holding an encoded surrogate is not JSON).

    With `unique_keys`, an object naming a key twice is refused too: `json.loads` keeps the last value, so
    text appended inside a file written from other text (`{"reward": 0, "answer": "...", "reward": 1}`)
    would override what came first.

    Raises:
        ValueError: `text` is not JSON (`json.JSONDecodeError`), holds such a number (`NotFiniteJSON`, whose
            message says what kind, never the number itself) or, with `unique_keys`, a key twice (`RepeatedKey`).
        RecursionError: nested deeper than the interpreter's recursion limit.
    """
    hook = _unique if unique_keys else None
    if isinstance(text, bytes | bytearray):
        text = bytes(text).decode(json.detect_encoding(text))  # strict: an encoded lone surrogate is no JSON text
    text = _ESCAPE.sub(_whole_char, text) if "\\u" in text else text
    return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant, object_pairs_hook=hook)


_ESCAPE = re.compile(r"\\\\|\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
"""An escaped backslash, an escaped surrogate pair, or a lone escaped surrogate: matched left to right, so each
`\\u` found is a real escape (one after an escaped backslash, `\\\\ud800`, is text and is skipped with it)."""


def _whole_char(m: re.Match[str]) -> str:
    """A lone surrogate escape as U+FFFD; an escaped backslash or a surrogate pair as it was."""
    return "\\ufffd" if len(m.group()) == 6 else m.group()


def utf8_text(text: str) -> str:
    r"""`text` with each lone surrogate (from a `\ud800` escape in JSON `json.loads` read) as U+FFFD.

    Such a `str` cannot be encoded as UTF-8: written into the event log it raised `UnicodeEncodeError`. Text that
    has none (nearly all) is returned as it is, unchanged and uncopied.
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub("\ufffd", text)
    return text


_SURROGATE = re.compile("[\ud800-\udfff]")


MAX_KEPT_DEPTH = 32
"""Deepest nesting of the agent's JSON kept as JSON on the record (a claim's `self_reported`). pydantic reads a log
line with a recursion limit of about 200 levels and writes one with a limit of about 250: a value nested past either
made the run's whole log unreadable, or its write raise. Real usage objects are 3 or 4 deep."""


def json_depth(value: Any, stop: int = MAX_KEPT_DEPTH) -> int:
    """How deeply `value` (parsed JSON: dicts, lists, scalars) nests: 0 for a scalar, 1 for `{}` or `[1]`.

    Walked without recursion, and stops counting past `stop` (returns `stop + 1`), so a value of any depth is
    measured in time linear in its size and in constant stack.
    """
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            depth += 1
            if depth > stop:
                return stop + 1
            deepest = max(deepest, depth)
            stack.extend((child, depth) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


__all__ = [
    "MAX_INT_DIGITS",
    "MAX_KEPT_DEPTH",
    "NotFiniteJSON",
    "RepeatedKey",
    "json_depth",
    "loads_finite",
    "utf8_text",
]
