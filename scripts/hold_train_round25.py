#!/usr/bin/env python3
r"""Round 25: the encoder head's out-of-fold probability as an input of the stacked stage, read only when unsure.

Issue 15's round 25. v26 was spent by the lead's look after round 24, so it is training data now (`hold_train_cv.SPENT`
through v26). This script prepares what `bench/hold_cv_round25.py` measures:

1. `--extract`: round 24's features (`/tmp/det24/features.jsonl`: rules/20, the classifier that never saw the set,
   round 22's verdict, for v4-v25) copied to `FEATURES`, and v26's rows appended, judged with hashlr-14 (fitted
   before v26 existed), as round 24 did for v25. The hold tests' benign examples are copied beside them.
2. `--embed`: every row's (and every benign example's) readings and windows, as `EncoderClassifier.score` cuts
   them, embedded once with USE multilingual v3 (`memeval/hold/_encoder.embed`, one BLAS thread) and cached to
   `EMBEDDINGS` with the CPU each row's batch took (the per-text cost the gated stage would pay).

The head is not fitted here: the bench fits a logistic head (uselr's form: 512 weights and a bias over a unit
embedding) per fold on the cached embeddings of the other sets' rows only, so a set's encoder probability comes
from a head that never saw it.

Usage:
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python scripts/hold_train_round25.py --extract --embed
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "scripts"))

import hold_train_round23 as t23  # noqa: E402
import hold_train_round24 as t24  # noqa: E402

SETS = tuple(f"v{n}" for n in range(4, 27))
FEATURES = Path("/tmp/det25/features.jsonl")
EMBEDDINGS = Path("/tmp/det25/embeddings.npz")


def chunks(text: str) -> list[str]:
    """The pieces `EncoderClassifier.score` embeds for `text` (readings, then windows of each), the text first."""
    from memeval.hold._classifier import views, windows

    return [reading[ws:we] for _, _, reading in views(text) for ws, we in windows(reading)]


def embed_rows(texts: list[str], out: Path) -> None:
    """Embed every text's chunks, one batch a text, and write them to `out`.

    `out` (.npz) holds `emb` (chunks, 512) float32, `owner` (chunks,) the text's index, `first` (texts,) the
    index of its first chunk (the text as sent) and `cpu_ms` (texts,) the CPU of that text's batch in milliseconds.
    """
    from memeval.hold._encoder import embed

    embed(["warm up"])
    embs, owner, first, cpu = [], [], [], []
    n = 0
    t_all = time.process_time()
    for i, text in enumerate(texts):
        parts = chunks(text)
        t0 = time.process_time()
        e = embed(parts)
        cpu.append((time.process_time() - t0) * 1000)
        first.append(n)
        embs.append(e)
        owner += [i] * len(parts)
        n += len(parts)
        if i % 500 == 0:
            print(f"{i}/{len(texts)}: {time.process_time() - t_all:.0f} s CPU, load {os.getloadavg()[0]:.1f}",
                  flush=True)  # fmt: skip
    np.savez(out, emb=np.vstack(embs), owner=np.array(owner), first=np.array(first), cpu_ms=np.array(cpu))


def main() -> None:
    """See the module docstring."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--extract", action="store_true")
    ap.add_argument("--embed", action="store_true")
    ap.add_argument("--features", type=Path, default=FEATURES)
    ap.add_argument("--embeddings", type=Path, default=EMBEDDINGS)
    args = ap.parse_args()
    if args.extract:
        t24.extract(args.features, t24.FEATURES, t24.EXAMPLES, version="v26")  # v26's rows after round 24's
        print("extracted", flush=True)
    if args.embed:
        rows = t23.load(args.features) + t23.load(args.features.parent / "examples.jsonl")
        embed_rows([r["text"] for r in rows], args.embeddings)


if __name__ == "__main__":
    main()
