"""The README's first command, end to end: the sample team through the sandbox and the meter."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from patience import patient
from refused_port import refused_port
from runner_helpers import REPO

SAMPLE = REPO / "samples" / "fernhill"
MEMEVAL = [sys.executable, "-m", "memeval"]


@pytest.mark.slow
def test_sample_team_pack_beats_baseline_with_measured_tokens_and_cost(tmp_path: Path, run_ab):
    code, doc, err = run_ab(str(SAMPLE))
    assert code == 0, err
    v = doc["verdict"]
    assert v["verdict"] == "better" and v["p_value"] < 0.05
    assert v["pass_rate_pack"] > v["pass_rate_baseline"]
    assert doc["run_card"]["upstream"].startswith("scripted: ")
    for t in doc["trials"]:
        hm = t["harness_measured"]
        assert t["fault"] is None
        assert hm["input_tokens"] > 0 and hm["output_tokens"] > 0 and hm["total_cost_usd"] > 0
        assert t["physics"]["source"] == "meter" and t["physics"]["engine_calls"] >= 1
        assert t["physics"]["models"] == ["fernhill-scripted-1"]
        # the agent's own word is a claim, never the measurement
        assert t["claim"] is not None and "pass" in t["claim"]["message"].lower()
    cop = v["cost_of_pass"]
    assert cop["pack"]["value"] is not None and cop["pack"]["cost_coverage"].startswith("14/")
    # README's "What you see" shows this run's figures (the sample's model is scripted: the same tokens every run);
    # it showed the pack arm's $0.2997 spent and $0.02 a pass after the arm had come to cost $0.3029 (newuser36)
    readme = (REPO / "README.md").read_text()
    row = {line.split("│")[1].strip(): line.split("│")[2:4] for line in readme.splitlines() if line.startswith("│ ")}
    for col, arm in enumerate(("baseline", "pack")):
        assert row["Spent (every attempt)"][col].strip().startswith(f"${cop[arm]['spend']:.4f} over 14 attempt(s)")
        assert row["Cost of a pass"][col].strip().startswith(f"${cop[arm]['value']:.2f} (95% CI")
    # and `memeval results`' summary line of the run: README showed $0.62 and 318,899 tokens after the sample had
    # come to print $0.63 and 320,860 (newuser37)
    from memeval.results import load_run
    from memeval.runreport import summarize, summary_lines

    cost_line = next(line for line in summary_lines(summarize(load_run(doc["run_dir"]))) if line.startswith("Cost:"))
    assert cost_line in readme.splitlines(), cost_line


def test_budget_limit_is_a_budget_fault(tmp_path: Path, run_ab):
    code, doc, err = run_ab(str(SAMPLE), "--tasks", "t01-thursday-order-arrival", "--budget-usd", "0.00001")
    assert code == 3, err  # every trial faulted: the run measured nothing
    assert err.strip().splitlines()[-1].startswith(f"memeval: run {doc['run_id']} measured nothing: every trial")
    for t in doc["trials"]:
        assert t["fault"]["code"] == "budget", t
        assert t["verified"] is None
    assert doc["verdict"]["n_tasks_paired"] == 0


def test_a_secret_in_the_agent_environment_never_reaches_the_run_folder(tmp_path: Path, run_ab):
    secret = "sk-proj-" + "Zq7" * 16
    code, doc, err = run_ab(
        str(SAMPLE), "--tasks", "t02-late-refund", "--env", f"SHOP_API_KEY={secret}", "--retain", "always"
    )
    assert code == 0, err
    run_dir = tmp_path / "runs" / doc["run_id"]
    for p in run_dir.rglob("*"):
        if p.is_file():
            assert secret.encode() not in p.read_bytes(), p
    assert doc["run_card"]["environment_hash"].startswith("sha256:")


def _wait_for(path: Path, needle: bytes, timeout: float = 60) -> None:
    end = time.monotonic() + patient(timeout)
    while time.monotonic() < end:
        if path.exists() and needle in path.read_bytes():
            return
        time.sleep(0.05)
    raise AssertionError(f"{needle!r} never appeared in {path}")


@pytest.mark.slow
def test_sigkill_mid_run_then_resume_runs_each_trial_once(tmp_path: Path):
    runs = tmp_path / "runs"
    args = [
        *MEMEVAL,
        "ab",
        str(SAMPLE),
        "--tasks",
        "t01-thursday-order-arrival",
        "--tasks",
        "t02-late-refund",
        "--tasks",
        "t03-olive-tree-quote",
        "--runs-dir",
        str(runs),
        "--quiet",
    ]
    proc = subprocess.Popen(args, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        end = time.monotonic() + patient(60)
        while not list(runs.glob("*/events.jsonl")) and time.monotonic() < end:
            time.sleep(0.05)
        log = next(runs.glob("*/events.jsonl"))
        _wait_for(log, b'"event":"trial.ended"')
        _wait_for(log, b'"model.called"', 60)
        os.killpg(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
    run_id = log.parent.name
    res = subprocess.run(
        [*args, "--resume", run_id, "--json"],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert res.returncode == 0, res.stderr
    doc = json.loads(res.stdout)
    assert sorted(t["trial_id"] for t in doc["trials"]) == sorted(
        f"{task}:{m}:1"
        for task in ("t01-thursday-order-arrival", "t02-late-refund", "t03-olive-tree-quote")
        for m in ("baseline", "pack")
    )
    assert doc["coverage"]["expected_trials"] == doc["coverage"]["completed_trials"] == 6
    events = [json.loads(line) for line in log.read_text().splitlines()]
    ended = [e["trial_id"] for e in events if e["event"] == "trial.ended"]
    assert len(ended) == len(set(ended)) == 6  # none lost, none run twice to its end


def test_resume_refuses_a_changed_run_card(tmp_path: Path, run_ab):
    code, doc, _ = run_ab(str(SAMPLE), "--tasks", "t01-thursday-order-arrival")
    code, _, err = run_ab(
        str(SAMPLE), "--tasks", "t01-thursday-order-arrival", "--resume", doc["run_id"], "--model", "another-model"
    )
    assert code == 2 and "model" in err and "another-model" in err


def test_sigint_records_cancelled_and_exits_130(tmp_path: Path):
    runs = tmp_path / "runs"
    proc = subprocess.Popen(
        [
            *MEMEVAL,
            "ab",
            str(REPO / "tests/fixtures/tasksets/mini"),
            "--agent",
            "command",
            "--agent-cmd",
            "sleep 30",
            "--network",
            "none",
            "--runs-dir",
            str(runs),
            "--quiet",
        ],
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    end = time.monotonic() + patient(30)
    while not list(runs.glob("*/events.jsonl")) and time.monotonic() < end:
        time.sleep(0.05)
    log = next(runs.glob("*/events.jsonl"))
    _wait_for(log, b'"agent.started"')
    os.killpg(proc.pid, signal.SIGINT)
    assert proc.wait(timeout=patient(30)) == 130
    text = log.read_text()
    assert '"code":"cancelled"' in text and '"status":"cancelled"' in text


def test_an_unreachable_model_upstream_is_a_harness_fault_not_an_agent_failure(tmp_path: Path, run_ab):
    with refused_port() as port:  # bound, never listening: every connection refused
        code, doc, err = run_ab(
            str(SAMPLE),
            "--tasks",
            "t01-thursday-order-arrival",
            "--upstream",
            f"api=openai,url=http://127.0.0.1:{port}/v1",
        )
    assert code == 3, err  # every trial faulted: measured nothing
    for t in doc["trials"]:
        assert t["fault"]["code"] == "process" and "upstream" in t["fault"]["message"]
        assert t["verified"] is None
