#!/bin/sh
# Oracle for ticket FH-1049: writes the reference solution into /app.
set -e
cd /app
cat > skus.py <<'FERNHILL_EOF'
"""Fernhill SKUs: FH-<category code>-<pot size in cm>-<sequence in the category, 3 digits>."""
import csv
from pathlib import Path

HERE = Path(__file__).resolve().parent
CATEGORY_CODES = {"fern": "FRN", "palm": "PLM", "olive": "OLV", "cactus": "CAC", "herb": "HRB"}


def make_sku(category: str, pot_cm: int, seq: int) -> str:
    """The SKU for a product of `category` in a `pot_cm` pot, number `seq` in its category."""
    return f"FH-{CATEGORY_CODES[category]}-{pot_cm:02d}-{seq:03d}"


def add_new_products() -> None:
    """Append the rows of new_products.csv to catalogue.csv with fresh SKUs."""
    with open(HERE / "catalogue.csv", newline="") as fh:
        rows = list(csv.DictReader(fh))
    with open(HERE / "new_products.csv", newline="") as fh:
        new = list(csv.DictReader(fh))
    for product in new:
        code = CATEGORY_CODES[product["category"]]
        seqs = [int(r["sku"].rsplit("-", 1)[1]) for r in rows if r["sku"].split("-")[1] == code]
        sku = make_sku(product["category"], int(product["pot_cm"]), max(seqs, default=0) + 1)
        rows.append({"sku": sku, "name": product["name"], "category": product["category"],
                     "pot_cm": product["pot_cm"]})
    with open(HERE / "catalogue.csv", "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["sku", "name", "category", "pot_cm"], lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
FERNHILL_EOF
cat > catalogue.csv <<'FERNHILL_EOF'
sku,name,category,pot_cm
FH-FRN-12-001,Boston fern,fern,12
FH-PLM-17-001,Parlour palm,palm,17
FH-PLM-17-002,Areca palm,palm,17
FH-OLV-30-001,Olive tree 1.8 m,olive,30
FH-CAC-10-001,Golden barrel cactus,cactus,10
FH-CAC-10-002,Bishop's cap cactus,cactus,10
FH-CAC-10-003,Moon cactus,cactus,10
FH-FRN-09-002,Maidenhair fern,fern,9
FH-CAC-06-004,Bunny-ear cactus,cactus,6
FH-PLM-21-003,Kentia palm,palm,21
FERNHILL_EOF
