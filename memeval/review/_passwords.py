"""Password hashes of the review accounts: argon2id (pwdlib) at the cost `MEMEVAL_REVIEW_PASSWORD_COST` names.

`standard` (the default) is pwdlib's argon2id parameters, m=65536 KiB, t=3, p=4 (about 0.2-0.4 CPU s a hash or
check on this project's 2-core machines); `light`, m=1024 KiB, t=1, p=1 (about 2 ms), is for test suites and
throwaway demos only: a copied store's light hashes are cheap to guess. The cost applies to hashes made from then
on; a check reads the parameters stored in the hash it checks, so accounts made at either cost keep logging in.
"""

from __future__ import annotations

import functools
import os

from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher

from memeval.errors import UsageError

PASSWORD_COST_VAR = "MEMEVAL_REVIEW_PASSWORD_COST"
"""The environment variable naming the cost of new password hashes (a key of `PASSWORD_COSTS`)."""
PASSWORD_COSTS: dict[str, tuple[int, int, int]] = {"standard": (3, 65536, 4), "light": (1, 1024, 1)}
"""argon2id parameters (time cost in passes, memory cost in KiB, parallelism in lanes) by cost name.
`standard` is pwdlib's `Argon2Hasher` default, RFC 9106's second recommended option (section 4: t=3, p=4, 64 MiB);
`light` is for test suites and throwaway demos only (about a hundredth of the CPU)."""


def password_cost() -> str:
    """The cost name new hashes use: `MEMEVAL_REVIEW_PASSWORD_COST`, else `standard`.

    Raises:
        UsageError: the variable names no cost in `PASSWORD_COSTS` (the message names the value and the choices).
    """
    raw = os.environ.get(PASSWORD_COST_VAR, "").strip()
    if not raw:
        return "standard"
    if raw not in PASSWORD_COSTS:
        raise UsageError(
            f"{PASSWORD_COST_VAR}={raw!r} is not a password cost: use standard (the default) or light (tests only)"
        )
    return raw


def light_cost_warning(what: str) -> str | None:
    """The line a server (`what`: `memeval serve`) prints on stderr at start when `MEMEVAL_REVIEW_PASSWORD_COST=light`.

    None for any other value, unset included (an unknown name is `password_cost`'s usage error, raised where a
    hash is made). Light hashes (m=1024 KiB, t=1, p=1) are about a hundredth of the standard cost to guess: the
    line says so and how to go back, once, before the server loads anything.
    """
    if os.environ.get(PASSWORD_COST_VAR, "").strip() != "light":
        return None
    passes, kib, lanes = PASSWORD_COSTS["light"]
    return (
        f"warning: {what}: {PASSWORD_COST_VAR}=light: review passwords set now are hashed at argon2id "
        f"m={kib} KiB, t={passes}, p={lanes}, cheap to guess from a copy of the store; it is for tests and "
        f"throwaway demos: unset it (standard) for real accounts"
    )


@functools.cache
def _hasher(cost: str) -> PasswordHash:
    passes, kib, lanes = PASSWORD_COSTS[cost]
    return PasswordHash((Argon2Hasher(time_cost=passes, memory_cost=kib, parallelism=lanes),))


def hash_password(password: str) -> str:
    """The argon2id hash of `password` at `password_cost()`'s parameters (they are stored in the hash).

    Raises:
        UsageError: `MEMEVAL_REVIEW_PASSWORD_COST` names no cost.
    """
    return _hasher(password_cost()).hash(password)


def check_password(password: str, digest: str) -> bool:
    """True when `password` matches `digest`, checked at the parameters `digest` itself carries."""
    return bool(_hasher("standard").verify(password, digest))


def dummy_hash() -> str:
    """An argon2 hash of no one's password at the cost new hashes use: checked for unknown names, as slow as known ones.

    Made on first use (about 0.3 CPU s at the standard cost), not on import: every `memeval` command imports this
    module. `create_review_app` makes it before serving, so even the first unknown name is not faster.

    Raises:
        UsageError: `MEMEVAL_REVIEW_PASSWORD_COST` names no cost.
    """
    return _dummy_hash(password_cost())


@functools.cache
def _dummy_hash(cost: str) -> str:
    return _hasher(cost).hash("not a password of anyone: keeps unknown names as slow as known ones")
