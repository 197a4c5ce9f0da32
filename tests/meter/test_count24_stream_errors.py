"""A stream that begins `200 OK` and then carries the provider's error is that error, not a success (count24).

Found by reading: the proxy read a stream's error event into the call's `error`, but the call kept its status 200,
and everything that classifies calls by status (the runner's `provider` fault, the summary's turned-away calls)
took it for a success: a turn whose every call Anthropic ended with `overloaded_error` was scored as the agent's.
Now the call carries `error_status`, the status its error stands for (an `overloaded_error` event is a 529, "as it
would normally correspond to an HTTP 529 in a non-streaming context", Claude API docs, "Streaming Messages"), and
its usage is what was measured before the error. The streams are the recordings of tests/fixtures/meter/ with the
providers' documented error shapes put in place of their ends (see that folder's README).
"""

from __future__ import annotations

import json

import httpx
import pytest
from meter_fixtures import PATH_OF, Recorded
from meter_rig import Rig
from meter_upstream import Reply
from wire_shapes import anthropic_overloaded, chat_error, responses_failed

from memeval.meter import ModelCall
from memeval.runner._runmeter import CallStats  # (from _callstats since count24; this name runs on main too)

_KEYS: dict[str, str] = {}
"""Placeholder key per trial id registered by `_send` (each test's ids are its own)."""


def _send(rig: Rig, rec: Recorded, chunks: list[bytes], trial: str) -> tuple[int, bytes, ModelCall]:
    """Send one call of `trial` (registered on its first call here), answered with `chunks`; (status, body, record)."""
    rig.upstream.push(Reply(200, headers=dict(rec.headers), chunks=chunks))
    key = _KEYS.get(trial) or _KEYS.setdefault(trial, rig.proxy.register_trial(trial))
    body = {"model": rec.expected["model"], "stream": True, "max_tokens": 64}
    body["input" if rec.api == "openai-responses" else "messages"] = [{"role": "user", "content": "hi"}]
    auth = {"x-api-key": key} if rec.api == "anthropic-messages" else {"authorization": f"Bearer {key}"}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as client:
        response = client.post(PATH_OF[rec.api], content=json.dumps(body), headers=auth)
    return response.status_code, response.content, rig.next_call()


def test_an_anthropic_overloaded_event_after_a_200_is_a_529_with_the_usage_measured_before_it(rig: Rig) -> None:
    rec, chunks = anthropic_overloaded()
    status, body, call = _send(rig, rec, chunks, "t-overloaded")
    assert (status, body) == (200, b"".join(chunks))  # passed to the agent unchanged
    assert (call.status, call.error_status, call.outcome_status) == (200, 529, 529)
    assert call.error == "overloaded_error: Overloaded" and call.completed is False
    # message_start said the prompt (11 tokens); no output count came before the error: none is made up
    assert (call.input_tokens, call.output_tokens) == (11, None)
    assert (call.cost.cost_usd, call.cost.reason) == (None, "usage_missing")


@pytest.mark.parametrize(
    ("kind", "code", "expected"),
    [("server_error", None, 500), ("tokens", "rate_limit_exceeded", 429), ("server_error", 503, 503)],
)
def test_an_openai_chat_error_chunk_after_a_200_is_the_status_it_names(
    rig: Rig, kind: str, code: str | int | None, expected: int
) -> None:
    rec, chunks = chat_error(kind, code)
    status, _, call = _send(rig, rec, chunks, f"t-chat-{expected}")
    assert (status, call.status, call.error_status, call.outcome_status) == (200, 200, expected, expected)
    assert call.error is not None and call.error.startswith(f"{kind}: ") and call.completed is False
    assert (call.output_tokens, call.cost.reason) == (None, "usage_missing")  # its usage chunk never came


def test_a_responses_stream_that_fails_is_its_error_code_status(rig: Rig) -> None:
    rec, chunks = responses_failed("server_error")
    _, _, call = _send(rig, rec, chunks, "t-resp-failed")
    assert (call.status, call.error_status, call.outcome_status) == (200, 500, 500)
    assert call.error is not None and call.error.startswith("server_error: ")


def test_a_whole_stream_has_no_error_status(rig: Rig) -> None:
    rec, _ = anthropic_overloaded()
    _, _, call = _send(rig, rec, rec.chunks(), "t-whole")
    assert (call.status, call.error_status, call.outcome_status, call.completed) == (200, None, 200, True)


def test_a_turn_whose_streams_the_provider_ended_overloaded_is_a_provider_fault(rig: Rig) -> None:
    stats = CallStats()
    rec, chunks = anthropic_overloaded()
    for _ in range(2):
        stats.note(_send(rig, rec, chunks, "t-turn")[2])
    assert stats.harness_failure("t-turn") == (
        "provider",
        "the model provider answered all 2 model call(s) with a server error (529): it was down",
    )
    # a 429 in the stream is a rate limit, the agent's to provoke: not a provider fault, and no success either
    rate = CallStats()
    rec, chunks = chat_error("tokens", "rate_limit_exceeded")
    rate.note(_send(rig, rec, chunks, "t-rate")[2])
    assert rate.harness_failure("t-rate") is None
