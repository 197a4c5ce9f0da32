"""Held-back checks for ticket FH-1047. Run from /app by tests/test.sh; plain asserts."""

import json
import sys
from datetime import date, datetime
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, "/app")
APP = Path("/app")

from shipping import choose_carrier

cases = [
    ("ZE1 0AA", 3, "rm48"),
    ("kw15 1ab", 2.5, "rm48"),
    ("HS1 2AB", 12, "rm48"),
    ("EH1 1AA", 3, "brindle"),
    ("KT1 1AA", 3, "brindle"),
    ("IV2 3AB", 5, "brindle"),
    ("SE1 9SG", 29, "brindle"),
    ("SE1 9SG", 40, "pallet"),
]
for postcode, kg, want in cases:
    got = choose_carrier(postcode, kg)
    assert got == want, f"choose_carrier({postcode!r}, {kg}) = {got!r}, want {want!r}"
print("ok")
