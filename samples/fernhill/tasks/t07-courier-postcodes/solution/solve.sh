#!/bin/sh
# Oracle for ticket FH-1047: writes the reference solution into /app.
set -e
cd /app
cat > shipping.py <<'FERNHILL_EOF'
"""Which carrier takes a parcel."""
import json
from pathlib import Path

CARRIERS = json.loads((Path(__file__).resolve().parent / "carriers.json").read_text())


def choose_carrier(postcode: str, weight_kg: float) -> str:
    """The carrier code (a key of carriers.json) for a parcel to `postcode`."""
    area = ""
    for ch in postcode.strip().upper():
        if not ch.isalpha():
            break
        area += ch
    if weight_kg > CARRIERS["brindle"]["max_kg"]:
        return "pallet"
    if area in {"HS", "KW", "ZE"}:  # Brindle does not deliver there
        return "rm48" if weight_kg <= CARRIERS["rm48"]["max_kg"] else "pallet"
    return "brindle"
FERNHILL_EOF
