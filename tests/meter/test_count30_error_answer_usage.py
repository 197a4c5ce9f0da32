"""An error answer that says what it used is billed as it says: priced, counted against the limit, in the trial's
tokens (count30).

The proxy priced only 2xx answers: `_record` gave every other status `usage_missing` whatever the reader found in
its body, the spend limit released its hold at $0, and the projection counted such a call as an error with no
tokens and no cost, a free call. The three providers' documented error bodies carry no usage (Anthropic's
`{"type": "error", "error": {...}}`, OpenAI's `{"error": {...}}`, Gemini's `{"error": {"code", ...}}`): those stay
not billed, as the guards below check. A Responses object does: an OpenAI-compatible server that answers a failed
response with its object (`status: "failed"`, its `error`, and the `usage` of what was generated) and an error
status had its billed tokens dropped. The body is recorded Responses body 14/1 (tests/fixtures/meter/,
`gpt-5.6-sol`, 4,020 input tokens of which 4,012 written to the cache, 5 output) with its status set to `failed`
and the documented `server_error` object, answered 500 through the real proxy on 127.0.0.1.
"""

from __future__ import annotations

import json
import queue
from typing import Any

import httpx
import pytest
from meter_fixtures import RECORDED
from meter_rig import Rig, make_proxy
from meter_upstream import LocalUpstream, Reply

from memeval.eventlog import ModelCallRecord
from memeval.meter import ModelCall
from memeval.results._calls import physics, tally_calls


def _recorded_body() -> dict[str, Any]:
    rec = next(r for r in RECORDED if r.name.endswith("14-recorded-prompt-cache-write-then-read/1-200.json"))
    return json.loads(b"".join(rec.chunks()))


def _failed_body() -> dict[str, Any]:
    body = _recorded_body()
    return {**body, "status": "failed", "error": {"code": "server_error", "message": "The model failed."}}


def _post(rig: Rig, key: str, path: str, body: dict[str, Any], status: int, headers: dict[str, str]) -> ModelCall:
    rig.upstream.push(Reply(status, chunks=[json.dumps(body).encode()], content_length=True))
    request: dict[str, Any] = {"model": "gpt-5.6-sol", "max_output_tokens": 64, "input": "hi"}
    if path == "/v1/messages":
        request = {"model": "claude-sonnet-4-5", "max_tokens": 64, "messages": [{"role": "user", "content": "hi"}]}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as client:
        r = client.post(path, json=request, headers={"authorization": f"Bearer {key}", "x-api-key": key, **headers})
    assert r.status_code == status, r.text
    return rig.next_call()


@pytest.fixture
def limited(upstream: LocalUpstream) -> Any:
    calls: queue.Queue[ModelCall] = queue.Queue()
    proxy = make_proxy(upstream, calls)
    proxy.start()
    yield Rig(upstream, proxy, calls)
    proxy.stop()


def test_an_error_status_whose_answer_says_what_it_used_is_billed(limited: Rig) -> None:
    key = limited.proxy.register_trial("t-failed", budget_usd=5.0)
    whole = _post(limited, key, "/v1/responses", _recorded_body(), 200, {})
    failed = _post(limited, key, "/v1/responses", _failed_body(), 500, {})
    assert (failed.status, failed.input_tokens, failed.output_tokens) == (500, 4020, 5)
    assert failed.cache_write_tokens == whole.cache_write_tokens == 4012
    assert failed.error is not None and failed.error.startswith("server_error")
    # main: cost None, reason usage_missing, and the limit's hold released at $0
    assert failed.cost.cost_usd is not None and failed.cost.cost_usd == whole.cost.cost_usd > 0
    spend = limited.proxy.trial_spend("t-failed")
    assert spend.cost_usd_known == pytest.approx(2 * whole.cost.cost_usd) and spend.charged_unknown_usd == 0

    # the trial's figures, as the projection folds the logged lines: its tokens and cost, and still an error
    lines = [ModelCallRecord.model_validate({**c.model_dump(), "trial_id": "t"}) for c in (whole, failed)]
    tally = tally_calls(lines)
    got = physics(tally, True, 1000)
    assert (got["tokens"]["input"], got["tokens"]["output"], got["errors"]) == (8040, 10, 1)  # main: 4020, 5
    assert got["cost_usd"] == pytest.approx(2 * whole.cost.cost_usd)  # main: the 200 call's only
    assert tally.every_tokens == (8040, 10) and tally.cost_unknown == 0

    # a line a meter before this wrote for such a call (its tokens read, its cost dropped) is no free call: unknown
    old = ModelCallRecord.model_validate(
        {**lines[1].model_dump(), "cost": {"cost_usd": None, "reason": "usage_missing"}, "call_id": "old"}
    )
    before = tally_calls([lines[0], old])
    assert before.cost_unknown == 1 and physics(before, True, 1000)["cost_usd"] is None  # main: the 200 call's cost


@pytest.mark.parametrize(
    ("path", "status", "body"),
    [
        ("/v1/messages", 529, {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}),
        (
            "/v1/responses",
            429,
            {
                "error": {
                    "message": "Rate limit reached.",
                    "type": "tokens",
                    "param": None,
                    "code": "rate_limit_exceeded",
                }
            },
        ),
        (
            "/v1/responses",
            500,
            {"error": {"message": "The server had an error.", "type": "server_error", "param": None, "code": None}},
        ),  # fmt: skip
    ],
)
def test_a_providers_documented_error_body_is_not_billed(
    limited: Rig, path: str, status: int, body: dict[str, Any]
) -> None:
    key = limited.proxy.register_trial(f"t-{status}", budget_usd=5.0)
    call = _post(limited, key, path, body, status, {"anthropic-version": "2023-06-01"})
    assert (call.status, call.input_tokens, call.output_tokens) == (status, None, None)
    assert (call.cost.cost_usd, call.cost.reason) == (None, "usage_missing")
    spend = limited.proxy.trial_spend(f"t-{status}")
    assert (spend.cost_usd_known, spend.charged_unknown_usd, spend.usage_missing_calls) == (0.0, 0.0, 0)
    line = ModelCallRecord.model_validate({**call.model_dump(), "trial_id": "t"})
    tally = tally_calls([line])
    assert (tally.cost_unknown, physics(tally, True, 1)["cost_usd"]) == (0, 0.0)
