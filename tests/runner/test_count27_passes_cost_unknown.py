"""An arm whose passes all made calls of unknown cost: its cost of a pass is not known, not "no pass".

A real `memeval ab` of two tasks through the real proxy to a local upstream answering with recorded OpenAI chat
completion 12 (`wire_rig.EchoModel`, the model named as asked). Task `p`'s agent asks for a model no price table
knows and passes; task `f`'s asks for a priced one and fails. In each arm one trial passed and one failed.

The cost of a pass counts only trials of known cost, so its `passes` were 0 and its value None, and every reader
took that for an arm with no pass: main's table read `Really passed 1 of 2` above `Cost of a pass: no pass`, the
report the same, the weekly report `none: no pass`. Now they say the cost is not known because no passing trial's
cost is (`memeval.formatting.passes_cost_unknown`); an arm that really has no pass still reads "no pass".
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from patience import patient
from runner_helpers import REPO, make_task
from wire_rig import MODEL_FILE_AGENT, EchoModel, make_agent

from memeval.auditreport._runs import week_runs
from memeval.results import load_run
from memeval.runreport import build_context

PASS_SH = 'if [ "$(cat /app/answer.txt)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'
FAIL_SH = 'if [ "$(cat /app/answer.txt)" = 43 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'
WORDS = "not known (no passing trial's cost is known)"


@pytest.mark.slow
def test_an_arm_whose_passes_cost_is_unknown_is_not_said_to_have_no_pass(tmp_path: Path) -> None:
    up = EchoModel().start()
    try:
        tasks = tmp_path / "tasks"
        make_task(tasks, "p", test_sh=PASS_SH, files={"model.txt": "acme-unpriced-1"})
        make_task(tasks, "f", test_sh=FAIL_SH)
        agent = make_agent(tmp_path / "agent", script=MODEL_FILE_AGENT)
        res = subprocess.run(
            [sys.executable, "-m", "memeval", "ab", str(tasks), "--agent", str(agent),
             "--upstream", f"api=openai,url={up.url}/v1", "--runs-dir", str(tmp_path / "runs"),
             "--concurrency", "2"],
            cwd=REPO, capture_output=True, text=True, timeout=patient(240),
            env={**os.environ, "COLUMNS": "200"},
        )  # fmt: skip
    finally:
        up.stop()
    assert res.returncode == 0, res.stderr[-3000:]
    (row,) = [line for line in res.stdout.splitlines() if "Cost of a pass" in line]
    assert row.count(WORDS) == 2 and not re.search(r"\bno pass\b", row), row  # main: "no pass" in both arms
    (passed,) = [line for line in res.stdout.splitlines() if "Really passed" in line]
    assert passed.count("1 of 2") == 2, passed

    (run_dir,) = (tmp_path / "runs").iterdir()
    run = load_run(run_dir)
    v = run.result.verdict
    assert v is not None
    for cop in (v.cost_of_pass.baseline, v.cost_of_pass.pack):
        assert (cop.value, cop.passes, cop.cost_coverage) == (None, 0, "1/2")
    assert [a.cost_of_pass for a in build_context(run).arms] == [WORDS, WORDS]
    now = datetime.now(UTC)
    (line,) = week_runs(tmp_path / "runs", now - timedelta(days=1), now + timedelta(days=1), "UTC")
    assert line.baseline.cost_of_pass == line.pack.cost_of_pass == "missing: no passing trial's cost is known"
