"""One arm's agent cannot make calls billed to the other arm with the other's placeholder key.

Found by the breaker: the proxy attributed a call by its placeholder key alone. The two arms of a task and repeat run
side by side, and channels between two running sandboxes remain (README: file locks on the shared system files,
page-cache residency), so the pack arm's agent can get the baseline's key and make its calls with it: its tokens,
cost and spend limit then count for the baseline (the pack arm looks cheaper per pass, the baseline dearer, and its
limit runs out into a `budget` fault). Each agent turn already has a socket of its own; the socket now serves its
trial's key alone (`MeterProxy.add_socket(path, owner)`, `RunMeter.trial_socket(name, owner)`), and another's gets
the unknown-key answer. Real proxy, real Unix sockets, clients in PID namespaces of their own made by `unshare`.
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
from meter_rig import make_proxy
from meter_upstream import LocalUpstream, Reply
from patience import patient
from test_breaker_meter_held_per_sandbox import CLIENT, OK

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("unshare") is None, reason="needs root and unshare for PID namespaces"
)


def _call(script: Path, sock: Path, key: str, body: Path) -> str:
    """The status line of one call made from a PID namespace of its own (as a sandbox's agent makes it)."""
    out = subprocess.run(
        ["unshare", "--pid", "--fork", sys.executable, str(script), str(sock), key, "call", str(body)],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, env={"PATH": os.environ["PATH"]}, timeout=60,
    )  # fmt: skip
    return out.stdout.strip()


def test_a_key_of_the_other_arm_is_refused_on_this_arms_socket(tmp_path: Path) -> None:
    up = LocalUpstream().start()
    up.push(*[Reply(200, headers=dict(OK.headers), chunks=[OK.body]) for _ in range(4)])
    proxy = make_proxy(up, queue.Queue(), unix_socket=tmp_path / "proxy.sock")
    proxy.start()
    script = tmp_path / "client.py"
    script.write_text(CLIENT)
    body = tmp_path / "body.json"
    body.write_bytes(
        json.dumps({"model": OK.expected["model"], "messages": [{"role": "user", "content": "hi"}]}).encode()
    )
    try:
        pack_key = proxy.register_trial("t:pack:1")
        base_key = proxy.register_trial("t:baseline:1")
        pack_sock, base_sock = tmp_path / "pack.sock", tmp_path / "base.sock"
        proxy.add_socket(pack_sock, "t:pack:1")
        proxy.add_socket(base_sock, "t:baseline:1")
        swapped = _call(script, pack_sock, base_key, body)  # the pack arm's agent with the baseline's key
        own = _call(script, pack_sock, pack_key, body)
        base_own = _call(script, base_sock, base_key, body)
        # a call enters the ledger just after its answer is sent: wait until both arms' own calls are in
        end = time.monotonic() + patient(10)
        while time.monotonic() < end and min(proxy.trial_spend(t).calls for t in ("t:baseline:1", "t:pack:1")) < 1:
            time.sleep(0.01)
        base_spend, pack_spend = proxy.trial_spend("t:baseline:1"), proxy.trial_spend("t:pack:1")
    finally:
        proxy.stop()
        up.stop()
    assert swapped.startswith("HTTP/1.1 401"), swapped  # was 200, billed to the baseline
    assert own.startswith("HTTP/1.1 200"), own
    assert base_own.startswith("HTTP/1.1 200"), base_own
    assert (pack_spend.calls, base_spend.calls) == (1, 1)
    assert len(up.seen) == 2  # the refused call never reached the provider
