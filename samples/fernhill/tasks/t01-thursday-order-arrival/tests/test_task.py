"""Held-back checks for ticket FH-1041. Run from /app by tests/test.sh; plain asserts."""

import json
import sys
from datetime import date, datetime
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, "/app")
APP = Path("/app")

from delivery import estimate_arrival

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
for ordered, live, want in cases:
    got = estimate_arrival(ordered, live)
    assert got == want, f"estimate_arrival({ordered}, live_plant={live}) = {got}, want {want}"

reply = (APP / "reply.txt").read_text()
assert "Tuesday" in reply and "17 November" in reply, f"reply names the wrong day: {reply!r}"
assert "Saturday" not in reply, f"reply promises a Saturday: {reply!r}"
print("ok")
