"""One sandbox cannot hold enough connections to the proxy to shut the others out.

Found by the breaker: every sandbox reaches the proxy through one Unix socket, and each connection costs memeval's own
process a file descriptor. An agent that opened connections and held them (one byte of a request each) used up
memeval's descriptor limit: the proxy stopped accepting, and the other arm's model call, made beside it, was cut
("Remote end closed connection without response"), its trial a `boot` fault. Now a sandbox (its PID namespace, found
from the peer's credentials) holds at most `MAX_PEER_CONNECTIONS` at once; more are answered 503. Real proxy, real
Unix socket, clients in PID namespaces of their own made by `unshare` (as bubblewrap makes a sandbox's).
"""

from __future__ import annotations

import os
import queue
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from meter_rig import make_proxy
from meter_upstream import LocalUpstream

from memeval.meter import _server
from memeval.meter._peers import peer_key

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("unshare") is None, reason="needs root and unshare for PID namespaces"
)

# Opens N connections to the socket, sends one byte on each and holds them; prints how many were answered 503.
# NEST=1: each batch of 50 from a PID namespace of its own, nested below the first (as code inside a sandbox can).
FLOOD = r"""
import os, socket, subprocess, sys, time
path, n = sys.argv[1], int(sys.argv[2])
if os.environ.get("NEST") == "1" and n > 50:
    procs = [subprocess.Popen(["unshare", "--user", "--map-root-user", "--pid", "--fork", sys.executable, __file__,
                               path, "50"], stdout=subprocess.PIPE, env={}) for _ in range(n // 50)]
    print(sum(int(p.communicate()[0]) for p in procs)); sys.exit()
held, refused = [], 0
for _ in range(n):
    s = socket.socket(socket.AF_UNIX)
    s.connect(path)
    try:
        s.send(b"P")
    except OSError:  # answered and closed before the byte went
        refused += 1
        continue
    held.append(s)
time.sleep(1.0)
for s in held:
    s.setblocking(False)  # the 503s came within the second slept; the rest are held, with nothing to read
    try:
        refused += s.recv(64).startswith(b"HTTP/1.1 503")
    except OSError:
        pass
print(refused)
sys.stdout.flush()
time.sleep(float(os.environ.get("HOLD", "0")))
"""


def _in_own_pid_ns(script: Path, sock: Path, n: int, **env: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        ["unshare", "--pid", "--fork", sys.executable, str(script), str(sock), str(n)],
        stdout=subprocess.PIPE,
        text=True,
        env={"PATH": os.environ["PATH"], **env},
    )


@pytest.mark.parametrize("nest", ["0", "1"], ids=["one-namespace", "nested-namespaces"])
def test_a_sandbox_holding_connections_is_capped_and_another_still_gets_in(tmp_path: Path, nest: str) -> None:
    up = LocalUpstream().start()
    sock = tmp_path / "proxy.sock"
    proxy = make_proxy(up, queue.Queue(), unix_socket=sock)
    proxy.start()
    script = tmp_path / "flood.py"
    script.write_text(FLOOD)
    n = _server.MAX_PEER_CONNECTIONS + 72
    try:
        flood = _in_own_pid_ns(script, sock, n, NEST=nest, HOLD="5")
        refused = int(flood.stdout.readline())  # type: ignore[union-attr]
        # while the flood is held, another sandbox opens as many as its share and is refused none
        other = _in_own_pid_ns(script, sock, _server.MAX_PEER_CONNECTIONS)
        other_refused = int(other.communicate(timeout=60)[0])
        flood.wait(timeout=60)
    finally:
        proxy.stop()
        up.stop()
    assert refused == n - _server.MAX_PEER_CONNECTIONS
    assert other_refused == 0


def test_memevals_own_connections_and_tcp_are_no_sandboxs() -> None:
    a, b = __import__("socket").socketpair()
    try:
        assert peer_key(a) is None  # the peer is this process, in memeval's own PID namespace
    finally:
        a.close()
        b.close()
    assert peer_key(object()) is None
