"""Held-back checks for ticket FH-1051. Run from /app by tests/test.sh; plain asserts.

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

# read before the child runs: the agent's code cannot rewrite it during the checks
saved = {str(k): v for k, v in json.loads((APP / "points.json").read_text()).items()}

orders = json.loads((APP / "orders.json").read_text())
want = {"90412": 50, "90413": 29, "90414": 16}
answers = call_in_child("loyalty", [("points_for", (orders[number],)) for number in want])
for (number, points), got in zip(want.items(), answers):
    assert got == points, f"points_for(order {number}) = {got}, want {points}"
assert saved == want, f"points.json = {saved}, want {want}"
print("ok")
