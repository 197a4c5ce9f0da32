"""CPU per event of audit ingest in ONE process (no workers): what each event costs, whatever the load.

    .venv/bin/python bench/audit_ingest_cpu.py [--events 2000] [--rounds 2] [--against CHECKOUT] [--ids prefixed|sample]
        [--stages]

Ingests `--events` of `bench/audit_ingest.py`'s events (every id scanned, free text made unique)
from JSON Lines into a fresh SQLite store with redaction and holding on, `MEMEVAL_AUDIT_WORKERS=0`,
batches of 100, after a warm-up batch; prints the process's CPU seconds per event (user + system,
`time.process_time`). With `--against`, that checkout and this one run in turns, each in its own
process with `PYTHONPATH` set to it. On a shared machine CPU seconds move far less than wall time;
the load average is printed beside each figure. `--stages` also prints the CPU of each stage an event
(`STAGES`: each function's own time, less the stages it calls; a wrapped call costs about 1 us more,
so stages called once a text read a little high), to see where an event's CPU goes.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from _code import pythonpath
from _machine import load_now
from _scratch import scratch_dir

ROOT = Path(__file__).resolve().parent.parent

STAGES = (
    ("memeval.audit._ingest", "parse_lines", "parse and validate the lines"),
    ("memeval.audit._sanitize", "Sanitizer.sanitize_many", "sanitising: the rest"),
    ("memeval.audit._sanitize", "Sanitizer.assess_holds", "holding: the rest (stacked stages, readings, views)"),
    ("memeval.hold._detector", "RuleDetector._find", "holding: rule screen and patterns"),
    ("memeval.hold._batch", "primed", "holding: classifier windows"),
    ("memeval.audit._engines", "LazyRedactor.redact_many", "redaction: the rest (views, decoded readings, merge)"),
    ("memeval.redact._redactor", "Redactor._scan_views", "redaction: joined scanner views (kingfisher, crossing)"),
    ("memeval.redact._scanners", "BetterleaksRecognizer.analyze", "redaction: betterleaks (texts, views, ids)"),
    ("memeval.redact._context", "ContextRecognizer.analyze_many", "redaction: context rules"),
    ("memeval.redact._piigates", "LazyPiiAnalyzer.analyze", "redaction: presidio's gates (and presidio)"),
    ("memeval.audit._sanitize", "Sanitizer.check_ids", "id scan (less the stages above it calls)"),
    ("memeval.audit._combine", "Combiner.write", "the writer (rows, hashes, SQL, commit)"),
)
"""(module, function, what it is) of each stage `--stages` times; a name a checkout lacks is left out."""


def wrap_stages() -> dict[str, float]:
    """Wrap each of `STAGES` to add its own CPU seconds (less the wrapped stages it calls) to the returned dict."""
    import importlib

    spent: dict[str, float] = {}
    inner: list[float] = []
    for module, qual, what in STAGES:
        owner: object = importlib.import_module(module)
        *path, name = qual.split(".")
        try:
            for part in path:
                owner = getattr(owner, part)
            fn = getattr(owner, name)
        except AttributeError:
            continue

        def timed(*a: object, _fn: object = fn, _what: str = what, **k: object) -> object:
            c0 = time.process_time()
            inner.append(0.0)
            try:
                return _fn(*a, **k)  # type: ignore[operator]
            finally:
                took = time.process_time() - c0
                spent[_what] = spent.get(_what, 0.0) + took - inner.pop()
                if inner:
                    inner[-1] += took

        setattr(owner, name, timed)
    return spent


def measure(n: int, ids: str = "prefixed", stages: bool = False) -> str:
    """Ingest `n` events in this process (ids made as `ids`, `audit_ingest.IDS`) and return the printed line."""
    sys.path.insert(0, str(ROOT / "bench"))
    import audit_ingest as bench  # noqa: E402  # the same events as the main ingest bench

    from memeval.audit import ingest_lines, open_store

    os.environ["MEMEVAL_FINGERPRINT_KEY"] = "ab" * 32
    os.environ["MEMEVAL_AUDIT_WORKERS"] = "0"
    store = open_store(f"sqlite:///{scratch_dir()}/bench.sqlite")
    warm = [json.dumps(e) for e in bench.events(200, "warm", "warm", ids, "w")]
    ingest_lines(store, warm, sender="warm", batch_size=100)
    lines = [json.dumps(e) for e in bench.events(n, "bench-file", "bench-file", ids, "")]
    spent = wrap_stages() if stages else None
    c0 = time.process_time()
    res = ingest_lines(store, lines, sender="bench-file", batch_size=100)
    cpu = time.process_time() - c0
    import memeval

    table = ""
    if spent is not None:
        rows = sorted(spent.items(), key=lambda kv: -kv[1])
        rest = cpu - sum(spent.values())
        table = "".join(f"\n  {v / res.lines * 1e6:7.1f} us an event  {k}" for k, v in rows)
        table += f"\n  {rest / res.lines * 1e6:7.1f} us an event  other"
    return (
        f"{Path(memeval.__file__).parent.parent}: {res.lines:,} events, {cpu:.2f} s CPU = "
        f"{cpu / res.lines * 1e3:.3f} ms an event = {res.lines / cpu:,.0f} events per CPU-second "
        f"(held {res.result.held}, secrets blanked {res.result.secrets_blanked}, ids {ids}; {load_now()})"
    ) + table


def main() -> None:
    """Measure this checkout (and `--against`, in turns)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--against", default=None, help="another checkout to measure in turns with this one")
    ap.add_argument(
        "--ids", choices=("prefixed", "sample"), default="prefixed", help="how ids are made (`audit_ingest.IDS`)"
    )
    ap.add_argument("--stages", action="store_true", help="also the CPU of each stage an event (see STAGES)")
    ap.add_argument("--here", action="store_true", help=argparse.SUPPRESS)  # one measurement in this process
    args = ap.parse_args()
    if args.here:
        print(measure(args.events, args.ids, args.stages))
        return
    codes = ([Path(args.against).resolve()] if args.against else []) + [ROOT]
    for _ in range(args.rounds):
        for code in codes:
            cmd = [sys.executable, str(ROOT / "bench" / "audit_ingest_cpu.py"), "--here", "--events", str(args.events)]
            cmd += ["--ids", args.ids] + (["--stages"] if args.stages else [])
            run = subprocess.run(
                cmd, env={**os.environ, "PYTHONPATH": pythonpath(code)}, capture_output=True, text=True
            )
            print(run.stdout.strip() if run.returncode == 0 else f"{code} failed:\n{run.stderr[-2000:]}", flush=True)


if __name__ == "__main__":
    main()
