"""The audit store as commands that read events open it: the real cause first when it has none.

`memeval.audit.open_existing_store` refuses a store that is not there and a team with no events;
on a store that exists but holds no events at all, a command's first complaint used to be a side
issue (`known teams: none yet`, an unset SMTP host, a password prompt, `no item with id`). Here an
empty store is named as such, with the command that fills it, before anything else is checked.
"""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING

from memeval.errors import UsageError

if TYPE_CHECKING:
    from memeval.audit import SqlAuditStore


def store_name(url: str) -> str:
    """How messages name the store at `url`: a SQLite file's path, else the URL without its password."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database and parsed.database != ":memory:":
        return parsed.database
    return parsed.render_as_string(hide_password=True)


def no_events_message(db: str | None) -> str:
    """`no events in store X; ingest with ...`, naming `--db` in the command when the user gave it.

    Args:
        db: the `--db` value as given (None: `MEMEVAL_DB` or the default, which the command needs
            no option for).

    Raises:
        UsageError: the URL cannot be parsed (`memeval.audit.db_url`'s message).
    """
    from memeval.audit import db_url

    url = db_url(db)
    where = store_name(url)
    option = ""
    if db is not None:
        from sqlalchemy.engine import make_url

        option = f" --db {shlex.quote(make_url(url).render_as_string(hide_password=True))}"
    return f"no events in store {where}; ingest with `memeval audit ingest FILE{option}` (a JSON Lines file of events)"


def check_week_args(week: str | None = None, tz: str | None = None) -> None:
    """Refuse a malformed or non-existent `--week` and an unknown `--tz` before any store is opened.

    A bad argument is the user's first problem, whatever state the store is in: checked here it is
    said (exit 2, the value and the fix named) even where there is no store yet.

    Raises:
        UsageError: `week` is not `YYYY-Www`, does not exist (`2026-W99`) or lies outside the years memeval
            reads (`memeval.audit.check_week_in_range`); `tz` is not an IANA zone, or is `localtime`
            (`memeval.audit.team_zone`).
    """
    from memeval.audit import check_week_in_range, team_zone

    if week is not None:
        check_week_in_range(week)
    if tz is not None:
        team_zone(tz)  # `localtime` too: a week cut in this machine's zone is another week elsewhere


def open_with_events(db: str | None, team: str | None = None) -> SqlAuditStore:
    """Open the existing audit store at `db` (or `MEMEVAL_DB`), which must hold events (of `team`, if given).

    Raises:
        UsageError: no store there (`open_existing_store`'s message); the store has no events at all
            (`no_events_message`); `team` has none (the known teams are named).
    """
    from memeval.audit import open_existing_store

    store = open_existing_store(db)
    known = store.teams()
    if not known:
        raise UsageError(no_events_message(db))
    if team is not None and team not in known:
        raise UsageError(f"team {team!r} has no events in the audit store; known teams: {', '.join(known)}")
    return store
