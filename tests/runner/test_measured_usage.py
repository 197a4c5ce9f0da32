"""Tokens are the sum of what was measured, usage is asked for, and an agent that never reached
the model is a harness fault: through the real runner, the real proxy and a scripted upstream
replaying recorded responses (`tests/fixtures/meter/`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from runner_helpers import make_task
from wire_rig import LocalUpstream, Reply, make_agent, recorded, reply_of

TEST_SH = 'if [ "$(cat /app/answer.txt)" = 42 ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'
OK = "12-recorded-prompt-cache-write-then-read/1-200.json"
STREAM = "11-sse-parallel-tool-calls-include-usage.sse"


def _error(status: int, kind: str, message: str) -> Reply:
    """An OpenAI error answer, in the shape of the `error` objects of the recorded API."""
    body = json.dumps({"error": {"message": message, "type": kind, "param": None, "code": kind}})
    return Reply(status, chunks=[body.encode()], content_length=True)


def _without_usage_chunk(suffix: str) -> Reply:
    """The recorded include_usage stream with its usage chunk taken out (derived: an upstream
    that ignored the request for usage)."""
    rec = recorded(suffix)
    chunks = [c for c in rec.chunks() if b'"choices":[]' not in c.replace(b" ", b"")]
    assert len(chunks) == len(rec.chunks()) - 1
    return Reply(200, headers=dict(rec.headers), chunks=chunks)


@pytest.fixture
def upstream():
    up = LocalUpstream().start()
    yield up
    up.stop()


def test_tokens_are_the_sum_of_measured_calls_with_errors_counted_apart(tmp_path: Path, run_ab, upstream) -> None:
    # per trial: ok, 429, ok, 400, 429, a 200 stream whose usage never came
    one = [
        reply_of(recorded(OK)),
        _error(429, "rate_limit_exceeded", "Rate limit reached"),
        reply_of(recorded(OK)),
        _error(400, "invalid_request_error", "bad request"),
        _error(429, "rate_limit_exceeded", "Rate limit reached"),
        _without_usage_chunk(STREAM),
    ]
    upstream.push(*one, *one)
    make_task(tmp_path / "tasks", "t", test_sh=TEST_SH)
    code, doc, err = run_ab(
        str(tmp_path / "tasks"), "--agent", str(make_agent(tmp_path / "agent")),
        "--upstream", f"api=openai,url={upstream.url}/v1", "--env", "CALLS=6",
        "--concurrency", "1",  # the scripted replies are one queue: each trial must take its six in turn
    )  # fmt: skip
    assert code == 0, err  # one task scored in both arms: something was measured
    events = [
        json.loads(line) for line in (tmp_path / "runs" / doc["run_id"] / "events.jsonl").read_text().splitlines()
    ]
    for t in doc["trials"]:
        calls = [e["call"] for e in events if e["event"] == "model.called" and e["trial_id"] == t["trial_id"]]
        calls.sort(key=lambda c: c["started_at"])  # recorded when each ends, which can interleave
        assert [c["status"] for c in calls] == [200, 429, 200, 400, 429, 200]
        ph = t["physics"]
        measured = [c for c in calls if c["input_tokens"] is not None]
        assert len(measured) == 2
        assert ph["tokens"]["input"] == sum(c["input_tokens"] for c in measured) > 0
        assert ph["tokens"]["output"] == sum(c["output_tokens"] for c in measured) > 0
        assert t["harness_measured"]["input_tokens"] == ph["tokens"]["input"]
        assert (ph["engine_calls"], ph["errors"], ph["unmeasured_calls"]) == (6, 3, 1)
        assert ph["unmeasured_reasons"] == {"the response carried no final usage": 1}
        assert ph["missing"]["input_tokens"] == "at_least: 1 of 3 answered calls unmeasured"
        assert ph["cost_usd"] is None  # an answered call's cost is unknown: never counted as 0
        assert t["verified"] is True and t["fault"] is None


def test_a_stream_without_include_usage_is_measured_and_the_client_sees_no_extra_chunk(
    tmp_path: Path, run_ab, upstream
) -> None:
    rec = recorded(STREAM)
    upstream.push(reply_of(rec), reply_of(rec))
    make_task(tmp_path / "tasks", "t", test_sh=TEST_SH)
    code, doc, err = run_ab(
        str(tmp_path / "tasks"), "--agent", str(make_agent(tmp_path / "agent")),
        "--upstream", f"api=openai,url={upstream.url}/v1", "--env", "STREAM=1", "--retain", "always",
    )  # fmt: skip
    assert doc, err
    for seen in upstream.seen:
        body = json.loads(seen.body)
        assert body["stream"] is True and body["stream_options"] == {"include_usage": True}
        assert seen.headers["accept-encoding"] == "identity"  # the proxy edits this stream
    for t in doc["trials"]:
        assert (t["physics"]["tokens"]["input"], t["physics"]["tokens"]["output"]) == (149, 60)
        assert t["physics"]["cost_usd"] > 0 and t["physics"]["errors"] == 0
        got = (tmp_path / "runs" / doc["run_id"] / t["workspace"]["retained"] / "app" / "seen-0.txt").read_bytes()
        assert b'"choices":[]' not in got.replace(b" ", b"") and b"data: [DONE]" in got
        # everything else arrived byte for byte
        usage_chunk = next(c for c in rec.chunks() if b'"choices":[]' in c.replace(b" ", b""))
        assert got == rec.body.replace(usage_chunk, b"")


def test_an_agent_that_never_reached_the_model_is_a_boot_fault_and_ab_exits_3(tmp_path: Path, run_ab, upstream) -> None:
    make_task(tmp_path / "tasks", "t", test_sh=TEST_SH)
    code, doc, err = run_ab(
        str(tmp_path / "tasks"), "--agent", str(make_agent(tmp_path / "agent")),
        "--upstream", f"api=openai,url={upstream.url}/v1", "--env", "CALLS=0",
    )  # fmt: skip
    for t in doc["trials"]:
        assert t["fault"]["code"] == "boot" and t["fault"]["message"].startswith("the agent never reached the model")
        assert t["verified"] is None
    assert code == 3
    assert err.strip().splitlines()[-1] == (
        f"memeval: run {doc['run_id']} measured nothing: every trial faulted (2 trials: boot), each with boot: "
        "the agent never reached the model: it declares openai but made no call through the metering proxy; "
        f"every trial's fault: memeval results {doc['run_id']} (exit 3)"
    )  # the commonest reason named since newuser13
    # the same agent without declared APIs is not faulted: its trials are scored as they ended
    code, doc, err = run_ab(
        str(tmp_path / "tasks"), "--agent", str(make_agent(tmp_path / "agent2", apis="[]")),
        "--upstream", f"api=openai,url={upstream.url}/v1", "--env", "CALLS=0",
    )  # fmt: skip
    assert all(t["fault"] is None and t["verified"] is True for t in doc["trials"]), err


def test_twenty_parallel_calls_of_an_agent_hold_the_run_limit(tmp_path: Path, run_ab, upstream) -> None:
    from datetime import UTC, datetime

    from memeval.meter import PriceBook
    from memeval.meter._prices import worst_case_usd

    rec = recorded(OK)
    pad = 6000  # more prompt bytes than the recorded response's 4,020 prompt tokens
    body = json.dumps({"model": rec.expected["model"], "max_tokens": 64,
                       "messages": [{"role": "user", "content": "hi 19 " + "x" * pad}]})  # fmt: skip
    worst = worst_case_usd(PriceBook(), provider="openai", model=rec.expected["model"],
                           prompt_bytes=len(body), max_output_tokens=64, at=datetime.now(UTC))  # fmt: skip
    assert worst is not None
    limit = 4.5 * worst
    upstream.push(*[reply_of(rec) for _ in range(40)])
    make_task(tmp_path / "tasks", "t", test_sh=TEST_SH)
    code, doc, err = run_ab(
        str(tmp_path / "tasks"), "--agent", str(make_agent(tmp_path / "agent")),
        "--upstream", f"api=openai,url={upstream.url}/v1", "--run-budget-usd", f"{limit:.10f}",
        "--env", "CALLS=20", "--env", "PARALLEL=1", "--env", f"PAD={pad}",
    )  # fmt: skip
    events = [
        json.loads(line) for line in (tmp_path / "runs" / doc["run_id"] / "events.jsonl").read_text().splitlines()
    ]
    calls = [e["call"] for e in events if e["event"] == "model.called"]
    spent = sum(c["cost"]["cost_usd"] or 0.0 for c in calls)
    assert calls and spent <= limit + worst, (spent, limit, worst)
    assert any(not c["forwarded"] and c["status"] == 429 for c in calls)  # refused for the limit
    assert any(t["fault"] and t["fault"]["code"] == "budget" for t in doc["trials"]), err
