"""Held-back checks for ticket FH-1050. Run from /app by tests/test.sh; plain asserts."""

import json
import sys
from datetime import date, datetime
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, "/app")
APP = Path("/app")

from picks import missed_collection

cases = [
    ("2026-07-14 15:59", False),
    ("2026-07-14 16:00", True),
    ("2026-07-14 16:30", True),
    ("2026-07-14 09:00", False),
    ("2026-01-14 16:30", False),
    ("2026-01-14 17:00", True),
    ("2026-12-01 16:59", False),
]
for stamp, want in cases:
    got = missed_collection(stamp)
    assert got is want, f"missed_collection({stamp!r}) = {got}, want {want}"
missed = sorted(line.strip() for line in (APP / "missed.txt").read_text().splitlines() if line.strip())
assert missed == ["70103", "70104", "70105"], f"missed.txt lists {missed}"
print("ok")
