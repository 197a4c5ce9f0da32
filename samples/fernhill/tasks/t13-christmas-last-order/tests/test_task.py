"""Held-back checks for ticket FH-1053. Run from /app by tests/test.sh; plain asserts."""

import json
import sys
from datetime import date, datetime
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, "/app")
APP = Path("/app")

from christmas import last_order_day

assert last_order_day(2026, True) == date(2026, 12, 21), last_order_day(2026, True)
assert last_order_day(2026, False) == date(2026, 12, 21), last_order_day(2026, False)
saved = json.loads((APP / "christmas.json").read_text())
assert saved == {"live_plants": "2026-12-21", "other": "2026-12-21"}, saved
print("ok")
