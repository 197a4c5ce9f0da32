"""A Gemini stream that opens a second answer has no known cost, as Anthropic's and OpenAI's already had none.

Every event of a Gemini stream names the same `responseId` (all 80 events of the 18 recorded streams in pydantic-ai's
cassettes). A relay or upstream that retries a cut stream inside the same response sends the first answer's events,
then the second's under a new `responseId`; each `usageMetadata` is a running total of its own answer, so the last
one covers the second answer alone. count32 checked this for Anthropic (a second `message_start`), Responses (a
second `response.created`) and Chat (a chunk under another `id`); a Gemini stream was priced as its last answer, the
first left out. Recorded real stream 23 (gemini-2.5-flash, `tests/fixtures/meter/gemini/`), cut after two events
and sent again whole under another `responseId`, as SSE and as the JSON array `streamGenerateContent` answers
without `alt=sse`. Real proxy, real upstream on 127.0.0.1.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from meter_rig import GoogleRig, post_gemini
from meter_upstream import Reply

from memeval.meter import ModelCall

STREAM = (
    (Path(__file__).parents[1] / "fixtures" / "meter" / "gemini" / "23-recorded-sse-running-usage.sse")
    .read_bytes()
    .decode()
)
FIRST_ID = "ru1garvBEoOiqtsP2fznmQw"
EVENTS = [e for e in STREAM.split("\r\n\r\n") if e]
"""The recorded stream's three events (`data: {...}`), in order."""
Framing = Callable[[list[str]], Reply]
"""How the answer is sent: SSE events (`alt=sse`) or one JSON array."""
WHY = "the stream opened a second answer (an event naming another `responseId`)"


def _sse(events: list[str]) -> Reply:
    return Reply(
        headers={"content-type": "text/event-stream"}, chunks=["".join(e + "\r\n\r\n" for e in events).encode()]
    )


def _array(events: list[str]) -> Reply:
    objects = [json.loads(e.removeprefix("data: ")) for e in events]
    return Reply(chunks=[json.dumps(objects).encode()], content_length=True)


def _unmeasured(call: ModelCall) -> None:
    assert (call.input_tokens, call.output_tokens) == (None, None)
    assert (call.cost.cost_usd, call.cost.reason) == (None, "usage_missing")
    assert not call.completed
    assert WHY in (call.error or ""), call.error


RESTARTED = EVENTS[:2] + [e.replace(FIRST_ID, "second-answer-id") for e in EVENTS]


@pytest.mark.parametrize("framing", [_sse, _array], ids=["sse", "json-array"])
def test_a_gemini_stream_that_opens_a_second_answer_has_no_known_cost(google: GoogleRig, framing: Framing) -> None:
    reply = framing(RESTARTED)
    call = post_gemini(google, reply, "gemini-2.5-flash", stream=framing is _sse)
    # main: 18 in, 115 out, completed, a known cost: the second answer's usage alone
    _unmeasured(call)


@pytest.mark.parametrize("framing", [_sse, _array], ids=["sse", "json-array"])
def test_the_recorded_gemini_stream_is_one_answer_and_priced(google: GoogleRig, framing: Framing) -> None:
    call = post_gemini(google, framing(EVENTS), "gemini-2.5-flash", stream=framing is _sse)
    assert (call.input_tokens, call.output_tokens, call.completed) == (18, 115, True)
    assert call.cost.cost_usd is not None


def test_a_gemini_stream_whose_events_name_no_response_id_is_read_as_one_answer(google: GoogleRig) -> None:
    """An upstream that names no `responseId` (an older or compatible server) is not taken for a second answer."""
    events = [e.replace(f'"responseId": "{FIRST_ID}"', '"responseId": ""') for e in EVENTS]
    call = post_gemini(google, _sse(events), "gemini-2.5-flash", stream=True)
    assert (call.input_tokens, call.output_tokens, call.completed) == (18, 115, True)
