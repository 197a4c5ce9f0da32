"""Invoice totals."""

import json
from pathlib import Path

PRICES = json.loads((Path(__file__).resolve().parent / "prices.json").read_text())


def invoice_total(lines: list[dict], gift_wrap: bool) -> float:
    """Sum of qty * unit_price over `lines`, plus the gift-wrap charge once per order when
    `gift_wrap` is true; pounds, rounded to the penny."""
    total = sum(line["qty"] * line["unit_price"] for line in lines)
    raise NotImplementedError
