"""Fernhill SKUs: FH-<category code>-<pot size in cm>-<sequence in the category, 3 digits>."""

import csv
from pathlib import Path

HERE = Path(__file__).resolve().parent
CATEGORY_CODES = {"fern": "FRN", "palm": "PLM", "olive": "OLV", "cactus": "CAC", "herb": "HRB"}


def make_sku(category: str, pot_cm: int, seq: int) -> str:
    """The SKU for a product of `category` in a `pot_cm` pot, number `seq` in its category."""
    raise NotImplementedError
