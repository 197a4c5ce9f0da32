"""An agent cannot learn its arm or repeat from its environment or the paths it can see.

Found by a breaker: `MEMEVAL_TRIAL_ID` held the trial id itself (`task:pack:1`), and the host
folder of the agent's world (`.work/task_pack_1-a1/`, shown in `/proc/self/mountinfo`) named it
too. An agent written to cheat could then sandbag the baseline, or fake a difference in an A/A
run. The agent now gets an opaque id (16 hex, recorded as `agent_trial_id` on the trial's
`trial.started`), and its world's host folder is named by that id. The only input telling the
arms apart is what the pack arm must get: its memory file and the instruction's pointer to it.

Real `memeval ab` (a subprocess), real sandboxes, real metering proxy (its upstream on loopback
is never called). The agent writes its whole environment, every path it can see (but the host's
read-only `/usr` and the kernel's `/proc`, `/sys`, `/dev`) and what `/proc/self` says of its
mounts, cgroup and command line into its workspace, which is retained.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from runner_helpers import REPO, make_task, one_item_pack
from wire_rig import LocalUpstream, make_agent

DUMP = r"""
import json, os, socket
paths = []
for top, dirs, files in os.walk("/"):
    if top == "/":
        dirs[:] = [d for d in dirs if d not in ("proc", "sys", "dev", "usr")]
    for n in dirs + files:
        paths.append(os.path.join(top, n))
def read(p):
    try:
        return open(p, "rb").read().decode("utf-8", "replace")
    except OSError as exc:
        return "unreadable: %s" % exc
doc = {"env": dict(os.environ), "paths": sorted(paths), "cwd": os.getcwd(), "hostname": socket.gethostname(),
       "mountinfo": read("/proc/self/mountinfo"), "cgroup": read("/proc/self/cgroup"),
       "cmdline": read("/proc/self/cmdline"), "links": {p: os.readlink(p) for p in paths if os.path.islink(p)}}
open("/app/dump.json", "w").write(json.dumps(doc))
"""
TEST_SH = "if [ -f /app/dump.json ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n"
ARM_WORDS = re.compile(r"(?<![a-z])(pack|baseline)(?![a-z])", re.IGNORECASE)
OWN = {"/app/dump.json"}
"""What the agent itself wrote."""


def test_neither_arm_s_environment_nor_visible_paths_name_its_arm_or_repeat(tmp_path: Path) -> None:
    up = LocalUpstream().start()
    tasks = tmp_path / "tasks"
    make_task(tasks, "dump", test_sh=TEST_SH)
    agent = make_agent(tmp_path / "agent", apis="[]", script=DUMP)
    try:
        res = subprocess.run(
            [sys.executable, "-m", "memeval", "ab", str(tasks), "--agent", str(agent), "--pack",
             str(one_item_pack(tmp_path / "pack.json")), "--repeats", "2", "--upstream", f"api=openai,url={up.url}/v1",
             "--runs-dir", str(tmp_path / "runs"), "--json", "--retain", "always"],
            cwd=REPO, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
    finally:
        up.stop()
    assert res.returncode == 0, res.stderr
    doc = json.loads(res.stdout)
    run = tmp_path / "runs" / doc["run_id"]
    events = [json.loads(x) for x in (run / "events.jsonl").read_text().splitlines()]
    given = {e["trial_id"]: e.get("agent_trial_id") for e in events if e["event"] == "trial.started"}
    dumps = {}
    for t in doc["trials"]:
        assert t["fault"] is None and t["verified"] is True, t
        dumps[t["trial_id"]] = json.loads((run / t["workspace"]["retained"] / "app" / "dump.json").read_text())
    assert sorted(dumps) == ["dump:baseline:1", "dump:baseline:2", "dump:pack:1", "dump:pack:2"]

    for tid, d in dumps.items():
        text = json.dumps(d)
        task, mode, rep = tid.split(":")
        # the trial id in any spelling memeval uses for it (`:` for events, `_` for folders)
        for form in (tid, f"{task}_{mode}_{rep}", f"{mode}:{rep}", f"{mode}_{rep}"):
            assert form not in text, (tid, form)
        assert not ARM_WORDS.search(text), (tid, ARM_WORDS.search(text))
        # the agent's own id: opaque, and the log maps it back to the trial
        assert re.fullmatch(r"[0-9a-f]{16}", d["env"]["MEMEVAL_TRIAL_ID"]), d["env"]["MEMEVAL_TRIAL_ID"]
        assert given[tid] == d["env"]["MEMEVAL_TRIAL_ID"]
    assert len({d["env"]["MEMEVAL_TRIAL_ID"] for d in dumps.values()}) == 4  # arms and repeats apart

    # Nothing else in the environment differs between arms or repeats (the proxy key is random per
    # trial, so only its presence is compared), and the paths differ by the memory file alone.
    def same_env(d: dict) -> dict:
        return {k: ("<key>" if k == "OPENAI_API_KEY" else v) for k, v in d["env"].items() if k != "MEMEVAL_TRIAL_ID"}

    first = same_env(dumps["dump:baseline:1"])
    assert first["OPENAI_BASE_URL"].startswith("http://127.0.0.1:")
    for d in dumps.values():
        assert same_env(d) == first
        assert d["cwd"] == "/app" and d["hostname"] == "memeval"
    base_paths = set(dumps["dump:baseline:1"]["paths"]) - OWN
    for tid, d in dumps.items():
        extra = set(d["paths"]) - OWN - base_paths
        assert extra == ({"/app/MEMORY.md"} if ":pack:" in tid else set()), (tid, extra)
        assert base_paths - set(d["paths"]) == set(), tid
