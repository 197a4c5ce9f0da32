"""`--executor ray` on a real local Ray cluster: a head and a second node started with `ray start`.

Each node runs under a keeper (`ray_cluster.Cluster`), so a killed pytest leaves no node behind.

A run across both nodes, a Ray worker process killed mid-trial (a `process` fault, retried under
the policy, nothing lost or written twice), a metered run matching one on this machine; and the
check that names nodes without bubblewrap or with another sandbox (on facts: the sandbox path is
fixed, so a node without it cannot be made on this machine).
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from installed import skip_unless_installed
from patience import patient
from procs import cmdline, pids, ppid
from ray_cluster import Cluster
from runner_helpers import MINI, REPO

skip_unless_installed("ray")  # not importorskip: see tests/installed.py

pytestmark = [pytest.mark.slow, pytest.mark.ray, pytest.mark.xdist_group("ray")]  # one cluster at a time
MEMEVAL = [sys.executable, "-m", "memeval"]


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    temp = Path(tempfile.mkdtemp(prefix="ray-", dir="/tmp"))  # short: Ray's socket paths
    c = Cluster(temp)
    try:
        c.start("head", "--num-cpus=2")
        c.start("worker", "--num-cpus=2")
        yield c
    finally:
        for name in list(c.nodes):
            c.stop(name)
        shutil.rmtree(temp, ignore_errors=True)


def _events(run_dir: Path) -> list[dict]:
    return [json.loads(line) for line in (run_dir / "events.jsonl").read_text().splitlines()]


def test_a_run_across_two_nodes_survives_a_worker_killed_mid_trial(tmp_path: Path, cluster: Cluster):
    runs = tmp_path / "runs"
    args = [*MEMEVAL, "ab", str(MINI), "--agent", "command", "--agent-cmd", "sleep 8", "--network", "none",
            "--repeats", "2", "--executor", "ray", "--ray-address", cluster.address, "--concurrency", "8",
            "--retries", "1", "--runs-dir", str(runs), "--json", "--quiet"]  # fmt: skip
    proc = subprocess.Popen(args, cwd=REPO, env=cluster.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    worker_raylet = cluster.raylet_pid("worker")
    killed = None
    end = time.monotonic() + patient(240)
    while killed is None and time.monotonic() < end and proc.poll() is None:
        logs = list(runs.glob("*/events.jsonl"))
        if logs and logs[0].read_bytes().count(b'"event":"agent.started"') >= 2:
            # a Ray worker process of the second node that is running one of our trials
            for pid in pids():
                if ppid(pid) == worker_raylet and b"run_on_node" in cmdline(pid):
                    os.kill(pid, signal.SIGKILL)
                    killed = pid
                    break
        time.sleep(0.1)
    out, err = proc.communicate(timeout=patient(600))
    assert killed is not None, "no trial ran on the second node"
    assert proc.returncode == 0, err
    doc = json.loads(out)
    events = _events(runs / doc["run_id"])
    faults = [e for e in events if e["event"] == "fault.raised"]
    assert len(faults) == 1 and faults[0]["code"] == "process" and "Ray" in faults[0]["message"], faults
    lost = faults[0]["trial_id"]
    planned = [t["trial_id"] for t in events[0]["trials"]]
    ended = [e["trial_id"] for e in events if e["event"] == "trial.ended"]
    assert sorted(ended) == sorted([*planned, lost])  # the lost attempt ended once, then its retry
    by = {t["trial_id"]: t for t in doc["trials"]}
    assert by[lost]["attempt"] == 2 and by[lost]["fault"] is None
    assert all(t["fault"] is None and t["execution"] == "completed" for t in doc["trials"])
    assert doc["run_card"]["executor"] == "ray"


def test_a_metered_run_on_the_cluster_matches_one_on_this_machine(tmp_path: Path, cluster: Cluster):
    sample = REPO / "samples" / "fernhill"
    docs = {}
    for how in (["--concurrency", "1"], ["--executor", "ray", "--ray-address", cluster.address, "--concurrency", "4"]):
        res = subprocess.run(
            [*MEMEVAL, "ab", str(sample), "--tasks", "t01-thursday-order-arrival", "--tasks", "t02-late-refund",
             *how, "--runs-dir", str(tmp_path / "runs"), "--json", "--quiet"],
            cwd=REPO, env=cluster.env, capture_output=True, text=True, timeout=patient(600),
        )  # fmt: skip
        assert res.returncode == 0, res.stderr
        docs[how[1]] = json.loads(res.stdout)
    here, there = docs["1"], docs["ray"]
    for a, b in zip(here["trials"], there["trials"], strict=True):
        assert (a["trial_id"], a["verified"]) == (b["trial_id"], b["verified"])
        assert a["physics"]["engine_calls"] == b["physics"]["engine_calls"]  # every call metered on its node
        assert a["physics"]["tokens"] == b["physics"]["tokens"]
    # only the driver wrote: every artifact the log names is in the run's own store
    run_dir = tmp_path / "runs" / there["run_id"]
    named = [e[k] for e in _events(run_dir) for k in ("stdout", "stderr", "diff", "output", "build_log") if e.get(k)]
    assert len(named) >= 4 * 4
    for art in named:
        assert (run_dir / "artifacts" / "sha256" / art.removeprefix("sha256:")).is_file(), art


def test_nodes_without_bubblewrap_or_with_another_sandbox_are_named():
    from memeval import __version__
    from memeval.runner._ray import NodeFacts, node_problems

    want = "bubblewrap 0.8.0, user namespace, no capabilities, limits: cgroup2"
    nodes = [
        ("10.0.0.1", NodeFacts("a", want, "", __version__)),
        ("10.0.0.2", NodeFacts("b", None, "bubblewrap (bwrap) is not installed", __version__)),
        ("10.0.0.3", NodeFacts("c", want.replace("0.8.0", "0.11.0"), "", __version__)),
        ("10.0.0.4", NodeFacts("d", want, "", "0.0.1")),
    ]
    problems = node_problems(nodes, want)
    assert len(problems) == 3 and not any("10.0.0.1" in p for p in problems)
    assert "node 10.0.0.2 (b) has no bubblewrap" in problems[0] and "apt-get install bubblewrap" in problems[0]
    assert "10.0.0.3" in problems[1] and "0.11.0" in problems[1] and "the run card has" in problems[1]
    assert "10.0.0.4" in problems[2] and "memeval 0.0.1" in problems[2]
