"""Typed payloads other parts hand to the run log: a model call and its cost.

These are the log's own schema, not the producer's classes: the meter's `ModelCall` may grow or
rename a field, but a line once written keeps meaning what it meant. A change here is a change of
the log format: bump the carrying event's `v` and register an upcaster (`memeval.eventlog._upcast`).
The writer (`memeval.runner._runmeter`) converts the meter's record field by field; a test checks
that both declare the same fields.
"""

from __future__ import annotations

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

from memeval.types import CostReason, Role


class CostRecord(BaseModel):
    """The price of one call, computed at the call's time, or why there is none (never 0).

    Attributes:
        cost_usd: US dollars, or None when `reason` says why not.
        reason: None when priced; `unpriced` (no price known for the model) or `usage_missing`
            (the response carried no usage: an error status, a cut stream, an unreadable body).
        price_source: `genai-prices <version>` or `user:<path>`: the table used, or the one
            consulted that did not know the model; None when nothing was looked up.
        priced_as: the model id the price table matched (`openai:gpt-4o`); None when unpriced.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    cost_usd: float | None
    reason: CostReason | None = None
    price_source: str | None = None
    priced_as: str | None = None


class ModelCallRecord(BaseModel):
    """One model call (one HTTP attempt) the metering proxy saw, as the run log keeps it.

    Token fields: `input_tokens` is the whole prompt, cache parts included (cache reads and
    writes are parts of it, never extra); None when the response did not carry the figure.

    Attributes:
        call_id: random id of this record (the key of its kept bodies, if any).
        trial_id: the trial that made the call (the registration suffixes removed).
        role: `subject` (the agent under test) or `assessor` (a judge model).
        provider: the meter's upstream name (`openai`, `anthropic`, `google`, ...).
        api: the wire API of the route (`openai-chat`, `anthropic-messages`, ...).
        requested_model / response_model: the model the request named / the response named.
        status: HTTP status returned to the agent (the upstream's, or the proxy's own refusal).
        attempt: 1-based retry number the SDK reported.
        streamed: the response was an SSE stream.
        completed: the response reached its end with its final usage.
        forwarded: False when the proxy refused the call itself (budget exhausted).
        input_tokens .. reasoning_tokens: token counts (see above).
        tool_calls: client-executed tool calls asked for; None when no response was read.
        tool_names: their names, in order.
        hosted_tool_calls: provider-executed tool uses.
        started_at: when the request reached the proxy (UTC).
        latency_ms: until the last response byte was passed on, milliseconds.
        ttfb_ms: until the first response body byte, milliseconds; None if none came.
        cost: the price, or why there is none.
        error: the provider's error, why the response is incomplete, or the refusal; None if none.
        error_status: the HTTP status the provider's error stands for when it came inside a response that began
            2xx (a stream's error event: Anthropic `overloaded_error` is 529); None otherwise, and in lines
            written before `model.called` v3 (left out of the line when None).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    call_id: str
    trial_id: str
    role: Role
    provider: str
    api: str
    requested_model: str | None
    response_model: str | None
    status: int
    attempt: int
    streamed: bool
    completed: bool
    forwarded: bool = True
    input_tokens: int | None
    uncached_input_tokens: int | None
    output_tokens: int | None
    cache_read_tokens: int | None
    cache_write_tokens: int | None
    reasoning_tokens: int | None
    tool_calls: int | None
    tool_names: tuple[str, ...]
    hosted_tool_calls: int | None
    started_at: AwareDatetime
    latency_ms: float
    ttfb_ms: float | None
    cost: CostRecord
    error: str | None
    error_status: int | None = Field(default=None, exclude_if=lambda v: v is None)

    @property
    def answered(self) -> bool:
        """The call got an answer that was not an error status (< 400)."""
        return self.status < 400

    @property
    def outcome_status(self) -> int:
        """What the call's outcome stands for: `error_status` if the provider failed it mid-stream, else `status`."""
        return self.status if self.error_status is None else self.error_status
