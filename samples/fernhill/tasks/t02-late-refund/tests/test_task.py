"""Held-back checks for ticket FH-1042. Run from /app by tests/test.sh; plain asserts.

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
decision = json.loads((APP / "decision.json").read_text())

delivered = date(2026, 10, 19)
cases = [(0, True), (3, True), (14, True), (15, False), (20, False), (29, False)]
calls = [
    ("refund_decision", (delivered, date.fromordinal(delivered.toordinal() + days), 34.0))
    for days, _ in cases
]
for (days, ok), got in zip(cases, call_in_child("refunds", calls)):
    assert got["approved"] is ok, f"{days} days after delivery: approved={got['approved']}, want {ok}"
    assert abs(got["refund"] - (34.0 if ok else 0.0)) < 0.005, f"{days} days: refund {got['refund']}"
    assert got["days"] == days

assert str(decision["order"]) == "88213"
assert decision["approved"] is False, f"order 88213 was returned after 20 days: {decision}"
assert abs(float(decision["refund"])) < 0.005, f"no refund is due: {decision}"
print("ok")
