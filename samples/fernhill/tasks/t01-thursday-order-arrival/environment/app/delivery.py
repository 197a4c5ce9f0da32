"""Delivery estimates shown to customers on the site and in replies."""

from datetime import date, datetime, timedelta

CUTOFF_HOUR = 17  # paid before 17:00 on a working day: leaves the warehouse that day


def next_working_day(day: date) -> date:
    """The next Monday-to-Friday day after `day`."""
    day += timedelta(days=1)
    while day.weekday() >= 5:
        day += timedelta(days=1)
    return day


def dispatch_day(ordered_at: datetime) -> date:
    """The day the parcel is ready to leave the warehouse."""
    day = ordered_at.date()
    if day.weekday() >= 5 or ordered_at.hour >= CUTOFF_HOUR:
        return next_working_day(day)
    return day


def estimate_arrival(ordered_at: datetime, live_plant: bool) -> date:
    """The day the customer should expect the parcel."""
    raise NotImplementedError
