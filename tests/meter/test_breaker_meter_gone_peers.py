"""Connections whose sandbox cannot be told are refused, not pooled: a shared pool was a channel between trials.

Found by a breaker: the proxy tells a connection's sandbox from the connecting process (`SO_PEERCRED`, then its
PID namespace). A process that connects and exits before the proxy accepts (handing the socket to another process
first, over a Unix socket) leaves nothing to look at: such connections were counted in one group shared by every
sandbox, `gone`, capped at `MAX_PEER_CONNECTIONS`. One sandbox filling it made another sandbox's connection of the
same kind get "this sandbox holds 128 connections open already": one bit between two trials' agents. Now such a
connection is answered 503 at once, whatever any other sandbox does; an agent's own SDK never makes one (the relay's
process lives as long as its connection). Real proxy, real Unix socket, clients in PID namespaces of their own.
"""

from __future__ import annotations

import os
import queue
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from meter_rig import make_proxy
from meter_upstream import LocalUpstream

from memeval.meter import _server

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("unshare") is None, reason="needs root and unshare for PID namespaces"
)

# argv: socket, n. Makes n connections each opened by a child that hands it over and exits at once (the proxy's loop
# is stalled meanwhile, so it accepts them after), sends one byte on each, then prints the answers they got ("-":
# none yet, the connection is held open) and holds them until stdin closes.
CLIENT = r"""
import array, os, socket, sys, time
path, n = sys.argv[1], int(sys.argv[2])
held = []
for _ in range(n):
    a, b = socket.socketpair()
    if os.fork() == 0:
        s = socket.socket(socket.AF_UNIX); s.connect(path)
        a.sendmsg([b"x"], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [s.fileno()]))])
        os._exit(0)
    _, anc, _, _ = b.recvmsg(1, socket.CMSG_SPACE(4))
    fd = array.array("i", anc[0][2][:4])[0]
    os.wait()
    held.append(socket.socket(fileno=fd))
print("ready", flush=True)
sys.stdin.readline()  # the proxy's loop goes on after this
for s in held:
    try:
        s.send(b"P")
    except OSError:
        pass
time.sleep(1.0)
answers = set()
for s in held:
    s.setblocking(False)
    try:
        got = s.recv(300)
    except OSError:
        got = b""
    answers.add(got.split(b"\r\n\r\n")[-1].decode(errors="replace") or "-")
print(" | ".join(sorted(answers)), flush=True)
sys.stdin.read()
"""


def _client(script: Path, sock: Path, n: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        ["unshare", "--pid", "--fork", sys.executable, str(script), str(sock), str(n)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env={"PATH": os.environ["PATH"]},
    )  # fmt: skip


def _stalled(proxy: object, *clients: subprocess.Popen[str]) -> None:
    """Let the clients connect while the proxy's loop is stalled, then let it accept their connections."""
    loop = proxy._loop  # type: ignore[attr-defined]  # the test stalls it: the race made certain
    go_on = threading.Event()
    loop.call_soon_threadsafe(go_on.wait, 60)
    try:
        for c in clients:
            assert c.stdout is not None and c.stdout.readline().strip() == "ready"
    finally:
        go_on.set()
    for c in clients:
        assert c.stdin is not None
        c.stdin.write("\n")
        c.stdin.flush()


def test_a_connection_of_no_known_sandbox_is_answered_the_same_whatever_another_sandbox_holds(tmp_path: Path) -> None:
    up = LocalUpstream().start()
    sock = tmp_path / "proxy.sock"
    proxy = make_proxy(up, queue.Queue(), unix_socket=sock)
    proxy.start()
    script = tmp_path / "client.py"
    script.write_text(CLIENT)
    try:
        quiet = _client(script, sock, 1)
        _stalled(proxy, quiet)
        alone = quiet.communicate("", timeout=60)[0].splitlines()[-1]
        sender = _client(script, sock, _server.MAX_PEER_CONNECTIONS + 2)
        _stalled(proxy, sender)
        assert sender.stdout is not None
        held_answers = sender.stdout.readline().strip()
        receiver = _client(script, sock, 1)
        _stalled(proxy, receiver)
        beside = receiver.communicate("", timeout=60)[0].splitlines()[-1]
        sender.communicate("", timeout=60)
    finally:
        proxy.stop()
        up.stop()
    assert beside == alone, (
        alone,
        beside,
        held_answers,
    )  # was "-" alone and "... holds 128 connections open already" beside
    assert "gone" in alone, (alone, beside, held_answers)
