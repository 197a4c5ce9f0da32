"""Keeping a failed trial's world costs the host no more than the agent was charged for it.

Found by the breaker, with an agent given a value by `--env` (a secret memeval blanks from everything it keeps).
The agent's turn is charged for the blocks its files use (`storage_mb`), and a sparse file of the sandbox's largest
size (1 GiB) uses one block. memeval, keeping the failed trial's world, then:
- read every byte of each such file, holes included, to search it for the secret (a gigabyte of reads each);
- wrote back whole each one holding the secret, holes as zeros: 1 GiB of the host's disk for 4 KiB of the agent's;
- and, for the workspace diff, read each new file up to 8 MiB whole to find a NUL in its first 8 KiB.
Now the search reads data only (`SEEK_DATA`), a sparse or large file holding a secret is emptied, and a binary file's
first 8 KiB are all the diff reads. Real `memeval ab` in a subprocess (its reads counted by the kernel), real sandboxes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from runner_helpers import REPO, make_task

TOKEN = "tok-4f1c9e2a7b3d5e8f"
AGENT = r"""
import os
os.makedirs("/app/s"); os.makedirs("/app/z")
for i in range(2):  # the secret after a 1 GiB hole
    with open("/app/s/%d.bin" % i, "wb") as f:
        f.seek((1 << 30) - 64)
        f.write(os.environ["TOOL_TOKEN"].encode())
for i in range(256):  # 8 MiB of nothing each: binary from the first byte
    with open("/app/z/%d.bin" % i, "wb") as f:
        f.truncate(8 << 20)
with open("/app/notes.txt", "w") as f:
    f.write("token " + os.environ["TOOL_TOKEN"] + "\n")
"""


def _allocated(root: Path) -> int:
    return sum(p.lstat().st_blocks * 512 for p in root.rglob("*"))


def test_a_retained_world_of_sparse_files_costs_the_host_what_the_agent_was_charged(tmp_path: Path) -> None:
    tasks = tmp_path / "tasks"
    make_task(tasks, "t", files={"agent.py": AGENT}, test_sh="echo 0 > /logs/verifier/reward.txt\n")
    with (tmp_path / "out.json").open("wb") as out, (tmp_path / "err.txt").open("wb") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "memeval", "ab", str(tasks), "--agent", "command", "--agent-cmd",
             "python3 /app/agent.py", "--network", "none", "--env", f"TOOL_TOKEN={TOKEN}",
             "--runs-dir", str(tmp_path / "runs"), "--json", "--quiet"],
            cwd=REPO, stdout=out, stderr=err,
        )  # fmt: skip
    os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOWAIT)  # still a zombie: its counters can be read
    io = dict(line.split(": ") for line in Path(f"/proc/{proc.pid}/io").read_text().splitlines())
    assert proc.wait() == 0, (tmp_path / "err.txt").read_text()
    doc = json.loads((tmp_path / "out.json").read_text())
    for trial in doc["trials"]:
        assert trial["fault"] is None and trial["verified"] is False, trial
        world = tmp_path / "runs" / doc["run_id"] / trial["workspace"]["retained"] / "app"
        assert (world / "notes.txt").read_text() == "token [REDACTED:env:TOOL_TOKEN]\n"
        assert [(world / "s" / f"{i}.bin").stat().st_size for i in range(2)] == [0, 0]  # emptied
        assert _allocated(world) < 16 << 20  # was 2 GiB each: the holes written out as zeros
    # bytes memeval read by system calls (its sandboxes' included): was over 6 GiB, the holes read
    assert int(io["rchar"]) < 1 << 30, io
