"""CPU of `redact_many` on a batch whose texts each hold many kingfisher findings, against the same texts alone.

The batch check's cost grows with findings when it searches per finding (before breaker21: 100 texts
of 10 findings took 3.3 CPU s joined against 1.3 s one by one). Prints CPU seconds (process time) of
one joined call and of the texts one by one, and their ratio. Usage:
PYTHONPATH=. .venv/bin/python bench/redact_batch_findings.py [--texts 100] [--findings 10]
"""

from __future__ import annotations

import argparse
import secrets
import string
import time

from memeval.redact import get_redactor


def _token(n: int) -> str:
    alphabet = string.ascii_letters + string.digits
    return "".join(secrets.choice(alphabet) for _ in range(n))


def main() -> None:
    """Print joined and one-by-one CPU seconds for `--texts` texts of `--findings` pairs of tokens."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--texts", type=int, default=100)
    ap.add_argument("--findings", type=int, default=10, help="token pairs a text (two findings each)")
    args = ap.parse_args()
    batch = [
        " ; ".join(f"token ghp_{_token(36)} and sk_live_{_token(24)}" for _ in range(args.findings))
        for _ in range(args.texts)
    ]
    red = get_redactor()
    red.redact_many(batch[:2])  # load the scanners first
    t0 = time.process_time()
    many = red.redact_many(batch)
    t1 = time.process_time()
    alone = [red.redact(t) for t in batch]
    t2 = time.process_time()
    same = [r.text for r in many] == [r.text for r in alone]
    print(
        f"texts {args.texts}, findings a text {2 * args.findings}: joined {t1 - t0:.2f} CPU s, "
        f"one by one {t2 - t1:.2f} CPU s, ratio {(t1 - t0) / max(t2 - t1, 1e-9):.2f}, same text: {same}"
    )


if __name__ == "__main__":
    main()
