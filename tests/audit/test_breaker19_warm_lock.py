"""Discarding a broken pool does not wait for the next pool to warm (breaker19).

`memeval.audit._parallel.warm_pool` held the pool lock for the whole warm-up (seconds: each worker
loads the redactor and hold detector), and `discard_pool` takes that lock. When a worker of a warm
`audit serve` pool died under two batches, the first batch's `discard_pool` let the next request
start a new pool warming, and the second batch's `discard_pool` then waited on that warm-up (on
90aa47c this test's `discard_pool` was still waiting after 3 s, until the warming workers were
killed). The lock is now held only to read and set the pool. Real spawned worker processes; they
are killed once the check is made.

The check runs in a fresh Python process (polish18): in the suite's process another test had often
warmed a pool of another size through `pool_if_warm` already, which left the module's warming flag
set, so `pool_if_warm(3)` started no warm-up; the test then waited its whole 30 s for workers that
never came and passed without a warm-up to discard beside (about 30 s of every suite run). The child
now fails when no worker starts, and the test takes the child's start-up (about 1-2 s).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from patience import patient

REPO = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent(
    """
    import os, signal, sys, threading, time
    from concurrent.futures import ProcessPoolExecutor

    from memeval.audit._parallel import discard_pool, pool_if_warm

    WAIT_S = float(sys.argv[1])

    def spawned():
        me, out = os.getpid(), set()
        for entry in os.listdir("/proc"):
            try:
                ppid = int(open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()[1])
                cmd = open(f"/proc/{entry}/cmdline", "rb").read()
            except (OSError, ValueError, IndexError):  # not a process, or gone meanwhile
                continue
            if ppid == me and b"spawn_main" in cmd:
                out.add(int(entry))
        return out

    assert pool_if_warm(3) is None  # starts warming in the background
    warming = [t for t in threading.enumerate() if t.name == "memeval-warm-pool"]
    assert warming, "pool_if_warm started no warm-up"
    deadline = time.monotonic() + WAIT_S
    while not spawned() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert spawned(), f"no worker of the new pool started within {WAIT_S} s"
    broken = ProcessPoolExecutor(1)  # the pool a request found broken (its workers never started)
    t0 = time.monotonic()
    done = threading.Thread(target=discard_pool, args=(broken,), daemon=True)
    done.start()
    done.join(3)
    waited = time.monotonic() - t0
    still_warming = warming[0].is_alive()
    for pid in spawned():  # end the warm-up: its workers die, the warm is logged and dropped
        os.kill(pid, signal.SIGKILL)
    warming[0].join(WAIT_S)
    done.join(WAIT_S)
    print(f"WAITED {waited:.3f} WARMING {still_warming}", flush=True)
    """
)


def test_discard_pool_returns_while_a_new_pool_warms() -> None:
    wait_s = patient(30)
    run = subprocess.run(
        [sys.executable, "-c", CHILD, str(wait_s)],
        capture_output=True,
        text=True,
        timeout=wait_s * 3,
        cwd=REPO,
        env={k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")},
    )
    assert run.returncode == 0, run.stderr[-3000:]
    waited, warming = run.stdout.split()[1], run.stdout.split()[3]
    assert warming == "True", run.stdout  # the warm-up was still going when discard_pool returned
    assert float(waited) < 1.0, f"discard_pool waited {waited} s on a pool warming"
