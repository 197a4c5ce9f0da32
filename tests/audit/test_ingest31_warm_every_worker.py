"""A worker pool is warm only when every worker of it is warm (ingest31).

`warm_pool` returned once its warm-up tasks (one a worker) were done, and the first worker to load
could run all of them: `memeval audit serve` said `"workers": "warm"` (`pool_if_warm`) while its other
worker was still loading, and the first batches then met a worker busy compiling patterns (ingest28).
Now each worker waits at a barrier once warm (`_warmworker._meet`), so no warm-up task runs before
every worker has loaded.

The test stops one worker (SIGSTOP) right after it is spawned, lets the other load, and looks
whether the pool was handed out meanwhile; then lets the stopped one go on and checks that the pool
becomes warm and works. Real worker processes; nothing is patched.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

CHILD = textwrap.dedent(
    """
    import os, signal, threading, time
    from pathlib import Path

    from memeval.audit import _parallel

    me = os.getpid()

    def workers():
        found = []
        for d in Path("/proc").iterdir():
            if not d.name.isdigit():
                continue
            try:
                parent = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
                line = (d / "cmdline").read_bytes()
            except OSError:
                continue
            if parent == me and b"spawn_main" in line:
                found.append(int(d.name))
        return sorted(found)

    def state_and_cpu(pid):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return fields[0], int(fields[11]) + int(fields[12])  # state, utime + stime in clock ticks

    got = []
    t = threading.Thread(target=lambda: got.append(_parallel.warm_pool(2)), daemon=True)
    t.start()
    deadline = time.monotonic() + 60
    while not workers() and time.monotonic() < deadline:
        time.sleep(0.01)
    first = workers()
    assert first, "no worker started"
    stopped = first[0]
    os.kill(stopped, signal.SIGSTOP)  # just spawned: it has not loaded anything yet
    deadline = time.monotonic() + 60
    while len(workers()) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    other = [w for w in workers() if w != stopped]
    assert other, "the second worker never started"
    # wait until the other worker has loaded and sits idle: asleep, its CPU unchanged for 2 s, over 0.5 s used
    hz = os.sysconf("SC_CLK_TCK")
    seen, still = None, 0
    deadline = time.monotonic() + 300
    while still < 4 and time.monotonic() < deadline:
        time.sleep(0.5)
        state, cpu = state_and_cpu(other[0])
        still = still + 1 if state == "S" and cpu == seen and cpu > 0.5 * hz else 0
        seen = cpu
    assert still >= 4, "the loading worker never went idle"
    print("HANDED OUT WHILE A WORKER WAS STOPPED" if got else "NOT HANDED OUT WHILE A WORKER WAS STOPPED", flush=True)
    os.kill(stopped, signal.SIGCONT)
    t.join(300)
    assert got, "the pool never became warm after the stopped worker went on"
    pool = got[0]
    answers = [pool.submit(_parallel._work, ["a note"], False, []) for _ in range(2)]
    print("ANSWERS", sorted(a.result().redactions["a note"].text for a in answers), flush=True)
    from memeval.audit import end_worker_pools

    end_worker_pools()
    """
)


@pytest.mark.slow
def test_the_pool_is_warm_only_when_every_worker_has_loaded() -> None:
    """With one worker stopped while it loads, the pool is not handed out; once it goes on, it is, and works."""
    done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert "HANDED OUT WHILE A WORKER WAS STOPPED" not in lines, "warm_pool returned while a worker was still loading"
    assert "NOT HANDED OUT WHILE A WORKER WAS STOPPED" in lines, done.stdout
    assert "ANSWERS ['a note', 'a note']" in lines, done.stdout
