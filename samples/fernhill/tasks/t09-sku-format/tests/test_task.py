"""Held-back checks for ticket FH-1049. Run from /app by tests/test.sh; plain asserts.

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

import csv

# read before the child runs: the agent's code cannot rewrite it during the checks
with open(APP / "catalogue.csv", newline="") as fh:
    rows = list(csv.DictReader(fh))

cases = [
    (("fern", 9, 4), "FH-FRN-09-004"),
    (("palm", 21, 3), "FH-PLM-21-003"),
    (("cactus", 6, 12), "FH-CAC-06-012"),
    (("olive", 30, 2), "FH-OLV-30-002"),
]
for (args, want), got in zip(cases, call_in_child("skus", [("make_sku", args) for args, _ in cases])):
    assert got == want, f"make_sku{args} = {got!r}, want {want!r}"

skus = [r["sku"] for r in rows]
assert skus[:7] == [
    "FH-FRN-12-001",
    "FH-PLM-17-001",
    "FH-PLM-17-002",
    "FH-OLV-30-001",
    "FH-CAC-10-001",
    "FH-CAC-10-002",
    "FH-CAC-10-003",
], f"existing rows changed: {skus[:7]}"
for want in ["FH-FRN-09-002", "FH-CAC-06-004", "FH-PLM-21-003"]:
    assert want in skus, f"{want} missing from catalogue.csv: {skus}"
assert len(skus) == 10, skus
print("ok")
