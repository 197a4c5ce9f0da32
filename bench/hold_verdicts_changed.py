"""Which hold fixture texts does the default detector judge differently in two checkouts? One line per changed text.

    .venv/bin/python bench/hold_verdicts_changed.py --against CHECKOUT
        [--skip v30,v31,v32,v33,v34,v35,v36,v37,v38,v39,v40,v41,v42,v43,v44,v45,v46,v47,v48,v49,v50]

`bench/hold_verdicts_same.py` says whether two checkouts give the same answers (a hash per set); for a change that is
meant to change verdicts this lists them. Each checkout runs in a fresh process (`PYTHONPATH` set to it, working
folder `/tmp`, so neither imports the other's `memeval` by accident) over every row with a text and a source of this
checkout's `tests/fixtures/hold_heldout*/*.jsonl` (a set named in `--skip` is never opened); each changed row is
printed as file, line, label (`held` in the file), the verdict before (`--against`) and here, and the reasons here
whose rule name ends in `--mark` (default `-21`, rules/21's). Exit status 0.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from _code import pythonpath
from _machine import load_now

ROOT = Path(__file__).resolve().parent.parent

_CHILD = r"""
import json, sys
from pathlib import Path
from memeval.hold import get_hold_detector
d, out = get_hold_detector(), []
for p in json.loads(sys.argv[1]):
    for i, line in enumerate(Path(p).read_text(encoding="utf-8").splitlines()):
        r = json.loads(line) if line.strip() else {}
        if "text" in r and "source" in r:
            a = d.assess(r["text"], r["source"])
            out.append([Path(p).name, i + 1, bool(r.get("held")), a.held, [x.rule for x in a.reasons], d.name])
json.dump(out, sys.stdout)
"""


def verdicts(code: Path, files: list[str]) -> list[list[object]]:
    """[file, line, label, held, rules, detector name] per row of `files`, judged by `code`'s default detector."""
    env = {**os.environ, "PYTHONPATH": pythonpath(code)}
    run = subprocess.run(
        [sys.executable, "-c", _CHILD, json.dumps(files)], env=env, cwd="/tmp", capture_output=True, text=True
    )
    if run.returncode != 0:
        sys.exit(f"{code} failed:\n{run.stderr[-2000:]}")
    return json.loads(run.stdout)


def main() -> None:
    """Judge the fixtures in both checkouts and print the rows whose verdict differs."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--against", required=True, help="the checkout before the change")
    ap.add_argument(
        "--skip", default="v30,v31,v32,v33,v34,v35,v36,v37,v38,v39,v40,v41,v42,v43,v44,v45,v46,v47,v48,v49,v50",
        help="never opened (written blind)",
    )  # fmt: skip
    ap.add_argument("--mark", default="-21", help="print the reasons whose rule name ends so (default -21)")
    args = ap.parse_args()
    skip = {s for s in args.skip.split(",") if s}
    files = sorted(
        str(p)
        for p in (ROOT / "tests" / "fixtures").glob("hold_heldout*/*.jsonl")
        if p.parent.name.removeprefix("hold_heldout_") not in skip
    )
    before, after = verdicts(Path(args.against).resolve(), files), verdicts(ROOT, files)
    changed = [(b, a) for b, a in zip(before, after, strict=True) if b[3] != a[3]]
    for b, a in changed:
        print(f"{a[0]}:{a[1]} label {a[2]} before {b[3]} here {a[3]} {[r for r in a[4] if r.endswith(args.mark)]}")
    gained = sum(1 for _, a in changed if a[3] and a[2])
    benign = sum(1 for _, a in changed if a[3] and not a[2])
    names = f"{before[0][5]} -> {after[0][5]}"
    lost = sum(1 for _, a in changed if not a[3])
    counts = f"{len(changed)} verdicts changed, {gained} orders newly held, {benign} benign newly held"
    print(f"{len(after)} texts ({names}): {counts}, {lost} no longer held; {load_now()}")


if __name__ == "__main__":
    main()
