"""What reading pack neighbours together costs, and how often benign neighbours are held as one (breaker48).

`memeval.audit._pieces.orders_in_pieces` assesses each pack item with the one and two before it (breaker49). This
reads the benign rows (`"held": false`) of the held-out sets under `tests/fixtures/hold_heldout*` in file order, as
a pack of that many items, and prints: the CPU seconds the default hold detector takes for the items alone, for
the neighbouring pairs, then runs of three and four (batched, as the store's detector does), and how many are held
though no text in them is (the items a pack build would leave out).

Run: `OPENBLAS_NUM_THREADS=1 PYTHONPATH=. .venv/bin/python bench/pack_pieces.py --items 600`.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def benign_rows(limit: int, longest: int = 400) -> list[str]:
    """Up to `limit` benign texts (at most `longest` characters) of the held-out sets, in file order."""
    out: list[str] = []
    for f in sorted(ROOT.glob("tests/fixtures/hold_heldout*/*.jsonl")):
        for line in f.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row.get("held") is False and isinstance(row.get("text"), str) and len(row["text"]) <= longest:
                out.append(row["text"])
                if len(out) >= limit:
                    return out
    return out


def main() -> None:
    """Print the figures (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--items", type=int, default=600, help="benign rows read as one pack (default 600)")
    ap.add_argument("--window", type=int, default=4, help="longest run read (default 4)")
    args = ap.parse_args()
    from memeval.hold import get_hold_detector
    from memeval.hold._batch import assess_many

    detector = get_hold_detector()
    texts = benign_rows(args.items)
    c0 = time.process_time()
    alone = assess_many(detector, [(t, "agent") for t in texts])
    c1 = time.process_time()
    pairs = assess_many(detector, [(f"{a} {b}", "agent") for a, b in zip(texts, texts[1:], strict=False)])
    c2 = time.process_time()
    both = [i for i, v in enumerate(pairs) if v.held and not alone[i].held and not alone[i + 1].held]
    per_pair = 1000 * (c2 - c1) / max(len(pairs), 1)
    print(f"items {len(texts)}: alone {c1 - c0:.2f} CPU s, {len(pairs)} pairs {c2 - c1:.2f} CPU s "
          f"({per_pair:.2f} ms a pair); held alone {sum(v.held for v in alone)}")  # fmt: skip
    print(f"pairs held though neither text is: {len(both)} of {len(pairs)}")
    for i in both:
        print(f"  {texts[i][:70]!r} + {texts[i + 1][:70]!r}")
    for n in range(3, args.window + 1):  # breaker49: an item with the two and three before it
        runs = [texts[i : i + n] for i in range(len(texts) - n + 1)]
        c3 = time.process_time()
        verdicts = assess_many(detector, [(" ".join(r), "agent") for r in runs])
        cpu = time.process_time() - c3
        none = [i for i, v in enumerate(verdicts) if v.held and not any(alone[i + k].held for k in range(n))]
        scores = ", ".join(f"{float(verdicts[i].score):.2f}" for i in none)
        print(f"runs of {n}: {len(runs)} in {cpu:.2f} CPU s ({1000 * cpu / max(len(runs), 1):.2f} ms a run); "
              f"held though no text is: {len(none)} (scores {scores}; `LONGER_SCORE` 0.95)")  # fmt: skip
        for i in none:
            print("  " + " + ".join(repr(t[:40]) for t in texts[i : i + n]))
    unfinished_runs(detector, texts)


def unfinished_runs(detector: object, texts: list[str]) -> None:
    """Print what `orders_in_pieces` leaves out of `texts` read as one pack, and how many of those only through a
    run of items that end mid-sentence (breaker50: orders cut in four or more pieces)."""
    from memeval.audit._pieces import PIECES, orders_in_pieces, piece, unfinished
    from memeval.packs._model import PackItem, Provenance

    items = [
        PackItem(id=f"pk_bench{i}", kind="fact", text=t, provenance=Provenance(source="session"))
        for i, t in enumerate(texts)
    ]
    c0 = time.process_time()
    _, out = orders_in_pieces(items, detector)
    cpu = time.process_time() - c0
    longer = [(pid, why) for pid, why in out if "end mid-sentence" in why]
    ends = sum(unfinished(t) for t in texts)
    print(f"orders_in_pieces on {len(items)} items: {cpu:.2f} CPU s; left out {len(out)}, of them through items")
    print(f"  ending mid-sentence (runs longer than {PIECES}, or with sentences between): {len(longer)}")
    pieces = sum(piece(t) for t in texts)
    print(f"  ({ends} of {len(texts)} texts end mid-sentence; {pieces} with those of one or two words, breaker51)")
    for pid, why in longer:
        print(f"  {pid}: {why[:90]}")


if __name__ == "__main__":
    main()
