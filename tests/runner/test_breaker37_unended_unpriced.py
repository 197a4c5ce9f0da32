"""A run killed and never resumed, whose unended trials made calls of unknown cost, says its spend is "at least".

Task `a`'s agent calls a priced model and its trials end; task `b`'s agent calls a model with no known
price and memeval is SIGKILLed while `b`'s verifiers run, so `b`'s trials never end and are on no trial
record. `arm_spend` counts their calls (and knows two of them are of unknown cost), but the run's
summary read only the ended trials for its cost line and warnings: `Cost: $0.01 metered (baseline $0.01,
pack $0.01), known for 2 of 2 trials`, no `+` and no word of the two unpriced calls (breaker37; the gap
the brief named). A real `memeval ab` process through the real proxy to an upstream on 127.0.0.1 that
answers with the model asked for, then a real `memeval results`.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from patience import patient
from runner_helpers import REPO, make_task
from wire_rig import make_agent

from memeval.formatting import money
from memeval.results import arm_spend, load_run
from memeval.runreport import summarize

AGENT = textwrap.dedent(
    """
    import json, os, urllib.request
    model = open("/app/model.txt").read().strip()
    body = {"model": model, "max_tokens": 64, "messages": [{"role": "user", "content": "hi"}]}
    req = urllib.request.Request(os.environ["OPENAI_BASE_URL"] + "/chat/completions", data=json.dumps(body).encode(),
        headers={"authorization": "Bearer " + os.environ["OPENAI_API_KEY"], "content-type": "application/json"})
    urllib.request.urlopen(req, timeout=60).read()
    open("/app/answer.txt", "w").write("42")
    """
)
TEST_A = 'if [ "$(cat /app/answer.txt)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'
PRICED, UNPRICED = "gpt-4o-mini", "acme-unpriced-1"


class _Echo(BaseHTTPRequestHandler):
    """Answers a chat completion with the model it was asked for, 1,000 tokens in and 50 out."""

    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        model = json.loads(self.rfile.read(int(self.headers.get("content-length", "0"))))["model"]
        doc = {
            "id": "c1", "object": "chat.completion", "created": 1, "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": "42"}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 1000, "completion_tokens": 50, "total_tokens": 1050},
        }  # fmt: skip
        data = json.dumps(doc).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - http.server's name
        return


def _events(log: Path) -> list[dict]:
    text = log.read_text() if log.exists() else ""
    return [json.loads(line) for line in text[: text.rfind("\n") + 1].splitlines()]


@pytest.mark.slow
def test_a_killed_run_whose_unended_trials_made_unpriced_calls_marks_its_cost_at_least(tmp_path: Path) -> None:
    up = ThreadingHTTPServer(("127.0.0.1", 0), _Echo)
    up.daemon_threads = True
    threading.Thread(target=up.serve_forever, daemon=True).start()
    try:
        tasks = tmp_path / "tasks"
        make_task(tasks, "a", test_sh=TEST_A, files={"model.txt": PRICED})
        make_task(tasks, "b", test_sh="sleep 120\n" + TEST_A, files={"model.txt": UNPRICED},
                  task_toml="[verifier]\ntimeout_sec = 300.0\n[agent]\ntimeout_sec = 60.0\n")  # fmt: skip
        agent = make_agent(tmp_path / "agent", script=AGENT)
        runs = tmp_path / "runs"
        args = [
            sys.executable, "-m", "memeval", "ab", str(tasks), "--agent", str(agent),
            "--upstream", f"api=openai,url=http://127.0.0.1:{up.server_address[1]}/v1", "--runs-dir", str(runs),
            "--quiet", "--concurrency", "4",
        ]  # fmt: skip
        proc = subprocess.Popen(args, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                start_new_session=True)  # fmt: skip
        try:
            end = time.monotonic() + patient(180)
            log = None
            while time.monotonic() < end:
                assert proc.poll() is None, (proc.stderr.read() if proc.stderr else b"").decode()[-3000:]
                logs = list(runs.glob("*/events.jsonl"))
                if logs:
                    log = logs[0]
                    ev = _events(log)
                    ended = {e["trial_id"] for e in ev if e["event"] == "trial.ended"}
                    verifying = {e["trial_id"] for e in ev if e["event"] == "verifier.started"}
                    if ended == {"a:baseline:1", "a:pack:1"} and {"b:baseline:1", "b:pack:1"} <= verifying:
                        break
                time.sleep(0.05)
            else:
                raise AssertionError("task a's trials never ended beside task b's verifiers")
            os.killpg(proc.pid, signal.SIGKILL)  # memeval dies while b's verifiers sleep; no resume follows
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    finally:
        up.shutdown()
        up.server_close()
    assert log is not None
    calls = [e for e in _events(log) if e["event"] == "model.called"]
    known = {c["trial_id"]: c["call"]["cost"]["cost_usd"] for c in calls}
    assert set(known) == {"a:baseline:1", "a:pack:1", "b:baseline:1", "b:pack:1"}, calls
    assert known["a:baseline:1"] and known["a:pack:1"] and known["b:baseline:1"] is None is known["b:pack:1"]

    run = load_run(log.parent, use_cache=False)
    assert {t.trial_id for t in run.result.unended} == {"b:baseline:1", "b:pack:1"}
    for mode in ("baseline", "pack"):
        spent = arm_spend(run.result, mode)
        assert (spent.calls, spent.calls_cost_unknown, spent.lower_bound) == (2, 1, True), spent
    s = summarize(run)
    assert s.cost_known == 2 and s.outcomes.total == 2, s  # the ended trials' own costs are known
    assert s.cost_at_least == {"baseline", "pack"}, s  # main: no such mark
    assert any("2 model call(s) of unknown cost were made by trials that never ended" in w for w in s.warnings)

    res = subprocess.run(
        [sys.executable, "-m", "memeval", "results", log.parent.name, "--runs-dir", str(runs)],
        cwd=REPO, capture_output=True, text=True, timeout=patient(120), env={**os.environ, "COLUMNS": "300"},
    )  # fmt: skip
    assert res.returncode == 0, res.stderr[-3000:]
    (cost,) = [ln for ln in res.stdout.splitlines() if ln.startswith("Cost:")]
    usd = {m: money(arm_spend(run.result, m).cost_usd) for m in ("baseline", "pack")}
    both = money(sum(arm_spend(run.result, m).cost_usd for m in ("baseline", "pack")))
    assert cost.startswith(f"Cost:      {both}+ metered (baseline {usd['baseline']}+, pack {usd['pack']}+)"), cost
    assert "trials that never ended" in res.stdout, res.stdout[-3000:]
