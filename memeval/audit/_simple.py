"""Team and sender names: the shapes a sender token's team and sender, a zone's team and a CLI ingest's sender take.

Its own light module so that `memeval audit ingest --sender NAME` checks the name before the
store's modules load. A sender name is stored as given on every event it sends, never scanned
for secrets or personal data, so it must not be able to hold one: lowercase letters, digits and
`_ . -`, 1-63 characters, starting with a letter or digit (no `@`, no spaces).
"""

from __future__ import annotations

import re

from memeval.errors import UsageError

SIMPLE_NAME = re.compile(r"[a-z0-9][a-z0-9_.-]{0,62}")
"""A sender name: 1-63 of a-z, 0-9, `_ . -`, starting with a letter or digit."""
TEAM_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,62}")
"""A team name: 1-63 of a-z, 0-9, `_ -`, starting with a letter or digit: the shape every event's `team` has
(`memeval.audit._payloads.TEAM_SHAPE` is this pattern), so a token's or a zone's team can receive events."""
TEAM_WORDS = (
    "not a team name: use 1-63 lower-case ASCII letters, digits, _ or -, "
    "starting with a letter or digit (e.g. fernhill)"
)
"""What `TEAM_NAME` asks for, in words (the ingest's refusal of an event's `team` says the same)."""


def check_simple_name(what: str, value: str, option: str | None = None) -> str:
    """Return `value` when it is a simple name (`SIMPLE_NAME`), else refuse it.

    Args:
        what: what the name is (`team`, `sender`), named in the error.
        value: the name given.
        option: the option that gave it (`--sender`), named in the error when given.

    Raises:
        UsageError: not a simple name (the value, what it may hold, and an example).
    """
    if not SIMPLE_NAME.fullmatch(value):
        given = f"{what} {value!r}" + (f" ({option})" if option else "")
        raise UsageError(
            f"{given} is not a simple name: use 1-63 lowercase letters, digits, '.', '_', '-' starting with a "
            "letter or digit, e.g. agent-sync (it is stored as given on every event, never scanned)"
        )
    return value


def check_team_name(value: str, option: str | None = None) -> str:
    """Return `value` when it is a team name (`TEAM_NAME`), else refuse it.

    A token's team and a zone's team were taken as sender names (`.` included), which no event's `team` may hold:
    `audit token add --team a.b` made a token whose every event was refused.

    Args:
        value: the name given.
        option: the option that gave it (`--team`), named in the error when given.

    Raises:
        UsageError: not a team name (the value, what it may hold, and an example).
    """
    if not TEAM_NAME.fullmatch(value):
        given = f"team {value!r}" + (f" ({option})" if option else "")
        raise UsageError(f"{given} is {TEAM_WORDS}")
    return value
