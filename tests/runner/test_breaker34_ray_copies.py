"""What crosses between a Ray node and the driver is what a local run has: the task's files, the kept world (breaker34).

(1) A task file with a second name (a hard link) was packed under its first name only: `_add_tree` skipped tar's
hard-link entry, the node's copy lacked the second name, no longer matched the driver's hash, and every trial of
the task was an `internal` set-up fault (breaker32's finding). (2) The bundle packed every file with time 0, so a
world built on a node held files of 1 January 1970 where a local run's world carries the task's own times
(`shutil.copy2`): a verifier that zips a task file (`zipfile` stores no time before 1980) or compares its time
scored 0 on Ray and 1 locally. Both tasks now pass on Ray. (3) A failing trial's world kept on a node came to the
driver as a tar archive read whole: a few sparse files (`truncate -s 256M`, no block charged to the agent) were
their full length of zeros in the node's memory and on the driver's disk (1 GiB here; the sandbox's largest file
is `storage_mb`, 10 GiB by default, so a few such files could fill either), where a local run keeps them sparse.
Now only their data travels and they are sparse on the driver. One run of the three tasks on a one-node cluster
the run starts itself, as test_breaker32_ray_exec_bits.py's does.
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

pytest.importorskip("ray")

pytestmark = [pytest.mark.slow, pytest.mark.ray, pytest.mark.xdist_group("ray")]

STAMP = 1614834367  # 2021-03-04 05:06:07 UTC
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
LINKED_TEST = "cmp /app/tool.sh /app/tool2.sh && r=1 || r=0; echo $r > /logs/verifier/reward.txt\n"


class RayRun(NamedTuple):
    """The run's trials by task id, and its runs folder."""

    trials: dict[str, list[dict[str, Any]]]
    runs: Path


@pytest.fixture(scope="module")
def ray_run(tmp_path_factory: pytest.TempPathFactory) -> RayRun:
    """One `memeval ab --executor ray` run of the three tasks."""
    tmp = tmp_path_factory.mktemp("b34ray")
    tasks = tmp / "tasks"
    tool = make_task(tasks, "linked", files={"tool.sh": "echo hi\n"}, test_sh=LINKED_TEST) / "environment" / "app"
    (tool / "tool2.sh").hardlink_to(tool / "tool.sh")  # two names of one file
    data = make_task(tasks, "dated", files={"data.txt": "x\n"}, test_sh=DATED_TEST) / "environment" / "app"
    os.utime(data / "data.txt", (STAMP, STAMP))
    make_task(tasks, "sparse", test_sh="echo 0 > /logs/verifier/reward.txt\n", instruction="sparse\n")
    agent = "bash -c " + shlex.quote(f'if grep -q sparse "$MEMEVAL_INSTRUCTION_FILE"; then {SPARSE_AGENT}; fi')
    env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0", HOME=str(tmp / "home"))
    env.pop("RAY_ADDRESS", None)  # no cluster named: the run starts a local one
    res = subprocess.run(
        [sys.executable, "-m", "memeval", "ab", str(tasks), "--agent", "command", "--agent-cmd", agent,
         "--network", "none", "--executor", "ray", "--concurrency", "4",
         "--runs-dir", str(tmp / "runs"), "--json", "--quiet"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=patient(600),
    )  # fmt: skip
    assert res.stdout.strip().startswith("{"), res.stderr[-3000:]
    got: dict[str, list[dict[str, Any]]] = {}
    for t in json.loads(res.stdout)["trials"]:
        got.setdefault(t["task_id"], []).append(t)
    return RayRun(got, tmp / "runs")


def test_a_task_file_with_two_names_runs_on_a_ray_node(ray_run: RayRun) -> None:
    trials = ray_run.trials["linked"]
    assert len(trials) == 2, trials
    for t in trials:
        assert t["fault"] is None and t["reward"] == 1.0, t  # before: internal fault, the node's copy differed


def test_a_world_built_on_a_ray_node_keeps_the_task_files_times(ray_run: RayRun) -> None:
    trials = ray_run.trials["dated"]
    assert len(trials) == 2, trials
    for t in trials:
        assert t["fault"] is None and t["reward"] == 1.0, t  # before: 0, data.txt was of 1970


def test_a_world_kept_on_a_ray_node_keeps_its_sparse_files_sparse(ray_run: RayRun) -> None:
    trials = ray_run.trials["sparse"]
    assert len(trials) == 2, trials
    worlds = sorted(ray_run.runs.glob("*/worlds/sparse_*"))
    assert len(worlds) == 2 and all(t["fault"] is None and t["reward"] == 0.0 for t in trials), (worlds, trials)
    for world in worlds:
        for i in range(4):
            st = (world / "app" / f"big{i}").stat()
            assert st.st_size == 256 << 20, (world, i, st)
            assert st.st_blocks * 512 <= 1 << 20, (world, i, st.st_blocks)  # before: 256 MiB of zeros each
        with (world / "app" / "big0").open("rb") as f:
            f.seek(1_000_000)
            assert f.read(5) == b"hello", world
