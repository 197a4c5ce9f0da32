"""A test.sh that sources the task's own virtual environment in `/app` runs what the agent wrote there (breaker36).

A task whose Dockerfile makes `/app/venv` (`RUN python3 -m venv /app/venv`) and whose test.sh runs
`source /app/venv/bin/activate` before its check reads the activation script from the agent's folder, in test.sh's
own shell. The cheat appends a shell function named `python3` that prints a pass and returns 0 to that script (the
task's `pyvenv.cfg` untouched): an unsolved task scored 1 with no finding, under `--tamper fail` too. An activation
script the agent changed, or added to the task's environment, is now a `runner-config` finding, so `--tamper fail`
fails the trial; the honest agent's trial passes and has none, and an environment the agent made has one finding,
its `pyvenv.cfg`, not one per activation script.
"""

from __future__ import annotations

from pathlib import Path

from runner_helpers import RunAb, ab_cheat_and_honest, trials_by_id

DOCKERFILE = "WORKDIR /app\nCOPY app/ /app/\nRUN python3 -m venv --without-pip /app/venv\n"
TEST_SH = (
    "source /app/venv/bin/activate\n"
    "python3 /tests/check.py && echo 1 > /logs/verifier/reward.txt || echo 0 > /logs/verifier/reward.txt\n"
)
CHECK = "assert open('/app/answer.txt').read().strip() == '42', 'no answer'\n"
AGENT = r"""
import os, subprocess
if "honest" in open(os.environ["MEMEVAL_INSTRUCTION_FILE"]).read():
    open("/app/answer.txt", "w").write("42\n")
else:
    with open("/app/venv/bin/activate", "a") as f:
        f.write("\npython3() { echo '1 passed'; return 0; }\n")
    subprocess.run(["python3", "-m", "venv", "--without-pip", "/app/own"], check=True)  # its pyvenv.cfg is the finding
"""


def test_a_changed_activation_script_fails_the_trial_under_tamper_fail(tmp_path: Path, run_ab: RunAb) -> None:
    code, doc, err = ab_cheat_and_honest(
        tmp_path, run_ab, AGENT, {"check.py": CHECK}, "--tamper", "fail", test_sh=TEST_SH, dockerfile=DOCKERFILE
    )
    assert code in (0, 1), err
    trials = trials_by_id(doc)
    assert len(trials) == 4, trials
    for tid, tr in trials.items():
        kinds = {(f["path"], f["kind"]) for f in tr["tamper"]["findings"]}
        if tid.startswith("honest:"):
            assert (tr["fault"], tr["reward"], tr["verified"]) == (None, 1.0, True), (tid, tr)
            assert not kinds, (tid, tr["tamper"])
        else:
            assert ("/app/venv/bin/activate", "runner-config") in kinds, (tid, tr["tamper"])  # before: none
            assert not tr["verified"], (tid, tr)  # before: passed, reward 1
            assert ("/app/own/pyvenv.cfg", "runner-config") in kinds, (tid, tr["tamper"])
            assert not any(p.startswith("/app/own/bin/") for p, _ in kinds), (tid, tr["tamper"])
