#!/bin/sh
# Oracle for ticket FH-1044: writes the reference solution into /app.
set -e
cd /app
cat > checkout.py <<'FERNHILL_EOF'
"""Checkout: the delivery line shown to the customer, and placing the order."""
from datetime import date, timedelta

import payments


def delivery_label(dispatch: date) -> str:
    """The delivery line at checkout for a parcel leaving on `dispatch`, e.g. "Arrives Tue 17 Nov"."""
    arrives = dispatch + timedelta(days=1)
    if arrives.weekday() == 6:  # no Sunday deliveries
        arrives += timedelta(days=1)
    return f"Arrives {arrives:%a} {arrives.day} {arrives:%b}"


def place_order(basket: dict, dispatch: date) -> dict:
    """Charge the basket and return what the confirmation page shows."""
    receipt = payments.charge(basket["total"])
    return {"paid": receipt["status"] == "ok", "delivery": delivery_label(dispatch)}
FERNHILL_EOF
