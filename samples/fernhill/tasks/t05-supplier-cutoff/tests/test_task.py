"""Held-back checks for ticket FH-1045. Run from /app by tests/test.sh; plain asserts."""

import json
import sys
from datetime import date, datetime
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, "/app")
APP = Path("/app")

from restock import restock_arrival

cases = [
    ("greenvale", datetime(2026, 11, 11, 13, 30), date(2026, 11, 13)),
    ("greenvale", datetime(2026, 11, 11, 10, 15), date(2026, 11, 12)),
    ("greenvale", datetime(2026, 11, 13, 11, 0), date(2026, 11, 17)),
    ("greenvale", datetime(2026, 11, 14, 9, 0), date(2026, 11, 17)),
    ("marsh-lane", datetime(2026, 11, 11, 11, 0), date(2026, 11, 16)),
]
for supplier, ordered, want in cases:
    got = restock_arrival(supplier, ordered)
    assert got == want, f"restock_arrival({supplier!r}, {ordered}) = {got}, want {want}"
answer = (APP / "answer.txt").read_text()
assert "Friday" in answer and "13 November" in answer, f"wrong arrival in answer: {answer!r}"
print("ok")
