#!/bin/sh
# Oracle for ticket FH-1050: writes the reference solution into /app.
set -e
cd /app
cat > picks.py <<'FERNHILL_EOF'
"""Which parcels missed the courier's collection, from the warehouse pick export."""
from datetime import datetime, timedelta

from ukclock import uk_offset_hours

COLLECTION_HOUR = 17  # Brindle collects at 17:00 UK time


def missed_collection(picked_at: str) -> bool:
    """True when a parcel picked at `picked_at` ("YYYY-MM-DD HH:MM", as in picks.csv) was
    picked at or after 17:00 UK time on its day, so it missed that day's collection."""
    # The warehouse exports pick times in UTC: convert to UK time first.
    utc = datetime.strptime(picked_at, "%Y-%m-%d %H:%M")
    local = utc + timedelta(hours=uk_offset_hours(utc.date()))
    return local.hour >= COLLECTION_HOUR
FERNHILL_EOF
cat > missed.txt <<'FERNHILL_EOF'
70103
70104
70105
FERNHILL_EOF
