"""Payments through PayBridge. Set FERNHILL_PAYMENT=mock to use the offline mock."""

import os


def charge(amount: float) -> dict:
    """Charge `amount` pounds; returns {"status": "ok", ...}."""
    if os.environ.get("FERNHILL_PAYMENT") == "mock":
        return {"status": "ok", "mock": True, "amount": amount}
    raise ConnectionError("cannot reach PayBridge at sandbox.paybridge.example:443")
