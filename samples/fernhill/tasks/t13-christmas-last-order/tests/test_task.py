"""Held-back checks for ticket FH-1053. Run from /app by tests/test.sh; plain asserts.

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
saved = json.loads((APP / "christmas.json").read_text())

live, other = call_in_child(
    "christmas", [("last_order_day", (2026, True)), ("last_order_day", (2026, False))]
)
assert live == date(2026, 12, 21), live
assert other == date(2026, 12, 21), other
assert saved == {"live_plants": "2026-12-21", "other": "2026-12-21"}, saved
print("ok")
