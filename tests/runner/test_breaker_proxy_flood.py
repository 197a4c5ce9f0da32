"""An agent holding connections to the metering proxy cannot cut off the other arm's model calls.

Found by the breaker: the pack arm's agent opened 1,200 connections to the proxy's Unix socket (bound into every
sandbox) and held them, one byte of a request each. memeval's process ran out of file descriptors (its limit 1,024
here), the proxy stopped accepting, and the baseline agent's one model call, made beside it, was cut: the baseline
trial became a `boot` fault, "the agent never reached the model". An agent declaring no API would have failed the task
instead, a plain failure in the other arm. Now one sandbox holds at most `MAX_PEER_CONNECTIONS` connections; the rest
are answered 503 (`memeval.meter._peers`). Real `memeval ab` in a subprocess with that descriptor limit, real
bubblewrap sandboxes, a scripted upstream on loopback.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path

from runner_helpers import REPO, make_task, one_item_pack
from wire_rig import LocalUpstream, make_agent, recorded, reply_of

AGENT = r"""
import json, os, socket, time, urllib.request

def call():
    body = {"model": "gpt-5.6-sol", "max_tokens": 64, "messages": [{"role": "user", "content": "hi"}]}
    req = urllib.request.Request(os.environ["OPENAI_BASE_URL"] + "/chat/completions", data=json.dumps(body).encode(),
        headers={"authorization": "Bearer " + os.environ["OPENAI_API_KEY"], "content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        r.read()

if os.path.exists("/app/MEMORY.md"):  # the pack arm: its memory slice is there
    kids = []
    for k in range(3):
        pid = os.fork()
        if pid == 0:
            held, refused = [], 0
            for i in range(400):
                s = socket.socket(socket.AF_UNIX)
                try:
                    s.connect("/run/memeval-relay/proxy.sock")
                    s.send(b"P")
                except OSError:
                    refused += 1
                    continue
                held.append(s)
            time.sleep(1)
            for s in held:
                s.setblocking(False)
                try:
                    refused += s.recv(64).startswith(b"HTTP/1.1 503")
                except OSError:
                    pass
            open("/app/refused-%d" % k, "w").write(str(refused))
            time.sleep(8)
            os._exit(0)
        kids.append(pid)
    for pid in kids:
        os.waitpid(pid, 0)
    time.sleep(1)  # its own connections closed (its call beside them would be the 129th: 503)
    call()
else:
    time.sleep(4)  # the flood is held by now
    try:
        call()
    except Exception as exc:
        open("/app/call-error", "w").write(repr(exc))
        raise
open("/app/answer.txt", "w").write("42")
"""
TEST_SH = 'if [ "$(cat /app/answer.txt)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'


def _few_descriptors() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))


def test_a_flood_of_held_connections_does_not_cut_the_other_arms_call(tmp_path: Path) -> None:
    up = LocalUpstream().start()
    chat = recorded("12-recorded-prompt-cache-write-then-read/1-200.json")
    up.push(reply_of(chat), reply_of(chat))
    tasks = tmp_path / "tasks"
    make_task(tasks, "a", test_sh=TEST_SH, task_toml="[verifier]\ntimeout_sec = 20.0\n[agent]\ntimeout_sec = 60.0\n")
    agent = make_agent(tmp_path / "agent", script=AGENT)
    try:
        res = subprocess.run(
            [sys.executable, "-m", "memeval", "ab", str(tasks), "--agent", str(agent), "--upstream",
             f"api=openai,url={up.url}/v1", "--pack", str(one_item_pack(tmp_path / "pack.json")),
             "--runs-dir", str(tmp_path / "runs"), "--retain", "always", "--json"],
            cwd=REPO, capture_output=True, text=True, timeout=300, preexec_fn=_few_descriptors,
        )  # fmt: skip
    finally:
        up.stop()
    assert res.returncode == 0, res.stderr
    doc = json.loads(res.stdout)
    by_mode = {t["mode"]: t for t in doc["trials"]}
    for t in by_mode.values():
        assert t["fault"] is None and t["verified"] is True, t
    world = tmp_path / "runs" / doc["run_id"] / by_mode["pack"]["workspace"]["retained"] / "app"
    refused = sum(int((world / f"refused-{k}").read_text()) for k in range(3))
    assert refused >= 3 * 400 - 2 * 128, refused  # its own share held, and a share for connections it hid
