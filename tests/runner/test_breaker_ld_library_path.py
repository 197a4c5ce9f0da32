"""`LD_LIBRARY_PATH` is searched before the system's library folders, and in it an empty entry
means the working directory. A Dockerfile line as common as `ENV
LD_LIBRARY_PATH=/usr/local/lib:$LD_LIBRARY_PATH` (the variable unset before it) leaves such an
entry, so in the verifier every bash and Python loaded a library of that name from `/app` first:
an agent that left a `libtinfo.so.6` there ran its own code in test.sh's bash before test.sh's
first line, and passed a task it never did. The guard keeps PATH's rule for it: an
agent-writable folder never comes before a folder of the image.

The library is `tests/fixtures/libtinfo_forger/` (source, version script and build line in its
README): its constructor writes reward 1 and ends the process.
"""

from __future__ import annotations

import platform
import shutil
from pathlib import Path

import pytest
from runner_helpers import REPO, make_task, trials_by_id

from memeval.runner._guard import verifier_env

FORGER = REPO / "tests" / "fixtures" / "libtinfo_forger" / "libtinfo.so.6"
DOCKERFILE = "WORKDIR /app\nCOPY app/ /app/\nENV LD_LIBRARY_PATH=/usr/local/lib:$LD_LIBRARY_PATH\n"


def test_world_and_relative_library_folders_come_after_the_systems():
    env = verifier_env({"LD_LIBRARY_PATH": "/usr/local/lib:", "PATH": "/usr/bin"}, ("/app",))
    entries = env["LD_LIBRARY_PATH"].split(":")
    system = [i for i, e in enumerate(entries) if e in ("/lib", "/usr/lib")]
    agents = [i for i, e in enumerate(entries) if e in ("", ".") or e.startswith("/app")]
    assert system and agents and max(system) < min(agents), entries
    assert entries[0] == "/usr/local/lib"
    env = verifier_env({"LD_LIBRARY_PATH": "/app/lib:/opt/x/lib", "PATH": "/usr/bin"}, ("/app",))
    entries = env["LD_LIBRARY_PATH"].split(":")
    assert entries[0] == "/opt/x/lib" and entries[-1] == "/app/lib", entries
    assert "LD_LIBRARY_PATH" not in verifier_env({"PATH": "/usr/bin"}, ("/app",))


@pytest.mark.skipif(
    platform.machine() != "x86_64" or not Path("/lib/x86_64-linux-gnu/libtinfo.so.6").exists(),
    reason="the forger is built for x86-64 Debian's bash",
)
def test_a_library_left_in_the_working_directory_is_not_loaded_by_the_verifier(tmp_path: Path, run_ab):
    t = make_task(tmp_path / "tasks", "never", test_sh="echo 0 > /logs/verifier/reward.txt\n", dockerfile=DOCKERFILE)
    shutil.copy(FORGER, t / "environment" / "app" / ".forger.so")
    code, doc, err = run_ab(
        str(tmp_path / "tasks"), "--network", "none", "--agent", "command",
        "--agent-cmd", "cp /app/.forger.so /app/libtinfo.so.6",
    )  # fmt: skip
    assert code in (0, 1, 3), err
    for tr in trials_by_id(doc).values():
        assert tr["verified"] is not True and tr["reward"] in (None, 0), tr
