"""Time helpers: UTC microseconds, and ISO weeks in a team's time zone."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta
from difflib import get_close_matches
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from memeval.errors import UsageError

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
FIRST_YEAR, LAST_YEAR = "0002", "9998"
"""The years of the ISO weeks memeval reads (`iso_week_window`): Python's calendar runs from 0001 to 9999, and a
week's window in zones up to 14 h from UTC, plus the eight weeks a weekly report compares it with, must fit in it."""
EARLIEST_EVENT = datetime.combine(date.fromisocalendar(int(FIRST_YEAR), 1, 2), time(0), tzinfo=UTC)
"""The earliest `occurred_at` an ingest takes: the Tuesday of the first week memeval reports (`FIRST_YEAR`-W01), so in
every zone up to 14 h from UTC it falls in that week or later; an event dated before it is counted by no report."""
_YEARS = (
    f"give a week of the years {FIRST_YEAR} to {LAST_YEAR} (a week's window in every zone, and the weeks a report "
    "compares it with, must fall inside years 0001-9999)"
)


def to_us(dt: datetime) -> int:
    """Microseconds since the Unix epoch of an aware datetime (exact, no float rounding)."""
    if dt.tzinfo is None:
        raise ValueError(f"naive datetime {dt.isoformat()}: memeval needs aware (UTC) datetimes")
    delta = dt - _EPOCH
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def from_us(us: int) -> datetime:
    """The aware UTC datetime of `us` microseconds since the Unix epoch."""
    return _EPOCH + timedelta(microseconds=us)


def zone(tz: str) -> ZoneInfo:
    """The IANA time zone named `tz`.

    Raises:
        UsageError: `tz` is not a known IANA zone name.
    """
    try:
        return ZoneInfo(tz)
    # OSError: a folder of the zone database (`America`, `Europe`: a continent without its city) is opened as a
    # file, IsADirectoryError, which was a traceback (exit 1) from every command taking --tz
    except (ZoneInfoNotFoundError, ValueError, OSError) as exc:
        inside = sorted(z for z in available_timezones() if z.startswith(tz.rstrip("/") + "/")) if tz.strip() else []
        if inside:
            raise UsageError(
                f"{tz!r} is a region of the zone database, not a zone: name one in it, e.g. {inside[0]!r}"
            ) from exc
        hints = close_zones(tz)
        meant = f" (did you mean {' or '.join(repr(z) for z in hints)}?)" if hints else ""
        raise UsageError(
            f"unknown time zone {tz!r}{meant}: give an IANA name such as 'Europe/London' or 'UTC'"
        ) from exc


def close_zones(tz: str) -> list[str]:
    """The zone names a mistyped `tz` most likely meant, at most three.

    The same name in other letter case (`utc`, `europe/london`), a zone whose last part is `tz` with
    spaces as underscores (`London`, `New York`), else names spelt within difflib's 0.8 ratio
    (`Europe/Londn`), all compared without letter case.
    """
    key = "_".join(tz.split()).lower()
    if not key:
        return []
    zones = sorted(available_timezones())
    same = [z for z in zones if z.lower() == key]
    if same:
        return same[:3]
    city = [z for z in zones if "/" in z and z.rsplit("/", 1)[1].lower() == key]
    if city:
        return city[:3]
    lowered = {z.lower(): z for z in zones}
    return [lowered[m] for m in get_close_matches(key, list(lowered), n=3, cutoff=0.8)]


MACHINE_ZONE = "localtime"
"""The zone database's name for this machine's own setting (`/etc/localtime`): not a place, and read otherwise
on every machine, so refused as a team's zone (`team_zone`)."""


def team_zone(tz: str) -> ZoneInfo:
    """`zone(tz)` for a name to be kept as a team's zone: a place, the same on every machine.

    `localtime` is in the zone database but names whatever `/etc/localtime` is where it is read: a
    team's weeks set so were cut at another midnight by a report made, recounted (`report verify`)
    or scheduled on a machine set otherwise (a shared PostgreSQL store, a server in UTC).

    Raises:
        UsageError: `tz` is not an IANA zone (`zone`), or it is `localtime` (this machine's zone named).
    """
    z = zone(tz)
    if tz == MACHINE_ZONE:
        here = Path("/etc/localtime").resolve()
        parts = here.parts[here.parts.index("zoneinfo") + 1 :] if "zoneinfo" in here.parts else ()
        named = f" (this machine's is {'/'.join(parts)!r})" if parts else ""
        raise UsageError(
            f"time zone {tz!r} is this machine's own setting, which another machine reads otherwise: name "
            f"the team's zone itself{named}, such as 'Europe/London' or 'UTC'"
        )
    return z


def iso_week_window(week: str, tz: str) -> tuple[datetime, datetime]:
    """The half-open window [Monday 00:00, next Monday 00:00) of an ISO week in zone `tz`.

    Args:
        week: `YYYY-Www`, e.g. `2026-W47` (ISO 8601 week date; week 1 holds the first Thursday).
        tz: IANA zone name; the window follows the zone's local midnight (DST included).

    Returns:
        (start, end) as aware UTC datetimes.

    Raises:
        UsageError: `week` is malformed or does not exist (e.g. W53 of a 52-week year), or `tz`
            is unknown.
    """
    # ASCII digits only: `\d` takes any script's digits and int() reads them, so `２０２６-W47` (full-width) was the
    # week 2026-W47 under another name: a second "v1" report of it, kept and e-mailed apart from the first
    m = re.fullmatch(r"([0-9]{4})-W([0-9]{2})", week)
    if not m:
        raise UsageError(f"week {week!r} is not an ISO week: write it as YYYY-Www, e.g. 2026-W47")
    try:
        monday = date.fromisocalendar(int(m[1]), int(m[2]), 1)
    except ValueError as exc:
        weeks = date(int(m[1]), 12, 28).isocalendar().week if 1 <= int(m[1]) <= 9999 else 0
        span = f"{m[1]} has weeks W01 to W{weeks:02d}" if weeks else "years run from 0001 to 9999"
        raise UsageError(f"week {week!r} does not exist: {span}") from exc
    z = zone(tz)
    try:
        start = datetime.combine(monday, time(0), tzinfo=z)
        end = datetime.combine(monday + timedelta(days=7), time(0), tzinfo=z)
        return start.astimezone(UTC), end.astimezone(UTC)
    except OverflowError:  # 9999-W52 ends in year 10000; 0001-W01 starts in year 0 in UTC east of Greenwich
        raise UsageError(f"week {week!r} in {tz} reaches past the calendar: {_YEARS}") from None


def check_week_in_range(week: str) -> None:
    """Refuse a `--week` whose window, or a week a report compares it with, lies outside the calendar.

    A week of the years `FIRST_YEAR` to `LAST_YEAR` has its window in every zone, and the eight weeks a weekly
    report reads before it, inside Python's calendar (years 0001-9999); `9999-W52` and `0001-W01` were an
    `OverflowError` traceback (exit 1) from every command taking `--week`.

    Raises:
        UsageError: `week` is malformed, does not exist, or lies outside those years.
    """
    iso_week_window(week, "UTC")
    if not int(FIRST_YEAR) <= int(week[:4]) <= int(LAST_YEAR):
        raise UsageError(f"week {week!r} is outside the years memeval reports: {_YEARS}")


def iso_week_of(dt: datetime, tz: str) -> str:
    """The ISO week (`YYYY-Www`) that aware datetime `dt` falls in, in zone `tz`."""
    y, w, _ = dt.astimezone(zone(tz)).isocalendar()
    return f"{y:04d}-W{w:02d}"
