"""A request naming an absurd `max_tokens` is answered cleanly, never with a 500, and is still metered.

Found by a breaker: the worst case a call reserves before it is forwarded multiplies the request's `max_tokens`
by the model's price. An agent sending `max_tokens: 10**400` (valid JSON) made that product overflow a float
(a user-priced model: OverflowError) or an infinite worst case; the proxy answered 500 Internal Server Error
and the call was not recorded as the agent's. Now a bound past any model's output is clipped to the largest
count memeval prices (`MAX_OUTPUT_TOKENS`): the worst case stays finite, a spend limit refuses it as it would any
over-limit call (the provider's error shape, a budget refusal), and without a limit it is forwarded as sent.
Real proxy, real upstream on loopback.
"""

from __future__ import annotations

import json
import queue
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from meter_fixtures import RECORDED
from meter_rig import make_proxy
from meter_upstream import LocalUpstream, Reply
from patience import patient

from memeval.meter import ModelCall, PriceBook
from memeval.meter._prices import worst_case_usd

OK = next(r for r in RECORDED if r.name.endswith("12-recorded-prompt-cache-write-then-read/1-200.json"))
MODEL = OK.expected["model"]
HUGE = [10**30, 10**400, 2**63, 10**4000]  # 10**5000 is past Python's int-from-text limit: not JSON to the proxy


def _body(max_tokens: int, model: str = MODEL) -> bytes:
    msgs = [{"role": "user", "content": "hi"}]
    return json.dumps({"model": model, "max_tokens": max_tokens, "messages": msgs}).encode()


def _user_prices(tmp_path: Path) -> PriceBook:
    f = tmp_path / "prices.toml"
    f.write_text(
        '[models."private-1"]\ninput_usd_per_mtok = 3.0\noutput_usd_per_mtok = 15.0\ncache_write_usd_per_mtok = 3.75\n'
    )
    return PriceBook(f)


@pytest.mark.parametrize("max_tokens", HUGE, ids=lambda n: f"{len(str(n))}-digits")
def test_the_worst_case_of_a_huge_bound_is_a_finite_number(tmp_path: Path, max_tokens: int) -> None:
    for book, model in ((PriceBook(), MODEL), (_user_prices(tmp_path), "private-1")):
        w = worst_case_usd(book, provider="openai", model=model, prompt_bytes=100, max_output_tokens=max_tokens,
                           at=datetime.now(UTC))  # fmt: skip
        assert w is not None and 0 < w < float("inf"), (model, w)


@pytest.mark.parametrize("budget", [None, 5.0])
@pytest.mark.parametrize("model", [MODEL, "private-1"])
def test_a_huge_max_tokens_is_forwarded_and_metered_never_a_500(
    upstream: LocalUpstream, tmp_path: Path, budget: float | None, model: str
) -> None:
    calls: queue.Queue[ModelCall] = queue.Queue()
    upstream.push(*[Reply(200, headers=dict(OK.headers), chunks=[OK.body]) for _ in HUGE])
    no_usage = {k: v for k, v in json.loads(OK.body).items() if k != "usage"}
    upstream.push(Reply(200, headers=dict(OK.headers), chunks=[json.dumps(no_usage).encode()]))
    proxy = make_proxy(upstream, calls, prices=_user_prices(tmp_path))
    proxy.start()
    try:
        key = proxy.register_trial("t-huge", budget_usd=budget)
        with httpx.Client(base_url=proxy.base_url + "/v1", timeout=30) as c:
            for max_tokens in HUGE:
                r = c.post("/chat/completions", content=_body(max_tokens, model),
                           headers={"authorization": f"Bearer {key}", "content-type": "application/json"})  # fmt: skip
                # a remainder above zero admits a call whatever its worst case (README: a limit is passed by at
                # most one call): forwarded as sent, its measured cost settles the reservation
                assert r.status_code == 200, (max_tokens, r.text[:300])
                call = calls.get(timeout=patient(10))
                assert call.trial_id == "t-huge" and call.status == 200
            # an answer whose usage cannot be read is charged its worst case: a finite one
            r = c.post("/chat/completions", content=_body(10**400, model),
                       headers={"authorization": f"Bearer {key}", "content-type": "application/json"})  # fmt: skip
            assert r.status_code == 200, r.text[:300]
            calls.get(timeout=patient(10))  # recorded before the spend is read
        spend = proxy.trial_spend("t-huge")
        assert spend.calls == len(HUGE) + 1 and 0 < spend.cost_usd_known < 1, spend
        assert 0 < spend.charged_unknown_usd < float("inf"), spend
    finally:
        proxy.stop()
