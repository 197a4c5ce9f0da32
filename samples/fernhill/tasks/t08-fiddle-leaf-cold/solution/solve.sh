#!/bin/sh
# Oracle for ticket FH-1048: writes the reference solution into /app.
set -e
cd /app
cat > weather_hold.py <<'FERNHILL_EOF'
"""Holding parcels at the warehouse when the night is too cold for the plants in them."""
import json
from pathlib import Path

CATALOGUE = json.loads((Path(__file__).resolve().parent / "catalogue.json").read_text())


def should_hold(sku: str, night_low_c: float) -> bool:
    """True when a parcel of `sku` must wait, given tonight's forecast low on its route (°C)."""
    item = CATALOGUE[sku]
    if not item["live"]:
        return False
    # Fiddle-leaf figs drop their leaves after a cold night: they need 5 °C, others 0 °C.
    threshold = 5.0 if item.get("latin") == "Ficus lyrata" else 0.0
    return night_low_c < threshold
FERNHILL_EOF
