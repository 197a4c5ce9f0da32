"""kill -9 while the verifier runs: the agent's turn was over and every call on the log, so no cost is lost.

A real `memeval ab` process runs one task (both arms) through the real proxy to a scripted upstream
replaying a recorded OpenAI chat completion; the task's held-back test sleeps, and memeval is
SIGKILLed once both trials' `verifier.started` are on the log. `--resume` runs them again. Before
`agent.exited` recorded `calls_in_flight`, the killed attempts counted as "killed mid-turn": the
table printed `$0.00+`, the cost of a pass was "not known" in both arms, while Ctrl-C at the same
point (a `cancelled` fault, the attempt ended) left every cost known. An attempt killed while its
agent ran stays a lower bound (tests/runner/test_every_cent.py).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from runner_helpers import REPO, make_task
from wire_rig import LocalUpstream, make_agent, recorded, reply_of

from memeval.results import arm_spend, load_run

TEST_SH = 'sleep 2\nif [ "$(cat /app/answer.txt)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'
REC = "12-recorded-prompt-cache-write-then-read/1-200.json"


def _verifiers_started(log: Path) -> int:
    text = log.read_text() if log.exists() else ""
    return text[: text.rfind("\n") + 1].count('"event":"verifier.started"')


@pytest.mark.slow
def test_a_run_killed_in_its_verifier_keeps_every_cost_known(tmp_path: Path) -> None:
    up = LocalUpstream().start()
    try:
        up.push(*[reply_of(recorded(REC)) for _ in range(8)])
        tasks = tmp_path / "tasks"
        make_task(tasks, "a", test_sh=TEST_SH)
        agent = make_agent(tmp_path / "agent")
        runs = tmp_path / "runs"
        args = [
            sys.executable, "-m", "memeval", "ab", str(tasks), "--agent", str(agent),
            "--upstream", f"api=openai,url={up.url}/v1", "--runs-dir", str(runs), "--quiet",
            "--concurrency", "2",
        ]  # fmt: skip
        proc = subprocess.Popen(args, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                start_new_session=True)  # fmt: skip
        try:
            end = time.monotonic() + 90
            while time.monotonic() < end and not (
                (logs := list(runs.glob("*/events.jsonl"))) and _verifiers_started(logs[0]) == 2
            ):
                assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
                time.sleep(0.02)
            (log,) = runs.glob("*/events.jsonl")
            assert _verifiers_started(log) == 2, "the verifiers never started"
            os.killpg(proc.pid, signal.SIGKILL)  # memeval dies while both verifiers sleep
        finally:
            proc.wait()
        res = subprocess.run([*args, "--resume", log.parent.name], cwd=REPO,
                             capture_output=True, text=True, timeout=180)  # fmt: skip
        assert res.returncode == 0, res.stderr[-3000:]
    finally:
        up.stop()

    events = [json.loads(line) for line in log.read_text().splitlines()]
    costs = [e["call"]["cost"]["cost_usd"] for e in events if e["event"] == "model.called"]
    assert len(costs) == 4 and all(c is not None and c > 0 for c in costs)  # 2 killed + 2 redone

    run = load_run(log.parent)
    for t in run.result.trials:
        assert (t.attempt, [a.ended for a in t.spend]) == (2, [False, True]), t.trial_id
        assert [a.cut_mid_turn for a in t.spend] == [False, False], t.trial_id
    for mode in ("baseline", "pack"):
        assert not arm_spend(run.result, mode).lower_bound, mode
    assert run.result.verdict is not None
    cop = run.result.verdict.cost_of_pass
    assert (cop.baseline.cost_coverage, cop.pack.cost_coverage) == ("1/1", "1/1")
    assert cop.baseline.spend + cop.pack.spend == pytest.approx(sum(costs), rel=1e-9)
    assert "$0.00+" not in res.stdout and "killed mid-turn" not in res.stdout, res.stdout[-3000:]
    exited = [e for e in events if e["event"] == "agent.exited"]
    assert [e["calls_in_flight"] for e in exited] == [0, 0, 0, 0]
