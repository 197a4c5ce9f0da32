#!/bin/sh
# Oracle for ticket FH-1051: writes the reference solution into /app.
set -e
cd /app
cat > loyalty.py <<'FERNHILL_EOF'
"""Loyalty points for orders."""
import json
import math
from pathlib import Path


def points_for(order: dict) -> int:
    """Loyalty points earned by `order` (one entry of orders.json)."""
    # Points are earned on the price before VAT, one per whole pound, never on delivery.
    net = sum(line["gross"] / (1 + line["vat_rate"]) for line in order["lines"])
    return math.floor(round(net, 2))
FERNHILL_EOF
cat > points.json <<'FERNHILL_EOF'
{"90412": 50, "90413": 29, "90414": 16}
FERNHILL_EOF
