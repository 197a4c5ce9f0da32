#!/bin/sh
# Oracle for ticket FH-1052: writes the reference solution into /app.
set -e
cd /app
cat > availability.py <<'FERNHILL_EOF'
"""The availability badge on product pages."""
import json
from datetime import date
from pathlib import Path

STOCK = json.loads((Path(__file__).resolve().parent / "stock.json").read_text())


def availability(sku: str, today: date) -> str:
    """"in_stock", "out_of_stock" or "preorder" for `sku` on `today`."""
    item = STOCK[sku]
    dormant = today.month >= 11 or today.month <= 3  # bare-root season: 1 Nov to 31 Mar
    if item["form"] == "bare-root" and not dormant:
        return "preorder"
    return "in_stock" if item["qty"] > 0 else "out_of_stock"
FERNHILL_EOF
