"""A prompt past the context window the price table prices has no known cost.

Claude Sonnet 4 serves prompts up to 1M tokens with a beta header and bills requests over 200k input tokens at
long-context rates, $6 in and $22.50 out per million against $3 and $15 (Claude API docs, "Pricing", Long context
pricing); genai-prices (pinned 0.2.5) has `claude-sonnet-4-0` with a 200,000-token window and the standard prices
only. A long agent session's call (most of its prompt read from the cache) was priced at about half its bill. Now it
is `unpriced`, with the prompt and the window named. Guards: the same call under the window is priced; Claude Sonnet
4.5, whose long-prompt tier the table has, is priced at it; Claude Sonnet 4.6, whose 1M window is billed at its
standard prices ("the full 1M token context window at standard pricing", the same page) and which the table gives
that window, is priced. Recorded answers from pydantic-ai's cassettes (`tests/fixtures/meter/anthropic/26-...`,
`27-...`, `09-.../1-200.json`) with their usage made long, through the real proxy on 127.0.0.1.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from meter_rig import Rig, post_anthropic
from meter_upstream import Reply

from memeval.meter import ModelCall
from memeval.results._spend import unknown_cost_reason

FIXTURES = Path(__file__).parents[1] / "fixtures" / "meter" / "anthropic"
SONNET_4 = json.loads((FIXTURES / "26-recorded-web-fetch.json").read_text())
"""claude-sonnet-4-20250514, 7,262 in, 171 out (and a web fetch, billed as tokens)."""
SONNET_4_STREAM = (FIXTURES / "27-recorded-web-fetch-stream.sse").read_bytes()
SONNET_45 = json.loads((FIXTURES / "09-recorded-prompt-cache-read-write" / "1-200.json").read_text())
"""claude-sonnet-4-5-20250929, 3 in, 1,111 read from the cache, 406 out."""


def _cached(body: dict[str, Any], read: int) -> dict[str, Any]:
    """`body` with `read` prompt tokens read from the cache (the prompt's uncached part as recorded)."""
    out = json.loads(json.dumps(body))
    out["usage"]["cache_read_input_tokens"] = read
    return out


def _post(rig: Rig, body: dict[str, Any], trial: str) -> ModelCall:
    reply = Reply(chunks=[json.dumps(body).encode()], content_length=True)
    return post_anthropic(rig, reply, trial, str(body["model"]))


def test_a_claude_sonnet_4_prompt_past_200k_tokens_has_no_known_cost(rig: Rig) -> None:
    call = _post(rig, _cached(SONNET_4, 240_000), "t-c33-long")
    assert (call.input_tokens, call.output_tokens, call.completed) == (247_262, 171, True)
    # main: a known $0.096351 (standard prices), where the long-context rates bill $0.191420
    assert (call.cost.cost_usd, call.cost.reason) == (None, "unpriced")
    source = call.cost.price_source or ""
    assert "a prompt of 247262 tokens, past the 200000-token context window the price table prices" in source
    reason = unknown_cost_reason(call.cost.reason, call.response_model, call.hosted_tool_calls, source)
    assert reason == (
        "unpriced: a prompt of 247262 tokens, past the 200000-token context window the price table prices, "
        "of model claude-sonnet-4-20250514"
    )


def test_a_claude_sonnet_4_stream_past_200k_tokens_has_no_known_cost(rig: Rig) -> None:
    stream = SONNET_4_STREAM.replace(b'"cache_read_input_tokens":0', b'"cache_read_input_tokens":240000')
    assert stream != SONNET_4_STREAM
    reply = Reply(headers={"content-type": "text/event-stream"}, chunks=[stream])
    call = post_anthropic(rig, reply, "t-c33-long-stream", "claude-sonnet-4-0", stream=True)
    assert call.input_tokens is not None and call.input_tokens > 200_000
    assert (call.cost.cost_usd, call.cost.reason) == (None, "unpriced")  # main: priced at the standard prices


def test_the_same_call_under_the_window_is_priced(rig: Rig) -> None:
    call = _post(rig, _cached(SONNET_4, 150_000), "t-c33-short")
    assert call.input_tokens == 157_262
    assert call.cost.cost_usd == pytest.approx((7262 * 3.0 + 150_000 * 0.30 + 171 * 15.0) / 1e6)


def test_claude_sonnet_4_5_past_200k_is_priced_at_the_tables_long_prompt_tier(rig: Rig) -> None:
    call = _post(rig, _cached(SONNET_45, 240_000), "t-c33-long-45")
    assert call.input_tokens == 240_003
    # genai-prices' tier over 200k: $6 in, $0.60 cache reads, $22.50 out per million
    assert call.cost.cost_usd == pytest.approx((3 * 6.0 + 240_000 * 0.60 + 406 * 22.5) / 1e6)


def test_claude_sonnet_4_6_past_200k_is_priced_at_its_standard_prices(rig: Rig) -> None:
    body = _cached(SONNET_45, 240_000)
    body["model"] = "claude-sonnet-4-6"
    call = _post(rig, body, "t-c33-long-46")
    assert call.cost.cost_usd == pytest.approx((3 * 3.0 + 240_000 * 0.30 + 406 * 15.0) / 1e6)
