#!/bin/sh
# Oracle for ticket FH-1045: writes the reference solution into /app.
set -e
cd /app
cat > restock.py <<'FERNHILL_EOF'
"""When restock orders from our suppliers reach the warehouse."""
import json
from datetime import date, datetime, timedelta
from pathlib import Path

SUPPLIERS = json.loads((Path(__file__).resolve().parent / "suppliers.json").read_text())


def add_working_days(day: date, n: int) -> date:
    """`day` plus `n` Monday-to-Friday days."""
    while n > 0:
        day += timedelta(days=1)
        if day.weekday() < 5:
            n -= 1
    return day


def restock_arrival(supplier: str, ordered_at: datetime) -> date:
    """The day a restock ordered at `ordered_at` (UK time) from `supplier` reaches us.

    The supplier picks an order the same working day when it arrives before their cut-off,
    else on the next working day; it reaches us `lead_working_days` working days after picking.
    """
    info = SUPPLIERS[supplier]
    hour, minute = (int(x) for x in info["cutoff"].split(":"))
    picked = ordered_at.date()
    before_cutoff = (ordered_at.hour, ordered_at.minute) < (hour, minute)
    if picked.weekday() >= 5 or not before_cutoff:
        picked = add_working_days(picked, 1)
    return add_working_days(picked, info["lead_working_days"])
FERNHILL_EOF
cat > suppliers.json <<'FERNHILL_EOF'
{"greenvale": {"name": "Greenvale Nurseries", "cutoff": "11:00", "lead_working_days": 1,
               "source": "Greenvale trade catalogue 2024, page 2"},
 "marsh-lane": {"name": "Marsh Lane Pots", "cutoff": "12:00", "lead_working_days": 3,
                "source": "phone call, March 2026"}}
FERNHILL_EOF
cat > answer.txt <<'FERNHILL_EOF'
They arrive on Friday 13 November: the order misses Greenvale's 11:00 cut-off, so it is picked on Thursday.
FERNHILL_EOF
