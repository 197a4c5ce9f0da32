"""Held-back checks for ticket FH-1054. Run from /app by tests/test.sh; plain asserts.

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
total = float((APP / "total.txt").read_text().strip().lstrip("£"))

lines = [{"qty": 2, "unit_price": 18.0}, {"qty": 1, "unit_price": 11.0}]
wrapped, plain, empty = call_in_child(
    "invoice",
    [("invoice_total", (lines, True)), ("invoice_total", (lines, False)), ("invoice_total", ([], True))],
)
assert abs(wrapped - 50.50) < 0.005, wrapped
assert abs(plain - 47.00) < 0.005, plain
assert abs(empty - 3.50) < 0.005
assert abs(total - 50.50) < 0.005, f"total.txt says {total}"
print("ok")
