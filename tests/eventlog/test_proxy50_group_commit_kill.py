"""kill -9 while the run's writer commits bursts of events in groups: the log keeps a prefix, in order (proxy50).

The writer (`memeval.runner._writer.LogWriter`) now writes the events queued while it wrote the last ones with one
write and one fsync (`RunLog.append_many`). A process killed in the middle of that must still leave what one event at
a time left: whole events in the order they were handed over, every one acknowledged before the kill among them, no
later one without every earlier one, a torn last line at most (cut off by the next append), and `seq` going on
from there. A real process posts numbered events in bursts and is killed with SIGKILL once the log holds some
hundreds; this process then appends as `--resume` does and reads the log. It holds the promise main held too.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from patience import patient

from memeval.eventlog import FaultRaised, RunLog

CHILD = r"""
import sys, threading
from pathlib import Path
from memeval.eventlog import FaultRaised, RunLog
from memeval.runner._history import History
from memeval.runner._writer import LogWriter

log = RunLog(Path(sys.argv[1]))
acked = open(sys.argv[2], "a", buffering=1)
with LogWriter(log, History()) as writer:
    n = 0
    while True:
        for _ in range(40):  # a burst posted as the proxy posts calls: not waited for
            writer.post(FaultRaised(code="process", phase="agent", message=str(n)))
            n += 1
        writer.append(FaultRaised(code="process", phase="agent", message=str(n)))  # waited for: on disk
        acked.write(f"{n}\n")
        n += 1
"""


def test_a_writer_killed_mid_burst_leaves_a_prefix_in_order_and_resume_goes_on(tmp_path: Path) -> None:
    run = tmp_path / "run"
    run.mkdir()
    acked = tmp_path / "acked.txt"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(run), str(acked)], env=env)
    try:
        log_file = run / "events.jsonl"
        while not (log_file.exists() and log_file.stat().st_size >= 30_000):  # a few hundred events
            assert proc.poll() is None, "the writer process ended before the kill"
            time.sleep(0.05)
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(patient(30))
    last_acked = int(acked.read_text().split()[-1])
    log = RunLog(run)
    log.append(FaultRaised(code="process", phase="run", message="resumed"))  # as the resumed run's first event
    events = log.read().events
    numbers = [int(e.message) for e in events[:-1] if isinstance(e, FaultRaised)]
    assert numbers == list(range(len(numbers)))  # a prefix of what was handed over, in order, none twice
    assert len(numbers) > last_acked  # every acknowledged event is there
    assert [e.seq for e in events] == list(range(len(events)))
    assert isinstance(events[-1], FaultRaised) and events[-1].message == "resumed"
