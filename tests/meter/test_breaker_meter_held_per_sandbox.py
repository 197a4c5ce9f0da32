"""Two sandboxes cannot signal each other through the request bytes the shared proxy holds.

Found by a breaker: every sandbox's agent reaches the one metering proxy, which bounded the request bytes held at
once over every connection (512 MiB, then 503). One sandbox holding that much (bodies sent slowly, never finished)
made a call of another sandbox, running beside it under `--concurrency`, get 503, and releasing them let it through:
one bit at a time from one trial's agent to another's (the verifier of one task can hand its held-back answer to an
agent of another task that way, which carries it on). The bound is now per sandbox (`MAX_PEER_HELD_BYTES`); what one
holds never changes what another's calls get. Real proxy, real Unix socket, clients in PID namespaces of their own
made by `unshare` (as bubblewrap makes a sandbox's).
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from meter_fixtures import RECORDED
from meter_rig import make_proxy
from meter_upstream import LocalUpstream, Reply
from patience import patient

from memeval.meter import _server

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("unshare") is None, reason="needs root and unshare for PID namespaces"
)
OK = next(r for r in RECORDED if r.name.endswith("12-recorded-prompt-cache-write-then-read/1-200.json"))
CAP = 2 << 20

# argv: socket, key, mode. hold: three connections each send 1 MiB of a 1.5 MiB body and keep it unfinished, print
# "held" and wait for stdin to close. call: one whole request of 512 KiB; prints the status line.
CLIENT = r"""
import socket, sys, time
path, key, mode = sys.argv[1:4]
def head(n):
    return (f"POST /v1/chat/completions HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n"
            f"authorization: Bearer {key}\r\ncontent-length: {n}\r\n\r\n").encode()
if mode == "hold":
    held = []
    for _ in range(3):
        s = socket.socket(socket.AF_UNIX); s.connect(path)
        try:
            s.sendall(head(3 << 19) + b" " * (1 << 20))
        except OSError:
            pass  # its own bound: this sandbox is refused, as it should be
        held.append(s)
    time.sleep(0.5)
    print("held", flush=True)
    sys.stdin.read()
else:
    body = open(sys.argv[4], "rb").read()
    s = socket.socket(socket.AF_UNIX); s.connect(path)
    try:
        s.sendall(head(len(body)) + body)
    except OSError:
        pass  # answered and closed before all was sent: the answer is still there to read
    got = b""
    while b"\r\n" not in got:
        try:
            chunk = s.recv(4096)
        except OSError:
            break
        if not chunk:
            break
        got += chunk
    print(got.split(b"\r\n")[0].decode(errors="replace"), flush=True)
"""


def _in_own_pid_ns(script: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        ["unshare", "--pid", "--fork", sys.executable, str(script), *args],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env={"PATH": os.environ["PATH"]},
    )  # fmt: skip


def test_what_one_sandbox_holds_never_refuses_another_sandboxs_call(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_server, "MAX_PEER_HELD_BYTES", CAP)  # raises if the bound is renamed: never a silent no-op
    up = LocalUpstream().start()
    up.push(*[Reply(200, headers=dict(OK.headers), chunks=[OK.body]) for _ in range(4)])
    sock = tmp_path / "proxy.sock"
    proxy = make_proxy(up, queue.Queue(), unix_socket=sock)
    proxy.start()
    script = tmp_path / "client.py"
    script.write_text(CLIENT)
    body = tmp_path / "body.json"
    msg = {"role": "user", "content": "y" * (1 << 19)}
    body.write_bytes(json.dumps({"model": OK.expected["model"], "messages": [msg]}).encode())
    try:
        key_a, key_b = proxy.register_trial("a:pack:1"), proxy.register_trial("b:pack:1")
        quiet = _in_own_pid_ns(script, str(sock), key_b, "call", str(body)).communicate(timeout=60)[0]
        sender = _in_own_pid_ns(script, str(sock), key_a, "hold")
        assert sender.stdout is not None and sender.stdout.readline().strip() == "held"
        # the proxy has read the sender's two bodies up to its bound (the sender's half-second pause alone did not
        # make sure of it at load: a call made before would pass on the old, shared bound too)
        server, deadline = proxy._server, time.monotonic() + patient(60)
        assert server is not None
        while server.held < CAP:
            assert time.monotonic() < deadline, f"the proxy holds {server.held} request bytes, not {CAP}"
            time.sleep(0.01)
        # the receiver's call while the sender holds its bytes: the signal "1" on the old, shared bound
        loud = _in_own_pid_ns(script, str(sock), key_b, "call", str(body)).communicate(timeout=60)[0]
        own = _in_own_pid_ns(script, str(sock), key_a, "call", str(body))  # a new sandbox of the same key: its own
        own_line = own.communicate(timeout=60)[0]
        sender.communicate("", timeout=60)
    finally:
        proxy.stop()
        up.stop()
    assert quiet.startswith("HTTP/1.1 200"), quiet
    assert loud.startswith("HTTP/1.1 200"), loud  # was 503 "too many request bytes held at once"
    assert own_line.startswith("HTTP/1.1 200"), own_line  # keys do not group sandboxes: namespaces do
