"""Do two checkouts project the same run logs to the same figures, apart from the fields this one adds?

    .venv/bin/python bench/projection_same.py --against CHECKOUT [--events 100000]

Each log is replayed by each checkout in a fresh process (`memeval.results.load_run(..., use_cache=False)`, then
`result_json` and the `memeval results` summary lines): the golden v1 logs (tests/fixtures/runlog_v1), the killed and
the interrupted run (tests/fixtures/runlog_killed, runlog_interrupted), and a synthetic log of `--events` events
(`bench/replay.py`'s `make_log`, 3 repeats: model calls of both roles in every attempt). The outputs are compared
after taking out, from this checkout's, the keys listed in `ADDED` (count30's attempt tokens) and the summary's
`Cost:` line after its `;` (its token total, which count30 widened to every attempt). Prints, per log, SAME or each
difference, the CPU seconds (user + system) of each checkout's process and the load average; exit 1 on a difference.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from _code import pythonpath

ROOT = Path(__file__).resolve().parents[1]
ADDED = ("input_tokens", "output_tokens", "tokens_unmeasured")
"""Keys of an attempt's spend (`AttemptSpend`) that count30 added; taken out of this checkout's output."""

CHILD = """
import json, sys
from memeval.results import load_run, result_json
from memeval.runreport._summary import summarize
from memeval.runreport._text import summary_lines
run = load_run(sys.argv[1], use_cache=False)
lines = [l.split(';', 1)[0] if l.startswith('Cost:') else l for l in summary_lines(summarize(run))]
print(json.dumps({"result": json.loads(result_json(run)), "summary": lines}))
"""


def _strip(doc: object) -> object:
    """`doc` without the `ADDED` keys of any attempt's spend (a dict holding `cut_mid_turn`)."""
    if isinstance(doc, dict):
        spend = "cut_mid_turn" in doc
        return {k: _strip(v) for k, v in doc.items() if not (spend and k in ADDED)}
    if isinstance(doc, list):
        return [_strip(v) for v in doc]
    return doc


def _project(checkout: Path, run: Path) -> tuple[dict[str, object], float]:
    """(the child's output, its CPU seconds) for `run` replayed by `checkout`."""
    tmp = Path(tempfile.mkdtemp()) / run.name
    shutil.copytree(run, tmp)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = {**os.environ, "PYTHONPATH": pythonpath(checkout)}
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(tmp)], env=env, cwd=checkout, capture_output=True, text=True, check=True
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    shutil.rmtree(tmp.parent)
    return json.loads(out.stdout.replace(json.dumps(str(tmp))[1:-1], "RUN")), cpu  # the copy's folder, as RUN


def main() -> None:
    """Replay each log with both checkouts and compare."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", type=Path, required=True)
    parser.add_argument("--events", type=int, default=100_000)
    args = parser.parse_args()
    fixtures = ROOT / "tests" / "fixtures"
    runs = [*sorted((fixtures / "runlog_v1").iterdir()), fixtures / "runlog_killed", fixtures / "runlog_interrupted"]
    scratch = Path(tempfile.mkdtemp())
    sys.path.insert(0, str(ROOT / "bench"))
    from replay import make_log

    synthetic = scratch / "synthetic"
    make_log(synthetic, args.events, repeats=3)
    runs.append(synthetic)
    differ = 0
    for run in runs:
        here, cpu_here = _project(ROOT, run)
        there, cpu_there = _project(args.against, run)
        same = _strip(here) == there
        load = os.getloadavg()[0]
        print(f"{run.name}: {'SAME' if same else 'DIFFERENT'}  cpu this {cpu_here:.2f}s, against {cpu_there:.2f}s, "
              f"load {load:.1f}")  # fmt: skip
        if not same:
            differ += 1
            for key in ("summary",):
                if here[key] != there[key]:
                    print("  summary this:   ", here[key])
                    print("  summary against:", there[key])
            if _strip(here["result"]) != there["result"]:
                print("  result differs beyond the added keys")
    shutil.rmtree(scratch)
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
