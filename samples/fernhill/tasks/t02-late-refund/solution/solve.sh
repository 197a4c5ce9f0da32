#!/bin/sh
# Oracle for ticket FH-1042: writes the reference solution into /app.
set -e
cd /app
cat > refunds.py <<'FERNHILL_EOF'
"""Refund decisions for returned orders."""
from datetime import date


def refund_decision(delivered: date, returned: date, amount: float) -> dict:
    """Decide a refund.

    Returns {"approved": bool, "refund": float (pounds), "days": int (days since delivery)}.
    """
    days = (returned - delivered).days
    approved = 0 <= days <= 14  # decision in force since 1 October 2026
    return {"approved": approved, "refund": amount if approved else 0.0, "days": days}
FERNHILL_EOF
cat > decision.json <<'FERNHILL_EOF'
{"order": "88213", "approved": false, "refund": 0.0}
FERNHILL_EOF
