"""A dense world kept on a Ray node comes to the driver in pieces, not whole in memory (fault28).

A failing trial's kept world (up to the agent's `storage_mb`, 10 GiB by default, all of it the agent's to fill)
was packed into one `bytes` on the node, put in Ray's object store whole and fetched whole by the driver: a few
copies of the world in the node worker's memory. An agent that filled its storage with real data could get the
worker killed for lack of memory, which the driver records as a `process` fault, one `--retries` runs again: a
failing agent got a re-roll. Here the run's Ray workers live under a memory limit
(tests/runner/rss_watch/sitecustomize.py on PYTHONPATH: a worker whose private memory passes `KILL_MB` is killed
with SIGKILL, as the out-of-memory killer would) and a failing agent writes `WORLD_MB` of data, with a second
name, a symlink and a sparse file beside it. Before, each trial ended with a `process` fault and kept no world;
now each ends scored (0, the agent's own ending) and its world arrives whole. One run on a one-node cluster the
run starts itself, as test_breaker34_ray_copies.py's does.
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

WORLD_MB = 384
"""MiB of real data the agent writes (every block written)."""
KILL_MB = 256
"""The workers' memory limit (MiB of private memory): under the world's size, far over a worker's own ~100 MiB."""
AGENT = "bash -c " + shlex.quote(
    f"dd if=/dev/zero of=/app/big bs=1M count={WORLD_MB} status=none && printf end >> /app/big && "
    "ln /app/big /app/big2 && ln -s big /app/link && truncate -s 64M /app/sparse"
)
HOOK = Path(__file__).resolve().parent / "rss_watch"


class RayRun(NamedTuple):
    """The run's trials, its runs folder and the watch's folder (one file per watched process)."""

    trials: list[dict[str, Any]]
    runs: Path
    rss: Path
    stderr: str


@pytest.fixture(scope="module")
def ray_run(tmp_path_factory: pytest.TempPathFactory) -> RayRun:
    """One `memeval ab --executor ray` run of one failing task whose agent writes a dense world."""
    tmp = tmp_path_factory.mktemp("f28ray")
    make_task(
        tmp / "tasks", "dense", test_sh="echo 0 > /logs/verifier/reward.txt\n",
        task_toml="[verifier]\ntimeout_sec = 60.0\n[agent]\ntimeout_sec = 120.0\n",
    )  # fmt: skip
    rss = tmp / "rss"
    rss.mkdir()
    env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0", HOME=str(tmp / "home"), MEMEVAL_RSS_DIR=str(rss))
    env["MEMEVAL_RSS_KILL_MB"] = str(KILL_MB)
    env["PYTHONPATH"] = os.pathsep.join([str(HOOK), str(REPO), env.get("PYTHONPATH", "")])
    env.pop("RAY_ADDRESS", None)  # no cluster named: the run starts a local one
    res = subprocess.run(
        [sys.executable, "-m", "memeval", "ab", str(tmp / "tasks"), "--agent", "command", "--agent-cmd", AGENT,
         "--network", "none", "--executor", "ray", "--concurrency", "1",
         "--runs-dir", str(tmp / "runs"), "--json", "--quiet"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=patient(600),
    )  # fmt: skip
    assert res.stdout.strip().startswith("{"), res.stderr[-3000:]
    return RayRun(json.loads(res.stdout)["trials"], tmp / "runs", rss, res.stderr)


def test_a_dense_world_kept_on_a_ray_node_does_not_get_its_worker_killed(ray_run: RayRun) -> None:
    watched = sorted(ray_run.rss.glob("worker-*[0-9]"))
    assert watched, "no Ray worker was watched (the limit was not in force)"
    assert len(ray_run.trials) == 2, ray_run.trials
    for t in ray_run.trials:
        # before: fault "process" (the Ray node or worker running the trial was lost), no reward
        assert t["fault"] is None and t["reward"] == 0.0, (t, ray_run.stderr[-2000:])
    private_kib = max(int(p.read_text().split()[1]) for p in watched)
    assert private_kib <= KILL_MB * 1024, private_kib


def test_a_dense_world_kept_on_a_ray_node_arrives_whole(ray_run: RayRun) -> None:
    worlds = sorted(ray_run.runs.glob("*/worlds/dense_*"))
    assert len(worlds) == 2, worlds  # before: none (each trial's worker was killed)
    for world in worlds:
        app = world / "app"
        big = (app / "big").stat()
        assert big.st_size == (WORLD_MB << 20) + 3 and big.st_blocks * 512 >= WORLD_MB << 20, (world, big)
        assert big.st_nlink == 2 and (app / "big2").stat().st_ino == big.st_ino, world
        with (app / "big").open("rb") as f:
            f.seek(WORLD_MB << 20)
            assert f.read() == b"end", world
        assert os.readlink(app / "link") == "big", world
        sparse = (app / "sparse").stat()
        assert sparse.st_size == 64 << 20 and sparse.st_blocks == 0, (world, sparse)
