"""Refund decisions for returned orders."""

from datetime import date


def refund_decision(delivered: date, returned: date, amount: float) -> dict:
    """Decide a refund.

    Returns {"approved": bool, "refund": float (pounds), "days": int (days since delivery)}.
    """
    raise NotImplementedError
