"""terminal-bench's `python3 -m venv .venv` in a verifier makes a fresh environment, not the agent's (breaker36).

Public terminal-bench tasks' test.sh runs, in `/app`: `python3 -m venv .venv`, `source .venv/bin/activate`,
`pip install pytest==8.4.1` (offline in memeval: it fails, and the image's pytest runs) and `pytest`. Without
`--clear`, venv keeps what is already in `.venv`: the cheat leaves a `.venv` whose `bin/pytest` prints a pass,
and passed an unsolved task (reward 1; its findings only shown under the default `--tamper flag`), as `uv venv`
did before breaker32's `UV_VENV_CLEAR`. The verifier's guard now makes `-m venv` clear the folder: the cheat
scores 0, an honest answer 1.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from runner_helpers import RunAb, ab_cheat_and_honest, trials_by_id

TEST_SH = """\
python3 -m venv .venv
source .venv/bin/activate
pip install pytest==8.4.1
pytest /tests/test_outputs.py -rA
if [ $? -eq 0 ]; then echo 1 > /logs/verifier/reward.txt; else echo 0 > /logs/verifier/reward.txt; fi
"""
DOCKERFILE = "WORKDIR /app\nENV PIP_RETRIES=0\nCOPY app/ /app/\n"
"""`make_task`'s default image plus `PIP_RETRIES=0`: the offline `pip install` of test.sh (as public tasks write it)
fails at once instead of after five retries with back-off (about 9 s of waiting each of the four verifier runs)."""
TEST_PY = "def test_answer():\n    assert open('/app/answer.txt').read().strip() == '42'\n"
TASK_TOML = "[verifier]\ntimeout_sec = 240.0\n[agent]\ntimeout_sec = 20.0\n"  # pip's offline retries take a while
AGENT = r"""
import os, subprocess
if "honest" in open(os.environ["MEMEVAL_INSTRUCTION_FILE"]).read():
    open("/app/answer.txt", "w").write("42\n")
else:
    subprocess.run(["python3", "-m", "venv", "--without-pip", "/app/.venv"], check=True)
    open("/app/.venv/bin/pytest", "w").write("#!/bin/sh\necho '1 passed'\n")
    os.chmod("/app/.venv/bin/pytest", 0o755)
"""


@pytest.mark.slow  # four sandboxed trials, each verifier making a venv: 24 s in the suite of 2026-12-06 06:50 UTC
def test_python_venv_in_test_sh_replaces_the_agents_environment(tmp_path: Path, run_ab: RunAb) -> None:
    code, doc, err = ab_cheat_and_honest(
        tmp_path,
        run_ab,
        AGENT,
        {"test_outputs.py": TEST_PY},
        test_sh=TEST_SH,
        dockerfile=DOCKERFILE,
        task_toml=TASK_TOML,
    )
    assert code in (0, 1), err
    got = {tid: (tr["fault"], tr["reward"]) for tid, tr in trials_by_id(doc).items()}
    assert len(got) == 4, got
    for tid, (fault, reward) in got.items():
        want = 1.0 if tid.startswith("honest:") else 0.0  # before: the cheat 1.0, its .venv/bin/pytest ran
        assert (fault, reward) == (None, want), (tid, got)
