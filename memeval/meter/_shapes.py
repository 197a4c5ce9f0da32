"""The proxy's own answers (refusals, unreachable upstream) in each provider's error shape.

The shape is the provider's (`ModelProvider.error_body`); the status is the refusal's
(`REFUSAL_STATUS`), the same for every provider.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from memeval.meter._provider import REFUSAL_STATUS, ModelProvider, Refusal

__all__ = ["ErrorAnswer", "Refusal", "error_answer"]


@dataclass(frozen=True)
class ErrorAnswer:
    """A status, headers and JSON body to send instead of forwarding."""

    status: int
    headers: list[tuple[bytes, bytes]]
    body: bytes


def error_answer(provider: ModelProvider, refusal: Refusal, message: str) -> ErrorAnswer:
    """Build the provider-shaped answer for `refusal`.

    Budget refusals carry `x-should-retry: false`, which the providers' SDKs honour, so an agent
    does not retry a call that can never succeed.
    """
    body = json.dumps(provider.error_body(refusal, message)).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if refusal == "budget":
        headers.append((b"x-should-retry", b"false"))
    return ErrorAnswer(REFUSAL_STATUS[refusal], headers, body)
