"""Held-back checks for ticket FH-1047. Run from /app by tests/test.sh; plain asserts.

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
answers = call_in_child("shipping", [("choose_carrier", (postcode, kg)) for postcode, kg, _ in cases])
for (postcode, kg, want), got in zip(cases, answers):
    assert got == want, f"choose_carrier({postcode!r}, {kg}) = {got!r}, want {want!r}"
print("ok")
