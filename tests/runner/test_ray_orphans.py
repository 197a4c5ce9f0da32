"""No Ray process outlives what started it, `kill -9` included: a test's cluster and a run's own.

A pytest killed during `test_ray_cluster.py`'s set-up once left a whole cluster (GCS server,
raylets, agents) running for 1 h 45 min, orphaned to PID 1; and `memeval ab --executor ray`
without `--ray-address`, killed with `kill -9`, left the local cluster's dashboard and
runtime-env agents running for over a minute (Ray ties only some of its daemons to the driver).
"""

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from installed import skip_unless_installed
from patience import patient
from procs import cmdline, pids, ppid, stat
from ray_cluster import members, running
from runner_helpers import MINI, REPO

from memeval.runner._ray_local import KEEPER

skip_unless_installed("ray")  # not importorskip: see tests/installed.py

pytestmark = [pytest.mark.slow, pytest.mark.ray, pytest.mark.xdist_group("ray")]

CHILD = r"""
import json, sys, tempfile, time
from pathlib import Path
sys.path[:0] = sys.argv[1:]
from ray_cluster import Cluster
c = Cluster(Path(tempfile.mkdtemp(prefix="ray-", dir="/tmp")))
c.start("head", "--num-cpus=1")
print(json.dumps(list(c.groups.values())), flush=True)
time.sleep(600)
"""


EARLY = r"""
import sys, tempfile, time
from pathlib import Path
sys.path[:0] = sys.argv[1:]
from ray_cluster import Cluster
c = Cluster(Path(tempfile.mkdtemp(prefix="ray-", dir="/tmp")))
c.start("head", "--num-cpus=1", spawned=lambda group: print(group, flush=True))
time.sleep(600)
"""


def _read_line(proc: subprocess.Popen[str], timeout_s: float) -> str:
    assert proc.stdout is not None
    if not select.select([proc.stdout], [], [], timeout_s)[0]:
        return ""
    return proc.stdout.readline()


def _gone_within(procs: list[tuple[int, str]], timeout_s: float) -> list[bytes]:
    end = time.monotonic() + timeout_s
    while running(procs) and time.monotonic() < end:
        time.sleep(0.1)
    return [cmdline(p)[:120] for p in running(procs)]


def _kill_all(procs: list[tuple[int, str]]) -> None:
    for pid in running(procs):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            continue


def _tree(root: int) -> list[tuple[int, str]]:
    """`root`'s descendants, as (id, start time)."""
    below: dict[int, list[int]] = {}
    for pid in pids():
        below.setdefault(ppid(pid), []).append(pid)
    out, todo = [], [root]
    while todo:
        for c in below.get(todo.pop(), []):
            fields = stat(c)
            if fields:
                out.append((c, fields[19]))
            todo.append(c)
    return out


def test_the_test_cluster_dies_with_a_test_process_killed_during_its_set_up():
    here = Path(__file__).parent
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(here), str(here.parent)], cwd=REPO,
                             stdout=subprocess.PIPE, text=True)  # fmt: skip
    procs: list[tuple[int, str]] = []
    try:
        line = _read_line(child, patient(240))
        assert line, "the child's cluster did not start"
        procs = members(json.loads(line))
        names = b" ".join(cmdline(p) for p, _ in procs)
        assert b"raylet/raylet" in names and b"gcs_server" in names, names[:500]
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        left = _gone_within(procs, patient(10))
        assert not left, f"still running after the test process was killed: {left}"
    finally:
        child.kill()
        child.wait()
        _kill_all(procs)


def test_the_test_cluster_dies_with_a_test_process_killed_while_ray_start_runs():
    here = Path(__file__).parent
    child = subprocess.Popen([sys.executable, "-c", EARLY, str(here), str(here.parent)], cwd=REPO,
                             stdout=subprocess.PIPE, text=True)  # fmt: skip
    group = -1
    try:
        line = _read_line(child, patient(60))
        assert line, "the child's keeper did not start"
        group = int(line)
        time.sleep(0.5)  # `ray start` is under way: it takes seconds
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        # Ray's daemons start after the kill: wait for the group (keeper, `ray start`, daemons) to empty
        end = time.monotonic() + patient(90)
        while members([group]) and time.monotonic() < end:
            time.sleep(0.2)
        left = [cmdline(p)[:120] for p, _ in members([group])]
        assert not left, f"still running after the test process was killed: {left}"
    finally:
        child.kill()
        child.wait()
        if group > 0:
            _kill_all(members([group]))


def test_a_run_s_local_cluster_dies_with_a_memeval_killed_mid_trial(tmp_path: Path):
    env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0", HOME=str(tmp_path / "home"))
    env.pop("RAY_ADDRESS", None)  # no cluster named: the run starts a local one
    runs = tmp_path / "runs"
    with (tmp_path / "stderr").open("wb") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "memeval", "ab", str(MINI), "--agent", "command", "--agent-cmd", "sleep 60",
             "--network", "none", "--executor", "ray", "--concurrency", "2", "--runs-dir", str(runs), "--quiet"],
            cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=err,
        )  # fmt: skip
    procs: list[tuple[int, str]] = []
    try:
        end = time.monotonic() + patient(240)
        while proc.poll() is None and time.monotonic() < end:
            logs = list(runs.glob("*/events.jsonl"))
            if logs and b'"event":"agent.started"' in logs[0].read_bytes():
                break
            time.sleep(0.2)
        assert proc.poll() is None, (tmp_path / "stderr").read_text()[-2000:]
        procs = _tree(proc.pid)
        names = b" ".join(cmdline(p) for p, _ in procs)
        assert b"raylet/raylet" in names and b"gcs_server" in names, names[:500]
        # the node's folder under /tmp, named to its keeper (`python -I -c KEEPER TEMP CMD...`)
        argvs = [cmdline(p).split(b"\0") for p, _ in procs]
        folders = [Path(argv[4].decode()) for argv in argvs if len(argv) > 4 and argv[3] == KEEPER.encode()]
        assert len(folders) == 1 and folders[0].is_dir(), folders
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        left = _gone_within(procs, patient(10))
        assert not left, f"still running after memeval was killed: {left}"
        assert not folders[0].exists(), "the node's folder was left"
    finally:
        proc.kill()
        proc.wait()
        _kill_all(procs)
