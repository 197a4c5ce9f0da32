"""Held-back checks for ticket FH-1045. Run from /app by tests/test.sh; plain asserts.

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
answer = (APP / "answer.txt").read_text()

cases = [
    ("greenvale", datetime(2026, 11, 11, 13, 30), date(2026, 11, 13)),
    ("greenvale", datetime(2026, 11, 11, 10, 15), date(2026, 11, 12)),
    ("greenvale", datetime(2026, 11, 13, 11, 0), date(2026, 11, 17)),
    ("greenvale", datetime(2026, 11, 14, 9, 0), date(2026, 11, 17)),
    ("marsh-lane", datetime(2026, 11, 11, 11, 0), date(2026, 11, 16)),
]
answers = call_in_child(
    "restock", [("restock_arrival", (supplier, ordered)) for supplier, ordered, _ in cases]
)
for (supplier, ordered, want), got in zip(cases, answers):
    assert got == want, f"restock_arrival({supplier!r}, {ordered}) = {got}, want {want}"
assert "Friday" in answer and "13 November" in answer, f"wrong arrival in answer: {answer!r}"
print("ok")
