"""The world memeval keeps is the one the agent left, not one the verifier's programs rewrote.

The verifier runs over the agent's world folders, and the program the tests run shares test.sh's rights there.
On main it copied the held-back `test.sh` into `/app` and deleted a file the agent had left (`cheat.txt`): the
world kept under `runs/<id>/worlds/` (retained by default for a failed trial) then held the hidden tests and no
longer showed what the agent did. Still open: bubblewrap 0.8 on this image has no `--overlay`, and a copy of
the world before the verifier costs up to storage_mb of host disk per trial; the test is a strict xfail until it
is fixed (see the CHANGELOG and README).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from runner_helpers import make_task

PROG = (
    "import os, shutil\nshutil.copy('/tests/test.sh', '/app/leaked-test.sh')\nos.remove('/app/cheat.txt')\nprint(4)\n"
)
TEST_SH = (
    "out=$(python3 /app/prog.py)\n"
    "echo made-by-test-sh > /app/test-output.txt\n"
    'if [ "$out" = 5 ] && [ -f /app/test-output.txt ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'
)


@pytest.mark.xfail(strict=True, reason="open: the verifier writes into the world memeval retains")
def test_the_retained_world_is_the_one_the_agent_left(tmp_path: Path, run_ab):
    tasks = tmp_path / "tasks"
    attack = f"echo x > /app/cheat.txt\ncat > /app/prog.py <<'PY'\n{PROG}PY\n"
    make_task(tasks, "t", test_sh=TEST_SH, files={".attack.sh": attack})
    code, doc, err = run_ab(
        str(tasks), "--agent", "command", "--agent-cmd", "bash /app/.attack.sh", "--network", "none"
    )
    assert code == 0, err
    for t in doc["trials"]:
        assert t["fault"] is None and t["reward"] == 0.0, t  # the tests ran, and wrote and read their own files
    worlds = sorted((tmp_path / "runs").rglob("worlds/*"))
    assert len(worlds) == 2, worlds
    for w in worlds:
        assert sorted(p.name for p in (w / "app").iterdir()) == [".attack.sh", ".keep", "cheat.txt", "prog.py"], w
        assert (w / "app" / "cheat.txt").read_text() == "x\n"
