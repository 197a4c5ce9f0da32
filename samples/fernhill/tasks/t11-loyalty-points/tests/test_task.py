"""Held-back checks for ticket FH-1051. Run from /app by tests/test.sh; plain asserts."""

import json
import sys
from datetime import date, datetime
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, "/app")
APP = Path("/app")

from loyalty import points_for

orders = json.loads((APP / "orders.json").read_text())
want = {"90412": 50, "90413": 29, "90414": 16}
for number, points in want.items():
    got = points_for(orders[number])
    assert got == points, f"points_for(order {number}) = {got}, want {points}"
saved = {str(k): v for k, v in json.loads((APP / "points.json").read_text()).items()}
assert saved == want, f"points.json = {saved}, want {want}"
print("ok")
