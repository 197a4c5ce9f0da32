"""A dense world kept on a Ray node comes to the driver in pieces, not whole in memory (fault28).

A failing trial's kept world (up to the agent's `storage_mb`, 10 GiB by default, all of it the agent's to fill)
was packed into one `bytes` on the node, put in Ray's object store whole and fetched whole by the driver: a few
copies of the world in the node worker's memory. An agent that filled its storage with real data could get the
worker killed for lack of memory, which the driver records as a `process` fault, one `--retries` runs again: a
failing agent got a re-roll. Here the run's Ray workers live under a memory limit
(tests/runner/rss_watch/sitecustomize.py on PYTHONPATH: a worker whose private memory passes `KILL_MB` is killed
with SIGKILL, as the out-of-memory killer would) and a failing agent writes `WORLD_MB` of data, with a second
name, a symlink and a sparse file beside it. Before, each trial ended with a `process` fault and kept no world;
now each ends scored (0, the agent's own ending) and its world arrives whole. The task (`dense`) is part of one run
on a one-node cluster the run starts itself, shared with test_breaker32_ray_exec_bits.py, test_breaker34_ray_copies.py
and test_fault26_ray_setup.py (`ray_node_run.py`: the whole run is under the memory limit).
"""

from __future__ import annotations

import os

import pytest
from installed import skip_unless_installed
from ray_node_run import DENSE_MB, KILL_MB, RayRun, ray_node_run

skip_unless_installed("ray")  # not importorskip: see tests/installed.py

pytestmark = [pytest.mark.slow, pytest.mark.ray, pytest.mark.xdist_group("ray")]


@pytest.fixture(scope="module")
def ray_run(tmp_path_factory: pytest.TempPathFactory) -> RayRun:
    """The shared run (`ray_node_run`), whose task `dense` is this module's."""
    return ray_node_run(tmp_path_factory)


def test_a_dense_world_kept_on_a_ray_node_does_not_get_its_worker_killed(ray_run: RayRun) -> None:
    watched = sorted(ray_run.rss.glob("worker-*[0-9]"))
    assert watched, "no Ray worker was watched (the limit was not in force)"
    trials = ray_run.trials["dense"]
    assert len(trials) == 2, trials
    for t in trials:
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
        assert big.st_size == (DENSE_MB << 20) + 3 and big.st_blocks * 512 >= DENSE_MB << 20, (world, big)
        assert big.st_nlink == 2 and (app / "big2").stat().st_ino == big.st_ino, world
        with (app / "big").open("rb") as f:
            f.seek(DENSE_MB << 20)
            assert f.read() == b"end", world
        assert os.readlink(app / "link") == "big", world
        sparse = (app / "sparse").stat()
        assert sparse.st_size == 64 << 20 and sparse.st_blocks == 0, (world, sparse)
