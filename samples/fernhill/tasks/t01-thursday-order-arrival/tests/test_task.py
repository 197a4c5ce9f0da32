"""Held-back checks for ticket FH-1041. Run from /app by tests/test.sh; plain asserts.

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
reply = (APP / "reply.txt").read_text()

thu_evening = datetime(2026, 11, 12, 19, 40)
cases = [
    (thu_evening, True, date(2026, 11, 17)),  # the customer's fern
    (thu_evening, False, date(2026, 11, 14)),  # a pot still goes on Friday
    (datetime(2026, 11, 12, 10, 0), True, date(2026, 11, 13)),
    (datetime(2026, 11, 13, 9, 0), True, date(2026, 11, 17)),
    (datetime(2026, 11, 13, 9, 0), False, date(2026, 11, 14)),
    (datetime(2026, 11, 11, 18, 0), True, date(2026, 11, 13)),
    (datetime(2026, 11, 14, 11, 0), True, date(2026, 11, 17)),
]
answers = call_in_child("delivery", [("estimate_arrival", (ordered, live)) for ordered, live, _ in cases])
for (ordered, live, want), got in zip(cases, answers):
    assert got == want, f"estimate_arrival({ordered}, live_plant={live}) = {got}, want {want}"

assert "Tuesday" in reply and "17 November" in reply, f"reply names the wrong day: {reply!r}"
assert "Saturday" not in reply, f"reply promises a Saturday: {reply!r}"
print("ok")
