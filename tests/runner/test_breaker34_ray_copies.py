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
Now only their data travels and they are sparse on the driver. The three tasks are part of one run on a one-node
cluster the run starts itself, shared with test_breaker32_ray_exec_bits.py, test_fault26_ray_setup.py and
test_fault28_ray_world_stream.py (`ray_node_run.py`).
"""

from __future__ import annotations

import pytest
from installed import skip_unless_installed
from ray_node_run import RayRun, ray_node_run

skip_unless_installed("ray")  # not importorskip: see tests/installed.py

pytestmark = [pytest.mark.slow, pytest.mark.ray, pytest.mark.xdist_group("ray")]


@pytest.fixture(scope="module")
def ray_run(tmp_path_factory: pytest.TempPathFactory) -> RayRun:
    """The shared run (`ray_node_run`), whose tasks `linked`, `dated` and `sparse` are this module's."""
    return ray_node_run(tmp_path_factory)


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
