"""Run `memeval ab` on the bundled sample in a fenced environment and list what it leaves behind.

Each run gets its own `TMPDIR` (short, under /tmp: a unix socket's path must fit 107 bytes) and
`XDG_RUNTIME_DIR` (under the test's folder), so whatever memeval
(and every process it starts: the scripted model server, bubblewrap, Ray's workers) creates under
them is the run's alone, and a marker in the environment finds the run's processes however they
were re-parented. `/tmp` itself is shared with the machine's other work, so only names memeval
gives its own folders there are listed (`memeval-*`, `new_tmp_names`), for a person to read: another
job's run may add some at the same time, so tests check the fenced folders and the processes.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from patience import patient
from runner_helpers import REPO, bwrap_pids_under

SAMPLE = REPO / "samples" / "fernhill"


def _tmp_names() -> set[str]:
    return {n for n in os.listdir("/tmp") if n.startswith("memeval-")}


@dataclass
class FencedRun:
    """`memeval ab` on the sample's first task, with its own temporary folders and a marker.

    Attributes:
        root: the test's folder; `runs/` and `xdg/` (XDG_RUNTIME_DIR) are under it, `tmp` (TMPDIR) is
            `/tmp/mtc-*`, removed by `stop()`.
        extra: further `memeval ab` arguments (`--executor ray`).
    """

    root: Path
    extra: tuple[str, ...] = ()
    mark: str = field(default_factory=lambda: uuid.uuid4().hex)
    proc: subprocess.Popen[bytes] | None = None

    def __post_init__(self) -> None:
        self.runs = self.root / "runs"
        self.tmp = Path(tempfile.mkdtemp(prefix="mtc-", dir="/tmp"))
        self.xdg = self.root / "xdg"
        self.xdg.mkdir(mode=0o700)
        self._before = _tmp_names()

    @property
    def env(self) -> dict[str, str]:
        env = dict(os.environ, TMPDIR=str(self.tmp), XDG_RUNTIME_DIR=str(self.xdg), MEMEVAL_TEST_MARK=self.mark)
        env.update(RAY_USAGE_STATS_ENABLED="0", HOME=str(self.root / "home"))
        env.pop("RAY_ADDRESS", None)  # no cluster named: a Ray run starts a local one
        return env

    def argv(self, *more: str) -> list[str]:
        return [sys.executable, "-m", "memeval", "ab", str(SAMPLE), "--tasks", "t01-thursday-order-arrival",
                "--runs-dir", str(self.runs), "--quiet", *self.extra, *more]  # fmt: skip

    def start(self) -> None:
        """Start the run in a session of its own (signals go to its process group, as a terminal's)."""
        with (self.root / "stderr").open("ab") as err:
            self.proc = subprocess.Popen(self.argv(), cwd=REPO, env=self.env, stdout=subprocess.DEVNULL,
                                         stderr=err, start_new_session=True)  # fmt: skip

    def run(self, *more: str, timeout: float = 600) -> subprocess.CompletedProcess[bytes]:
        """Run `memeval ab` to its end (with `more` arguments, e.g. `--resume RUN`)."""
        return subprocess.run(self.argv(*more), cwd=REPO, env=self.env, capture_output=True, timeout=patient(timeout))

    def log(self) -> Path:
        return next(self.runs.glob("*/events.jsonl"))

    def wait_for_call(self, timeout: float = 240) -> None:
        """Wait until the running trial has made a model call (the scripted server and the proxy are up)."""
        assert self.proc is not None
        end = time.monotonic() + patient(timeout)
        while time.monotonic() < end:
            logs = list(self.runs.glob("*/events.jsonl"))
            if logs and b'"model.called"' in logs[0].read_bytes():
                return
            if self.proc.poll() is not None:
                break
            time.sleep(0.1)
        raise AssertionError(f"no model call; memeval printed: {(self.root / 'stderr').read_bytes()[-2000:]!r}")

    def wait_for(self, reached: Callable[[FencedRun], bool], what: str, timeout: float = 240) -> None:
        """Wait until `reached(self)` holds, polling every 10 ms (a step of the run may last a second only).

        Raises:
            AssertionError: memeval ended first or `timeout` (scaled) passed; naming `what` and memeval's stderr.
        """
        assert self.proc is not None
        end = time.monotonic() + patient(timeout)
        while time.monotonic() < end and self.proc.poll() is None:
            if reached(self):
                return
            time.sleep(0.01)
        raise AssertionError(f"never saw {what}; memeval printed: {(self.root / 'stderr').read_bytes()[-2000:]!r}")

    def signal(self, sig: signal.Signals) -> int:
        """Send `sig` to the run's process group and wait for memeval to end; its exit status."""
        assert self.proc is not None
        os.killpg(self.proc.pid, sig)
        return self.proc.wait(timeout=patient(120))

    def processes(self) -> list[str]:
        """Command lines of live processes carrying this run's marker (memeval's own descendants)."""
        out = []
        for d in Path("/proc").iterdir():
            if not d.name.isdigit() or int(d.name) == os.getpid():
                continue
            try:
                if (
                    self.mark.encode() in (d / "environ").read_bytes()
                    and (d / "stat").read_text().split(") ")[1][0] != "Z"
                ):
                    out.append((d / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")[:160])
            except (OSError, IndexError):
                continue
        return out

    def leftovers(self, settle: float = 10) -> dict[str, list[str]]:
        """What is left once memeval ended: files under TMPDIR and XDG_RUNTIME_DIR, marked processes,
        bubblewrap sandboxes working under the test's folder. Waits up to `settle` seconds (scaled)
        for them to go."""
        end = time.monotonic() + patient(settle)
        while True:
            left = {
                "tmpdir": sorted(str(p.relative_to(self.tmp)) for p in self.tmp.iterdir()),
                "xdg": sorted(  # the phase gate's lock files stay by design (`memeval.runner._phases`)
                    str(p.relative_to(self.xdg))
                    for p in self.xdg.rglob("*")
                    if p.is_file() and p.parent.name != "phases"
                ),
                "processes": self.processes(),
                "bwrap": [str(p) for p in bwrap_pids_under(self.root)],
            }
            if not any(left.values()) or time.monotonic() > end:
                return {k: v for k, v in left.items() if v}
            time.sleep(0.5)

    def new_tmp_names(self) -> list[str]:
        """`memeval-*` names in /tmp that were not there when this run was made (others' included)."""
        return sorted(_tmp_names() - self._before)

    def stop(self) -> None:
        """Kill what is still running (the test's own clean-up)."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        shutil.rmtree(self.tmp, ignore_errors=True)
