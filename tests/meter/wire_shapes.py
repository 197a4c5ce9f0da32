"""Provider errors inside a stream that began `200 OK`, derived from the recordings in tests/fixtures/meter/.

No public recording holds one, so each is a recorded stream whose end is replaced by the error as the provider's
documentation shapes it (sources in tests/fixtures/meter/README.md, "Shapes derived for count24"):

- Anthropic Messages: `event: error` with `{"type": "error", "error": {"type": "overloaded_error", "message":
  "Overloaded"}}` after `message_start` and the content ("Streaming Messages", "Error events").
- OpenAI Chat Completions: a `data:` line holding only `{"error": {"message", "type", "param", "code"}}`, no
  `choices`, then the end of the stream (the shape of the API's error object; the SDKs raise it as an `APIError`).
- OpenAI Responses: `event: response.failed` whose response has `status: "failed"` and `error: {"code",
  "message"}`, built from the recording's own `response.in_progress` object.
"""

from __future__ import annotations

import json

from meter_fixtures import RECORDED, Recorded


def _recorded(suffix: str) -> Recorded:
    return next(r for r in RECORDED if r.name.endswith(suffix))


def anthropic_overloaded() -> tuple[Recorded, list[bytes]]:
    """Recorded stream 01 (claude-3-opus-latest, 11 input tokens) ended by an `overloaded_error` event instead of
    its `message_delta` and `message_stop`; returns (the recording, the chunks to send)."""
    rec = _recorded("01-sse-basic-text.sse")
    chunks = [c for c in rec.chunks() if b"message_delta" not in c and b"message_stop" not in c]
    error = {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}
    return rec, [*chunks, b"event: error\ndata: " + json.dumps(error, separators=(",", ":")).encode() + b"\n\n"]


def chat_error(kind: str, code: str | int | None) -> tuple[Recorded, list[bytes]]:
    """Recorded chat stream 11's first three chunks, then an error chunk of `type` `kind` and `code` `code`."""
    rec = _recorded("11-sse-parallel-tool-calls-include-usage.sse")
    error = {"error": {"message": "The server had an error while processing your request.", "type": kind,
                       "param": None, "code": code}}  # fmt: skip
    return rec, [*rec.chunks()[:3], b"data: " + json.dumps(error).encode() + b"\n\n"]


def responses_failed(code: str) -> tuple[Recorded, list[bytes]]:
    """Recorded Responses stream 13's first two events, then `response.failed` with error `code`."""
    rec = _recorded("13-recorded-sse-function-call.sse")
    head = rec.chunks()[:2]
    data = json.loads(head[1].split(b"data: ", 1)[1])
    response = {**data["response"], "status": "failed", "error": {"code": code, "message": "The model failed."}}
    failed = {"type": "response.failed", "sequence_number": 2, "response": response}
    return rec, [*head, b"event: response.failed\ndata: " + json.dumps(failed).encode() + b"\n\n"]
