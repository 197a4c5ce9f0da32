"""Held-back checks for ticket FH-1044. Run from /app by tests/test.sh; plain asserts."""

import json
import sys
from datetime import date, datetime
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, "/app")
APP = Path("/app")

import os

os.environ["FERNHILL_PAYMENT"] = "mock"
import checkout

cases = [
    (date(2026, 11, 16), "Arrives Tue 17 Nov"),
    (date(2026, 11, 13), "Arrives Sat 14 Nov"),
    (date(2026, 11, 14), "Arrives Mon 16 Nov"),
    (date(2026, 11, 30), "Arrives Tue 1 Dec"),
    (date(2026, 12, 31), "Arrives Fri 1 Jan"),
]
for dispatch, want in cases:
    got = checkout.delivery_label(dispatch)
    assert got == want, f"delivery_label({dispatch}) = {got!r}, want {want!r}"
assert checkout.place_order({"total": 10.0}, date(2026, 11, 16))["delivery"] == "Arrives Tue 17 Nov"
print("ok")
