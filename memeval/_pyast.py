"""Python source parsed into a syntax tree from several threads at once: one parse at a time.

CPython 3.11 counts the depth of the syntax tree it is building (`ast.parse`, `ast.literal_eval` of a
string) in one counter of the `ast` module's state, shared by every thread, and checks at the end that
the count came back to where it started. When a second thread builds a tree while the first is part way
(the first let the interpreter switch threads while allocating a node), one of them fails with
`SystemError: AST constructor recursion depth mismatch (before=60, after=53)` (python/cpython issue
106905, fixed in later releases). The runner checks trials in threads, and its checks of what an agent
planted (a made venv's editable finder, a shadowing module) parse Python: a whole-suite run saw an
honest trial end as an internal fault that way. Every such parse goes through this module's lock.
"""

from __future__ import annotations

import ast
import threading
from typing import Any

_LOCK = threading.RLock()
"""Held while a syntax tree is built (re-entrant: a finalizer that parses while its thread builds a tree cannot wait
for itself)."""


def parse(source: str | bytes) -> ast.Module:
    """`ast.parse(source)` (a module), one thread at a time.

    Raises:
        SyntaxError: `source` is not Python (as `ast.parse`).
        ValueError: `source` holds a NUL byte (as `ast.parse`).
    """
    with _LOCK:
        return ast.parse(source)


def literal_eval(node_or_string: ast.AST | str) -> Any:
    """`ast.literal_eval(node_or_string)`, one thread at a time (a string is parsed first).

    Raises:
        ValueError, TypeError, SyntaxError, MemoryError, RecursionError: as `ast.literal_eval`.
    """
    with _LOCK:
        return ast.literal_eval(node_or_string)
