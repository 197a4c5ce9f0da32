"""Held-back checks for ticket FH-1046. Run from /app by tests/test.sh; plain asserts."""

import json
import sys
from datetime import date, datetime
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, "/app")
APP = Path("/app")

from vat import line_vat

cases = [
    ("BSL-KIT", 3, 4.80),
    ("BSL-KIT", 1, 1.60),
    ("BSL-PLT", 2, 0.0),
    ("TOM-SDS", 4, 0.0),
    ("POT-14", 1, 1.60),
    ("FRN-BOS", 1, 3.00),
    ("FRN-BOS", 3, 9.00),
]
for sku, qty, want in cases:
    got = line_vat(sku, qty)
    assert abs(got - want) < 0.005, f"line_vat({sku!r}, {qty}) = {got}, want {want}"
print("ok")
