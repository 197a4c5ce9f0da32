"""Usage whose parts do not add up to their whole is not a measurement (breaker26, 2026-12-05).

A response's cache reads are part of its prompt (OpenAI's `cached_tokens` of `prompt_tokens` / `input_tokens`),
its 1-hour cache writes part of its cache writes (Anthropic's `ephemeral_1h_input_tokens`), its reasoning part of
its output. On main an upstream answering a part larger than its whole had the counts recorded as measured: the
trial's tokens read `cache_read 40200` beside `input 4020`, and the cost was `unpriced: model gpt-4o-mini` (genai-
prices refused the usage), which says no price is known for a model that has one; with a user price file the call
got a known cost for 40,200 cached tokens of a 4,020-token prompt. An Anthropic compaction call whose `iterations`
held one iteration without a readable `output_tokens` was priced over the other iterations alone, a known cost
that undercounts what was billed. Now such a call is unmeasured: no token count, cost `usage_missing`, its reason
saying what does not add up (counted as unmeasured by the projection, not as an error). The real proxy between a
real httpx client and a real local upstream over loopback, the bodies recorded replies with their counts changed.
"""

from __future__ import annotations

import json
import queue
from pathlib import Path
from typing import Any

import pytest
from meter_fixtures import RECORDED
from meter_rig import Rig, make_proxy, post_recorded
from meter_upstream import LocalUpstream

from memeval.meter import ModelCall, PriceBook
from memeval.results._calls import tally_calls

RECORDED_BY_NAME = {r.name: r for r in RECORDED}
CHAT = RECORDED_BY_NAME["openai-chat/12-recorded-prompt-cache-write-then-read/1-200.json"]
RESPONSES = RECORDED_BY_NAME["openai-responses/14-recorded-prompt-cache-write-then-read/1-200.json"]
MESSAGES = RECORDED_BY_NAME["anthropic/09-recorded-prompt-cache-read-write/2-200.json"]


def _chat_cached_past_prompt() -> tuple[Any, dict[str, Any]]:
    body = json.loads(CHAT.body)
    body["model"] = "gpt-4o-mini"  # a model genai-prices knows
    body["usage"]["prompt_tokens_details"]["cached_tokens"] = body["usage"]["prompt_tokens"] * 10
    return CHAT, body


def _responses_cached_past_prompt() -> tuple[Any, dict[str, Any]]:
    body = json.loads(RESPONSES.body)
    body["model"] = "gpt-4o-mini"
    body["usage"]["input_tokens_details"]["cached_tokens"] = body["usage"]["input_tokens"] + 1
    return RESPONSES, body


def _chat_reasoning_past_output() -> tuple[Any, dict[str, Any]]:
    body = json.loads(CHAT.body)
    body["model"] = "gpt-4o-mini"
    body["usage"]["completion_tokens_details"]["reasoning_tokens"] = body["usage"]["completion_tokens"] + 500
    return CHAT, body


def _messages_1h_past_writes() -> tuple[Any, dict[str, Any]]:
    body = json.loads(MESSAGES.body)
    body["usage"]["cache_creation"]["ephemeral_1h_input_tokens"] = body["usage"]["cache_creation_input_tokens"] * 20
    return MESSAGES, body


def _messages_iteration_unread() -> tuple[Any, dict[str, Any]]:
    body = json.loads(MESSAGES.body)
    usage = body["usage"]
    usage["iterations"] = [
        {"type": "compaction", "input_tokens": 180000, "output_tokens": None},  # what the compaction wrote: unread
        {"type": "message", "input_tokens": usage["input_tokens"], "output_tokens": usage["output_tokens"]},
    ]
    return MESSAGES, body


CASES = {
    "chat-cached-10x-prompt": (_chat_cached_past_prompt, "cache reads and writes"),
    "responses-cached-past-prompt": (_responses_cached_past_prompt, "cache reads and writes"),
    "chat-reasoning-past-output": (_chat_reasoning_past_output, "reasoning tokens"),
    "messages-1h-writes-past-writes": (_messages_1h_past_writes, "1-hour cache writes"),
    "messages-compaction-output-null": (_messages_iteration_unread, "iteration 1 of 2 has no readable output_tokens"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_usage_that_does_not_add_up_is_unmeasured_not_priced(rig: Rig, case: str) -> None:
    build, why = CASES[case]
    rec, body = build()
    call = post_recorded(rig, rec, body, f"t-{case}")
    counts = (call.input_tokens, call.output_tokens, call.cache_read_tokens, call.reasoning_tokens)
    assert counts == (None, None, None, None), call  # main: the contradicting counts, recorded as measured
    assert call.cost.cost_usd is None and call.cost.reason == "usage_missing", call.cost  # main: unpriced / priced
    assert call.error is not None and call.error.startswith("the usage does not add up: ") and why in call.error
    assert rig.proxy.trial_spend(f"t-{case}").usage_missing_calls == 1
    tally = tally_calls([call])
    assert tally.errors == 0 and tally.unmeasured == {call.error: 1}, tally  # unmeasured, not an error
    assert tally.cost_usd is None and tally.cost_missing == f"usage_missing: model {call.response_model}"


def test_a_user_price_file_prices_no_cache_reads_past_the_prompt(upstream: LocalUpstream, tmp_path: Path) -> None:
    prices = tmp_path / "prices.toml"
    prices.write_text('[models."gpt-4o-mini"]\ninput_usd_per_mtok = 1.0\noutput_usd_per_mtok = 4.0\n')
    calls: queue.Queue[ModelCall] = queue.Queue()
    proxy = make_proxy(upstream, calls, prices=PriceBook(prices))
    proxy.start()
    try:
        rec, body = _responses_cached_past_prompt()
        body["usage"]["input_tokens_details"]["cached_tokens"] = 10**9  # priced on main: about 1,000 USD
        call = post_recorded(Rig(upstream, proxy, calls), rec, body, "t-user-price")
    finally:
        proxy.stop()
    assert call.cost.cost_usd is None and call.cost.reason == "usage_missing", call.cost


def test_usage_that_adds_up_is_still_priced(rig: Rig) -> None:
    body = json.loads(CHAT.body)
    body["model"] = "gpt-4o-mini"
    details = body["usage"]["prompt_tokens_details"]
    details["cached_tokens"], details["cache_write_tokens"] = body["usage"]["prompt_tokens"], 0  # all cached: a whole
    call = post_recorded(rig, CHAT, body, "t-whole")
    assert call.input_tokens == body["usage"]["prompt_tokens"] and call.cost.cost_usd is not None, call
    assert call.error is None and call.completed, call
    rec, body = _messages_iteration_unread()
    body["usage"]["iterations"][0]["output_tokens"] = 2000
    body["usage"]["iterations"][1]["cache_read_input_tokens"] = None  # a null cache count is none, as at top level
    call = post_recorded(rig, rec, body, "t-summed")
    assert call.output_tokens == 2000 + body["usage"]["output_tokens"] and call.cost.cost_usd is not None, call
