"""The run's spend limit stops the run; an assessor's calls go through their own key and are summed
apart from the subject's (through the real proxy and the real projection)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from agents_helpers import PRICES, USAGE, WIRE_AGENT, Provider, make_task, price, run_ab, start_provider

from memeval.agents import resolve_agent
from memeval.eventlog import ModelCalled, RunLog, TrialEnded, TrialStarted
from memeval.results import load_run
from memeval.runner import AbOptions, UpstreamSpec, start_run
from memeval.runner._runmeter import open_meter
from memeval.tasks import load_task_set


@pytest.fixture
def provider() -> Iterator[Provider]:
    p = start_provider()
    yield p
    p.server.shutdown()


def test_run_spend_limit_refuses_calls_faults_the_trial_and_runs_no_further_trial(
    tmp_path: Path, provider: Provider
) -> None:
    tasks = tmp_path / "tasks"
    for name in ("a", "b", "c"):
        make_task(tasks, name, files={"agent.py": WIRE_AGENT})
    (tmp_path / "prices.toml").write_text(PRICES)
    limit = 2.5 * price("anthropic")  # the third call crosses it, the fourth is refused
    code, doc, out = run_ab(
        tmp_path / "runs",
        str(tasks),
        "--agent",
        "command",
        "--agent-cmd",
        "python3 /app/agent.py",
        "--env",
        "CALLS=anthropic 0;anthropic 0;anthropic 0;anthropic 0",
        "--prices",
        str(tmp_path / "prices.toml"),
        "--upstream",
        f"api=anthropic,url={provider.root}",
        "--run-budget-usd",
        str(limit),
        # one trial at a time, so "no further trial" is this test's claim; trials already running
        # when the limit is reached (issue 14's default concurrency) are tests/runner/test_concurrency.py's
        "--concurrency",
        "1",
    )
    assert code == 1, out
    assert doc["status"] == "cancelled"
    assert len(doc["trials"]) == 1
    t = doc["trials"][0]
    assert t["fault"]["code"] == "budget" and "the run's spend limit" in t["fault"]["message"]
    assert t["physics"]["engine_calls"] == 4 and t["physics"]["errors"] == 1
    assert t["harness_measured"]["total_cost_usd"] == pytest.approx(3 * price("anthropic"))
    assert len(provider.seen) == 3  # the refused call never left the proxy
    cov = doc["coverage"]
    assert cov["expected_trials"] == 6 and cov["missing"]["not_run"] == 5 * 11
    result = load_run(tmp_path / "runs" / doc["run_id"]).result
    assert [f.code for f in result.run_faults] == ["budget"]
    assert "5 planned trial(s) not run" in result.run_faults[0].message


def _post(base: str, key: str) -> int:
    import json
    import urllib.request

    req = urllib.request.Request(
        base + "/v1/messages",
        json.dumps(
            {"model": "test-claude-1", "max_tokens": 8, "messages": [{"role": "user", "content": "x"}]}
        ).encode(),
        {"x-api-key": key, "content-type": "application/json", "anthropic-version": "2023-06-01"},
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        r.read()
        return int(r.status)


def test_assessor_calls_are_summed_apart_and_never_count_against_the_trial(tmp_path: Path, provider: Provider) -> None:
    make_task(tmp_path / "tasks", "judged")
    (tmp_path / "prices.toml").write_text(PRICES)
    opts = AbOptions(task_set=load_task_set(tmp_path / "tasks"), agent=resolve_agent("nop"), runs_dir=tmp_path / "runs")
    run_dir = start_run(opts)
    log = RunLog(run_dir)
    tid = "judged:baseline:1"
    log.append(TrialStarted(trial_id=tid))
    one = price("anthropic")
    up = [UpstreamSpec(api="anthropic", base_url=provider.root)]
    with open_meter(log, up, prices_file=tmp_path / "prices.toml") as meter:
        subject = meter.register_trial(tid, "subject", budget_usd=1.5 * one)
        judge = meter.register_assessor(tid)
        assert subject != judge
        base = meter.proxy.base_url
        assert _post(base, subject) == 200
        assert _post(base, judge) == 200 and _post(base, judge) == 200
        deadline = time.monotonic() + 10  # a call is recorded just after its answer was passed on
        while sum(isinstance(e, ModelCalled) for e in log) < 3 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert not meter.budget_exhausted(tid)  # the judge's spend is not the subject's
        assert meter.run_spend_usd() == pytest.approx(3 * one)
        meter.unregister_trial(tid)
    log.append(TrialEnded(trial_id=tid, attempt=1, assessment="unscored"))
    calls = [e for e in log if isinstance(e, ModelCalled)]
    assert {e.trial_id for e in calls} == {tid}
    assert sorted(e.call.role for e in calls) == ["assessor", "assessor", "subject"]
    rec = {t.trial_id: t for t in load_run(run_dir).result.trials}[tid]
    assert rec.physics.engine_calls == 1
    assert rec.physics.tokens.input == USAGE["anthropic"][0]
    assert rec.physics.cost_usd == pytest.approx(one)
    assert rec.physics.assessor == {"engine_calls": 2}
