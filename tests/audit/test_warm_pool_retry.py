"""A server's ingest pool whose worker dies while loading is warmed again, not given up for good (breaker18).

`pool_if_warm` warms a server's pool in a background thread. A worker killed while it loads (out
of memory, a Ctrl-C sent to the process group) made that thread die with a `BrokenProcessPool`
traceback and left the pool marked as warming for ever: `/api/v1/health` said "starting" for
good and every batch was sanitised in the server alone. Now the failure is logged and warming is
tried again after `WARM_RETRY_S` (shortened here).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

CHILD = textwrap.dedent(
    """
    import logging, os, signal, time
    from pathlib import Path

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(message)s")
    from memeval.audit import _parallel

    _parallel.WARM_RETRY_S = 0.5
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
        return found

    assert _parallel.pool_if_warm(1) is None  # starts warming in the background
    deadline = time.monotonic() + 60
    while not workers() and time.monotonic() < deadline:
        time.sleep(0.05)
    first = workers()
    assert first, "no worker started"
    time.sleep(0.3)  # loading its engines takes seconds
    os.kill(first[0], signal.SIGKILL)
    pool = None
    deadline = time.monotonic() + 150
    while pool is None and time.monotonic() < deadline:
        time.sleep(0.2)
        pool = _parallel.pool_if_warm(1)
    print("WARM" if pool is not None else "NEVER WARM", flush=True)
    if pool is not None:
        print("ANSWER", pool.submit(_parallel._work, ["a note"], False, []).result().redactions["a note"].text)
    """
)


@pytest.mark.slow
def test_a_worker_killed_while_the_pool_warms_is_followed_by_a_new_pool() -> None:
    """The killed worker is logged (no traceback), and a new pool is warm and works."""
    done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "WARM" in done.stdout.splitlines(), done.stdout + done.stderr[-3000:]
    assert "ANSWER a note" in done.stdout
    assert "an ingest worker died while loading" in done.stderr
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
