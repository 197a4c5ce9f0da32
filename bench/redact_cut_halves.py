"""A credential cut across two events: how many of its two parts are blanked (redact25, issue 15).

Usage (with `PYTHONPATH` set to the tree to measure):
    python bench/redact_cut_halves.py [--dump FILE] [--json]

Every credential value of 12+ characters of the owned and the fresh corpora (the cases
`bench/redact_spaced_cuts.py halves` reads), cut at 1/4, 1/2 and 3/4 of its length: the text up to
the cut is one event, the rest another, both through `redact_many` in batches of 100. A part is raw
when its piece of the value is in the stored text (as `halves` counts). Prints, for each cut point
and in all, how many cuts have both parts blanked, one, none; and how many cuts leave the value
whole across the two stored texts (both parts raw) or leave a stored raw piece of 8+ characters of
it. `--dump FILE` writes the cuts with both parts raw (JSON lines: value, cut, the two texts).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from redact_spaced_cuts import _fresh, _many, _owned  # noqa: E402

MIN_VALUE = 12
"""Shortest credential value cut (as `redact_spaced_cuts.halves`)."""
LONG_PIECE = 8
"""A raw piece of this many characters of the value counts as a long raw piece."""


def cases() -> list[tuple[str, int, str, str]]:
    """(value, cut, first text, second text) for every credential value of 12+ characters, cut three ways."""
    out = []
    for group, text, secrets in _owned() + _fresh():
        for s in secrets if group == "credential" else ():
            k = text.find(s)
            if k >= 0 and len(s) >= MIN_VALUE:
                for cut in (len(s) // 4, len(s) // 2, 3 * len(s) // 4):
                    out.append((s, cut, text[: k + cut], text[k + cut :]))
    return out


def main() -> None:
    """Cut, redact, tally and print."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--dump", type=Path, help="write the cuts with both parts raw here (JSON lines)")
    ap.add_argument("--json", action="store_true", help="print the tally as JSON")
    a = ap.parse_args()
    cs = cases()
    c0 = time.process_time()
    outs = _many([t for c in cs for t in c[2:]])
    cpu = time.process_time() - c0
    tally: Counter[str] = Counter()
    raw_both: list[dict[str, object]] = []
    for n, (s, cut, first, second) in enumerate(cs):
        at = ("1/4", "1/2", "3/4")[n % 3]
        raw = (s[:cut] in outs[2 * n], s[cut:] in outs[2 * n + 1])
        blanked = {(False, False): "both", (True, True): "none"}.get(raw, "one")
        tally[f"{at} {blanked}"] += 1
        tally[f"all {blanked}"] += 1
        longest = max(len(s[:cut]) if raw[0] else 0, len(s[cut:]) if raw[1] else 0)
        tally["all raw piece 8+"] += longest >= LONG_PIECE
        if raw == (True, True):
            raw_both.append({"value": s, "cut": cut, "first": first, "second": second})
    figures = {
        "cuts": len(cs),
        "values": len({c[0] for c in cs}),
        "cpu_s": round(cpu, 1),
        **dict(sorted(tally.items())),
    }
    if a.dump:
        a.dump.write_text("".join(json.dumps(r) + "\n" for r in raw_both), encoding="utf-8")
    if a.json:
        print(json.dumps(figures, indent=1))
        return
    print(f"{figures['cuts']} cuts of {figures['values']} credential values (at 1/4, 1/2, 3/4), {cpu:.1f} CPU s")
    for at in ("1/4", "1/2", "3/4", "all"):
        both, one, none = (tally[f"{at} {b}"] for b in ("both", "one", "none"))
        print(f"  {at:4} halves blanked: both {both:5}  one {one:5}  none {none:5}")
    print(f"  cuts leaving a raw piece of {LONG_PIECE}+ characters of the value: {tally['all raw piece 8+']}")


if __name__ == "__main__":
    main()
