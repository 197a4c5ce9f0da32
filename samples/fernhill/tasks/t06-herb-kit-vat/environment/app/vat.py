"""VAT on invoice lines."""

import json
from pathlib import Path

CATALOGUE = json.loads((Path(__file__).resolve().parent / "catalogue.json").read_text())
STANDARD = 0.20
ZERO_RATED = {"herb", "vegetable", "seeds"}  # plants and seeds for growing food


def line_vat(sku: str, qty: int) -> float:
    """VAT in pounds on `qty` units of `sku` (net prices in catalogue.json), to the penny."""
    raise NotImplementedError
