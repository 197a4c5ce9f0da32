"""Held-back checks for ticket FH-1052. Run from /app by tests/test.sh; plain asserts.

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
    ("ROS-BR-ICE", date(2026, 6, 10), "preorder"),
    ("ROS-BR-ICE", date(2026, 12, 1), "in_stock"),
    ("ROS-BR-ICE", date(2026, 3, 31), "in_stock"),
    ("ROS-BR-ICE", date(2026, 4, 1), "preorder"),
    ("ROS-BR-ICE", date(2026, 11, 1), "in_stock"),
    ("ROS-BR-ICE", date(2026, 10, 31), "preorder"),
    ("ROS-PT-ICE", date(2026, 6, 10), "in_stock"),
    ("FRN-BOS", date(2026, 6, 10), "out_of_stock"),
    ("HDG-BR-BEE", date(2026, 1, 15), "out_of_stock"),
    ("HDG-BR-BEE", date(2026, 6, 10), "preorder"),
]
answers = call_in_child("availability", [("availability", (sku, day)) for sku, day, _ in cases])
for (sku, day, want), got in zip(cases, answers):
    assert got == want, f"availability({sku!r}, {day}) = {got!r}, want {want!r}"
print("ok")
