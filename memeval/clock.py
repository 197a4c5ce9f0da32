"""The one clock: every "now" that memeval stamps, stores or compares is read here.

Times are aware datetimes in UTC (never naive, never local). Code that must be testable at a
given instant takes a `now` or `clock` argument whose default is `utc_now`; tests pin it there or
freeze time for the whole process.
"""

from __future__ import annotations

from datetime import UTC, datetime

__all__ = ["utc_now"]


def utc_now() -> datetime:
    """Now, aware, in UTC (`datetime.now(UTC)`)."""
    return datetime.now(UTC)
