"""How long `memeval serve` and `memeval audit serve` say nothing at start, and how soon SIGTERM stops them loading.

Per server and checkout, in turns (this checkout, then `--against`'s, ...), so load drift hits both
alike: a fresh store in a temporary folder, `python -m memeval SERVER --port P` started, the wall time
to its first stderr line, then SIGTERM sent at once (the server is loading: its modules, the store, the
redactor and hold detector) and the wall time until it exits. Printed: median, min and max of each.

    .venv/bin/python bench/serve_first_line.py [--runs 5] [--against /tmp/base-NAME]
"""

from __future__ import annotations

import argparse
import os
import select
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _machine import load_line

ROOT = Path(__file__).resolve().parents[1]
SERVERS = {"memeval serve": ["serve"], "memeval audit serve": ["audit", "serve"]}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _one(checkout: Path, args: list[str]) -> tuple[float, float]:
    """Seconds to the first stderr line, and from SIGTERM (sent then) to exit."""
    with tempfile.TemporaryDirectory(prefix="memeval-bench-serve-") as tmp:
        env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
        env.update(
            PYTHONPATH=str(checkout),
            MEMEVAL_DB=f"sqlite:///{tmp}/a.sqlite",
            MEMEVAL_AUDIT_WORKERS="0",
            MEMEVAL_REVIEW_SECRET_FILE=f"{tmp}/secret",
        )
        t0 = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-m", "memeval", *args, "--port", str(_free_port())],
            cwd=tmp,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        assert proc.stderr is not None
        fd = proc.stderr.fileno()
        data = b""
        while b"\n" not in data:
            select.select([fd], [], [], 600)
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            data += chunk
        first = time.perf_counter() - t0
        proc.send_signal(signal.SIGTERM)
        t1 = time.perf_counter()
        try:
            proc.wait(timeout=600)
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        proc.stderr.close()
        return first, time.perf_counter() - t1


def _spread(xs: list[float]) -> str:
    return f"{statistics.median(xs):7.2f} {min(xs):7.2f} {max(xs):7.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each server and checkout (default 5)")
    parser.add_argument("--against", type=Path, help="another checkout (main) to run in turns with this one")
    args = parser.parse_args()
    checkouts = {"this": ROOT, **({"against": args.against.resolve()} if args.against else {})}
    print(f"{load_line('before')}; {args.runs} runs each, in turns; seconds (median, min, max)")
    print(f"{'server':<22} {'checkout':<8} {'to first line':>23}  {'SIGTERM to exit':>23}")
    for name, server in SERVERS.items():
        got: dict[str, list[tuple[float, float]]] = {k: [] for k in checkouts}
        for _ in range(args.runs):
            for label, path in checkouts.items():
                got[label].append(_one(path, server))
        for label, rows in got.items():
            print(f"{name:<22} {label:<8} {_spread([r[0] for r in rows])}  {_spread([r[1] for r in rows])}")
    print(load_line("after"))


if __name__ == "__main__":
    main()
