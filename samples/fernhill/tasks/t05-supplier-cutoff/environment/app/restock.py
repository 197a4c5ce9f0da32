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
    raise NotImplementedError
