"""A call that asks for several answers reserves all of them against the spend limit.

Chat Completions' `n` (and Gemini's `candidateCount`) bills each answer its own output, up to
`max_tokens` each, but the worst case the proxy reserved before forwarding counted one answer. An
agent sending `n: 8` had eight answers' output land after the reservation of one, so calls in
flight together walked past the limit by about eight calls' worst cases, where README promises
at most one. Real proxy, real upstream on loopback, answering with `n * max_tokens` output tokens.
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

from memeval.meter import ModelCall, PriceBook, provider_named
from memeval.meter._prices import worst_case_usd

OK = next(r for r in RECORDED if r.name.endswith("12-recorded-prompt-cache-write-then-read/1-200.json"))
MODEL = OK.expected["model"]
N, MAX_TOKENS = 8, 2000
BODY = json.dumps(
    {"model": MODEL, "n": N, "max_tokens": MAX_TOKENS, "messages": [{"role": "user", "content": "hi"}]}
).encode()


def _answer() -> bytes:
    doc = json.loads(OK.body)
    doc["choices"] = [{**doc["choices"][0], "index": i} for i in range(N)]
    doc["usage"] = {"prompt_tokens": 10, "completion_tokens": N * MAX_TOKENS, "total_tokens": 10 + N * MAX_TOKENS}
    return json.dumps(doc).encode()


def _worst(choices: int) -> float:
    w = worst_case_usd(
        PriceBook(),
        provider="openai",
        model=MODEL,
        prompt_bytes=len(BODY),
        max_output_tokens=MAX_TOKENS * choices,  # what `choices` answers can be billed
        at=datetime.now(UTC),
    )
    assert w is not None and w > 0
    return w


def test_every_provider_reads_the_number_of_answers_asked_for() -> None:
    openai, google = provider_named("openai"), provider_named("google")
    assert openai.output_choices({"n": 8}) == 8 and openai.output_choices({"model": "m"}) == 1
    assert google.output_choices({"generationConfig": {"candidateCount": 4}}) == 4
    assert openai.output_choices({"n": True}) == openai.output_choices(None) == openai.output_choices({"n": -3}) == 1
    one = worst_case_usd(PriceBook(), provider="openai", model=MODEL, prompt_bytes=len(BODY),
                         max_output_tokens=MAX_TOKENS, at=datetime.now(UTC), choices=N)  # fmt: skip
    assert one == _worst(N) > 7 * _worst(1)


def _post(base: str, key: str, out: list[int]) -> None:
    with httpx.Client(base_url=base, timeout=30) as c:
        r = c.post("/v1/chat/completions", content=BODY,
                   headers={"authorization": f"Bearer {key}", "content-type": "application/json"})  # fmt: skip
        out.append(r.status_code)


def test_parallel_calls_asking_for_n_answers_pass_the_limit_by_at_most_one_worst_case(upstream: LocalUpstream) -> None:
    worst = _worst(N)
    limit = 2.5 * worst
    gate = threading.Event()
    upstream.push(*[Reply(200, headers=dict(OK.headers), chunks=[_answer()], gate=gate) for _ in range(12)])
    calls: queue.Queue[ModelCall] = queue.Queue()
    proxy = make_proxy(upstream, calls)
    proxy.start()
    try:
        key = proxy.register_trial("t-n", budget_usd=limit)
        statuses: list[int] = []
        threads = [threading.Thread(target=_post, args=(proxy.base_url, key, statuses)) for _ in range(12)]
        for t in threads:
            t.start()
        end = time.monotonic() + 30
        while len(upstream.seen) + calls.qsize() < 12 and time.monotonic() < end:
            time.sleep(0.01)
        gate.set()
        for t in threads:
            t.join(30)
        recorded = [calls.get(timeout=patient(20)) for _ in range(12)]
    finally:
        proxy.stop()
    forwarded = [c for c in recorded if c.forwarded]
    assert all(c.output_tokens == N * MAX_TOKENS for c in forwarded)
    spent = sum(c.cost.cost_usd or 0.0 for c in forwarded)
    assert spent <= limit + worst, (len(forwarded), spent, limit)
    assert 1 <= len(forwarded) <= 3 and statuses.count(429) == 12 - len(forwarded)
