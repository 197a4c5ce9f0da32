"""A local Ray cluster for the tests: nodes started with `ray start`, each under a keeper.

Each node runs in a process group of its own (the keeper's, `memeval.runner._ray_local`), which
stops the node when the test process ends however it ends: a pytest killed with `kill -9` during
the fixture's set-up once left a whole cluster running for 1 h 45 min, orphaned to PID 1.
Used by `test_ray_cluster.py` and, from a child process, by `test_ray_orphans.py`.
"""

import os
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from patience import patient
from procs import cmdline, pids, stat

from memeval.runner._ray_local import KeptNode

RAY = str(Path(sys.executable).with_name("ray"))


def free_port() -> int:
    """A TCP port free on 127.0.0.1 just now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def running(procs: list[tuple[int, str]]) -> list[int]:
    """Which of `procs` (id, start time) still run (zombies do not)."""
    out = []
    for pid, started in procs:
        fields = stat(pid)
        if fields and fields[0] != "Z" and fields[19] == started:
            out.append(pid)
    return out


def members(pgids: list[int]) -> list[tuple[int, str]]:
    """The live processes of these process groups, as (id, start time)."""
    out = []
    for pid in pids():
        fields = stat(pid)
        if fields and fields[0] != "Z" and int(fields[2]) in pgids:
            out.append((pid, fields[19]))
    return out


class Cluster:
    """Nodes started with `ray start`, each under a keeper in its own process group."""

    def __init__(self, temp: Path) -> None:
        self.temp = temp
        self.port = free_port()
        self.address = f"127.0.0.1:{self.port}"
        self.nodes: dict[str, KeptNode] = {}
        self.groups: dict[str, int] = {}
        # A HOME of its own: Ray reads ~/.ray (an auth token made there by anyone on the machine
        # turns token checks on for the worker but not the head, and the worker cannot join).
        self.home = temp / "home"
        self.env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0", HOME=str(self.home))

    def start(
        self, name: str, *args: str, env: dict[str, str] | None = None, spawned: Callable[[int], None] | None = None
    ) -> None:
        """Start node `name` (the first is the head) and wait until `ray start` returned.

        `spawned` is given the node's process group as soon as its keeper runs, before `ray start` returns.
        """
        if not self.nodes:
            cmd = [RAY, "start", "--head", f"--port={self.port}", f"--temp-dir={self.temp}",
                   "--include-dashboard=false", "--disable-usage-stats", *args]  # fmt: skip
        else:
            cmd = [RAY, "start", f"--address={self.address}", *args]
        for _ in range(2):  # a loaded machine can miss Ray's start-up deadlines once
            self.home.mkdir(parents=True, exist_ok=True)  # a failed head's keeper removed the folder
            # the head's keeper removes the cluster's folder when it stops the head
            node = KeptNode(cmd, env or self.env, None if self.nodes else self.temp, self.temp / f"start-{name}.log")
            self.nodes[name], self.groups[name] = node, node.pgid
            if spawned is not None:
                spawned(node.pgid)
            try:
                rc = node.wait_started(patient(240))
            except subprocess.TimeoutExpired:
                rc = -1
            if rc == 0:
                return
            self.stop(name)  # what the failed start left, by its keeper
        raise AssertionError(node.output())

    def stop(self, name: str) -> None:
        """Stop node `name`: its keeper stops the group and waits for it."""
        self.groups.pop(name, None)
        node = self.nodes.pop(name, None)
        if node is not None:
            node.close()

    def raylet_pid(self, name: str) -> int:
        """The process id of node `name`'s raylet."""
        for pid, _ in members([self.groups[name]]):
            if b"raylet/raylet" in cmdline(pid):
                return pid
        raise AssertionError(f"no raylet for node {name}")
