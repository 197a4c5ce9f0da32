"""The proxy's own answers (refusals, unreachable upstream) in each provider's error shape.

Shapes from the providers' API references: OpenAI `{"error": {"message", "type", "param",
"code"}}`; Anthropic `{"type": "error", "error": {"type", "message"}}`; Google (Gemini API)
`{"error": {"code": <HTTP status>, "message", "status": <google.rpc.Code name>}}`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Literal

from memeval.meter._records import Provider

Refusal = Literal["unknown_key", "budget", "no_upstream", "unreachable", "not_found"]

_STATUS: dict[Refusal, int] = {
    "unknown_key": 401,
    "budget": 429,
    "no_upstream": 502,
    "unreachable": 502,
    "not_found": 404,
}
_OPENAI_TYPE: dict[Refusal, tuple[str, str]] = {
    "unknown_key": ("invalid_request_error", "invalid_api_key"),
    "budget": ("insufficient_quota", "memeval_budget_exhausted"),
    "no_upstream": ("server_error", "memeval_no_upstream"),
    "unreachable": ("server_error", "memeval_upstream_unreachable"),
    "not_found": ("invalid_request_error", "unknown_url"),
}
_GOOGLE_STATUS: dict[Refusal, str] = {
    "unknown_key": "UNAUTHENTICATED",
    "budget": "RESOURCE_EXHAUSTED",
    "no_upstream": "UNAVAILABLE",
    "unreachable": "UNAVAILABLE",
    "not_found": "NOT_FOUND",
}
_ANTHROPIC_TYPE: dict[Refusal, str] = {
    "unknown_key": "authentication_error",
    "budget": "rate_limit_error",
    "no_upstream": "api_error",
    "unreachable": "api_error",
    "not_found": "not_found_error",
}


@dataclass(frozen=True)
class ErrorAnswer:
    """A status, headers and JSON body to send instead of forwarding."""

    status: int
    headers: list[tuple[bytes, bytes]]
    body: bytes


def error_answer(provider: Provider, refusal: Refusal, message: str) -> ErrorAnswer:
    """Build the provider-shaped answer for `refusal`.

    Budget refusals carry `x-should-retry: false`, which both providers' SDKs honour, so an agent
    does not retry a call that can never succeed.
    """
    if provider == "anthropic":
        payload: dict[str, object] = {
            "type": "error",
            "error": {"type": _ANTHROPIC_TYPE[refusal], "message": message},
        }
    elif provider == "google":
        payload = {
            "error": {
                "code": _STATUS[refusal],
                "message": message,
                "status": _GOOGLE_STATUS[refusal],
            }
        }
    else:
        kind, code = _OPENAI_TYPE[refusal]
        payload = {"error": {"message": message, "type": kind, "param": None, "code": code}}
    body = json.dumps(payload).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if refusal == "budget":
        headers.append((b"x-should-retry", b"false"))
    return ErrorAnswer(_STATUS[refusal], headers, body)
