"""Quotes for trade and retail customers."""

import json
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"


def quote(sku: str, qty: int, customer: str) -> dict:
    """Quote `qty` units of `sku` for `customer` (a key of data/customers.json).

    Returns {"sku", "qty", "unit_price", "discount_pct", "total"}; total in pounds, 2 dp.
    """
    raise NotImplementedError
