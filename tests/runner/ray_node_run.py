"""One `memeval ab --executor ray` run on a one-node cluster the run starts itself, read by four test modules.

`test_breaker32_ray_exec_bits.py` (a task file of mode 0655), `test_breaker34_ray_copies.py` (a file with two
names, the task files' times, a kept world's sparse files), `test_fault26_ray_setup.py` (a trial its node cannot
set up) and `test_fault28_ray_world_stream.py` (a dense world kept on a node, under a memory limit on the node's
workers) each ran such a run of their own tasks: four local Ray nodes started and stopped, about a minute of wall
each on the suite's one Ray worker. Their tasks are independent (each task's trials are scored apart; none reads
another's world), so one run of all seven tasks serves the four: `ray_node_run()` makes it once a process (the
four modules share the xdist group `ray`, so one worker makes it; `-n 0` makes it once too) and each test reads
its own task's trials. A fault put back in one module's fix fails that module's tests (tried for each when the
run was shared: CHANGELOG, speed46b).

The run: `--concurrency 4`, `--retries 1` (fault26's set-up failure is retried once), `--network none`; the
agent a shell line that fills `sparse`'s world with sparse files, `dense`'s with `DENSE_MB` of data, and does
nothing in the other tasks. Every Python process of the run has `rss_watch/sitecustomize.py` on its path
(`MEMEVAL_RSS_DIR`, `MEMEVAL_RSS_KILL_MB`): each Ray worker's peak private memory is written there, and a worker
past `KILL_MB` is killed as the out-of-memory killer would (fault28's limit; the other tasks' workers stay far
under it).
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from patience import patient
from runner_helpers import REPO, make_task

STAMP = 1614834367  # 2021-03-04 05:06:07 UTC
"""`dated`'s data.txt time (seconds since the epoch)."""
DATED_TEST = f"""\
cd /app
r=0
if [ "$(stat -c %Y data.txt)" = {STAMP} ]; then
  python3 -c "import zipfile; zipfile.ZipFile('/tmp/a.zip', 'w').write('data.txt')" && r=1
else
  echo "data.txt is of $(stat -c %y data.txt)"
fi
echo $r > /logs/verifier/reward.txt
"""
SPARSE_AGENT = (
    "for i in 0 1 2 3; do truncate -s 256M /app/big$i; done; printf hello | dd of=/app/big0 bs=1 seek=1000000 "
    "conv=notrunc status=none"
)
"""What the agent does in `sparse`'s world: four 256 MiB sparse files, `hello` at byte 1,000,000 of the first."""
DENSE_MB = 384
"""MiB of real data the agent writes in `dense`'s world (every block written)."""
KILL_MB = 256
"""The workers' memory limit (MiB of private memory): under the dense world's size, far over a worker's own ~100 MiB."""
DENSE_AGENT = (
    f"dd if=/dev/zero of=/app/big bs=1M count={DENSE_MB} status=none && printf end >> /app/big && "
    "ln /app/big /app/big2 && ln -s big /app/link && truncate -s 64M /app/sparse"
)
"""What the agent does in `dense`'s world: `DENSE_MB` MiB of data and `end`, a second name, a symlink, a sparse file."""
HOOK = Path(__file__).resolve().parent / "rss_watch"
LINKED_TEST = "cmp /app/tool.sh /app/tool2.sh && r=1 || r=0; echo $r > /logs/verifier/reward.txt\n"


class RayRun(NamedTuple):
    """The run's trials by task id, its runs folder, the memory watch's folder (one file per watched process)
    and the run's stderr."""

    trials: dict[str, list[dict[str, Any]]]
    runs: Path
    rss: Path
    stderr: str


def _tasks(tmp: Path) -> Path:
    """Write the seven tasks under `tmp/tasks` (and `tmp/jump`, beside the task set); returns the task folder.

    - `linked` (breaker34): `tool.sh` with a second name `tool2.sh` (a hard link); test.sh compares them.
    - `dated` (breaker34): `data.txt` of `STAMP`; test.sh checks its time and zips it.
    - `sparse` (breaker34): fails (reward 0), so its world is kept; the agent fills it with sparse files.
    - `odd` (breaker32): `tool.sh` of mode 0655; the default test.sh passes.
    - `calm` (fault26): nothing special; passes.
    - `unloadable` (fault26): `tool2.sh` a link out of the task and back into it through `tmp/jump`, which the
      bundle does not carry: the driver loads the task, the node refuses it (a set-up failure on the node).
    - `dense` (fault28): fails (reward 0), so its world is kept; the agent writes `DENSE_MB` of data there.
    """
    tasks = tmp / "tasks"
    tool = make_task(tasks, "linked", files={"tool.sh": "echo hi\n"}, test_sh=LINKED_TEST) / "environment" / "app"
    (tool / "tool2.sh").hardlink_to(tool / "tool.sh")  # two names of one file
    data = make_task(tasks, "dated", files={"data.txt": "x\n"}, test_sh=DATED_TEST) / "environment" / "app"
    os.utime(data / "data.txt", (STAMP, STAMP))
    make_task(tasks, "sparse", test_sh="echo 0 > /logs/verifier/reward.txt\n", instruction="sparse\n")
    odd = make_task(tasks, "odd", files={"tool.sh": "echo hi\n"}) / "environment" / "app" / "tool.sh"
    odd.chmod(0o655)
    make_task(tasks, "calm")
    far = make_task(tasks, "unloadable", files={"tool.sh": "echo hi\n"}) / "environment" / "app" / "tool.sh"
    (tmp / "jump").symlink_to("tasks/unloadable")  # beside the task set: not in the bundle
    far.with_name("tool2.sh").symlink_to("../../../../jump/environment/app/tool.sh")  # out of the task and back
    make_task(
        tasks, "dense", test_sh="echo 0 > /logs/verifier/reward.txt\n", instruction="dense\n",
        task_toml="[verifier]\ntimeout_sec = 60.0\n[agent]\ntimeout_sec = 120.0\n",
    )  # fmt: skip
    return tasks


_MADE: list[RayRun] = []
"""The process's run once made (at most one item)."""


def ray_node_run(tmp_path_factory: pytest.TempPathFactory) -> RayRun:
    """The run (see the module docstring), made at the first call of the process in a new folder of the session's.

    Raises:
        AssertionError: the run printed no JSON document (its stderr's end in the message); nothing is kept, so a
            later call runs it again.
    """
    if not _MADE:
        _MADE.append(_run(tmp_path_factory.mktemp("raynode")))
    return _MADE[0]


def _run(tmp: Path) -> RayRun:
    tasks = _tasks(tmp)
    agent = "bash -c " + shlex.quote(
        f'case "$(cat "$MEMEVAL_INSTRUCTION_FILE")" in sparse) {SPARSE_AGENT} ;; dense) {DENSE_AGENT} ;; esac'
    )
    rss = tmp / "rss"
    rss.mkdir()
    env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0", HOME=str(tmp / "home"), MEMEVAL_RSS_DIR=str(rss))
    env["MEMEVAL_RSS_KILL_MB"] = str(KILL_MB)
    env["PYTHONPATH"] = os.pathsep.join([str(HOOK), str(REPO), env.get("PYTHONPATH", "")])
    env.pop("RAY_ADDRESS", None)  # no cluster named: the run starts a local one
    res = subprocess.run(
        [sys.executable, "-m", "memeval", "ab", str(tasks), "--agent", "command", "--agent-cmd", agent,
         "--network", "none", "--executor", "ray", "--concurrency", "4", "--retries", "1",
         "--runs-dir", str(tmp / "runs"), "--json", "--quiet"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=patient(600),
    )  # fmt: skip
    assert res.stdout.strip().startswith("{"), res.stderr[-3000:]
    got: dict[str, list[dict[str, Any]]] = {}
    for t in json.loads(res.stdout)["trials"]:
        got.setdefault(t["task_id"], []).append(t)
    return RayRun(got, tmp / "runs", rss, res.stderr)
