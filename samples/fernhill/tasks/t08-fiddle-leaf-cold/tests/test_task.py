"""Held-back checks for ticket FH-1048. Run from /app by tests/test.sh; plain asserts."""

import json
import sys
from datetime import date, datetime
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, "/app")
APP = Path("/app")

from weather_hold import should_hold

cases = [
    ("FIG-LYR", 3, True),
    ("FIG-LYR", 4.9, True),
    ("FIG-LYR", 5, False),
    ("FIG-LYR", 12, False),
    ("FIC-ELA", 3, False),
    ("FRN-BOS", 3, False),
    ("FRN-BOS", -1, True),
    ("POT-14", -6, False),
]
for sku, low, want in cases:
    got = should_hold(sku, low)
    assert got is want, f"should_hold({sku!r}, {low}) = {got}, want {want}"
print("ok")
