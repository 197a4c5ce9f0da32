"""The records the meter produces: `Cost`, `ModelCall`, `TrialSpend`, and the `Upstream` config."""

from __future__ import annotations

from pydantic import AwareDatetime, BaseModel, ConfigDict, SecretStr

from memeval.meter._providers import Api, Provider
from memeval.types import CostReason, Role

__all__ = ["Api", "Cost", "ModelCall", "Provider", "TrialSpend", "Upstream"]


class Upstream(BaseModel):
    """Where the proxy forwards one provider's calls, with the real key only the proxy holds.

    Attributes:
        base_url: like the SDKs' base URL: OpenAI's includes `/v1` (`https://api.openai.com/v1`),
            Anthropic's does not (`https://api.anthropic.com`), as with `ANTHROPIC_BASE_URL`; nor
            does Google's (`https://generativelanguage.googleapis.com`).
        api_key: the real key, sent upstream in place of the trial's placeholder; None sends none.
    """

    model_config = ConfigDict(frozen=True)

    base_url: str
    api_key: SecretStr | None = None


class Cost(BaseModel):
    """The price of one call, computed at the call's time, or why there is none (never 0).

    Attributes:
        cost_usd: US dollars, or None when `reason` says why not.
        reason: None when priced; `unpriced` (no price known for the model, or for the tools the
            provider ran itself in the call: web search, code execution) or `usage_missing`
            (the response carried no usage: an error status, a cut stream, an unreadable body).
        price_source: `genai-prices <version>` or `user:<path>`: the table used, or the one that
            was consulted and did not know the model; None when nothing was looked up.
        priced_as: the model id the price table matched (`openai:gpt-4o`), None when unpriced.
    """

    model_config = ConfigDict(frozen=True)

    cost_usd: float | None
    reason: CostReason | None = None
    price_source: str | None = None
    priced_as: str | None = None


UPSTREAM_CUT = "the upstream connection failed mid-response"
"""How the `error` of a call starts whose upstream connection failed after its answer began (the provider's server
or its network dropped it): the provider failed the call, as a 5xx would (`memeval.runner._callstats.CallStats`)."""


class ModelCall(BaseModel):
    """One model call (one HTTP attempt) seen by the proxy.

    Token fields follow `ParsedUsage`: `input_tokens` is the whole prompt, cache parts included
    (cache reads and writes are parts of it, never extra); a field not carried is None.

    Attributes:
        call_id: random id of this record.
        trial_id: the trial whose placeholder key made the call.
        role: `subject` (the agent under test) or `assessor` (a judge model).
        provider: the upstream the call went to.
        api: the wire API of the route.
        requested_model: the `model` of the request body, or None.
        response_model: the model the response named (as the provider resolved it), or None.
        status: HTTP status returned to the caller (the upstream's, or the proxy's own refusal).
        attempt: 1-based; from the SDK's `x-stainless-retry-count` header (+1), else 1.
        streamed: the response was an SSE stream.
        completed: the response reached its end with its final usage (see `ParsedUsage`).
        forwarded: False when the proxy refused the call itself (budget exhausted).
        tool_calls: client-executed tool calls asked for; None when no response was read.
        tool_names: their names, in order.
        hosted_tool_calls: provider-executed tool uses.
        started_at: when the request reached the proxy (UTC).
        latency_ms: until the last response byte was passed on.
        ttfb_ms: until the first response body byte came from the upstream; None if none came.
        cost: the price, or why there is none.
        error: the provider's error, the reason the response is incomplete, or the refusal.
        error_status: for a response that began 2xx and then carried the provider's error object (a stream's
            error event: Anthropic `overloaded_error`, OpenAI `server_error`, ...), the HTTP status that error
            stands for (`memeval.meter._errors`: 529, 500, ...); None otherwise. The call failed as a response
            of that status would have, and is counted so (`outcome_status`).
    """

    model_config = ConfigDict(frozen=True)

    call_id: str
    trial_id: str
    role: Role
    provider: Provider
    api: Api
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
    cost: Cost
    error: str | None
    error_status: int | None = None

    @property
    def outcome_status(self) -> int:
        """What the call's outcome stands for: `error_status` if the provider failed it mid-stream, else `status`."""
        return self.status if self.error_status is None else self.error_status


class TrialSpend(BaseModel):
    """What one trial spent so far, as the proxy counted it.

    Attributes:
        cost_usd_known: sum of the calls whose cost is known, in USD (unpriced calls excluded).
        calls: every recorded call of the trial (all attempts, refusals included).
        unpriced_calls: calls with usage whose model has no price (`reason="unpriced"`).
        usage_missing_calls: calls answered 2xx whose usage could not be read.
        budget_usd: the trial's limit, or None for no limit.
        budget_exhausted: the limit was reached (known spend plus worst cases charged for calls
            that could not be measured), or a call was refused for it.
    """

    model_config = ConfigDict(frozen=True)

    cost_usd_known: float
    calls: int
    unpriced_calls: int
    usage_missing_calls: int
    budget_usd: float | None
    budget_exhausted: bool
    charged_unknown_usd: float = 0.0
    """Worst cases charged against the limit for calls whose cost could not be measured, USD
    (never part of the known spend)."""
    in_flight: int = 0
    """Calls forwarded and not yet recorded (a response still arriving, or its record not yet made)."""
