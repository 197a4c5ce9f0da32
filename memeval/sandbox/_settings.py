"""The sandbox's settings from the environment, read and checked in one place.

- `MEMEVAL_SANDBOX`: the backend's name (default `bubblewrap`; the registry is `memeval.sandbox._backend`).
- `MEMEVAL_SANDBOX_LIMITS`: `rlimits` forces per-process rlimits; unset or blank, memeval takes what the
  machine offers (cgroup v2, cgroup v1, else rlimits; `memeval.sandbox._limits`).
- `MEMEVAL_SANDBOX_ID_BASE`: the first host uid/gid the sandboxes' 65,536 ids map to (default 0x70000000).

A value that is set but is none of these is a usage error naming the variable, the value and the fix
(the CLI's exit 2), raised while the run card is made, so before a run folder exists. Before, a
mistyped `MEMEVAL_SANDBOX_LIMITS` (`rlimit`, `cgroup`) was ignored in silence, an unknown
`MEMEVAL_SANDBOX` was a run error (exit 1) that did not name the variable, and a bad
`MEMEVAL_SANDBOX_ID_BASE` ended `memeval ab` with a Python traceback.
"""

from __future__ import annotations

import os
from typing import NamedTuple

from memeval.errors import UsageError

BACKEND_ENV = "MEMEVAL_SANDBOX"
LIMITS_ENV = "MEMEVAL_SANDBOX_LIMITS"
ID_BASE_ENV = "MEMEVAL_SANDBOX_ID_BASE"

DEFAULT_ID_BASE = 0x70000000
"""1879048192: far above any login or subuid range."""
ID_COUNT = 65536
"""uids and gids 0..65535 inside a sandbox are mapped."""
LOWEST_ID_BASE = ID_COUNT
"""No sandbox id may map onto a host system or login account (root included), so the range starts above 65535."""
HIGHEST_ID_BASE = 0xFFFFFFFF - ID_COUNT
"""The range must end below 4294967295, which the kernel reads as "no id" ((uid_t) -1)."""


class IdBase(NamedTuple):
    """The id base `read_id_base` found.

    Attributes:
        value: the base to use (the default when the variable is unset, blank or wrong).
        problem: None, or the usage error's message for a wrong value (raise it before any sandbox runs).
    """

    value: int
    problem: str | None


def read_id_base() -> IdBase:
    """`MEMEVAL_SANDBOX_ID_BASE` read without raising (the bubblewrap module reads it when imported).

    Returns:
        The base and, for a value that is not a whole number from `LOWEST_ID_BASE` to `HIGHEST_ID_BASE`,
        the message that says so (value, range, default and fix); the base is then the default.
    """
    raw = os.environ.get(ID_BASE_ENV, "").strip()
    if not raw:
        return IdBase(DEFAULT_ID_BASE, None)
    if raw.isdigit() and LOWEST_ID_BASE <= int(raw) <= HIGHEST_ID_BASE:
        return IdBase(int(raw), None)
    return IdBase(
        DEFAULT_ID_BASE,
        f"{ID_BASE_ENV}={raw!r} is not a host uid from {LOWEST_ID_BASE} to {HIGHEST_ID_BASE} (the first of the "
        f"{ID_COUNT} host ids each sandbox's ids 0-{ID_COUNT - 1} map to, so no sandbox id is a host account): "
        f"set a whole number in that range, or unset it for the default {DEFAULT_ID_BASE}",
    )


def limits_forced() -> bool:
    """True when `MEMEVAL_SANDBOX_LIMITS` is `rlimits` (any case, spaces around ignored); False when unset or blank.

    Raises:
        UsageError: any other value (named, with the value it takes and what leaving it unset does).
    """
    raw = os.environ.get(LIMITS_ENV, "")
    value = raw.strip().lower()
    if not value:
        return False
    if value == "rlimits":
        return True
    raise UsageError(
        f"{LIMITS_ENV}={raw!r} is not a setting memeval knows: set it to rlimits to hold each sandbox's limits "
        "by per-process rlimits, or unset it to let memeval use a cgroup where this machine offers one "
        "(the run card's sandbox field names the mechanism)"
    )


def backend_from_env() -> str | None:
    """`MEMEVAL_SANDBOX` stripped, or None when unset or blank (the backend registry checks the name)."""
    return os.environ.get(BACKEND_ENV, "").strip() or None


def unknown_backend(name: str, known: tuple[str, ...]) -> UsageError:
    """The usage error for a `MEMEVAL_SANDBOX` that names no registered backend.

    Args:
        name: the variable's value.
        known: the registered names, sorted.

    Returns:
        The error to raise (naming the variable, the value, the known names and how to get the default).
    """
    return UsageError(
        f"{BACKEND_ENV}={name!r} names no sandbox backend (known: {', '.join(known)}): "
        "set it to a known one, or unset it for the default, bubblewrap"
    )
