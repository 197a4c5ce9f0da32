"""A prompt within the model's documented context window is priced, where the price table rounds the window down.

genai-prices (pinned 0.2.5) gives GPT-4.1 a 1,000,000-token window where OpenAI documents 1,047,576, and Gemini 2.0
Flash (and four more Gemini models) 1,000,000 where Google documents 1,048,576 input tokens. count33 made a prompt
past the table's window `unpriced` (the table has no price for it); in these bands the provider bills the standard
prices the table has, so the call's cost was unknown where it is known. `memeval/meter/context_windows.toml` now
holds the documented windows with their pages; the prices stay genai-prices'. Guards: one token past the documented
window stays `unpriced`; count33's Claude Sonnet 4 past 200k stays `unpriced`; every entry of the file names a model
the table has, with no long-prompt tier and a smaller window there (an entry the table has caught up with fails).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from genai_prices import data_snapshot
from meter_rig import Rig
from meter_upstream import Reply

from memeval.meter import PriceBook, parse_body
from memeval.meter._prices import _tiered
from memeval.meter._windows import load_windows

FIXTURES = Path(__file__).parents[1] / "fixtures" / "meter"
CHAT = json.loads((FIXTURES / "openai-chat" / "12-recorded-prompt-cache-write-then-read" / "1-200.json").read_text())
"""A recorded chat completion (gpt-5.6-sol, 4,020 prompt tokens, 4 out), renamed and made long below."""
GEMINI = json.loads((FIXTURES / "gemini" / "22-recorded-max-tokens-thinking-only.json").read_text())
"""A recorded Gemini answer (gemini-2.5-pro: 15 prompt tokens, 2 thoughts), renamed and made long below."""
AT = datetime(2026, 12, 7, tzinfo=UTC)


def _gpt41(prompt: int) -> dict[str, Any]:
    body = json.loads(json.dumps(CHAT))
    body["model"] = "gpt-4.1-2025-04-14"
    body["usage"]["prompt_tokens"] = prompt
    body["usage"]["prompt_tokens_details"]["cache_write_tokens"] = 0
    return body


def _post_chat(rig: Rig, body: dict[str, Any], trial: str) -> Any:
    rig.upstream.push(Reply(chunks=[json.dumps(body).encode()], content_length=True))
    key = rig.proxy.register_trial(trial)
    request = {"model": "gpt-4.1", "messages": [{"role": "user", "content": "hi"}]}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as client:
        r = client.post("/v1/chat/completions", json=request, headers={"authorization": f"Bearer {key}"})
    assert r.status_code == 200, r.text
    return rig.next_call()


def test_a_gpt_4_1_prompt_between_the_tables_window_and_the_documented_one_is_priced(rig: Rig) -> None:
    call = _post_chat(rig, _gpt41(1_020_000), "t-c34-w41")
    assert (call.input_tokens, call.output_tokens) == (1_020_000, 4)
    # main: `unpriced`, "past the 1000000-token context window"; gpt-4.1 is $2 in, $8 out per million
    assert call.cost.cost_usd == pytest.approx((1_020_000 * 2.0 + 4 * 8.0) / 1e6)


def test_one_token_past_the_documented_window_stays_unpriced(rig: Rig) -> None:
    call = _post_chat(rig, _gpt41(1_047_577), "t-c34-w41-past")
    assert (call.cost.cost_usd, call.cost.reason) == (None, "unpriced")
    assert "a prompt of 1047577 tokens, past the 1047576-token context window" in (call.cost.price_source or "")


def _gemini_cost(model: str, prompt: int) -> Any:
    body = json.loads(json.dumps(GEMINI))
    body["modelVersion"] = model
    body["usageMetadata"]["promptTokenCount"] = prompt
    body["usageMetadata"]["totalTokenCount"] = prompt + 2
    usage = parse_body("gemini-generate-content", json.dumps(body).encode())
    assert (usage.input_tokens, usage.output_tokens) == (prompt, 2)
    return PriceBook().cost(usage, provider="google", models=(model, model), at=AT)


@pytest.mark.parametrize("model", ["gemini-2.0-flash", "gemini-3-flash-preview"])
def test_a_gemini_prompt_within_its_documented_input_limit_is_priced(model: str) -> None:
    cost = _gemini_cost(model, 1_040_000)
    assert cost.cost_usd is not None and cost.cost_usd > 0  # main: `unpriced`, past the table's 1,000,000
    assert _gemini_cost(model, 1_048_577).reason == "unpriced"


def test_a_window_the_table_has_right_is_left_as_it_is() -> None:
    """Claude Sonnet 4 past 200k (count33): no documented window overrides the table's, still `unpriced`."""
    usage = parse_body(
        "anthropic-messages",
        json.dumps(
            {
                "id": "msg_1",
                "type": "message",
                "role": "assistant",
                "model": "claude-sonnet-4-20250514",
                "content": [],
                "stop_reason": "end_turn",
                "usage": {"input_tokens": 240_000, "output_tokens": 10},
            }
        ).encode(),
    )
    cost = PriceBook().cost(usage, provider="anthropic", models=(usage.model, "claude-sonnet-4-0"), at=AT)
    assert cost.reason == "unpriced"


def test_every_documented_window_names_a_model_the_table_rounds_down() -> None:
    snapshot = data_snapshot.get_snapshot()
    entries = load_windows()
    assert entries
    for entry in entries:
        assert entry.source.startswith("https://") and entry.says and entry.checked
        for model in entry.models:
            provider, info = snapshot.find_provider_model(model, None, entry.provider, None)
            assert (provider.id, info.id) == (entry.provider, model)
            assert not _tiered(info.get_prices(AT)), f"{model} has a long-prompt tier: its window is not checked"
            assert info.context_window is not None and info.context_window < entry.tokens, (
                f"genai-prices now gives {model} a {info.context_window}-token window: drop the entry"
            )
