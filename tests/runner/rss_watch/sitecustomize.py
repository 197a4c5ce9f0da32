"""Peak memory of a run's Ray workers and driver, and a memory limit on the workers (imported at Python's start).

Put on `PYTHONPATH` of a `memeval ab --executor ray` run, this module is imported by every Python process of the
run (Python imports `sitecustomize` from the path as it starts); it acts only in the run's driver (`memeval ab`)
and in Ray's worker processes (`default_worker.py`), and only when `MEMEVAL_RSS_DIR` is set:

- a thread writes the process's peak resident size (`VmHWM` of /proc/self/status, KiB; the kernel keeps the
  peak, so none is missed between checks) and the largest of its private memory seen (`RssAnon`, checked every
  20 ms) to `$MEMEVAL_RSS_DIR/<role>-<pid>` as `<peak> <private>` whenever either grows, `role` being `driver`
  or `worker`. The peak counts the pages of Ray's object store (shared memory) the process touched; the private
  figure does not;
- with `MEMEVAL_RSS_KILL_MB` set, a worker whose private memory passes that many MiB kills itself with SIGKILL,
  as the kernel's out-of-memory killer (or Ray's memory monitor) kills a worker on a node whose memory is full.

Used by tests/runner/test_fault28_ray_world_stream.py and bench/ray_world_memory.py.
"""

import os
import signal
import threading
import time


def _role() -> str | None:
    try:
        with open("/proc/self/cmdline", "rb") as f:
            argv = f.read().split(b"\0")
    except OSError:
        return None
    if any(a.endswith(b"default_worker.py") for a in argv):
        return "worker"
    if b"memeval" in argv and b"ab" in argv:
        return "driver"
    return None


def _status_kib() -> tuple[int, int]:
    """(VmHWM, RssAnon) of this process, KiB."""
    got = {}
    with open("/proc/self/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmHWM", "RssAnon"):
                got[key] = int(value.split()[0])
    return got.get("VmHWM", 0), got.get("RssAnon", 0)


def _watch(folder: str, role: str, kill_kib: int | None) -> None:
    path = os.path.join(folder, f"{role}-{os.getpid()}")
    seen = (-1, -1)
    while True:
        peak, anon = _status_kib()
        now = (peak, max(anon, seen[1]))
        if now != seen:
            seen = now
            tmp = f"{path}.tmp"
            with open(tmp, "w") as f:
                f.write(f"{now[0]} {now[1]}")
            os.replace(tmp, path)
        if kill_kib is not None and role == "worker" and anon > kill_kib:
            os.kill(os.getpid(), signal.SIGKILL)
        time.sleep(0.02)


def _start() -> None:
    folder = os.environ.get("MEMEVAL_RSS_DIR")
    role = _role() if folder else None
    if folder is None or role is None:
        return
    limit = os.environ.get("MEMEVAL_RSS_KILL_MB")
    kill_kib = int(limit) * 1024 if limit else None
    threading.Thread(target=_watch, args=(folder, role, kill_kib), name="rss-watch", daemon=True).start()


_start()
