"""A call is priced only at a price that is the call's (count28).

Two ways main gave a known cost below the bill, through the real proxy between a real httpx client and a real local
upstream over loopback, answering recorded Messages body 09 (`anthropic/09-recorded-prompt-cache-read-write`):

- A user price file without `cache_write_usd_per_mtok` priced cache writes at the input price. Anthropic bills a
  5-minute write at 1.25 times the input price (Claude API docs, "Prompt caching", "Pricing"): the 2,000 writes here
  cost $0.0075, main charged $0.0060. Now such a call is `unpriced`, saying why; a file that gives the price prices it.
- A response naming another model than the request, one no table prices, was priced as the requested model (here a
  router's `acme-router-pick-7` answered a request for `claude-sonnet-4-5`, priced as Sonnet). Now it is `unpriced`
  with both names; a dated or pinned form of the requested id is still priced as it (`dated_form`).
"""

from __future__ import annotations

import json
import queue
from pathlib import Path
from typing import Any

import httpx
import pytest
from meter_fixtures import RECORDED
from meter_rig import PATHS, Rig, make_proxy
from meter_upstream import LocalUpstream, Reply

from memeval.meter import ModelCall, PriceBook
from memeval.meter._prices import OTHER_MODEL_UNPRICED, dated_form
from memeval.meter._userprices import WRITE_UNPRICED

MESSAGES = next(r for r in RECORDED if r.name == "anthropic/09-recorded-prompt-cache-read-write/1-200.json")
USER_MODEL = "team-claude-1"
"""A model no pinned table prices: the user file's."""
PRICES = (
    f'[models."{USER_MODEL}"]\ninput_usd_per_mtok = 3.0\noutput_usd_per_mtok = 15.0\ncache_read_usd_per_mtok = 0.3\n'
)


def _call(upstream: LocalUpstream, tmp_path: Path, *, requested: str, body: dict[str, Any], prices: str) -> ModelCall:
    """One plain call asking for `requested`, answered by `body` with body 09's recorded headers; its record."""
    file = tmp_path / "prices.toml"
    file.write_text(prices)
    calls: queue.Queue[ModelCall] = queue.Queue()
    proxy = make_proxy(upstream, calls, prices=PriceBook(file))
    proxy.start()
    try:
        rig = Rig(upstream, proxy, calls)
        headers = dict(MESSAGES.headers)
        upstream.push(Reply(200, headers=headers, chunks=[json.dumps(body).encode()], content_length=True))
        key = proxy.register_trial("t-1")
        request = {"model": requested, "max_tokens": 64, "messages": [{"role": "user", "content": "hi"}]}
        auth = {"authorization": f"Bearer {key}", "x-api-key": key, "anthropic-version": "2023-06-01"}
        with httpx.Client(base_url=proxy.base_url, timeout=10) as client:
            r = client.post(PATHS[MESSAGES.api], json=request, headers=auth)
        assert r.status_code == 200, r.text
        return rig.next_call()
    finally:
        proxy.stop()


def _body(model: str, writes: int) -> dict[str, Any]:
    body = json.loads(MESSAGES.body)
    body["model"] = model
    body["usage"]["cache_creation_input_tokens"] = writes
    body["usage"]["cache_creation"] = {"ephemeral_5m_input_tokens": writes, "ephemeral_1h_input_tokens": 0}
    return body


def test_cache_writes_with_no_write_price_are_not_priced(upstream: LocalUpstream, tmp_path: Path) -> None:
    call = _call(upstream, tmp_path, requested=USER_MODEL, body=_body(USER_MODEL, 2000), prices=PRICES)
    assert call.cache_write_tokens == 2000 and call.completed, call
    # main: a known cost with the 2,000 writes at the input price ($3 where the bill says $3.75 a million)
    assert call.cost.cost_usd is None and call.cost.reason == "unpriced", call.cost
    assert f"2000 {WRITE_UNPRICED} of model {USER_MODEL}" in (call.cost.price_source or ""), call.cost


def test_cache_writes_are_priced_at_the_files_write_price(upstream: LocalUpstream, tmp_path: Path) -> None:
    prices = PRICES + "cache_write_usd_per_mtok = 3.75\n"
    call = _call(upstream, tmp_path, requested=USER_MODEL, body=_body(USER_MODEL, 2000), prices=prices)
    usage = json.loads(MESSAGES.body)["usage"]
    want = (usage["input_tokens"] * 3.0 + usage["cache_read_input_tokens"] * 0.3 + 2000 * 3.75) / 1e6
    want += usage["output_tokens"] * 15.0 / 1e6
    assert call.cost.cost_usd == pytest.approx(want, rel=1e-12), call.cost


def test_a_call_that_wrote_nothing_needs_no_write_price(upstream: LocalUpstream, tmp_path: Path) -> None:
    call = _call(upstream, tmp_path, requested=USER_MODEL, body=_body(USER_MODEL, 0), prices=PRICES)
    assert call.cost.cost_usd is not None and call.cost.cost_usd > 0, call.cost


def test_a_response_naming_another_unknown_model_is_not_priced_as_the_requested(
    upstream: LocalUpstream, tmp_path: Path
) -> None:
    call = _call(upstream, tmp_path, requested="claude-sonnet-4-5", body=_body("acme-router-pick-7", 0), prices=PRICES)
    assert call.response_model == "acme-router-pick-7" and call.requested_model == "claude-sonnet-4-5", call
    # main: priced as claude-sonnet-4-5 by genai-prices, a model the response says did not serve the call
    assert call.cost.cost_usd is None and call.cost.reason == "unpriced", call.cost
    source = call.cost.price_source or ""
    assert OTHER_MODEL_UNPRICED in source and "'acme-router-pick-7'" in source and "'claude-sonnet-4-5'" in source


def test_the_requested_model_itself_is_still_priced(upstream: LocalUpstream, tmp_path: Path) -> None:
    call = _call(upstream, tmp_path, requested="claude-sonnet-4-5", body=_body("claude-sonnet-4-5", 0), prices=PRICES)
    assert call.cost.cost_usd is not None and call.cost.cost_usd > 0, call.cost


@pytest.mark.parametrize(
    ("served", "requested", "same"),
    [
        ("gpt-4o-2024-08-06", "gpt-4o", True),
        ("claude-sonnet-4-5-20250929", "claude-sonnet-4-5", True),
        ("claude-sonnet-4-5-20250929", "claude-sonnet-4-5-latest", True),
        ("gemini-1.5-pro-002", "gemini-1.5-pro", True),
        ("anthropic.claude-v2-v1:0", "anthropic.claude-v2", True),
        ("GPT-4o", "gpt-4o", True),
        ("gpt-4o-mini", "gpt-4o", False),
        ("gpt-4o-mini-2024-07-18", "gpt-4o", False),
        ("acme-router-pick-7", "claude-sonnet-4-5", False),
        ("gpt-4", "gpt-4o", False),
        ("claude-opus-4-1", "claude-opus-4", True),  # a minor version reads as pinned; genai-prices knows both anyway
    ],
)
def test_dated_form(served: str, requested: str, same: bool) -> None:
    assert dated_form(served, requested) is same
