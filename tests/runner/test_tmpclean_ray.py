"""A Ray run (`--executor ray`, a local node) leaves no temporary folder behind, however it ends.

Found after `memeval ab ... --executor ray`: each Ray worker left its scratch folder
(`<tmp>/memeval-ray-<run>-<pid>`: the metering proxy's socket, the scripted model server's port
file and log) and `<tmp>/memeval-ray/<run>/worlds/` stayed with the worlds `--retain failed` (the
default) kept, on a normal end, on Ctrl-C and SIGTERM, and after `kill -9`. Now the driver clears
every node when it opens and closes a run, a local node's keeper clears them when the driver is
killed, and kept worlds come back to the run folder as on one machine.
"""

from __future__ import annotations

import json
import shutil
import signal
import tempfile
from pathlib import Path

import pytest
from installed import skip_unless_installed
from leftovers import FencedRun
from ray_cluster import Cluster

skip_unless_installed("ray")  # not importorskip: see tests/installed.py

pytestmark = [pytest.mark.slow, pytest.mark.ray, pytest.mark.xdist_group("ray")]

RAY = ("--executor", "ray")


def _kept_worlds_are_in_the_run_folder(run: FencedRun) -> None:
    run_dir = run.log().parent
    ended = [json.loads(line) for line in run.log().read_text().splitlines() if '"trial.ended"' in line]
    kept = [e["retained"] for e in ended if e.get("retained")]
    assert kept, "the sample's cold trial fails: --retain failed keeps its world"
    for rel in kept:
        assert not rel.startswith(("/", "..")) and ":" not in rel, rel
        assert (run_dir / rel).is_dir() and any((run_dir / rel).iterdir()), rel


def test_a_ray_run_that_ends_leaves_no_temporary_folder_and_keeps_its_worlds(tmp_path: Path) -> None:
    run = FencedRun(tmp_path, RAY)
    try:
        res = run.run()
        assert res.returncode == 0, res.stderr[-2000:]
        assert run.leftovers() == {}
        _kept_worlds_are_in_the_run_folder(run)
    finally:
        run.stop()


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_an_interrupted_ray_run_leaves_no_temporary_folder(tmp_path: Path, sig: signal.Signals) -> None:
    run = FencedRun(tmp_path, RAY)
    try:
        run.start()
        run.wait_for_call()
        assert run.signal(sig) == 130
        assert run.leftovers() == {}
    finally:
        run.stop()


def test_a_killed_ray_run_leaves_nothing_and_its_resume_neither(tmp_path: Path) -> None:
    run = FencedRun(tmp_path, RAY)
    try:
        run.start()
        run.wait_for_call()
        run.signal(signal.SIGKILL)
        assert run.leftovers() == {}, "the local node's keeper clears what the killed run left"
        res = run.run("--resume", run.log().parent.name)
        assert res.returncode == 0, res.stderr[-2000:]
        assert run.leftovers() == {}
        _kept_worlds_are_in_the_run_folder(run)
    finally:
        run.stop()


def test_a_killed_run_on_a_cluster_is_cleared_from_its_nodes_by_its_resume(tmp_path: Path) -> None:
    """A cluster started with `ray start` has no keeper of ours: the killed run's folders stay on
    the node until the run's `--resume` clears every node before its first trial."""
    run = FencedRun(tmp_path)
    cluster = Cluster(Path(tempfile.mkdtemp(prefix="ray-", dir="/tmp")))  # short: Ray's socket paths
    cluster.env["TMPDIR"] = str(run.tmp)  # the node's workers put their folders where the test looks
    run.extra = (*RAY, "--ray-address", cluster.address)
    try:
        cluster.start("head", "--num-cpus=2")
        run.start()
        run.wait_for_call()
        run.signal(signal.SIGKILL)
        assert run.leftovers(settle=3).get("tmpdir"), "the killed run left its workers' folders"
        res = run.run("--resume", run.log().parent.name)
        assert res.returncode == 0, res.stderr[-2000:]
        assert run.leftovers() == {}
    finally:
        run.stop()
        for name in list(cluster.nodes):
            cluster.stop(name)
        shutil.rmtree(cluster.temp, ignore_errors=True)
