"""Every cent counted: the spend of retried, faulted and killed attempts reaches every reader.

A real `memeval ab` process runs two tasks through the real proxy to a scripted upstream replaying
a recorded OpenAI chat completion. The first trial's sandbox is killed from outside after its
model call (a `process` fault, retried with `--retries 1`); the second trial's memeval process is
SIGKILLed after its model call (the attempt never ends), and `--resume` runs it again. The cost
fields of every `model.called` event in the log must then add up to the summary, the A/B table
and the weekly report's runs section, and the arm's cost of a pass must include them.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from runner_helpers import REPO, bwrap_pids_under, make_task
from wire_rig import LocalUpstream, make_agent, recorded, reply_of

from memeval.auditreport._runs import week_runs
from memeval.results import arm_spend, load_run
from memeval.runreport import summarize

TEST_SH = 'if [ "$(cat /app/answer.txt)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'
REC = "12-recorded-prompt-cache-write-then-read/1-200.json"


def _calls_in(log: Path) -> int:
    return log.read_text().count('"event":"model.called"') if log.exists() else 0


def _called(log: Path, trial_id: str) -> bool:
    """Whether the first attempt of `trial_id` has made its call: its world, under `.work/` by the
    opaque id its `trial.started` gives (the folder names no arm), holds the agent's mark."""
    text = log.read_text() if log.exists() else ""
    for line in text[: text.rfind("\n") + 1].splitlines():  # whole lines: the writer may be mid-line
        e = json.loads(line)
        if e["event"] == "trial.started" and e["trial_id"] == trial_id and e["attempt"] == 1:
            return (log.parent / ".work" / e["agent_trial_id"] / "world/app/called").exists()
    return False


def _wait(cond, what: str, timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.mark.slow
def test_retried_and_killed_attempts_spend_reaches_every_reader(tmp_path: Path) -> None:
    up = LocalUpstream().start()
    try:
        up.push(*[reply_of(recorded(REC)) for _ in range(40)])
        tasks = tmp_path / "tasks"
        for name in ("a", "b"):
            make_task(tasks, name, test_sh=TEST_SH)
        agent = make_agent(tmp_path / "agent")
        runs = tmp_path / "runs"
        args = [
            sys.executable, "-m", "memeval", "ab", str(tasks), "--agent", str(agent),
            "--upstream", f"api=openai,url={up.url}/v1", "--retries", "1",
            "--env", "SLEEP_AFTER=3", "--runs-dir", str(runs), "--quiet",
            # one trial at a time: the kills below aim at one known trial each (issue 14's default
            # concurrency would have other trials in flight and calling when they land)
            "--concurrency", "1",
        ]  # fmt: skip
        proc = subprocess.Popen(args, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                start_new_session=True)  # fmt: skip
        try:
            _wait(lambda: list(runs.glob("*/events.jsonl")), "the run's log")
            log = next(runs.glob("*/events.jsonl"))
            # trial order (see plan_trials): a:pack, a:baseline, b:baseline, b:pack
            _wait(lambda: _called(log, "a:pack:1") and _calls_in(log) >= 1, "a:pack call")
            pids = bwrap_pids_under(runs)
            assert pids, "the a:pack sandbox was not found"
            for pid in pids:
                os.kill(pid, signal.SIGKILL)  # the sandbox dies: a `process` fault, retried
            _wait(lambda: _called(log, "a:baseline:1") and _calls_in(log) >= 3, "a:baseline call", 90)
            os.killpg(proc.pid, signal.SIGKILL)  # memeval dies mid-trial: the attempt never ends
        finally:
            proc.wait()
        res = subprocess.run([*args, "--resume", log.parent.name, "--json"], cwd=REPO,
                             capture_output=True, text=True, timeout=180)  # fmt: skip
        assert res.returncode == 0, res.stderr
    finally:
        up.stop()

    events = [json.loads(line) for line in log.read_text().splitlines()]
    costs = [e["call"]["cost"]["cost_usd"] for e in events if e["event"] == "model.called"]
    assert len(costs) == 6 and all(c is not None and c > 0 for c in costs)  # 4 trials + 2 redone
    total = sum(costs)

    run = load_run(log.parent)
    by = {t.trial_id: t for t in run.result.trials}
    retried, killed = by["a:pack:1"], by["a:baseline:1"]
    assert (retried.attempt, retried.attempts, [a.ended for a in retried.spend]) == (2, 2, [True, True])
    assert (killed.attempt, killed.attempts, [a.ended for a in killed.spend]) == (2, 2, [False, True])
    # the killed attempt's agent had started: a call in flight at the kill would be on no record
    assert [a.cut_mid_turn for a in killed.spend] == [True, False]
    assert [a.cut_mid_turn for a in retried.spend] == [False, False]
    assert retried.spend_usd == pytest.approx(2 * costs[0])
    spend = {m: arm_spend(run.result, m).cost_usd for m in ("baseline", "pack")}
    assert spend["baseline"] + spend["pack"] == pytest.approx(total, rel=1e-9)

    summary = summarize(run)
    assert summary.cost_usd == pytest.approx(total, abs=1e-6)
    assert summary.cost_by_arm == pytest.approx(spend, abs=1e-6)

    table = sum((r.baseline_cost_usd or 0) + (r.pack_cost_usd or 0) for r in run.result.table)
    assert table == pytest.approx(total, abs=1e-6)

    assert run.result.verdict is not None
    cop = run.result.verdict.cost_of_pass
    # pack: the retried trial's two attempts are both on record, so its whole spend is known
    assert cop.pack.spend == pytest.approx(spend["pack"], rel=1e-9)
    assert (cop.pack.passes, cop.pack.cost_coverage) == (2, "2/2")
    # baseline: the killed trial's cost is unknown (a lower bound), never its recorded part alone
    assert cop.baseline.spend == pytest.approx(spend["baseline"] - killed.spend_usd, rel=1e-9)
    assert (cop.baseline.passes, cop.baseline.cost_coverage) == (1, "1/2")
    assert arm_spend(run.result, "baseline").lower_bound and not arm_spend(run.result, "pack").lower_bound
    assert any("killed while their agent ran" in w for w in summary.warnings)

    now = datetime.now(UTC)
    (line,) = week_runs(runs, now - timedelta(days=1), now + timedelta(days=1), "UTC")
    assert line.baseline.spend.startswith(f"${spend['baseline']:.4f}+ ")  # at least this much
    assert line.pack.spend.startswith(f"${spend['pack']:.4f} ")
    assert "3 attempts" in line.baseline.spend and "3 attempts" in line.pack.spend
