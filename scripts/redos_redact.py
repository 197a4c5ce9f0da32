r"""Pumping search over the redaction patterns: which one takes more than a bound of CPU on a planted 64 KiB text.

`scripts/redos_pump.py` searched the hold rules; this runs its text recipes (random strings each
regex's parse tree generates, cut after each piece, repeated with separators or written once
before a long run of one; here also each
with one of the pattern's literal characters at its end, since the `regex` module fails at once
without a required literal) over every pattern redaction runs itself:

- `presidio/<recognizer>/<pattern>`: the patterns of the presidio recognizers memeval registers
  (`memeval.redact._engine`: the bounded e-mail one, card, IBAN, IP), compiled as presidio compiles
  them (the `regex` module, DOTALL | MULTILINE | IGNORECASE);
- `context/<rule>` and `context/<rule>#screenN`: every rule of `rules/context.toml`,
  `kingfisher.toml`, `noseyparker.toml` and `betterleaks.toml` and its screens (Python `re`, as `_context` runs them).

(betterleaks and kingfisher's bundled rules run in Go and Rust regex engines, which are linear.)
Each pattern's recipes are timed at 512 characters (at most `--budget` CPU seconds a pattern), its
three slowest at 1 and 4 KiB (4 and 16 KiB when too quick to tell), and the growth between them,
as a power of the length, gives the estimate at 64 KiB. A run is stopped after `--cap` CPU seconds
(SIGPROF) and counts as that long.

Usage: nice -n 10 .venv/bin/python scripts/redos_redact.py [--over S] [--json OUT] [--from LABEL] [PART...]
(PART: a part of a pattern's label; `--over`, default 0.5: print the patterns whose estimate reaches it;
`--from`: start at this label, in the order above, to go on with a search that was stopped).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import random
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

_spec = importlib.util.spec_from_file_location("redos_pump", ROOT / "scripts" / "redos_pump.py")
assert _spec is not None and _spec.loader is not None
pump = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pump)

SMALL, MID, LARGE, BIG = 512, 1024, 4096, 65_536


class _Cap(BaseException):
    """Raised by SIGPROF when one run passed `--cap` CPU seconds."""


def _on_prof(signum: int, frame: object) -> None:
    raise _Cap


def _cpu(pat: Any, text: str, cap: float) -> float:
    """CPU seconds of `finditer` over `text` run to its end; `cap` when stopped there."""
    a = time.process_time()
    signal.setitimer(signal.ITIMER_PROF, cap)
    try:
        for _ in pat.finditer(text):
            pass
    except _Cap:
        return cap
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    return time.process_time() - a


def targets() -> Iterator[tuple[str, Any]]:
    """(label, compiled pattern) of every pattern redaction runs (module docstring)."""
    import regex
    from presidio_analyzer.predefined_recognizers import CreditCardRecognizer, IbanRecognizer, IpRecognizer

    from memeval.redact._context import load_rules
    from memeval.redact._engine import BoundedEmailRecognizer

    flags = regex.DOTALL | regex.MULTILINE | regex.IGNORECASE
    for rec in (BoundedEmailRecognizer(), CreditCardRecognizer(), IbanRecognizer(), IpRecognizer()):
        for p in rec.patterns:
            yield f"presidio/{rec.name}/{p.name}", regex.compile(p.regex, flags)
    for rule in load_rules():
        yield f"context/{rule.id}", rule.pattern
        for k, screen in enumerate(rule.screens):
            yield f"context/{rule.id}#screen{k}", screen


def _chars(pattern: str) -> list[str]:
    """The literal characters of `pattern` (a run's end: the `regex` module fails at once without a required one)."""
    try:
        parsed = list(pump.sre_parse.parse(pattern))
    except Exception:  # noqa: BLE001  # a syntax sre_parse lacks (the regex module's)
        return []
    runs: set[str] = set()
    pump._literals(parsed, runs)
    found = {c for run in runs for c in run}

    def walk(items: list[Any]) -> None:
        for op, av in items:
            if op is pump.C.LITERAL:
                found.add(chr(av))
            elif op is pump.C.BRANCH:
                for alt in av[1]:
                    walk(list(alt))
            elif op is pump.C.SUBPATTERN:
                walk(list(av[3]))
            elif op in (pump.C.MAX_REPEAT, pump.C.MIN_REPEAT, pump.C.POSSESSIVE_REPEAT):
                walk(list(av[2]))

    walk(parsed)
    return sorted(found)[:16]


def build(piece: str, sep: str, repeated: bool, suffix: str, n: int) -> str:
    """`redos_pump.build`'s text of length `n`, its last characters replaced by `suffix`."""
    return pump.build(piece, sep, repeated, n - len(suffix)) + suffix


def search(pat: Any, budget: float, cap: float) -> list[tuple[float, float, int, float, list[Any]]]:
    """The three slowest recipes of `pat`: (estimate at 64 KiB, CPU at `hi`, hi, power, recipe)."""
    source = pat.pattern
    try:
        base = pump.recipes(source)
    except Exception:  # noqa: BLE001  # a syntax sre_parse lacks (the regex module's): its start only
        base = [(source[:8], sep, True) for sep in pump.SEPARATORS]
    todo = [(piece, sep, rep, suffix) for piece, sep, rep in base for suffix in ["", *_chars(source)]]
    random.Random(7).shuffle(todo)
    timed = []
    spent = 0.0
    for piece, sep, repeated, suffix in todo:
        timed.append((_cpu(pat, build(piece, sep, repeated, suffix, SMALL), cap), piece, sep, repeated, suffix))
        spent += timed[-1][0]
        if spent > budget:
            break
    timed.sort(key=lambda t: -t[0])
    seen: set[tuple[str, bool, str]] = set()
    out = []
    for _, piece, sep, repeated, suffix in timed:
        if (sep, repeated, suffix) in seen:
            continue
        seen.add((sep, repeated, suffix))
        lo, hi = MID, LARGE
        cpu_lo = _cpu(pat, build(piece, sep, repeated, suffix, lo), cap)
        cpu_hi = _cpu(pat, build(piece, sep, repeated, suffix, hi), cap)
        if cpu_hi < 0.05:
            lo, hi, cpu_lo = hi, hi * 4, cpu_hi
            cpu_hi = _cpu(pat, build(piece, sep, repeated, suffix, hi), cap)
        power = math.log(max(cpu_hi, 1e-4) / max(cpu_lo, 1e-4)) / math.log(hi / lo)
        est = cpu_hi * (BIG / hi) ** max(power, 1.0)
        out.append((est, cpu_hi, hi, round(power, 2), [piece, sep, repeated, suffix]))
        if len(out) == 3:
            break
    return out


def main() -> int:
    """Run the search; print the patterns whose estimate reaches `--over`."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--over", type=float, default=0.5)
    ap.add_argument("--budget", type=float, default=0.5, help="CPU s of 512-character recipes a pattern")
    ap.add_argument("--cap", type=float, default=5.0, help="CPU s one run may take before it is stopped")
    ap.add_argument("--json")
    ap.add_argument("--from", dest="start", help="skip the patterns before this label")
    ap.add_argument("parts", nargs="*")
    args = ap.parse_args()
    signal.signal(signal.SIGPROF, _on_prof)
    report: dict[str, Any] = {}
    started = time.process_time()
    waiting = args.start is not None
    for label, pat in targets():
        waiting = waiting and label != args.start
        if waiting:
            continue
        if args.parts and not any(p in label for p in args.parts):
            continue
        rows = search(pat, args.budget, args.cap)
        report[label] = rows
        if args.json:
            Path(args.json).write_text(json.dumps(report, indent=1), encoding="utf-8")
        worst = max(rows, key=lambda r: r[0], default=None)
        if worst and worst[0] >= args.over:
            print(
                f"{label}: ~{worst[0]:.1f} s at 64 KiB by growth ({worst[1]:.3f} s at {worst[2]} characters, "
                f"power {worst[3]}), recipe {worst[4]!r}",
                flush=True,
            )
    print(f"{len(report)} patterns searched in {time.process_time() - started:.0f} CPU s", file=sys.stderr)
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
