"""Held-back checks for ticket FH-1044. Run from /app by tests/test.sh; plain asserts.

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
    (date(2026, 11, 16), "Arrives Tue 17 Nov"),
    (date(2026, 11, 13), "Arrives Sat 14 Nov"),
    (date(2026, 11, 14), "Arrives Mon 16 Nov"),
    (date(2026, 11, 30), "Arrives Tue 1 Dec"),
    (date(2026, 12, 31), "Arrives Fri 1 Jan"),
]
calls = [("delivery_label", (dispatch,)) for dispatch, _ in cases]
calls.append(("place_order", ({"total": 10.0}, date(2026, 11, 16))))
*labels, order = call_in_child("checkout", calls, env={"FERNHILL_PAYMENT": "mock"})
for (dispatch, want), got in zip(cases, labels):
    assert got == want, f"delivery_label({dispatch}) = {got!r}, want {want!r}"
assert order["delivery"] == "Arrives Tue 17 Nov"
print("ok")
