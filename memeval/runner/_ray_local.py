"""A Ray node that dies with the process that started it, on every exit path (kill -9 included).

`ray start` leaves its daemons (GCS server, raylet, dashboard and runtime-env agents, workers)
running after it returns, by design, and `ray.init()`'s own local cluster ties only some of
them to the driver (`PR_SET_PDEATHSIG`): killed with `kill -9`, a driver left the two agents
running for over a minute, and a killed test's `ray start` nodes ran on for hours.

So a node is started under a keeper: a small Python process in a session of its own, which runs
`ray start` (every daemon then shares the keeper's process group) and becomes the child
subreaper of what it leaves (prctl(2) `PR_SET_CHILD_SUBREAPER`: a daemon whose parent dies is
handed to the keeper, not to PID 1). The keeper then reads its standard input, a pipe whose only
writer is the starter, until end of file (also while `ray start` runs: a ^C then need not wait for it).
The kernel closes that pipe when the starter ends, by `close()`, an exception, or SIGKILL alike, and
the keeper then stops its group and its children
(SIGTERM, 3 s, then SIGKILL until none is left), removes the node's temporary folder and what
`MEMEVAL_KEEPER_CLEAR` names (glob patterns, one a line: the run's folders under the temporary
folder, `_ray_node.node_temp_paths`, and `ray start`'s log), and exits.
A pipe, not a death signal: `PR_SET_PDEATHSIG` fires when the starting *thread* ends.
"""

from __future__ import annotations

import contextlib
import glob
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

from memeval.errors import UsageError
from memeval.sigint import interrupts_held

__all__ = ["KEEPER", "KeptNode", "start_local_head"]

KEEPER = r"""
import ctypes, glob, os, select, shutil, signal, subprocess, sys, time
me = os.getpid()
clear = [p for p in os.environ.pop("MEMEVAL_KEEPER_CLEAR", "").split("\n") if p]
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
start = subprocess.Popen(sys.argv[2:], stdin=subprocess.DEVNULL, stdout=2)
rc = None
while rc is None:
    try:
        rc = start.wait(timeout=0.2)
    except subprocess.TimeoutExpired:
        if select.select([0], [], [], 0)[0] and not os.read(0, 4096):
            break  # the starter is gone or gave up (^C) while `ray start` runs: stop it and the node below
if rc is not None:
    try:
        os.write(1, b"%d\n" % rc)
    except OSError:  # the starter is gone (killed while `ray start` ran): stop the node below
        pass

def reap():
    try:
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass
    except ChildProcessError:
        pass

def others():
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit() and int(d) != me:
            try:
                with open("/proc/%s/stat" % d) as f:
                    st = f.read().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if st[0] != "Z" and me in (int(st[1]), int(st[2])):
                out.append(int(d))
    return out

while rc == 0:
    ready = select.select([0], [], [], 1.0)[0]
    reap()
    if ready and not os.read(0, 4096):
        break
signal.signal(signal.SIGTERM, signal.SIG_IGN)
os.killpg(me, signal.SIGTERM)
soft = time.monotonic() + 3
quiet = 0
while quiet < 3:
    reap()
    left = others()
    quiet = 0 if left else quiet + 1
    if time.monotonic() > soft:
        for p in left:
            try:
                os.kill(p, signal.SIGKILL)
            except ProcessLookupError:
                pass
    time.sleep(0.05)
if sys.argv[1]:
    shutil.rmtree(sys.argv[1], ignore_errors=True)
for pattern in clear:
    for path in glob.glob(pattern):
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path, ignore_errors=True)
        else:
            try:
                os.unlink(path)
            except OSError:
                pass
        if os.path.basename(os.path.dirname(path)) == "memeval-ray":
            try:
                os.rmdir(os.path.dirname(path))
            except OSError:  # another run's folder is there
                pass
"""
"""The keeper's program (`python -c KEEPER TEMP CMD...`): see the module's docstring."""


class KeptNode:
    """A `ray start` command run under a keeper; the node lives until `close()` or our end.

    Args:
        cmd: the `ray start ...` argv (without `--block`).
        env: its environment.
        temp: a folder the keeper removes when it has stopped the node (None: none).
        log: where the keeper and `ray start` write their output (appended).

    Attributes:
        pgid: the node's process group (the keeper's process id): every daemon `ray start` left
            is in it, unless it made a group of its own (then it is the keeper's child).
    """

    def __init__(self, cmd: list[str], env: dict[str, str], temp: Path | None, log: Path) -> None:
        self.log = log
        with log.open("ab") as out:
            self._proc = subprocess.Popen(
                [sys.executable, "-I", "-c", KEEPER, str(temp or ""), *cmd],
                env=env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=out,
                start_new_session=True,
            )
        self.pgid = self._proc.pid

    def wait_started(self, timeout_s: float) -> int:
        """Wait for `ray start` to return; its exit status (0: the node is up).

        Raises:
            subprocess.TimeoutExpired: it took longer than `timeout_s` seconds (the node is stopped).
        """
        assert self._proc.stdout is not None
        fd = self._proc.stdout.fileno()
        if not select.select([fd], [], [], timeout_s)[0]:
            self.close()
            raise subprocess.TimeoutExpired("ray start", timeout_s)
        line = os.read(fd, 64).strip()
        return int(line) if line else -1

    def output(self, limit: int = 2000) -> str:
        """The last `limit` characters `ray start` and the keeper wrote."""
        try:
            return self.log.read_text(errors="replace")[-limit:]
        except OSError as exc:
            return f"(no output: {exc})"

    def close(self, timeout_s: float = 30.0) -> None:
        """Stop the node and wait for the keeper; SIGKILL the group if it does not end in time."""
        if self._proc.stdin is not None and not self._proc.stdin.closed:
            self._proc.stdin.close()
        try:
            self._proc.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.pgid, signal.SIGKILL)
            self._proc.wait()
        if self._proc.stdout is not None:
            self._proc.stdout.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


RAYLET_TIMED_OUT = "The current node timed out during startup"
"""What `ray start` prints when Ray's own wait for the new node's raylet to register runs out.

Ray fixes that wait at 30 s (`raylet_start_wait_time_s` in `ray/_private/node.py`, Ray 2.x; no
setting changes it), and a busy machine can take longer to start a raylet: then `ray start` exits 1
with this in its traceback although nothing is wrong, and `start_local_head` starts the node again
within its own budget.
"""


def start_local_head(timeout_s: float = 240.0, clear: tuple[str, ...] = ()) -> tuple[KeptNode, str]:
    """Start a one-node Ray cluster on this machine under a keeper; `(node, address)`.

    The node uses every CPU Ray finds, no dashboard, no usage reporting, and a temporary folder
    of its own under `/tmp` (short: Ray's socket paths must fit 107 bytes), removed when it stops,
    with every folder matching a glob pattern of `clear` (what the run's trials leave on the node).

    When `ray start` gives up because Ray's own fixed 30 s wait for the raylet ran out
    (`RAYLET_TIMED_OUT`, a busy machine), the keeper stops what it left (its daemons, its
    temporary folder) and the node is started again, with a new folder and port, as long as
    `timeout_s` lasts; each such retry is said on standard error.

    Args:
        timeout_s: how long every try together may take, in seconds.
        clear: glob patterns of what the node's keeper removes when it stops the node.

    Raises:
        UsageError: `ray start` failed for another reason, or did not start within `timeout_s`
            seconds (with the tail of what it printed, and how many tries were made).
    """
    deadline = time.monotonic() + timeout_s
    tries = 0
    while True:
        tries += 1
        got = _start_head_once(deadline - time.monotonic(), clear)
        if got.node is not None:
            return got.node, got.address
        left = deadline - time.monotonic()
        retried = f" ({tries} tries)" if tries > 1 else ""
        if got.rc is None:
            raise UsageError(
                f"a local Ray node did not start within {timeout_s:g} s{retried}; `ray start` printed: {got.tail}"
            )
        if RAYLET_TIMED_OUT not in got.tail or left <= 0:
            raise UsageError(
                f"a local Ray node did not start (`ray start` exited {got.rc}){retried}; it printed: {got.tail}; "
                "or join a running cluster with --ray-address HEAD:PORT"
            )
        print(
            f"memeval: a local Ray node did not start: Ray's own 30 s wait for its raylet ran out (a busy"
            f" machine); what that try left is removed, starting the node again (try {tries + 1}, {left:.0f} s"
            f" left of {timeout_s:g} s)",
            file=sys.stderr,
            flush=True,
        )


class _HeadTry(NamedTuple):
    """How one try of `start_local_head` ended."""

    node: KeptNode | None
    """The started node; None: the try failed, and its keeper stopped what it left."""
    address: str
    """The node's `HOST:PORT` (meant only when `node` is set)."""
    rc: int | None
    """`ray start`'s exit status; None: it did not return in time."""
    tail: str
    """The end of what `ray start` and the keeper printed."""


def _start_head_once(timeout_s: float, clear: tuple[str, ...]) -> _HeadTry:
    """One try of `start_local_head`, given `timeout_s` seconds (see there); a failed try leaves nothing."""
    port = _free_port()
    address = f"127.0.0.1:{port}"
    with interrupts_held():  # a ^C between the folders' making and the keeper's start left them behind
        temp = Path(tempfile.mkdtemp(prefix="memeval-ray-", dir="/tmp"))
        cmd = [sys.executable, "-m", "ray.scripts.scripts", "start", "--head", f"--port={port}",
               f"--temp-dir={temp}", "--include-dashboard=false", "--disable-usage-stats"]  # fmt: skip
        log = Path(tempfile.mkstemp(prefix="memeval-ray-start-", suffix=".log")[1])
        patterns = "\n".join((*clear, glob.escape(str(log))))  # the log too, if we are killed before removing it
        env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0", MEMEVAL_KEEPER_CLEAR=patterns)
        node = KeptNode(cmd, env, temp, log)
    try:
        rc = node.wait_started(max(timeout_s, 0.0))
    except subprocess.TimeoutExpired:  # the node is stopped
        tail = node.output()
        node.log.unlink(missing_ok=True)
        shutil.rmtree(temp, ignore_errors=True)
        return _HeadTry(None, address, None, tail)
    except BaseException:  # ^C while `ray start` runs: the keeper stops what it started and removes it all
        with interrupts_held():
            node.close()
        raise
    tail = node.output()
    node.log.unlink(missing_ok=True)
    if rc != 0:
        node.close()  # the keeper stops what `ray start` left and removes its folder
        return _HeadTry(None, address, rc, tail)
    return _HeadTry(node, address, rc, tail)
