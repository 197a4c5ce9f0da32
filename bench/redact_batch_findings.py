"""CPU of `redact_many`: texts full of kingfisher findings joined against alone, or the ingest bench's texts.

The batch check's cost grows with findings when it searches per finding (before breaker21: 100 texts
of 10 findings took 3.3 CPU s joined against 1.3 s one by one). Prints CPU seconds (process time) of
one joined call and of the texts one by one, and their ratio. With `--ingest N`, instead: the free
texts of `bench/audit_ingest.py`'s first N events (memories, lessons, refusals, comments, each made
unique) through `redact_many` in batches of 100, best of `--rounds`, with the CPU `_batch.crossing`
took among it. With `--against CHECKOUT`, that checkout and this one run in turns, each in its own
process with `PYTHONPATH` set to it, on the same texts. Usage:
PYTHONPATH=. .venv/bin/python bench/redact_batch_findings.py [--texts 100] [--findings 10]
PYTHONPATH=. .venv/bin/python bench/redact_batch_findings.py --ingest 5000 [--against /work/main]
"""

from __future__ import annotations

import argparse
import os
import secrets
import string
import subprocess
import sys
import time
from pathlib import Path

from _code import pythonpath
from _machine import load_now

ROOT = Path(__file__).resolve().parent.parent


def _token(n: int) -> str:
    alphabet = string.ascii_letters + string.digits
    return "".join(secrets.choice(alphabet) for _ in range(n))


def findings(texts: int, pairs: int) -> str:
    """Joined and one-by-one CPU seconds for `texts` texts of `pairs` pairs of tokens (the printed line)."""
    from memeval.redact import get_redactor

    batch = [" ; ".join(f"token ghp_{_token(36)} and sk_live_{_token(24)}" for _ in range(pairs)) for _ in range(texts)]
    red = get_redactor()
    red.redact_many(batch[:2])  # load the scanners first
    t0 = time.process_time()
    many = red.redact_many(batch)
    t1 = time.process_time()
    alone = [red.redact(t) for t in batch]
    t2 = time.process_time()
    same = [r.text for r in many] == [r.text for r in alone]
    return (
        f"texts {texts}, findings a text {2 * pairs}: joined {t1 - t0:.2f} CPU s, "
        f"one by one {t2 - t1:.2f} CPU s, ratio {(t1 - t0) / max(t2 - t1, 1e-9):.2f}, same text: {same}"
    )


def ingest_texts(n: int) -> list[str]:
    """The free texts of `bench/audit_ingest.py`'s first `n` events, in order."""
    sys.path.insert(0, str(ROOT / "bench"))
    import audit_ingest as bench  # noqa: E402  # the same events as the main ingest bench

    keys = ("text", "reason", "comment", "a_text", "b_text")
    return [
        e["payload"][k] for e in bench.events(n, "bench", "bench") for k in keys if isinstance(e["payload"].get(k), str)
    ]


def ingest(n: int, rounds: int) -> str:
    """Best-of-`rounds` CPU seconds of `redact_many` over `ingest_texts(n)` in batches of 100 (the printed line)."""
    import memeval
    from memeval.redact import _redactor, get_redactor

    texts = ingest_texts(n)
    red = get_redactor()
    red.redact_many(texts[:100])  # load the scanners and the batch checks' patterns first
    spent = [0.0]
    real = getattr(_redactor, "crossing", None)  # None: a checkout from before the crossing pass

    def timed(*args: object, **kwargs: object) -> set[int]:  # the crossing pass's own CPU, the real function
        c = time.process_time()
        try:
            return real(*args, **kwargs)  # type: ignore[arg-type]
        finally:
            spent[0] += time.process_time() - c

    if real is not None:
        _redactor.crossing = timed  # type: ignore[assignment]
    best, best_crossing = float("inf"), 0.0
    out: list[str] = []
    for _ in range(rounds):
        spent[0] = 0.0
        c0 = time.process_time()
        out = [r.text for k in range(0, len(texts), 100) for r in red.redact_many(texts[k : k + 100])]
        cpu = time.process_time() - c0
        if cpu < best:
            best, best_crossing = cpu, spent[0]
    digest = hash(tuple(out)) & 0xFFFFFFFF
    return (
        f"{Path(memeval.__file__).parent.parent}: {len(texts):,} texts of {n:,} events, redact_many in batches of 100: "
        f"{best:.3f} CPU s (best of {rounds}), of it crossing "
        f"{'(none)' if real is None else f'{best_crossing:.3f}'}; output hash {digest:08x} "
        f"({load_now()})"
    )


def main() -> None:
    """Print joined and one-by-one CPU seconds, or the ingest texts' CPU (and `--against`'s, in turns)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--texts", type=int, default=100)
    ap.add_argument("--findings", type=int, default=10, help="token pairs a text (two findings each)")
    ap.add_argument("--ingest", type=int, default=0, help="events of bench/audit_ingest.py whose free texts to redact")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--against", default=None, help="another checkout to measure in turns with this one")
    ap.add_argument("--here", action="store_true", help=argparse.SUPPRESS)  # one measurement in this process
    args = ap.parse_args()
    if args.here or not args.against:
        print(ingest(args.ingest, args.rounds) if args.ingest else findings(args.texts, args.findings), flush=True)
        return
    os.environ.setdefault("PYTHONHASHSEED", "0")  # the output hashes compare across the two processes
    for code in (Path(args.against).resolve(), ROOT):
        cmd = [sys.executable, str(ROOT / "bench" / "redact_batch_findings.py"), "--here", *sys.argv[1:]]
        run = subprocess.run(cmd, env={**os.environ, "PYTHONPATH": pythonpath(code)}, capture_output=True, text=True)
        print(run.stdout.strip() if run.returncode == 0 else f"{code} failed:\n{run.stderr[-2000:]}", flush=True)


if __name__ == "__main__":
    main()
