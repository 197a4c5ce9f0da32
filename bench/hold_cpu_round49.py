"""CPU a text of `stack/44` (the default in rounds 44-51) and round 48's candidate `stack/48`, side by side.

    .venv/bin/python bench/hold_cpu_round49.py [--every 30] [--ingest 2000] [--rounds 5] [--against CHECKOUT]
    .venv/bin/python bench/hold_cpu_round49.py --profile stack/48 [--top 40]
    .venv/bin/python bench/hold_cpu_round49.py --callgrind stack/44,stack/48 [--every 90] [--against CHECKOUT]

The sample (issue 15, round 49; fixed, so every figure is over the same texts): every `--every`-th row of the spent
hold fixture sets (`tests/fixtures/hold_heldout*`, v4-v46 and the unnumbered sets; a set numbered 47 or later is never
opened, v47 being blind) and, with `--ingest N`, the memory and lesson texts of N events of `bench/audit_ingest.py`
(what the audit ingest holds). Each figure is for `Detector.assess` one text at a time.

- Default: in one process, each detector warmed on 30 texts, then `--rounds` rounds in turns (stack/44, stack/48,
  stack/44, ...), each round on the sample with a round mark appended (so no memo answers from an earlier round);
  prints the minimum and median CPU (`time.process_time`) a text. With `--against`, that checkout is measured the same
  way first, in its own process (`PYTHONPATH` set to it).
- `--profile NAME`: one round of that detector under cProfile, the `--top` functions by cumulative time.
- `--callgrind NAMES`: each named detector in its own process under `valgrind --tool=callgrind --instr-atstart=no`,
  instrumentation on (`callgrind_control -i on/off`) around one pass over the sample only; prints instructions a
  text (callgrind's `totals`), a count the machine's load does not move. With `--against`, that checkout first.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _code import pythonpath
from _machine import load_now

ROOT = Path(__file__).resolve().parents[1]
DETECTORS = ("stack/44", "stack/48")
FIRST_BLIND = 47
"""Sets numbered from here on are not read (v47 is being written blind)."""


def sample(every: int, ingest: int) -> list[tuple[str, str]]:
    """(text, source): every `every`-th row of the spent hold fixtures in file order, then `ingest` events' texts."""
    rows: list[tuple[str, str]] = []
    for folder in sorted((ROOT / "tests" / "fixtures").glob("hold_heldout*")):
        number = re.fullmatch(r"hold_heldout_v(\d+)", folder.name)
        if number and int(number.group(1)) >= FIRST_BLIND:
            continue  # never opened
        for path in sorted(folder.glob("*.jsonl")):
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    r = json.loads(line)
                    rows.append((r["text"], r.get("source", "agent")))
    out = rows[::every] if every else []
    if ingest:
        sys.path.insert(0, str(ROOT / "bench"))
        import audit_ingest as bench  # the same events as the ingest bench

        out += [
            (e["payload"]["text"], e["payload"].get("source", "agent"))
            for e in bench.events(ingest, "bench-file", "bench-file", "prefixed", "")
            if e["type"] in ("memory.written", "lesson.proposed") and e["payload"].get("text")
        ]
    return out


def detector(name: str):  # noqa: ANN201 - a HoldDetector
    """The detector `name` (`stack/44`, `stack/48`, round 50's `stack/50`, round 51's `stack/51`, round 52's
    `stack/52`) of the checkout on `sys.path`."""
    if name == "stack/44":
        from memeval.hold._stacked44 import get_stacked44_detector

        return get_stacked44_detector()
    if name == "stack/48":
        from memeval.hold._stacked48 import get_stacked48_detector

        return get_stacked48_detector()
    if name == "stack/50":  # round 50's candidate, for --callgrind and --profile (not in the default's turns)
        from memeval.hold._stacked50 import get_stacked50_detector

        return get_stacked50_detector()
    if name == "stack/51":  # round 51's candidate, likewise
        from memeval.hold._stacked51 import get_stacked51_detector

        return get_stacked51_detector()
    if name == "stack/52":  # round 52's candidate, likewise
        from memeval.hold._stacked52 import get_stacked52_detector

        return get_stacked52_detector()
    raise SystemExit(f"unknown detector {name!r}: use one of {', '.join(DETECTORS)}, stack/50, stack/51 or stack/52")


def side_by_side(texts: list[tuple[str, str]], rounds: int) -> str:
    """`rounds` rounds of each detector in turns in this process; one line of figures."""
    dets = {n: detector(n) for n in DETECTORS}
    for d in dets.values():
        for t, s in texts[:30]:
            d.assess(t, s)
    cpu: dict[str, list[float]] = {n: [] for n in dets}
    for k in range(rounds):
        for n, d in dets.items():
            fresh = [(f"{t} [{k}]", s) for t, s in texts]
            c0 = time.process_time()
            for t, s in fresh:
                d.assess(t, s)  # type: ignore[arg-type]
            cpu[n].append((time.process_time() - c0) / len(texts) * 1e3)
    import memeval

    figs = ", ".join(f"{n} min {min(v):.3f} median {statistics.median(v):.3f}" for n, v in cpu.items())
    return f"{Path(memeval.__file__).parent.parent}: {len(texts)} texts, ms CPU a text: {figs}; {load_now()}"


def profile(texts: list[tuple[str, str]], name: str, top: int) -> str:
    """One round of `name` under cProfile after a warm-up pass; the `top` functions by cumulative time."""
    d = detector(name)
    for t, s in texts:
        d.assess(t, s)  # every lazily compiled pattern compiled before the profile
    prof = cProfile.Profile(time.process_time)
    prof.enable()
    for t, s in texts:
        d.assess(f"{t} [p]", s)
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def counted(texts: list[tuple[str, str]], name: str) -> None:
    """Under callgrind: warm `name`, then count one pass over `texts` only (instrumentation on around it)."""
    d = detector(name)
    for t, s in texts[:30]:
        d.assess(f"{t} [w]", s)
    control = ["callgrind_control", "-i"]
    subprocess.run([*control, "on", str(os.getpid())], check=True, capture_output=True)
    for t, s in texts:
        d.assess(t, s)
    subprocess.run([*control, "off", str(os.getpid())], check=True, capture_output=True)


def callgrind(code: Path, name: str, args: argparse.Namespace, n: int) -> str:
    """Instructions a text of `name` from checkout `code`, counted in a child under callgrind."""
    with tempfile.TemporaryDirectory(prefix="hold49-cg-") as tmp:
        out = Path(tmp) / "callgrind.out"
        cmd = ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}", sys.executable,
               __file__, "--count", name, "--every", str(args.every), "--ingest", str(args.ingest)]  # fmt: skip
        run = subprocess.run(cmd, env={**os.environ, "PYTHONPATH": pythonpath(code)}, capture_output=True, text=True)
        if run.returncode != 0:
            raise SystemExit(f"{code} {name} under callgrind failed (exit {run.returncode}):\n{run.stderr[-2000:]}")
        totals = [ln for ln in out.read_text().splitlines() if ln.startswith(("totals:", "summary:"))]
        ir = int(totals[-1].split()[1])
    return f"{code}: {name} {ir / n / 1e6:.2f} M instructions a text ({ir:,} over {n} texts)"


def main() -> None:
    """Side by side (default), one profile, or instruction counts; see the module docstring."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--every", type=int, default=30, help="every N-th fixture row (0: none)")
    ap.add_argument("--ingest", type=int, default=0, help="also the texts of N ingest bench events")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--against", default=None, help="another checkout, measured first in its own process")
    ap.add_argument("--profile", default=None, help="cProfile one detector (stack/44 or stack/48)")
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--callgrind", default=None, help="comma-separated detectors to count under callgrind")
    ap.add_argument("--count", default=None, help=argparse.SUPPRESS)  # the child under callgrind
    ap.add_argument("--here", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.every < 0 or args.ingest < 0 or args.rounds < 1:
        print("--every and --ingest must be 0 or more, --rounds at least 1", file=sys.stderr)
        sys.exit(2)
    texts = sample(args.every, args.ingest)
    if args.count:
        counted(texts, args.count)
        return
    if args.profile:
        print(profile(texts, args.profile, args.top))
        return
    if args.here:
        print(side_by_side(texts, args.rounds), flush=True)
        return
    codes = ([Path(args.against).resolve()] if args.against else []) + [ROOT]
    if args.callgrind:
        for code in codes:
            for name in args.callgrind.split(","):
                print(callgrind(code, name, args, len(texts)), flush=True)
        return
    for code in codes:
        cmd = [sys.executable, __file__, "--here", "--every", str(args.every), "--ingest", str(args.ingest),
               "--rounds", str(args.rounds)]  # fmt: skip
        run = subprocess.run(cmd, env={**os.environ, "PYTHONPATH": pythonpath(code)}, capture_output=True, text=True)
        print(run.stdout.strip() if run.returncode == 0 else f"{code} failed:\n{run.stderr[-2000:]}", flush=True)


if __name__ == "__main__":
    main()
