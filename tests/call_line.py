"""One `model.called` line for tests that write logs by hand (the proxy's record of one answered call)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from memeval.eventlog import CostRecord, ModelCalled, ModelCallRecord


def call_line(call_id: str = "c1", trial_id: str = "t:pack:1", usd: float = 0.001) -> dict[str, Any]:
    """A `model.called` line's JSON (seq 1, no attempt named, 10 tokens in, 2 out, `usd`) of call `call_id`."""
    call = ModelCallRecord(
        call_id=call_id,
        trial_id=trial_id,
        role="subject",
        provider="openai",
        api="openai-chat",
        requested_model="m",
        response_model="m",
        status=200,
        attempt=1,
        streamed=False,
        completed=True,
        input_tokens=10,
        uncached_input_tokens=10,
        output_tokens=2,
        cache_read_tokens=0,
        cache_write_tokens=None,
        reasoning_tokens=None,
        tool_calls=1,
        tool_names=("bash",),
        hosted_tool_calls=0,
        started_at=datetime(2026, 11, 30, 9, tzinfo=UTC),
        latency_ms=900,
        ttfb_ms=300,
        cost=CostRecord(cost_usd=usd),
        error=None,
    )
    ev = ModelCalled(trial_id=trial_id, call=call, seq=1, at=datetime(2026, 11, 30, 9, 0, 1, tzinfo=UTC))
    return ev.model_dump(mode="json")
