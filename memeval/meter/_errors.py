"""A provider's error object, and the HTTP status it stands for: the same failure inside a stream or before it.

A provider may report a failure inside a response that began `200 OK`, once the stream is under way: Anthropic's
`event: error` (Claude API docs, "Streaming Messages": an `overloaded_error` there "would normally correspond to an
HTTP 529 in a non-streaming context"), OpenAI Chat Completions' chunk `{"error": {"message", "type", "param",
"code"}}` (what the OpenAI SDKs raise as an `APIError` mid-stream), the Responses API's `error` event and
`response.failed`, Gemini's `{"error": {"code", "message", "status"}}` element. The call then failed as it would
have with that status, and is counted so (`ModelCall.error_status`): an overloaded stream is the provider's 529, not
a success. The tables below are each provider's documented error kinds and their statuses.
"""

from __future__ import annotations

from typing import Any

from memeval.meter._usage import UsageState, error_text

SERVER_ERROR = 500
"""The status of an error object whose kind no table names: a failure the provider reported, on its side."""

ANTHROPIC_ERRORS = {
    "invalid_request_error": 400,
    "authentication_error": 401,
    "billing_error": 402,
    "permission_error": 403,
    "not_found_error": 404,
    "request_too_large": 413,
    "rate_limit_error": 429,
    "api_error": 500,
    "timeout_error": 504,
    "overloaded_error": 529,
}
"""Anthropic's error `type` -> its HTTP status (Claude API docs, "Errors"; `billing_error` and `timeout_error` as
the SDKs' `ErrorType` names them, with their `BillingError` and `GatewayTimeoutError`)."""

OPENAI_ERRORS = {
    "invalid_request_error": 400,
    "invalid_prompt": 400,
    "invalid_api_key": 401,
    "invalid_authentication": 401,
    "unsupported_country_region_territory": 403,
    "model_not_found": 404,
    "rate_limit_exceeded": 429,
    "insufficient_quota": 429,
    "requests": 429,
    "tokens": 429,
    "server_error": 500,
    "service_unavailable": 503,
}
"""OpenAI's error `code` or `type` -> its HTTP status (OpenAI API docs, "Error codes"; the Responses API's
`response.failed` and `error` event codes such as `server_error`, `rate_limit_exceeded`, `invalid_prompt`)."""


def error_status(table: dict[str, int], *kinds: Any) -> int:
    """The HTTP status a provider's error object stands for, by the first of its `kinds` that says one.

    Args:
        table: the provider's error kinds (`type` or `code` values) and their statuses (`ANTHROPIC_ERRORS`, ...).
        kinds: the object's `code`, `type`, ... in order of preference; an integer in 400-599 (the `code` of
            Gemini's errors and of OpenAI-compatible servers) is a status itself.

    Returns:
        The first kind that is a status or that `table` names, else `SERVER_ERROR` (500).
    """
    for kind in kinds:
        if isinstance(kind, int) and not isinstance(kind, bool) and 400 <= kind <= 599:
            return kind
        if isinstance(kind, str) and kind in table:
            return table[kind]
    return SERVER_ERROR


def read_error(state: UsageState, error: Any, table: dict[str, int], *keys: str, fallback: str | None = None) -> None:
    """Fill `state` from a provider's error object: its text (`type: message`) and the status it stands for.

    Args:
        state: the accumulator.
        error: the error object, as parsed (anything else, or an empty object, is no error object).
        table: the provider's statuses (`ANTHROPIC_ERRORS`, `OPENAI_ERRORS`).
        keys: the object's keys naming its kind, in order of preference (`error_status`).
        fallback: the error text when `error` is no error object (its status then stays unknown); None: `state`
            is left as it was.
    """
    if isinstance(error, dict) and error:
        state.error = error_text(error)
        state.error_status = error_status(table, *(error.get(k) for k in keys))
    elif fallback is not None:
        state.error = fallback
