"""Held-back checks for ticket FH-1043. Run from /app by tests/test.sh; plain asserts.

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
saved = json.loads((APP / "quote.json").read_text())

q, q30, q500, retail, bay = call_in_child(
    "quotes",
    [
        ("quote", ("OLV-180", 80, "greenacre-garden-centre")),
        ("quote", ("OLV-180", 30, "greenacre-garden-centre")),
        ("quote", ("OLV-180", 500, "greenacre-garden-centre")),
        ("quote", ("OLV-180", 80, "retail")),
        ("quote", ("BAY-120", 10, "retail")),
    ],
)
assert q["discount_pct"] == 10, q
assert abs(q["total"] - 6408.00) < 0.005, q
assert q30["discount_pct"] == 5
assert q500["discount_pct"] == 10
assert retail["discount_pct"] == 0
assert abs(bay["total"] - 540.00) < 0.005

assert saved["sku"] == "OLV-180" and saved["qty"] == 80, saved
assert saved["discount_pct"] == 10 and abs(saved["total"] - 6408.00) < 0.005, saved
print("ok")
