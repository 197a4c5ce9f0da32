"""Delivery estimates (Brindle Express next day, no Sunday deliveries)."""

from datetime import date, datetime, timedelta

CUTOFF_HOUR = 17


def estimate_arrival(ordered_at: datetime, live_plant: bool) -> date:
    """The day the customer should expect the parcel."""
    leaves = ordered_at.date()
    if leaves.weekday() >= 5 or ordered_at.hour >= CUTOFF_HOUR:
        leaves += timedelta(days=1)
        while leaves.weekday() >= 5:
            leaves += timedelta(days=1)
    if live_plant:
        while leaves.weekday() >= 4:  # live plants are handed over Monday to Thursday
            leaves += timedelta(days=1)
    arrives = leaves + timedelta(days=1)
    return arrives + timedelta(days=1) if arrives.weekday() == 6 else arrives
