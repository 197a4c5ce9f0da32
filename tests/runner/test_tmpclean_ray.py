"""A Ray run (`--executor ray`, a local node) leaves no temporary folder behind, however it ends.

Found after `memeval ab ... --executor ray`: each Ray worker left its scratch folder
(`<tmp>/memeval-ray-<run>-<pid>`: the metering proxy's socket, the scripted model server's port
file and log) and `<tmp>/memeval-ray/<run>/worlds/` stayed with the worlds `--retain failed` (the
default) kept, on a normal end, on Ctrl-C and SIGTERM, and after `kill -9`. Now the driver clears
every node when it opens and closes a run, a local node's keeper clears them when the driver is
killed, and kept worlds come back to the run folder as on one machine.
"""

from __future__ import annotations

import glob
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
        assert run.signal(sig) == 130, (run.root / "stderr").read_bytes()[-2000:]  # what memeval said, if it failed
        assert run.leftovers() == {}
    finally:
        run.stop()


def _ray_start_runs(run: FencedRun) -> bool:
    """`ray start` is running: its log is in the run's TMPDIR (`memeval.runner._ray_local`) and not yet removed."""
    return any(run.tmp.glob("memeval-ray-start-*.log"))


def _driver_connects(run: FencedRun) -> bool:
    """`ray.init()` is making the driver's core worker: its log file appeared in the node's session folder."""
    assert run.proc is not None
    return bool(glob.glob(f"/tmp/memeval-ray-*/session_*/logs/python-core-driver-*_{run.proc.pid}.log"))


def _trials_ended(run: FencedRun) -> bool:
    """Both trials ended: the run is closing (clearing the node, leaving the cluster, stopping the node)."""
    logs = list(run.runs.glob("*/events.jsonl"))
    return bool(logs) and logs[0].read_bytes().count(b'"trial.ended"') >= 2


STEPS = {"ray start": _ray_start_runs, "ray.init": _driver_connects, "closing": _trials_ended}
"""Steps of a Ray run a ^C can land in, besides a running trial (the test above), and how each is seen."""


@pytest.mark.parametrize("step", list(STEPS))
def test_a_ray_run_interrupted_at_any_step_exits_130_leaves_nothing_and_can_go_on(tmp_path: Path, step: str) -> None:
    """Found at load 20: a ^C 0.5-3 s after `ray start` returned (inside `ray.init()`) crashed memeval as it
    exited (SIGSEGV, status -11, 5 of 5 tries), and one while the keeper started left `ray start`'s log."""
    run = FencedRun(tmp_path, RAY)
    try:
        run.start()
        run.wait_for(STEPS[step], step)
        assert run.signal(signal.SIGINT) == 130, (run.root / "stderr").read_bytes()[-2000:]
        assert run.leftovers() == {}
        events = [json.loads(line) for line in run.log().read_text().splitlines()]
        assert events[-1]["event"] == "run.ended" and events[-1]["status"] == "cancelled", events[-1]
        started = {(e["trial_id"], e["attempt"]) for e in events if e["event"] == "trial.started"}
        ended = {(e["trial_id"], e["attempt"]) for e in events if e["event"] == "trial.ended"}
        assert started == ended, "every attempt that started has its end recorded"
        faults = {e["code"] for e in events if e["event"] == "fault.raised" and e.get("trial_id")}
        assert faults <= {"cancelled"}, "a cut trial is `cancelled`: `--resume` gives it a new attempt"
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
