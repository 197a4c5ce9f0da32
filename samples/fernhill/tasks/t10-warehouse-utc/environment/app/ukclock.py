"""UK clock helpers (no time-zone database needed)."""

from datetime import date, timedelta


def _last_sunday(year: int, month: int) -> date:
    day = date(year, month + 1, 1) - timedelta(days=1)
    return day - timedelta(days=(day.weekday() + 1) % 7)


def uk_offset_hours(day: date) -> int:
    """Hours the UK is ahead of UTC on `day`: 1 during British Summer Time, else 0."""
    return 1 if _last_sunday(day.year, 3) <= day < _last_sunday(day.year, 10) else 0
