"""Held-back checks for ticket FH-1050. Run from /app by tests/test.sh; plain asserts.

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
missed = sorted(line.strip() for line in (APP / "missed.txt").read_text().splitlines() if line.strip())

cases = [
    ("2026-07-14 15:59", False),
    ("2026-07-14 16:00", True),
    ("2026-07-14 16:30", True),
    ("2026-07-14 09:00", False),
    ("2026-01-14 16:30", False),
    ("2026-01-14 17:00", True),
    ("2026-12-01 16:59", False),
]
answers = call_in_child("picks", [("missed_collection", (stamp,)) for stamp, _ in cases])
for (stamp, want), got in zip(cases, answers):
    assert got is want, f"missed_collection({stamp!r}) = {got}, want {want}"
assert missed == ["70103", "70104", "70105"], f"missed.txt lists {missed}"
print("ok")
