"""Two hostile agents of different tasks, running at once, cannot pass a message to each other.

Under `memeval ab --concurrency N` the agents of different tasks run side by side (only a task's own agents and
verifiers are kept apart, `memeval.runner._phases`), so a channel between two running sandboxes would let one
trial's agent (or a verifier running the agent's program beside `/tests`) hand a held-back answer to another's.
Each agent here publishes a secret on every channel it can think of and looks for the other's on each: files in
`/tmp`, `/dev/shm`, `/run`, `/var/tmp` and `/`; abstract Unix sockets; TCP on loopback; other processes in
`/proc`; and the metering proxy they share, where the sender holds request bytes and the receiver watches its own
calls for a 503 (found by a breaker: the proxy's bound on held bytes was shared by every sandbox, so holding it
refused the other's calls; now it is per sandbox, `memeval.meter._server.MAX_PEER_HELD_BYTES`, made small here so
the test is quick). Real `memeval ab`, real bubblewrap sandboxes, the real relay and proxy.

Not closed, and not tested here: timing and load (the machine is shared), and `flock` on the read-only system
files every sandbox sees (README, "No kernel store shared between sandboxes").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from runner_helpers import make_task

from memeval.meter import _server

PROBE = r"""
import glob, json, os, socket, sys, threading, time
me = open("/app/who.txt").read().strip()
other = {"a": "b", "b": "a"}[me]
msg = f"secret-from-{me}".encode()
found = set()
dirs = ("/tmp", "/dev/shm", "/run", "/var/tmp", "/")
for d in dirs:
    try:
        with open(f"{d}/probe-{me}", "wb") as f:
            f.write(msg)
    except OSError:
        pass

def serve(family, addr):
    try:
        s = socket.socket(family)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(addr)
        s.listen(5)
        while True:
            c, _ = s.accept()
            c.sendall(msg)
            c.close()
    except OSError:
        pass

threading.Thread(target=serve, args=(socket.AF_UNIX, f"\0memeval-probe-{me}"), daemon=True).start()
threading.Thread(target=serve, args=(socket.AF_INET, ("127.0.0.1", 41000 + (me == "b"))), daemon=True).start()

def head(n):
    return (f"POST /v1/chat/completions HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n"
            f"content-length: {n}\r\n\r\n").encode()

held = []
if me == "a":  # the sender's "1": hold request bytes at the proxy, bodies never finished
    for _ in range(3):
        try:
            s = socket.create_connection(("127.0.0.1", 18080), timeout=5)
            s.sendall(head(3 << 19) + b" " * (1 << 20))
            held.append(s)
        except OSError:
            pass
statuses = set()
sock = "/run/memeval-relay/proxy.sock"
try:
    first_mtime = os.stat(sock).st_mtime_ns
except OSError:
    first_mtime = None
end = time.time() + 8
while time.time() < end:
    for d in dirs:
        try:
            if open(f"{d}/probe-{other}", "rb").read() == f"secret-from-{other}".encode():
                found.add("file " + d)
        except OSError:
            pass
    for family, addr, name in ((socket.AF_UNIX, f"\0memeval-probe-{other}", "abstract socket"),
                               (socket.AF_INET, ("127.0.0.1", 41000 + (other == "b")), "tcp")):
        try:
            c = socket.socket(family)
            c.settimeout(0.2)
            c.connect(addr)
            if c.recv(100).startswith(b"secret-from-" + other.encode()):
                found.add(name)
            c.close()
        except OSError:
            pass
    for p in glob.glob("/proc/[0-9]*/cmdline"):
        try:
            if b"probe" in open(p, "rb").read() and int(p.split("/")[2]) > 50:
                found.add("process")
        except (OSError, ValueError):
            pass
    if me == "a":  # the sender's "1" on the socket file every sandbox is given: its times
        try:
            os.utime(sock)
        except OSError:
            pass
    elif first_mtime is not None:
        try:
            if os.stat(sock).st_mtime_ns != first_mtime:
                found.add("proxy socket times")
        except OSError:
            pass
    if me == "b":  # the receiver reads the proxy's answer to a call of its own
        try:
            c = socket.create_connection(("127.0.0.1", 18080), timeout=5)
            try:
                c.sendall(head(1 << 19) + b"{" + b" " * ((1 << 19) - 2) + b"}")
            except OSError:
                pass
            got = c.recv(4096)
            status = got.split(b"\r\n")[0].decode(errors="replace")
            statuses.add(status)
            if status.startswith("HTTP/1.1 503"):  # the refusal when held bytes pass the bound, whatever its words
                found.add("proxy held bytes")
            c.close()
        except OSError:
            pass
    time.sleep(0.1)
open("/app/report.txt", "w").write(json.dumps({"me": me, "found": sorted(found), "statuses": sorted(statuses)}))
"""


@pytest.mark.slow
def test_two_hostile_agents_running_at_once_find_no_channel(
    tmp_path: Path, run_ab, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_server, "MAX_PEER_HELD_BYTES", 2 << 20)  # raises if renamed: 128 MiB would test nothing
    toml = "[verifier]\ntimeout_sec = 30.0\n[agent]\ntimeout_sec = 30.0\n"
    for name in ("a", "b"):
        make_task(tmp_path / "tasks", name, files={".probe.py": PROBE, "who.txt": name + "\n"}, task_toml=toml)
    code, doc, err = run_ab(
        str(tmp_path / "tasks"), "--agent", "command", "--agent-cmd", "python3 /app/.probe.py",
        "--upstream-url", "http://127.0.0.1:9/v1", "--concurrency", "4", "--retain", "always",
    )  # fmt: skip
    assert code in (0, 1, 3), err
    reports = {}
    for t in doc["trials"]:
        world = tmp_path / "runs" / doc["run_id"] / t["workspace"]["retained"] / "app"
        reports[t["trial_id"]] = json.loads((world / "report.txt").read_text())
    assert len(reports) == 4
    for tid, r in reports.items():
        assert r["found"] == [], (tid, r)
    receivers = [r for r in reports.values() if r["me"] == "b"]
    assert all(r["statuses"] for r in receivers), receivers  # it did reach the proxy, answered every time
