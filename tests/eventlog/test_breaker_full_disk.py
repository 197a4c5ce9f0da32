"""A full disk mid-append. `RunLog.append` ignored how many bytes `os.write` wrote: on a disk that
filled up inside a line it left that line torn and went on, so the next event (once a little
space was free again) was glued onto it, and the whole run's log stopped reading at that line.
A file-size limit (RLIMIT_FSIZE) gives the same short write as a full disk, without a mount."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

from memeval.eventlog import RunLog

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "runlog_v1"

CHILD = textwrap.dedent(
    """
    import resource, signal, sys
    from memeval.eventlog import RunLog, TrialStarted
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails instead of killing
    from pathlib import Path
    log = RunLog(Path(sys.argv[1]))
    size = log.path.stat().st_size
    log.read()
    resource.setrlimit(resource.RLIMIT_FSIZE, (size + 20, resource.RLIM_INFINITY))  # room for 20 bytes
    try:
        log.append(TrialStarted(trial_id="greet:pack:1", attempt=2))
    except OSError as exc:
        print("refused", exc.errno)
    resource.setrlimit(resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))  # space again
    log.append(TrialStarted(trial_id="greet:pack:1", attempt=3))
    """
)


def test_an_event_that_did_not_fit_leaves_no_torn_line_for_the_next_one(tmp_path: Path):
    run = shutil.copytree(FIXTURES / "oracle-mini", tmp_path / "run")
    before = RunLog(run).read()
    proc = subprocess.run([sys.executable, "-c", CHILD, str(run)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("refused"), proc.stdout  # the writer was told
    after = RunLog(run).read()  # and the log still reads, whole
    assert not after.torn_tail
    assert len(after.events) == len(before.events) + 1
    last = after.events[-1]
    assert (last.event, last.attempt, last.seq) == ("trial.started", 3, len(before.events))
