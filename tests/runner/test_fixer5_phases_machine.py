"""The phases gate is the machine's: processes keep a task's agent turns and verifiers apart too.

Before, the gate lived in one process's memory, so a second `memeval ab` (or a Ray node's other
worker process) ran a verifier of a task beside an agent turn of the same task, which is the
overlap the gate exists to rule out (`memeval.runner._phases`). And a trial stopped while it
waited at the gate lost the wait: no `agent.started` carried it, so its record counted the wait
as its own work. Every process here is real; the gate's folder is the suite process's
`XDG_RUNTIME_DIR` (tests/conftest.py), which the processes inherit.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from patience import patient
from runner_helpers import make_task

from memeval.errors import SandboxError
from memeval.runner._phases import PhaseGate

REPO = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(REPO)}

HOLDER = textwrap.dedent(
    """\
    import sys, threading
    from memeval.runner._phases import PHASES
    phase, key = sys.argv[1], sys.argv[2]
    print("ready", flush=True)
    with getattr(PHASES, phase)(key, threading.Event()) as waited:
        print("in", waited, flush=True)
        sys.stdin.readline()  # hold until told (or killed)
    print("out", flush=True)
    """
)
LIVE: list[subprocess.Popen[bytes]] = []


def _t(s: str) -> datetime:
    return datetime.fromisoformat(s.replace("Z", "+00:00"))


@pytest.fixture(autouse=True)
def _no_holder_left() -> Iterator[None]:
    yield
    while LIVE:
        p = LIVE.pop()
        p.kill()
        p.wait()


class Holder:
    """A real process that enters `phase` of `key` at the machine's gate and holds it until `leave`.

    Returns once the process has imported memeval, so a window given to `entered` measures the
    gate, not the interpreter's start. Its output is read from the pipe unbuffered, so `select`
    sees every line.
    """

    def __init__(self, phase: str, key: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", HOLDER, phase, key], env=ENV, stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        LIVE.append(self.proc)
        self.buf = b""
        assert self._line(patient(30)) == "ready"

    def _line(self, within_s: float) -> str | None:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        end = time.monotonic() + within_s
        while b"\n" not in self.buf:
            left = end - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return None
            chunk = os.read(fd, 4096)
            assert chunk, f"the holder ended: {self.buf!r}"
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode()

    def entered(self, within_s: float) -> int | None:
        """The ms it waited, once it prints that it entered within `within_s`; None if it did not."""
        line = self._line(within_s)
        if line is None:
            return None
        word, waited = line.split()
        assert word == "in", line
        return int(waited)

    def leave(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"\n")
        self.proc.stdin.flush()
        assert self._line(patient(10)) == "out"
        self.proc.wait(patient(10))
        LIVE.remove(self.proc)

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait(patient(10))
        LIVE.remove(self.proc)


def test_a_verifier_in_another_process_waits_for_the_agent_turns_and_holds_new_ones_back() -> None:
    key = f"task-{time.monotonic_ns()}"
    agent = Holder("agent", key)
    assert agent.entered(patient(20)) is not None
    verifier = Holder("verifier", key)
    assert verifier.entered(1.0) is None, "a verifier ran beside another process's agent turn of its task"
    late = Holder("agent", key)  # comes while the verifier waits: must not get in ahead of it
    assert late.entered(0.5) is None
    other = Holder("verifier", f"other-{key}")  # another task is not held back
    assert other.entered(patient(20)) is not None
    other.leave()
    agent.leave()
    waited = verifier.entered(patient(20))
    assert waited is not None and waited >= 1000, waited
    assert late.entered(0.3) is None, "an agent turn ran beside a verifier of its task"
    verifier.leave()
    assert late.entered(patient(20)) is not None
    late.leave()


def test_a_holder_killed_with_sigkill_leaves_no_task_gated() -> None:
    key = f"task-{time.monotonic_ns()}"
    agent = Holder("agent", key)
    assert agent.entered(patient(20)) is not None
    verifier = Holder("verifier", key)
    assert verifier.entered(0.5) is None
    agent.kill()
    assert verifier.entered(patient(20)) is not None
    verifier.leave()


def test_a_gate_folder_others_can_write_is_refused(tmp_path: Path) -> None:
    import threading

    shared = tmp_path / "phases"
    shared.mkdir()
    shared.chmod(0o777)
    with pytest.raises(SandboxError, match="only it can write"), PhaseGate(shared).agent("t", threading.Event()):
        pass
    shared.chmod(0o700)
    with PhaseGate(shared).agent("t", threading.Event()) as waited:
        assert waited >= 0


@pytest.mark.slow
@pytest.mark.parametrize("concurrency", ["1", "2"])
def test_a_wait_at_the_gate_cut_short_by_ctrl_c_is_recorded(tmp_path: Path, concurrency: str) -> None:
    """Another process holds a verifier of the task, so the run's agent turns wait; Ctrl-C then."""
    from memeval.tasks import hash_tree

    task = make_task(tmp_path / "tasks", "gated")
    runs = tmp_path / "runs"
    holder = Holder("verifier", hash_tree(task / "tests"))
    assert holder.entered(patient(20)) is not None
    proc = subprocess.Popen(
        [sys.executable, "-m", "memeval", "ab", str(tmp_path / "tasks"), "--runs-dir", str(runs),
         "--agent", "command", "--agent-cmd", "sleep 30", "--network", "none", "--concurrency", concurrency],
        cwd=tmp_path, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    try:
        end = time.monotonic() + patient(90)
        while not any(b'"sandbox.ready"' in p.read_bytes() for p in runs.glob("*/events.jsonl")):
            assert time.monotonic() < end and proc.poll() is None, "no trial reached the gate"
            time.sleep(0.05)
        time.sleep(1.5)  # the trial waits at the gate meanwhile
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=patient(60))
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        holder.leave()
    assert proc.returncode == 130, err
    (log,) = runs.glob("*/events.jsonl")
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert not [e for e in events if e["event"] == "agent.started"], "an agent turn ran beside the verifier"
    faults = {e["trial_id"]: e for e in events if e["event"] == "fault.raised"}
    readied = {e["trial_id"] for e in events if e["event"] == "sandbox.ready"}
    assert readied and set(faults) >= readied
    for tid in readied:  # each trial that reached the gate waited there until the interrupt
        assert faults[tid]["code"] == "cancelled" and faults[tid]["waited_ms"] >= 1000, faults[tid]
    for tid in set(faults) - readied:  # stopped before the gate (building its world): no wait to record
        assert "waited_ms" not in faults[tid], faults[tid]
    replay = subprocess.run(
        [sys.executable, "-m", "memeval", "replay", str(log.parent)],
        cwd=tmp_path, env=ENV, capture_output=True, text=True, timeout=patient(120),
    )  # fmt: skip
    assert replay.returncode == 0, replay.stderr
    records = {t["trial_id"]: t for t in json.loads(replay.stdout)["trials"]}
    for tid in readied:
        rec, fault = records[tid], faults[tid]
        assert rec["physics"]["phase_wait_ms"] == fault["waited_ms"], rec["physics"]
        at = {e["event"]: _t(e["at"]) for e in events if e.get("trial_id") == tid}
        span = int((at["trial.ended"] - at["trial.started"]).total_seconds() * 1000)
        wall = rec["harness_measured"]["wall_ms"]  # the wait is left out of the trial's own time
        assert abs(wall + fault["waited_ms"] - span) <= 2, (wall, fault["waited_ms"], span)
