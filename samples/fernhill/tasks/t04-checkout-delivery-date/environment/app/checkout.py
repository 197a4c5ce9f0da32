"""Checkout: the delivery line shown to the customer, and placing the order."""

from datetime import date, timedelta

import payments


def delivery_label(dispatch: date) -> str:
    """The delivery line at checkout for a parcel leaving on `dispatch`, e.g. "Arrives Tue 17 Nov"."""
    return "Arrives " + dispatch.strftime("%a %d %b")


def place_order(basket: dict, dispatch: date) -> dict:
    """Charge the basket and return what the confirmation page shows."""
    receipt = payments.charge(basket["total"])
    return {"paid": receipt["status"] == "ok", "delivery": delivery_label(dispatch)}
