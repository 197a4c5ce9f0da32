"""CPU a verifier spends looking at a virtual environment test.sh made (breaker45), side by side with another checkout.

`memeval.runner._madevenv.made_venv_written` runs once per environment made while test.sh ran. breaker45 added the
look at its packages (each top-level module named like the image's hashed against the wheels the image ships for
`ensurepip`) and its commands, so a `python3 -m venv .venv` with pip and setuptools now costs the files of both read
once. This makes such an environment with the image's `/usr/bin/python3` (pip and setuptools, as `ensurepip`
installs them) under a temporary `app/.venv`, then times, in a child process per checkout and in turns A B B A, the
first call (which reads the shipped wheels once) and the mean of `--calls` more, in CPU seconds of that process.

    .venv/bin/python bench/made_venv_check.py --against /work/main [--rounds 2] [--calls 5]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from _code import pythonpath
from _machine import load_line

ROOT = Path(__file__).resolve().parents[1]
CHILD = """\
import sys, time
from memeval.runner._madevenv import made_venv_written
root, calls = sys.argv[1], int(sys.argv[2])
t = time.process_time()
made_venv_written(root, "app/.venv", ("/app",))
first = time.process_time() - t
t = time.process_time()
for _ in range(calls):
    made_venv_written(root, "app/.venv", ("/app",))
print(f"{first * 1000:.1f} {(time.process_time() - t) / calls * 1000:.1f}")
"""


def main() -> None:
    """Make the environment, time both checkouts in turns, print one line per run."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", type=Path, required=True, help="the other checkout (its memeval is timed too)")
    ap.add_argument("--rounds", type=int, default=2, help="turns of A then B (default 2)")
    ap.add_argument("--calls", type=int, default=5, help="calls after the first, averaged (default 5)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        venv = Path(tmp) / "app" / ".venv"
        subprocess.run(["/usr/bin/python3", "-m", "venv", str(venv)], check=True, stdout=subprocess.DEVNULL)
        print(load_line("before"))
        for r in range(args.rounds):
            pairs = [("this", ROOT), ("against", args.against)]
            for name, code in pairs[::-1] if r % 2 else pairs:  # both orders: A B, then B A
                env = {**os.environ, "PYTHONPATH": pythonpath(code)}
                out = subprocess.run(
                    [sys.executable, "-c", CHILD, tmp, str(args.calls)], env=env, capture_output=True, text=True,
                    cwd=tmp, check=True,  # not this checkout's folder: `-c` puts the working directory first
                ).stdout.split()  # fmt: skip
                print(f"{name:8} {code}: first call {out[0]} ms CPU, then {out[1]} ms CPU a call")
        print(load_line("after"))


if __name__ == "__main__":
    main()
