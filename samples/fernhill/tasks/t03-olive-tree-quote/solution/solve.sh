#!/bin/sh
# Oracle for ticket FH-1043: writes the reference solution into /app.
set -e
cd /app
cat > quotes.py <<'FERNHILL_EOF'
"""Quotes for trade and retail customers."""
import json
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"


def quote(sku: str, qty: int, customer: str) -> dict:
    """Quote `qty` units of `sku` for `customer` (a key of data/customers.json).

    Returns {"sku", "qty", "unit_price", "discount_pct", "total"}; total in pounds, 2 dp.
    """
    prices = json.loads((DATA / "prices.json").read_text())
    customers = json.loads((DATA / "customers.json").read_text())
    wholesale = json.loads((DATA / "wholesale.json").read_text())
    unit = prices[sku]["price"]
    pct = 0
    if customers[customer]["type"] in wholesale["applies_to"]:
        for tier in wholesale["tiers"]:
            if qty >= tier["min_qty"]:
                pct = max(pct, tier["pct"])
    pct = min(pct, 10)  # wholesale discounts stop at 10%
    total = round(unit * qty * (100 - pct) / 100, 2)
    return {"sku": sku, "qty": qty, "unit_price": unit, "discount_pct": pct, "total": total}
FERNHILL_EOF
cat > quote.json <<'FERNHILL_EOF'
{"sku": "OLV-180", "qty": 80, "discount_pct": 10, "total": 6408.0}
FERNHILL_EOF
