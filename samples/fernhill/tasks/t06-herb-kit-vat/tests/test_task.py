"""Held-back checks for ticket FH-1046. Run from /app by tests/test.sh; plain asserts.

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
    ("BSL-KIT", 3, 4.80),
    ("BSL-KIT", 1, 1.60),
    ("BSL-PLT", 2, 0.0),
    ("TOM-SDS", 4, 0.0),
    ("POT-14", 1, 1.60),
    ("FRN-BOS", 1, 3.00),
    ("FRN-BOS", 3, 9.00),
]
answers = call_in_child("vat", [("line_vat", (sku, qty)) for sku, qty, _ in cases])
for (sku, qty, want), got in zip(cases, answers):
    assert abs(got - want) < 0.005, f"line_vat({sku!r}, {qty}) = {got}, want {want}"
print("ok")
