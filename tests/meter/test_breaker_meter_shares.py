"""Sandboxes holding their connections to the proxy together cannot shut out one more running beside them.

Found by the breaker: one sandbox held at most `MAX_PEER_CONNECTIONS` (128) connections, but all clients together at
most half of memeval's soft file limit: 512 under the common 1024. At `--concurrency 8`, four agents holding their
128 each filled that, and the other trials' calls were answered 503 (a plain failure, or one bit a trial can send
another: hold or release). Now the run's meter gives each of its `--concurrency` sandboxes a share
(`memeval.meter._server.reserve_connections`, raising the soft file limit toward the hard one when the shares need
it), and the shares together fit under the cap. Real proxy, real Unix socket, clients in PID namespaces of their own
made by `unshare` (as bubblewrap makes a sandbox's), under a soft limit of 1024.
"""

from __future__ import annotations

import os
import queue
import resource
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from meter_rig import make_proxy
from meter_upstream import LocalUpstream
from test_breaker_meter_connections import FLOOD

from memeval.meter import _server

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("unshare") is None, reason="needs root and unshare for PID namespaces"
)


@pytest.fixture
def common_limit() -> Iterator[int]:
    """The common soft file limit (1024) for the test, the hard one as it was (at least 4096); restored after."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 4096:
        pytest.skip(f"this process may open at most {hard} files; the test needs 4096")
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))
    try:
        yield hard
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def _sandbox(script: Path, sock: Path, n: int, hold: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        ["unshare", "--pid", "--fork", sys.executable, str(script), str(sock), str(n)],
        stdout=subprocess.PIPE,
        text=True,
        env={"PATH": os.environ["PATH"], "HOLD": hold},
    )


def _wait_held(proxy: object, total: int, within_s: float = 30.0) -> list[int]:
    """The connections each sandbox holds at the proxy, once they add up to `total` (or after `within_s`)."""
    server = proxy._server  # type: ignore[attr-defined]  # the proxy's HttpServer: its per-sandbox counts
    end = time.monotonic() + within_s
    while sum(server.peers.values()) < total and time.monotonic() < end:
        time.sleep(0.05)
    return list(server.peers.values())


def test_sandboxes_holding_all_they_may_leave_the_next_its_share(tmp_path: Path, common_limit: int) -> None:
    sandboxes = 5
    up = LocalUpstream().start()
    sock = tmp_path / "proxy.sock"
    proxy = make_proxy(up, queue.Queue(), unix_socket=sock, sandboxes=sandboxes)
    proxy.start()
    script = tmp_path / "flood.py"
    script.write_text(FLOOD)
    ask = _server.MAX_PEER_CONNECTIONS + 32
    hogs: list[subprocess.Popen[str]] = []
    try:
        share = proxy._peer_connections
        assert share == _server.MAX_PEER_CONNECTIONS  # the soft limit was raised for the shares
        assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] >= 2 * (sandboxes * share + 256)
        for _ in range(sandboxes - 1):  # every other sandbox holds all it may, and more
            hogs.append(_sandbox(script, sock, ask, "8"))
        hog_refused = [int(h.stdout.readline()) for h in hogs]  # type: ignore[union-attr]
        held = _wait_held(proxy, (sandboxes - 1) * share)  # every hog holds its whole share
        last = _sandbox(script, sock, share, "0")
        last_refused = int(last.communicate(timeout=60)[0])
        for h in hogs:
            h.wait(timeout=60)
    finally:
        for h in hogs:
            if h.poll() is None:
                h.kill()
        proxy.stop()
        up.stop()
    assert sorted(held) == [share] * (sandboxes - 1), held
    # what each hog saw refused within its second (fewer when the proxy is slow to answer on a loaded machine)
    assert all(0 < r <= ask - share for r in hog_refused), hog_refused
    assert last_refused == 0


def test_a_hard_limit_too_low_for_the_shares_is_refused_with_the_fix(common_limit: int) -> None:
    hard = 2 * (8 * _server.MIN_PEER_CONNECTIONS + 256) - 2
    env = {"PATH": os.environ["PATH"], "PYTHONPATH": os.environ.get("PYTHONPATH", "")}
    code = (
        "import resource\nfrom memeval.meter._server import reserve_connections\n"
        f"resource.setrlimit(resource.RLIMIT_NOFILE, ({hard}, {hard}))\n"
        "print(reserve_connections(4))\n"
        "try:\n    reserve_connections(8)\nexcept ValueError as exc:\n    print(exc)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    share, message = out.stdout.splitlines()
    assert int(share) == (hard // 2 - 256) // 4
    assert "ulimit -Hn" in message and "--concurrency" in message and str(hard) in message
