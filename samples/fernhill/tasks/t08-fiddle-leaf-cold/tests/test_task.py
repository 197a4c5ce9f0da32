"""Held-back checks for ticket FH-1048. Run from /app by tests/test.sh; plain asserts.

The agent's code runs only in a child process (isolated_calls.py): this process imports nothing
from /app; it sends the calls, compares the answers that come back with the values below, and
decides.
"""

import json
import sys
from datetime import date, datetime
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
APP = Path("/app")

from isolated_calls import call_in_child

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
answers = call_in_child("weather_hold", [("should_hold", (sku, low)) for sku, low, _ in cases])
for (sku, low, want), got in zip(cases, answers):
    assert got is want, f"should_hold({sku!r}, {low}) = {got}, want {want}"
print("ok")
