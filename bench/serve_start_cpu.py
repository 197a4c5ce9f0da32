"""CPU seconds `memeval serve`, `serve --no-ingest` and `audit serve` spend until they answer, per process.

Per server and checkout, in turns (this checkout, then `--against`'s, ...), so load drift hits both
alike: a fresh store in a temporary folder, `python -m memeval SERVER --port P` started, then
`GET /api/v1/health` (`/` for `--no-ingest`, which has no health path) asked every 0.2 s until it is
not the loading 503. At that moment the user+system CPU seconds of every process of the tree are
read from `/proc/PID/stat` (the server, each live descendant by its name, plus the server's reaped
children): the server, "the hold guard", "the redaction guard", others, and the whole tree.
Printed: the median of each over the runs, and the wall time to the answer.

    .venv/bin/python bench/serve_start_cpu.py [--runs 5] [--against /work/main]
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from _machine import load_line

ROOT = Path(__file__).resolve().parents[1]
SERVERS = {"serve": ["serve"], "serve --no-ingest": ["serve", "--no-ingest"], "audit serve": ["audit", "serve"]}
TICK = os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _stat(pid: int) -> list[str]:
    raw = Path(f"/proc/{pid}/stat").read_text()
    return raw[raw.rindex(")") + 2 :].split()  # fields from the 3rd (state) on


def _cmdline(pid: int) -> str:
    return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")


def _children(pid: int) -> list[int]:
    kids: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        kids += [int(k) for k in (task / "children").read_text().split()]
    return kids


def _tree_cpu(root: int) -> dict[str, float]:
    """CPU seconds (user+sys) per role: the server (with its reaped children), the guards, others.

    The guards are the spawned children (`spawn_main` on their command line), hold first: the server
    starts the hold guard, then the redaction guard (`memeval.audit.warm_engines`), so they are told
    apart by start time. Others: multiprocessing's resource tracker, workers.
    """
    out: dict[str, float] = {"server": 0.0, "hold guard": 0.0, "redaction guard": 0.0, "other": 0.0}
    spawned: list[tuple[int, float]] = []
    todo = [root]
    while todo:
        pid = todo.pop()
        try:
            f = _stat(pid)
            kids = _children(pid)
            cmd = _cmdline(pid)
        except (FileNotFoundError, ProcessLookupError):
            continue  # ended between the reads
        cpu = (int(f[11]) + int(f[12]) + int(f[13]) + int(f[14])) / TICK  # utime, stime, cutime, cstime
        if pid == root:
            out["server"] += cpu
        elif "spawn_main" in cmd and "resource_tracker" not in cmd:
            spawned.append((int(f[19]), cpu))  # starttime, in ticks since boot
        else:
            out["other"] += cpu
        todo += kids
    spawned.sort()
    for role, (_, cpu) in zip(("hold guard", "redaction guard"), spawned, strict=False):
        out[role] += cpu
    out["other"] += sum(cpu for _, cpu in spawned[2:])
    out["tree"] = sum(out.values())
    return out


def _one(checkout: Path, args: list[str]) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="memeval-bench-cpu-") as tmp:
        env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
        env.update(
            PYTHONPATH=str(checkout),
            MEMEVAL_DB=f"sqlite:///{tmp}/a.sqlite",
            MEMEVAL_REVIEW_SECRET_FILE=f"{tmp}/secret",
        )
        port = _free_port()
        path = "/" if "--no-ingest" in args else "/api/v1/health"
        t0 = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-m", "memeval", *args, "--port", str(port)],
            cwd=tmp,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        try:
            while True:
                if proc.poll() is not None:
                    raise SystemExit(f"{args} exited with {proc.returncode} before answering")
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as r:
                        status = r.status
                except urllib.error.HTTPError as exc:
                    status = exc.code
                except (urllib.error.URLError, ConnectionError, TimeoutError):
                    status = 0
                if status not in (0, 503):
                    break
                time.sleep(0.2)
            got = _tree_cpu(proc.pid)
            got["wall"] = time.perf_counter() - t0
            return got
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


COLUMNS = ("server", "hold guard", "redaction guard", "other", "tree", "wall")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each server and checkout (default 5)")
    parser.add_argument("--against", type=Path, help="another checkout (main) to run in turns with this one")
    parser.add_argument("--only", choices=list(SERVERS), action="append", help="only this server (repeatable)")
    args = parser.parse_args()
    checkouts = {"this": ROOT, **({"against": args.against.resolve()} if args.against else {})}
    servers = {k: v for k, v in SERVERS.items() if not args.only or k in args.only}
    print(f"{load_line('before')}; {args.runs} runs each, in turns; medians, CPU s (user+sys) at the first answer")
    print(f"{'command':<18} {'checkout':<8} " + " ".join(f"{c:>15}" for c in COLUMNS))
    for name, server in servers.items():
        got: dict[str, list[dict[str, float]]] = {k: [] for k in checkouts}
        for _ in range(args.runs):
            for label, path in checkouts.items():
                got[label].append(_one(path, server))
        for label, rows in got.items():
            cells = " ".join(f"{statistics.median(r[c] for r in rows):15.2f}" for c in COLUMNS)
            print(f"{name:<18} {label:<8} {cells}", flush=True)
    print(load_line("after"))


if __name__ == "__main__":
    main()
