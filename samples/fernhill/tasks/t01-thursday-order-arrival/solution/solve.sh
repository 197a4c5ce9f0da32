#!/bin/sh
# Oracle for ticket FH-1041: writes the reference solution into /app.
set -e
cd /app
cat > delivery.py <<'FERNHILL_EOF'
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
    leaves = dispatch_day(ordered_at)
    if live_plant:
        # The courier will not keep live plants in a depot over a weekend:
        # they are handed over Monday to Thursday only.
        while leaves.weekday() >= 4:
            leaves += timedelta(days=1)
    arrives = leaves + timedelta(days=1)
    if arrives.weekday() == 6:
        arrives += timedelta(days=1)
    return arrives
FERNHILL_EOF
cat > reply.txt <<'FERNHILL_EOF'
Your Boston fern will arrive on Tuesday 17 November. Live plants do not travel over a weekend, so it leaves us on Monday.
FERNHILL_EOF
