#!/bin/sh
# Oracle for ticket FH-1046: writes the reference solution into /app.
set -e
cd /app
cat > vat.py <<'FERNHILL_EOF'
"""VAT on invoice lines."""
import json
from pathlib import Path

CATALOGUE = json.loads((Path(__file__).resolve().parent / "catalogue.json").read_text())
STANDARD = 0.20
ZERO_RATED = {"herb", "vegetable", "seeds"}  # plants and seeds for growing food


def line_vat(sku: str, qty: int) -> float:
    """VAT in pounds on `qty` units of `sku` (net prices in catalogue.json), to the penny."""
    item = CATALOGUE[sku]
    parts = item.get("parts")
    if parts:
        # The plant in a kit follows the plant's rate; the pot is always standard-rated.
        taxable = parts["pot"]
    elif item["category"] in ZERO_RATED:
        taxable = 0.0
    else:
        taxable = item["net"]
    return round(taxable * STANDARD * qty + 1e-9, 2)
FERNHILL_EOF
