"""Held-back checks for ticket FH-1054. Run from /app by tests/test.sh; plain asserts."""

import json
import sys
from datetime import date, datetime
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, "/app")
APP = Path("/app")

from invoice import invoice_total

lines = [{"qty": 2, "unit_price": 18.0}, {"qty": 1, "unit_price": 11.0}]
assert abs(invoice_total(lines, True) - 50.50) < 0.005, invoice_total(lines, True)
assert abs(invoice_total(lines, False) - 47.00) < 0.005, invoice_total(lines, False)
assert abs(invoice_total([], True) - 3.50) < 0.005
total = float((APP / "total.txt").read_text().strip().lstrip("£"))
assert abs(total - 50.50) < 0.005, f"total.txt says {total}"
print("ok")
