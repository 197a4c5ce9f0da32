"""Holding parcels at the warehouse when the night is too cold for the plants in them."""

import json
from pathlib import Path

CATALOGUE = json.loads((Path(__file__).resolve().parent / "catalogue.json").read_text())


def should_hold(sku: str, night_low_c: float) -> bool:
    """True when a parcel of `sku` must wait, given tonight's forecast low on its route (°C)."""
    raise NotImplementedError
