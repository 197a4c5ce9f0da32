r"""CPU of a redaction rule's pattern alone over its planted worst case, plain `finditer` against the rule's search.

For each case (rule id, text written once, repeated, written last) and each length, runs
`re.compile(pattern).finditer` (the plain search, as before `starts`/`skip`) and the rule as
loaded (`memeval.redact._context.load_rules`: a `StartsPattern` when it has `starts` and `skip`)
to the text's end, each stopped at `--cap` CPU seconds (printed as `>cap`). Usage:
.venv/bin/python bench/redos_planted.py [--cap 30] [--sizes 8000,65000] [RULE...]
"""

from __future__ import annotations

import argparse
import re
import signal
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CASES = {
    # case: (rule id, written once, repeated to the length, written last)
    "cookie-session": ("cookie-session", "", "set-cookie: ", ""),
    "call-last-arg-secret": ("call-last-arg-secret", "", "A.", ""),
    "kingfisher-psexec.1": ("kingfisher-psexec.1", "", "psexec-u@", ""),
    "noseyparker-psexec.1": ("noseyparker-psexec.1", "", "psexeca-u", ""),
    "kingfisher-gradle.1": ("kingfisher-gradle.1", "", "credentials {//", ""),
    "noseyparker-gradle.1": ("noseyparker-gradle.1", "", "credentials{// x", ""),
    "noseyparker-generic.4": ("noseyparker-generic.4", "", "Username = abc; //", ""),
    "noseyparker-generic.4-short": ("noseyparker-generic.4", "", "user=abc#", ""),
    "noseyparker-generic.4-lines": ("noseyparker-generic.4", "", "user=abc\n// ", ""),
}


class _Cap(BaseException):
    """Raised by SIGPROF at the cap."""


def _on_prof(signum: int, frame: object) -> None:
    raise _Cap


def planted(case: str, n: int) -> str:
    """The planted text of `case`, `n` characters."""
    _, prefix, unit, suffix = CASES[case]
    m = n - len(suffix)
    return (prefix + unit * (m // len(unit) + 1))[:m] + suffix


def _cpu(pat: re.Pattern[str], text: str, cap: float) -> float | None:
    signal.setitimer(signal.ITIMER_PROF, cap)
    t0 = time.process_time()
    try:
        for _ in pat.finditer(text):
            pass
    except _Cap:
        return None
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    return time.process_time() - t0


def main() -> int:
    """Print one line per case and length: plain and rule CPU seconds."""
    from memeval.redact._context import load_rules

    ap = argparse.ArgumentParser()
    ap.add_argument("--cap", type=float, default=30.0)
    ap.add_argument("--sizes", default="8000,65000")
    ap.add_argument("cases", nargs="*")
    args = ap.parse_args()
    signal.signal(signal.SIGPROF, _on_prof)
    rules = {r.id: r for r in load_rules()}
    for case in args.cases or sorted(CASES):
        rule = rules[CASES[case][0]]
        plain = re.compile(rule.pattern.pattern)
        for n in (int(x) for x in args.sizes.split(",")):
            text = planted(case, n)
            a, b = _cpu(plain, text, args.cap), _cpu(rule.pattern, text, args.cap)
            show = [f"{x:.3f} s" if x is not None else f">{args.cap:g} s" for x in (a, b)]
            print(f"{case} at {n:,} chars: plain finditer {show[0]}, rule's search {show[1]}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
