"""Held-back checks for ticket FH-1043. Run from /app by tests/test.sh; plain asserts."""

import json
import sys
from datetime import date, datetime
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, "/app")
APP = Path("/app")

from quotes import quote

q = quote("OLV-180", 80, "greenacre-garden-centre")
assert q["discount_pct"] == 10, q
assert abs(q["total"] - 6408.00) < 0.005, q
assert quote("OLV-180", 30, "greenacre-garden-centre")["discount_pct"] == 5
assert quote("OLV-180", 500, "greenacre-garden-centre")["discount_pct"] == 10
assert quote("OLV-180", 80, "retail")["discount_pct"] == 0
assert abs(quote("BAY-120", 10, "retail")["total"] - 540.00) < 0.005

saved = json.loads((APP / "quote.json").read_text())
assert saved["sku"] == "OLV-180" and saved["qty"] == 80, saved
assert saved["discount_pct"] == 10 and abs(saved["total"] - 6408.00) < 0.005, saved
print("ok")
