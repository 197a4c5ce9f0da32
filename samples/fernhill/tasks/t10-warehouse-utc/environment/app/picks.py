"""Which parcels missed the courier's collection, from the warehouse pick export."""

from datetime import datetime, timedelta

from ukclock import uk_offset_hours

COLLECTION_HOUR = 17  # Brindle collects at 17:00 UK time


def missed_collection(picked_at: str) -> bool:
    """True when a parcel picked at `picked_at` ("YYYY-MM-DD HH:MM", as in picks.csv) was
    picked at or after 17:00 UK time on its day, so it missed that day's collection."""
    raise NotImplementedError
