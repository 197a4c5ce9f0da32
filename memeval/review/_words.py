"""The words of the review queue a command checks before it opens the store: roles, names, kinds.

Its own light module (no SQLAlchemy, no pydantic, no argon2): `memeval users add NAME --role bogus`
and `memeval review list --kind bogus` refuse their argument in one line without loading the
store's modules, which took 2-4 s of wall on a busy machine (a new user's walk, 2026-12-04).
`_accounts` and `_queue` import these names from here.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Literal, get_args

from memeval.audit import normalize_person_id
from memeval.errors import UsageError

AccountRole = Literal["viewer", "reviewer", "admin"]
"""What an account may do (`memeval.review._accounts`'s docstring)."""

ROLES: tuple[AccountRole, ...] = get_args(AccountRole)

ITEM_TYPES: tuple[str, ...] = ("lesson", "contradiction", "hold")
"""The item types of `TYPE/TEAM/ID` references: the audit store's lifecycles (`memeval.audit.LIFECYCLES`,
whose keys are these, in this order; `tests/project/test_newuser10_findings.py` checks it)."""

KIND_WORDS: dict[str, str] = {
    **{t: t for t in ITEM_TYPES},
    **{t + "s": t for t in ITEM_TYPES},
    "held": "hold",
}
"""What `--kind` (and the API's `kind=`) takes, any case: each item type, its plural, and `held` (the word
`memeval review list` prints for holds: "2 lessons, 1 contradiction, 1 held")."""

_USERNAME = re.compile(r"^[a-z0-9][a-z0-9_.-]{1,62}$")


def normalize_username(raw: str) -> str:
    """An account name in its stored form (NFKC, casefold, trimmed), as audit person ids are."""
    return normalize_person_id(raw)


def check_account(username: str, role: str) -> str:
    """Check an account's name and role, the first things `add_user` checks (then the password, then teams).

    Returns:
        The normalised username.

    Raises:
        UsageError: bad username or unknown role.
    """
    username = normalize_username(username)
    odd = next((c for c in username if not c.isascii()), None)
    if odd is not None:  # e.g. a Cyrillic `с`: `сarol` would read as carol but be another account
        raise UsageError(
            f"username {username!r} has the non-ASCII character U+{ord(odd):04X} "
            f"{unicodedata.name(odd, 'UNNAMED')}, which can look like another letter: use 2-63 "
            "ASCII characters of a-z, 0-9, _ . - starting with a letter or digit"
        )
    if not _USERNAME.fullmatch(username):
        raise UsageError(
            f"username {username!r} is not allowed: use 2-63 characters of a-z, 0-9, _ . - "
            "starting with a letter or digit"
        )
    if role not in ROLES:
        raise UsageError(f"role {role!r} is unknown: use one of {', '.join(ROLES)}")
    return username


def item_kind(text: str) -> str:
    """The item type `text` names (`lessons` -> `lesson`, `held` -> `hold`; see `KIND_WORDS`).

    Raises:
        UsageError: no item type by that word (the value and the types named).
    """
    kind = KIND_WORDS.get(text.strip().casefold())
    if kind is None:
        raise UsageError(f"kind {text!r} is unknown: use one of {', '.join(ITEM_TYPES)} (or their plurals)")
    return kind
