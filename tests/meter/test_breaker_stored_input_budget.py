"""A Responses call that continues a stored response is refused under a spend limit: its cost has no bound.

Found by the breaker: a spend limit reserves each call's worst case before forwarding it, its prompt bounded
by the request body's bytes. A call naming `previous_response_id` (or `conversation`, or a stored `prompt`)
is billed for the whole stored conversation as its input while its body holds only the new turn: a call of
a hundred bytes, reserved at a fraction of a cent, cost $2 and passed a trial's limit of 3 cents by 60
times, where the README promises a limit is passed by at most one call's worst case. Real proxy, real
upstream on 127.0.0.1 answering with the usage such a call has.
"""

from __future__ import annotations

import json
import queue
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from meter_rig import make_proxy
from meter_upstream import LocalUpstream, Reply
from patience import patient

from memeval.meter import ModelCall, PriceBook
from memeval.meter._prices import worst_case_usd

MODEL = "gpt-4.1"
RECORDED = Path(__file__).resolve().parents[1] / "fixtures" / "meter" / "openai-responses"
ANSWER = json.loads((RECORDED / "14-recorded-prompt-cache-write-then-read" / "2-200.json").read_text())
ANSWER.update(
    model=MODEL,
    previous_response_id="resp_0123",
    usage={  # the stored turns, billed again as this call's input
        "input_tokens": 1_000_000,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": 5,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": 1_000_005,
    },
)


def _call(extra: dict) -> bytes:
    return json.dumps({"model": MODEL, "input": "and now?", "max_output_tokens": 16, **extra}).encode()


@pytest.mark.parametrize(
    "extra",
    [{"previous_response_id": "resp_0123"}, {"conversation": "conv_0123"}, {"prompt": {"id": "pmpt_0123"}}],
    ids=["previous_response_id", "conversation", "prompt"],
)
def test_a_call_naming_stored_input_is_refused_under_a_limit(upstream: LocalUpstream, extra: dict) -> None:
    body = _call(extra)
    worst = worst_case_usd(
        PriceBook(), provider="openai", model=MODEL, prompt_bytes=len(body), max_output_tokens=16, at=datetime.now(UTC)
    )
    assert worst is not None and worst < 0.001
    limit = 0.03
    upstream.push(Reply(200, chunks=[json.dumps(ANSWER).encode()]))
    calls: queue.Queue[ModelCall] = queue.Queue()
    proxy = make_proxy(upstream, calls)
    proxy.start()
    try:
        key = proxy.register_trial("t", budget_usd=limit)
        with httpx.Client(base_url=proxy.base_url, timeout=30) as c:
            r = c.post("/v1/responses", content=body, headers={"authorization": f"Bearer {key}"})
        call = calls.get(timeout=patient(20))
        spend = proxy.trial_spend("t")
    finally:
        proxy.stop()
    # before: forwarded, answered 200, and $2 spent against a limit of $0.03 (its worst case: < $0.001)
    assert upstream.seen == [], (r.status_code, spend)
    assert r.status_code == 429 and next(iter(extra)) in r.json()["error"]["message"], r.text
    assert not call.forwarded and spend.cost_usd_known <= limit + worst


def test_the_same_call_without_a_limit_is_forwarded_and_metered(upstream: LocalUpstream) -> None:
    upstream.push(Reply(200, chunks=[json.dumps(ANSWER).encode()]))
    calls: queue.Queue[ModelCall] = queue.Queue()
    proxy = make_proxy(upstream, calls)
    proxy.start()
    try:
        key = proxy.register_trial("t")
        with httpx.Client(base_url=proxy.base_url, timeout=30) as c:
            r = c.post("/v1/responses", content=_call({"previous_response_id": "resp_0123"}),
                       headers={"authorization": f"Bearer {key}"})  # fmt: skip
        call = calls.get(timeout=patient(20))
    finally:
        proxy.stop()
    assert r.status_code == 200 and len(upstream.seen) == 1
    assert call.input_tokens == 1_000_000 and call.cost.cost_usd is not None and call.cost.cost_usd > 1
