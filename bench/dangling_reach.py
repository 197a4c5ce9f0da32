"""How often a prefix left dangling blanks a benign text after it, and what reading a text costs (breaker49).

`memeval.redact._dangling` keeps a key's prefix left dangling at the end of a text (`... tokens start with ghp_`)
until its body is found in a later text of the stream, anywhere in it, or in pieces ending their texts. This reads
the benign rows (`"held": false`) of the held-out sets under `tests/fixtures/hold_heldout*` (every length) and, for
each of a few prefixes, every row after that prefix as though none had been found before it (the worst case: the
prefix never resolved): it prints how many rows would have a span blanked, which, and the CPU per row read.

Run: `PYTHONPATH=. .venv/bin/python bench/dangling_reach.py`.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PREFIXES = ("ghp_", "github_pat_", "AKIA", "sk-ant-api03-", "xoxb-", "glpat-", "hf_", "sk_live_")


def benign_rows() -> list[str]:
    """Every benign text of the held-out sets, in file order."""
    out: list[str] = []
    for f in sorted(ROOT.glob("tests/fixtures/hold_heldout*/*.jsonl")):
        for line in f.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row.get("held") is False and isinstance(row.get("text"), str):
                out.append(row["text"])
    return out


def main() -> None:
    """Print the figures (see the module docstring)."""
    from memeval.redact import Dangling, dangling_start, dangling_step
    from memeval.redact._dangling import _rules

    rows = benign_rows()
    dangling_start("warm ghp_")  # derive the rules once, outside the timing
    c0 = time.process_time()
    started = [t for t in rows if dangling_start(t) is not None]
    cpu = time.process_time() - c0
    print(f"dangling_start: {len(started)} of {len(rows)} benign rows leave a prefix dangling, "
          f"{1e6 * cpu / len(rows):.1f} us CPU a row")  # fmt: skip
    for t in started[:6]:
        print(f"    {t[:90]!r}")
    for prefix in PREFIXES:
        state = dangling_start(f"Tokens of this kind start with {prefix}")
        if state is None:
            print(f"{prefix}: no rule takes it as a prefix")
            continue
        half = min(r.full_min for r in _rules(state.word)) // 2
        states = {"next": Dangling(state.word), "later": Dangling(state.word, since=1),
                  "piece": Dangling(state.word, got=half, since=1)}  # fmt: skip
        hits: dict[str, list[str]] = {k: [] for k in states}
        c0 = time.process_time()
        for text in rows:
            for k, later in states.items():
                found, _ = dangling_step(later, text)
                if found:
                    hits[k].append(f"{text[found[0].start : found[0].end]!r} in {text[:50]!r}")
        cpu = time.process_time() - c0
        counts = ", ".join(f"{k} {len(v)}" for k, v in hits.items())
        print(f"{prefix}: {len(rows)} benign rows, blanked after it: {counts}; "
              f"{1e6 * cpu / (len(states) * len(rows)):.1f} us CPU a read")  # fmt: skip
        for k in ("later", "piece"):
            for h in hits[k][:4]:
                print(f"    {k}: {h}")


if __name__ == "__main__":
    main()
