"""Held-back checks for ticket FH-1042. Run from /app by tests/test.sh; plain asserts."""

import json
import sys
from datetime import date, datetime
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, "/app")
APP = Path("/app")

from refunds import refund_decision

delivered = date(2026, 10, 19)
for days, ok in [(0, True), (3, True), (14, True), (15, False), (20, False), (29, False)]:
    returned = date.fromordinal(delivered.toordinal() + days)
    got = refund_decision(delivered, returned, 34.0)
    assert got["approved"] is ok, f"{days} days after delivery: approved={got['approved']}, want {ok}"
    assert abs(got["refund"] - (34.0 if ok else 0.0)) < 0.005, f"{days} days: refund {got['refund']}"
    assert got["days"] == days

decision = json.loads((APP / "decision.json").read_text())
assert str(decision["order"]) == "88213"
assert decision["approved"] is False, f"order 88213 was returned after 20 days: {decision}"
assert abs(float(decision["refund"])) < 0.005, f"no refund is due: {decision}"
print("ok")
