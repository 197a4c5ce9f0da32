"""Watch a running process tree (a whole-suite run) and list every process it starts, with its command and CPU.

    nice -n 5 python3 bench/suite_children.py ROOT_PID OUT.jsonl [--every 0.1]
    python3 bench/suite_children.py --summary OUT.jsonl

`RUSAGE_CHILDREN` (what `tests/cpu_census.py` reads) says how much CPU a test's children took, not
which children or how many. This polls `/proc` every `--every` seconds (0.1), follows each new
process whose parent is in the tree, and when it is gone writes one JSON line: pid, ppid, the
command (`comm` and the first 400 characters of its arguments), first and last seen (seconds since
the epoch) and the last CPU it was seen with (`/proc/PID/stat` utime+stime, seconds). A process that
lives less than one poll may be missed, and its CPU is a lower bound (up to one poll short); both
are said in the summary. Standard library only; it reads `/proc` and writes nothing else.

`--summary` groups the lines by kind (memeval command and subcommand, bwrap, python, postgres,
chromium, git, node, others by `comm`) with counts, CPU seen and its median.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")
"""Clock ticks per second of `/proc/PID/stat`'s CPU fields."""


def _stat(pid: int) -> tuple[int, str, float] | None:
    """(ppid, comm, utime+stime seconds) of a live process, or None once it is gone."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    comm = raw[raw.index("(") + 1 : raw.rindex(")")]
    fields = raw[raw.rindex(")") + 2 :].split()
    return int(fields[1]), comm, (int(fields[11]) + int(fields[12])) / TICK


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")[:400].strip()
    except OSError:
        return ""


def watch(root: int, out: Path, every: float) -> None:
    """Follow `root`'s descendants until `root` is gone, appending a line per process as it ends."""
    tracked: dict[int, dict[str, object]] = {}
    seen: set[int] = set()
    with out.open("a") as sink:
        while True:
            now = time.time()
            pids = sorted(int(name) for name in os.listdir("/proc") if name.isdigit())
            for pid in pids:
                if pid in seen:
                    continue
                seen.add(pid)
                got = _stat(pid)
                if got is None or (got[0] not in tracked and got[0] != root):
                    continue
                tracked[pid] = {"pid": pid, "ppid": got[0], "comm": got[1], "args": _cmdline(pid), "first": now}
                tracked[pid]["cpu"] = got[2]
            for pid, rec in list(tracked.items()):
                got = _stat(pid)
                if got is not None and got[1] != rec["comm"] and not rec.get("exec_seen"):
                    rec["comm"], rec["args"], rec["exec_seen"] = got[1], _cmdline(pid), True  # it exec'd
                if got is None:
                    rec["last"] = now
                    sink.write(json.dumps(rec) + "\n")
                    sink.flush()
                    del tracked[pid]
                else:
                    rec["cpu"] = got[2]
            if _stat(root) is None:
                return
            time.sleep(every)


def kind(rec: dict[str, object]) -> str:
    """A process's kind for the summary: `memeval <command> [<subcommand>]`, or its program's name."""
    args = str(rec["args"]).split()
    for i, arg in enumerate(args):
        if arg.endswith("/memeval") or (arg == "memeval" and i > 0 and args[i - 1] == "-m"):
            words = [a for a in args[i + 1 : i + 4] if not a.startswith("-")][:2]
            return "memeval " + " ".join(words[:2] if words[:1] in (["audit"], ["users"], ["report"]) else words[:1])
    comm, text = str(rec["comm"]), str(rec["args"])
    if "multiprocessing.spawn import spawn_main" in text:
        return "python multiprocessing worker"
    if "multiprocessing.resource_tracker" in text:
        return "python multiprocessing resource tracker"
    if "exec(eval(sys.stdin.readline()))" in text:
        return "python execnet (a nested pytest-xdist worker)"
    if comm.startswith("python"):
        rest = [a for a in args[1:] if a not in ("-u", "-B", "-I", "-S", "-E", "-s")]
        if rest[:1] == ["-c"]:
            return "python -c"
        if rest[:1] == ["-m"] and len(rest) > 1:
            return "python -m " + rest[1]
        if rest:
            return "python " + Path(rest[0]).name
    return comm


def summary(path: Path) -> None:
    """Print counts and CPU by kind, largest CPU first."""
    groups: dict[str, list[float]] = defaultdict(list)
    for line in path.read_text().splitlines():
        rec = json.loads(line)
        groups[kind(rec)].append(float(rec["cpu"]))
    total = sum(sum(v) for v in groups.values())
    print(f"{sum(len(v) for v in groups.values()):,} processes, {total:,.1f} CPU s seen (a lower bound)")
    print("| kind | processes | CPU s seen | median CPU s |")
    print("|---|---:|---:|---:|")
    for name, cpus in sorted(groups.items(), key=lambda kv: -sum(kv[1]))[:40]:
        print(f"| `{name}` | {len(cpus):,} | {sum(cpus):,.1f} | {statistics.median(cpus):.2f} |")


def main() -> int:
    """Watch (ROOT_PID OUT) or summarise (--summary OUT)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("args", nargs="+")
    parser.add_argument("--every", type=float, default=0.1)
    parser.add_argument("--summary", action="store_true")
    ns = parser.parse_args()
    if ns.summary:
        summary(Path(ns.args[0]))
        return 0
    if len(ns.args) != 2 or not ns.args[0].isdigit():
        parser.error(f"give ROOT_PID OUT.jsonl, not {' '.join(ns.args)}")
    watch(int(ns.args[0]), Path(ns.args[1]), ns.every)
    return 0


if __name__ == "__main__":
    sys.exit(main())
