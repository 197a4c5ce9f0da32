"""A budget that holds: every call reserves its worst case before it is forwarded.

Real proxy, real local upstream replaying recorded chat completion 12/1 (4,020 prompt tokens, so
the request is padded to more bytes than that: the worst case bounds the prompt by its bytes).
"""

from __future__ import annotations

import json
import queue
import threading
import time
from datetime import UTC, datetime

import httpx
from meter_fixtures import RECORDED
from meter_rig import make_proxy
from meter_upstream import LocalUpstream, Reply
from patience import patient

from memeval.meter import ModelCall, PriceBook, SpendPool, reserve
from memeval.meter._prices import worst_case_usd

OK = next(r for r in RECORDED if r.name.endswith("12-recorded-prompt-cache-write-then-read/1-200.json"))
MODEL = OK.expected["model"]
BODY = json.dumps({"model": MODEL, "max_tokens": 64, "messages": [{"role": "user", "content": "x" * 6000}]}).encode()


def _worst() -> float:
    w = worst_case_usd(
        PriceBook(), provider="openai", model=MODEL, prompt_bytes=len(BODY), max_output_tokens=64, at=datetime.now(UTC)
    )
    assert w is not None and w > 0
    return w


def _post(base: str, key: str, out: list[int]) -> None:
    with httpx.Client(base_url=base, timeout=30) as c:
        r = c.post("/v1/chat/completions", content=BODY,
                   headers={"authorization": f"Bearer {key}", "content-type": "application/json"})  # fmt: skip
        out.append(r.status_code)


def _drain(calls: queue.Queue[ModelCall], n: int) -> list[ModelCall]:
    return [calls.get(timeout=patient(20)) for _ in range(n)]


def test_twenty_parallel_calls_never_spend_more_than_the_limit_plus_one_worst_case(upstream: LocalUpstream) -> None:
    worst = _worst()
    limit = 3.5 * worst
    gate = threading.Event()
    upstream.push(*[Reply(200, headers=dict(OK.headers), chunks=[OK.body], gate=gate) for _ in range(20)])
    calls: queue.Queue[ModelCall] = queue.Queue()
    proxy = make_proxy(upstream, calls)
    proxy.start()
    try:
        key = proxy.register_trial("t-par", budget_usd=limit)
        statuses: list[int] = []
        threads = [threading.Thread(target=_post, args=(proxy.base_url, key, statuses)) for _ in range(20)]
        for t in threads:
            t.start()
        # hold every admitted call in flight until all 20 were either forwarded or refused
        end = time.monotonic() + 30
        while len(upstream.seen) + calls.qsize() < 20 and time.monotonic() < end:
            time.sleep(0.01)
        gate.set()
        for t in threads:
            t.join(30)
        recorded = _drain(calls, 20)
        spend = proxy.trial_spend("t-par")
    finally:
        proxy.stop()
    forwarded = [c for c in recorded if c.forwarded]
    refused = [c for c in recorded if not c.forwarded]
    assert len(forwarded) + len(refused) == 20 and refused and all(c.status == 429 for c in refused)
    spent = sum(c.cost.cost_usd or 0.0 for c in forwarded)
    assert spent <= limit + worst
    assert len(forwarded) <= 4  # all in flight at once: 3.5 worst cases, a remainder above 0 admits one
    assert spend.budget_exhausted and abs(spend.cost_usd_known - spent) < 1e-12


def test_calls_whose_cost_cannot_be_read_are_charged_their_worst_case(upstream: LocalUpstream) -> None:
    worst = _worst()
    limit = 2.5 * worst
    # a 200 whose body carries no usage (the recorded completion without its `usage` object)
    doc = json.loads(OK.body)
    doc.pop("usage")
    upstream.push(*[Reply(200, headers=dict(OK.headers), chunks=[json.dumps(doc).encode()]) for _ in range(10)])
    calls: queue.Queue[ModelCall] = queue.Queue()
    proxy = make_proxy(upstream, calls)
    proxy.start()
    try:
        key = proxy.register_trial("t-unread", budget_usd=limit)
        statuses: list[int] = []
        for _ in range(10):
            _post(proxy.base_url, key, statuses)
        recorded = _drain(calls, 10)
        spend = proxy.trial_spend("t-unread")
    finally:
        proxy.stop()
    forwarded = [c for c in recorded if c.forwarded]
    assert len(forwarded) == 3 and statuses.count(429) == 7  # 2.5 worst cases: the third is the last
    assert all(c.cost.cost_usd is None for c in forwarded)  # never known spend...
    assert spend.cost_usd_known == 0.0 and spend.charged_unknown_usd == 3 * worst  # ...but charged
    assert spend.budget_exhausted


def test_an_unpriced_model_under_a_limit_is_refused_naming_the_fix(upstream: LocalUpstream) -> None:
    calls: queue.Queue[ModelCall] = queue.Queue()
    proxy = make_proxy(upstream, calls)
    proxy.start()
    try:
        key = proxy.register_trial("t-unpriced", budget_usd=1.0)
        with httpx.Client(base_url=proxy.base_url, timeout=10) as c:
            r = c.post("/v1/chat/completions", json={"model": "no-such-model-xyz", "messages": []},
                       headers={"authorization": f"Bearer {key}"})  # fmt: skip
        call = calls.get(timeout=patient(10))
    finally:
        proxy.stop()
    assert r.status_code == 429 and not call.forwarded and upstream.seen == []
    assert "no price is known for model 'no-such-model-xyz'" in (call.error or "") and "--prices" in (call.error or "")


def test_a_shared_pool_holds_across_threads() -> None:
    run = SpendPool(1.0)
    trial_pools = [SpendPool(None) for _ in range(50)]
    held: list[object] = []

    def take(pool: SpendPool) -> None:
        for _ in range(20):
            held.append(reserve((pool, run), 0.01))

    threads = [threading.Thread(target=take, args=(p,)) for p in trial_pools]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    ok = [h for h in held if not isinstance(h, SpendPool)]
    assert 100 <= len(ok) <= 101  # 1.0 / 0.01 (one more if rounding leaves a crumb)
    assert run.reserved_usd <= 1.0 + 0.01 + 1e-9
    for h in ok:
        h.settle(0.005)  # type: ignore[union-attr]
    assert abs(run.spent_usd - 0.005 * len(ok)) < 1e-9 and run.reserved_usd < 1e-9


def test_without_a_limit_unread_calls_are_still_charged_their_worst_case(upstream: LocalUpstream) -> None:
    """With no spend limit the worst case is priced only when a call's cost stays unknown, and is
    then charged as a limited trial's would be; calls of known cost never price it."""
    worst = _worst()
    doc = json.loads(OK.body)
    doc.pop("usage")
    upstream.push(
        Reply(200, headers=dict(OK.headers), chunks=[OK.body]),
        *[Reply(200, headers=dict(OK.headers), chunks=[json.dumps(doc).encode()]) for _ in range(2)],
    )
    calls: queue.Queue[ModelCall] = queue.Queue()
    proxy = make_proxy(upstream, calls)
    proxy.start()
    try:
        key = proxy.register_trial("t-free")
        statuses: list[int] = []
        for _ in range(3):
            _post(proxy.base_url, key, statuses)
        recorded = _drain(calls, 3)
        spend = proxy.trial_spend("t-free")
    finally:
        proxy.stop()
    assert statuses == [200, 200, 200]
    known = [c.cost.cost_usd for c in recorded if c.cost.cost_usd is not None]
    assert len(known) == 1 and spend.cost_usd_known == known[0]
    assert spend.charged_unknown_usd == 2 * worst
    assert not spend.budget_exhausted
