#!/bin/sh
# Oracle for ticket FH-1053: writes the reference solution into /app.
set -e
cd /app
cat > christmas.py <<'FERNHILL_EOF'
"""Christmas ordering deadlines for the banner on the home page."""
from datetime import date, datetime, timedelta

from delivery import estimate_arrival


def last_order_day(year: int, live_plant: bool) -> date:
    """The last day an order (paid by 16:00) still arrives by 24 December of `year`."""
    # Courier holiday notice: the final collection before Christmas is on 21 December.
    final_collection = date(year, 12, 21)
    day = date(year, 12, 24)
    while True:
        ordered = datetime(day.year, day.month, day.day, 16, 0)
        leaves = estimate_arrival(ordered, live_plant) - timedelta(days=1)
        if leaves <= final_collection and estimate_arrival(ordered, live_plant) <= date(year, 12, 24):
            return day
        day -= timedelta(days=1)
FERNHILL_EOF
cat > christmas.json <<'FERNHILL_EOF'
{"live_plants": "2026-12-21", "other": "2026-12-21"}
FERNHILL_EOF
