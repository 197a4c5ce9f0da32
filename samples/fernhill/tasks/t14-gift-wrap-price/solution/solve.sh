#!/bin/sh
# Oracle for ticket FH-1054: writes the reference solution into /app.
set -e
cd /app
cat > invoice.py <<'FERNHILL_EOF'
"""Invoice totals."""
import json
from pathlib import Path

PRICES = json.loads((Path(__file__).resolve().parent / "prices.json").read_text())


def invoice_total(lines: list[dict], gift_wrap: bool) -> float:
    """Sum of qty * unit_price over `lines`, plus the gift-wrap charge once per order when
    `gift_wrap` is true; pounds, rounded to the penny."""
    total = sum(line["qty"] * line["unit_price"] for line in lines)
    if gift_wrap:
        total += PRICES["gift_wrap"]
    return round(total, 2)
FERNHILL_EOF
cat > total.txt <<'FERNHILL_EOF'
50.50
FERNHILL_EOF
