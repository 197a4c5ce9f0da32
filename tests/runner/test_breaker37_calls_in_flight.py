"""A model call still in flight when its trial ended is counted, or its trial's spend is marked "at least".

The proxy logs a call when its response is over. A call its agent left open (the agent read the first
bytes of a stream and exited, the upstream then silent) outlasts the runner's wait (`agent.exited` says
`calls_in_flight: 1`), the trial is verified and ends, and the call is logged later: when it ends, or
as unmeasured when the run's proxy stops (it waits 10 s for it). Two ways lost it (breaker37):

- memeval killed (kill -9, a crash) after the trial ended and before the call did: the call is on no
  record, yet the attempt had ended, so its spend read as complete (`$0.00`, cost "known for 2 of 2").
- Ctrl-C, then a second Ctrl-C while the proxy waited on the call: the wait was cut short, the run wrote
  its end and exited, and the call was never logged; the cancelled attempt's spend read as complete.

And a second Ctrl-C while the stopping run waited for its attempts' threads (the runner's wait for the
calls, longer than the run's 30 s grace) made `memeval ab` print "interrupted" and never exit: the
attempts then appended to a log writer already closed, waited for good, and Python's exit waited on them.

Real `memeval ab` processes through the real proxy to an upstream on 127.0.0.1 that sends a stream's
first chunk and then nothing until the test ends.
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
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from patience import patient
from runner_helpers import REPO, make_task
from wire_rig import make_agent

from memeval.results import arm_spend, load_run
from memeval.runreport import summarize
from memeval.runreport._summary import CALLS_NEVER_LOGGED, cost_unknown_reason

FIRST = {
    "id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o-mini",
    "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}],
}  # fmt: skip

AGENT = textwrap.dedent(
    """
    import json, os, time, urllib.request
    body = {"model": "gpt-4o-mini", "stream": True, "max_tokens": 64, "messages": [{"role": "user", "content": "hi"}]}
    req = urllib.request.Request(os.environ["OPENAI_BASE_URL"] + "/chat/completions", data=json.dumps(body).encode(),
        headers={"authorization": "Bearer " + os.environ["OPENAI_API_KEY"], "content-type": "application/json"})
    r = urllib.request.urlopen(req, timeout=600)
    r.readline()  # the stream's first bytes: the call is made, and the upstream goes silent
    open("/app/answer.txt", "w").write("42")
    open("/app/called", "w").close()
    time.sleep(float(os.environ.get("STAY", "0")))
    os._exit(0)  # the stream left open
    """
)
TEST_SH = 'if [ "$(cat /app/answer.txt)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'


class _Silent(BaseHTTPRequestHandler):
    """Answers a chat completion stream with its first chunk, then nothing until the server's `release` is set."""

    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        self.rfile.read(int(self.headers.get("content-length", "0")))
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("transfer-encoding", "chunked")
        self.end_headers()
        data = f"data: {json.dumps(FIRST)}\n\n".encode()
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()
        self.server.release.wait(600)  # type: ignore[attr-defined]

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - http.server's name
        return


@pytest.fixture
def silent_upstream() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Silent)
    server.daemon_threads = True
    server.release = threading.Event()  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.release.set()  # type: ignore[attr-defined]
        server.shutdown()
        server.server_close()


def _events(log: Path) -> list[dict]:
    text = log.read_text() if log.exists() else ""
    return [json.loads(line) for line in text[: text.rfind("\n") + 1].splitlines()]


def _count(log: Path, kind: str) -> int:
    return sum(1 for e in _events(log) if e["event"] == kind)


GRACE_S = 5
"""The stopping run's wait for its attempts in the second-Ctrl-C test (`MEMEVAL_STOP_GRACE_S`; 30 s by default)."""


def _start(
    tmp_path: Path, upstream: str, stay_s: float, settle_s: str = "1", grace_s: str | None = None
) -> tuple[subprocess.Popen[bytes], list[str], Path]:
    make_task(tmp_path / "tasks", "t", test_sh=TEST_SH)
    agent = make_agent(tmp_path / "agent", script=AGENT)
    runs = tmp_path / "runs"
    args = [
        sys.executable, "-m", "memeval", "ab", str(tmp_path / "tasks"), "--agent", str(agent),
        "--upstream", f"api=openai,url={upstream}", "--runs-dir", str(runs), "--quiet", "--concurrency", "2",
        "--env", f"STAY={stay_s}",
    ]  # fmt: skip
    env = {**os.environ, "MEMEVAL_CALLS_SETTLE_S": settle_s}
    if grace_s is not None:
        env["MEMEVAL_STOP_GRACE_S"] = grace_s
    proc = subprocess.Popen(args, cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)  # fmt: skip
    return proc, args, runs


def _wait(proc: subprocess.Popen[bytes], cond, what: str, timeout: float) -> None:
    end = time.monotonic() + patient(timeout)
    while time.monotonic() < end:
        if cond():
            return
        assert proc.poll() is None, (proc.stderr.read() if proc.stderr else b"").decode()[-3000:]
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.mark.slow
def test_a_run_killed_after_its_trials_ended_with_a_call_in_flight_marks_their_spend_at_least(
    tmp_path: Path, silent_upstream: str
) -> None:
    proc, _, runs = _start(tmp_path, silent_upstream, stay_s=0)
    try:
        _wait(proc, lambda: list(runs.glob("*/events.jsonl")), "the run's log", 60)
        (log,) = runs.glob("*/events.jsonl")
        # both trials verified and ended; the proxy now waits (up to 10 s) on the two calls still open
        _wait(proc, lambda: _count(log, "trial.ended") == 2, "both trials' end", 120)
        os.killpg(proc.pid, signal.SIGKILL)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    events = _events(log)
    assert [e["calls_in_flight"] for e in events if e["event"] == "agent.exited"] == [1, 1]
    assert not any(e["event"] == "model.called" for e in events)  # the calls were on no record

    run = load_run(log.parent, use_cache=False)
    assert len(run.result.trials) == 2
    for t in run.result.trials:
        assert t.fault is None and t.verified, t
        assert [(a.ended, a.calls, a.cut_mid_turn) for a in t.spend] == [(True, 0, True)], t.spend
        assert cost_unknown_reason(t) == CALLS_NEVER_LOGGED
    for mode in ("baseline", "pack"):
        assert arm_spend(run.result, mode).lower_bound, mode  # main: exactly $0.00
    assert run.result.verdict is not None
    cop = run.result.verdict.cost_of_pass
    assert (cop.baseline.cost_coverage, cop.pack.cost_coverage) == ("0/1", "0/1")
    summary = summarize(run)
    assert summary.cost_known == 0, summary
    assert any("spend is at least the figure shown" in w for w in summary.warnings), summary.warnings

    res = subprocess.run(
        [sys.executable, "-m", "memeval", "results", log.parent.name, "--runs-dir", str(runs)],
        cwd=REPO, capture_output=True, text=True, timeout=patient(120), env={**os.environ, "COLUMNS": "300"},
    )  # fmt: skip
    assert res.returncode == 0, res.stderr[-3000:]
    assert "known for 0 of 2 trials" in res.stdout, res.stdout[-3000:]
    assert "$0.00+" in res.stdout, res.stdout[-3000:]


@pytest.mark.slow
def test_a_second_ctrl_c_while_the_proxy_waits_on_a_call_still_logs_the_call(
    tmp_path: Path, silent_upstream: str
) -> None:
    proc, _, runs = _start(tmp_path, silent_upstream, stay_s=600)
    try:
        _wait(proc, lambda: list(runs.glob("*/events.jsonl")), "the run's log", 60)
        (log,) = runs.glob("*/events.jsonl")
        called = lambda: sum(1 for p in (log.parent / ".work").glob("*/world/app/called"))  # noqa: E731
        _wait(proc, lambda: called() == 2, "both agents' calls", 120)
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C: both trials are cancelled, their calls still open
        _wait(proc, lambda: _count(log, "trial.ended") == 2, "both trials' cancellation", 120)
        time.sleep(1)  # the run is past its attempts, in its proxy's wait for the two calls
        os.killpg(proc.pid, signal.SIGINT)  # and Ctrl-C again
        _, err = proc.communicate(timeout=patient(60))
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    assert proc.returncode == 130, err.decode()[-3000:]
    events = _events(log)
    assert [e["calls_in_flight"] for e in events if e["event"] == "agent.exited"] == [1, 1]
    calls = [e for e in events if e["event"] == "model.called"]
    assert len(calls) == 2, [e["event"] for e in events]  # main: 0, the calls on no record
    assert all("proxy stopped with the call in flight" in (c["call"]["error"] or "") for c in calls), calls
    assert events[-1]["event"] == "run.ended" and events[-1]["status"] == "cancelled"
    run = load_run(log.parent, use_cache=False)
    for t in run.result.trials:
        assert t.fault is not None and t.fault.code == "cancelled", t
        assert [(a.ended, a.calls, a.calls_cost_unknown, a.cut_mid_turn) for a in t.spend] == [(True, 1, 1, False)]


@pytest.mark.slow
def test_a_second_ctrl_c_while_the_run_waits_for_its_attempts_ends_memeval(
    tmp_path: Path, silent_upstream: str
) -> None:
    # the runner waits 60 s for the calls, past the stopping run's grace for its attempts (set to 5 s here:
    # the default 30 s was waited out whole, with the same 6 s margin after it)
    proc, _, runs = _start(tmp_path, silent_upstream, stay_s=600, settle_s="60", grace_s=str(GRACE_S))
    try:
        _wait(proc, lambda: list(runs.glob("*/events.jsonl")), "the run's log", 60)
        (log,) = runs.glob("*/events.jsonl")
        called = lambda: sum(1 for p in (log.parent / ".work").glob("*/world/app/called"))  # noqa: E731
        _wait(proc, lambda: called() == 2, "both agents' calls", 120)
        os.killpg(proc.pid, signal.SIGINT)
        time.sleep(GRACE_S + 6)  # past the grace: the run waits for its attempts' threads
        os.killpg(proc.pid, signal.SIGINT)
        try:
            _, err = proc.communicate(timeout=patient(90))  # the proxy's 10 s for the calls, then the exit
        except subprocess.TimeoutExpired:
            raise AssertionError("memeval ab never exited after the second Ctrl-C") from None  # main: hangs
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    assert proc.returncode == 130, err.decode()[-3000:]
    events = _events(log)
    # the attempts' `agent.exited` may land just before or after it (queued before the writer's stop)
    assert [e["status"] for e in events if e["event"] == "run.ended"] == ["cancelled"], events[-3:]
    assert sum(1 for e in events if e["event"] == "model.called") == 2
    run = load_run(log.parent, use_cache=False)
    assert {t.trial_id for t in run.result.unended} | {t.trial_id for t in run.result.trials} == {
        "t:baseline:1",
        "t:pack:1",
    }
    for mode in ("baseline", "pack"):
        assert arm_spend(run.result, mode).lower_bound, mode  # each call's cost unknown (cut at the proxy's stop)
