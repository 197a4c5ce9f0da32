"""Hostile upstream answers: what the meter reads from them is what was measured, or unknown with a reason.

Tried against recorded streams (Anthropic 01, Chat 11, Responses 13) through the real proxy on 127.0.0.1, with their
usage made negative, huge, a string, a fraction; the usage left out of the last chunk; the usage chunk sent twice;
a stream cut mid-way and the call retried by the client. All of those already read right and are guarded here. One
lied: a response whose stream opens a second answer after the first (an upstream, or a relay in front of it, that
retried a cut stream inside the same response and sent both: Anthropic's second `message_start`, Responses' second
`response.created`, a Chat chunk naming another `id`). The meter priced the last answer's usage as the call's known
cost, the first answer, billed as well, left out. Now such a response's counts are unknown (`usage_missing`), the
reason naming the second answer.
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from meter_rig import Rig
from meter_upstream import Reply

from memeval.meter import ModelCall

FIXTURES = Path(__file__).parents[1] / "fixtures" / "meter"
ANTHROPIC = (FIXTURES / "anthropic" / "01-sse-basic-text.sse").read_text()
CHAT = (FIXTURES / "openai-chat" / "11-sse-parallel-tool-calls-include-usage.sse").read_text()
RESPONSES = (FIXTURES / "openai-responses" / "13-recorded-sse-function-call.sse").read_text()
SSE = {"content-type": "text/event-stream"}
PATHS = {"anthropic": "/v1/messages", "chat": "/v1/chat/completions", "responses": "/v1/responses"}
KEYS: dict[tuple[int, str], str] = {}
"""Placeholder keys by proxy and trial id."""
MODELS = {"anthropic": "claude-3-opus-latest", "chat": "gpt-4o-2024-08-06", "responses": "gpt-4o"}


def _events(text: str) -> list[str]:
    return [e for e in text.split("\n\n") if e.strip()]


def _join(events: list[str]) -> bytes:
    return ("\n\n".join(events) + "\n\n").encode()


def _post(rig: Rig, api: str, reply: Reply, trial: str, *, retry: int | None = None) -> httpx.Response:
    """One streamed call for `trial` (registered on its first call), answered by `reply`; `retry`: the SDK's count."""
    rig.upstream.push(reply)
    key = KEYS.get((id(rig.proxy), trial)) or KEYS.setdefault((id(rig.proxy), trial), rig.proxy.register_trial(trial))
    request: dict[str, object] = {"model": MODELS[api], "max_tokens": 64, "stream": True}
    if api == "responses":
        request["input"] = "hi"
    else:
        request["messages"] = [{"role": "user", "content": "hi"}]
    if api == "chat":
        request["stream_options"] = {"include_usage": True}
    headers = {"authorization": f"Bearer {key}", "x-api-key": key, "anthropic-version": "2023-06-01"}
    if retry is not None:
        headers["x-stainless-retry-count"] = str(retry)
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as client:
        return client.post(PATHS[api], json=request, headers=headers)


def _unmeasured(call: ModelCall, why: str) -> None:
    assert (call.input_tokens, call.output_tokens) == (None, None)
    assert (call.cost.cost_usd, call.cost.reason) == (None, "usage_missing")
    assert not call.completed
    assert why in (call.error or ""), call.error


def _restarted(api: str) -> bytes:
    """The recorded stream cut after a few events, then the whole recorded stream again (Chat: under another id)."""
    text = {"anthropic": ANTHROPIC, "chat": CHAT, "responses": RESPONSES}[api]
    events = _events(text)
    again = events if api != "chat" else _events(text.replace("chatcmpl-ABfwAwrNePHUgBBezonVC6MX3zd63", "chatcmpl-2nd"))
    return _join(events[:4] + again)


@pytest.mark.parametrize(
    ("api", "why"),
    [
        ("anthropic", "a second `message_start`"),
        ("responses", "a second `response.created`"),
        ("chat", "a chunk naming another `id`"),
    ],
)
def test_a_stream_that_opens_a_second_answer_has_no_known_cost(rig: Rig, api: str, why: str) -> None:
    r = _post(rig, api, Reply(headers=SSE, chunks=[_restarted(api)]), f"t-c32-second-{api}")
    assert r.status_code == 200
    # main: the second answer's usage priced as the call's known cost, the first answer left out
    _unmeasured(rig.next_call(), f"the stream opened a second answer ({why})")


def test_the_same_chat_usage_chunk_sent_twice_is_counted_once(rig: Rig) -> None:
    events = _events(CHAT)
    usage = [e for e in events if '"usage"' in e][-1]
    r = _post(rig, "chat", Reply(headers=SSE, chunks=[_join([*events[:-1], usage, events[-1]])]), "t-c32-dup")
    assert r.status_code == 200
    call = rig.next_call()
    assert (call.input_tokens, call.output_tokens, call.completed) == (149, 60, True)
    assert call.cost.cost_usd is not None


def test_an_anthropic_message_delta_sent_twice_is_counted_once(rig: Rig) -> None:
    events = _events(ANTHROPIC)
    delta = [e for e in events if "message_delta" in e][0]
    r = _post(rig, "anthropic", Reply(headers=SSE, chunks=[_join([*events[:-1], delta, events[-1]])]), "t-c32-dd")
    assert r.status_code == 200
    call = rig.next_call()
    assert (call.input_tokens, call.output_tokens, call.completed) == (11, 6, True)


@pytest.mark.parametrize("value", ["-60", "1e400", "99999999999999999999", '"60"', "60.5", "true"])
def test_a_chat_usage_count_that_is_no_count_leaves_the_call_unmeasured(rig: Rig, value: str) -> None:
    body = CHAT.replace('"completion_tokens":60', f'"completion_tokens":{value}').encode()
    assert _post(rig, "chat", Reply(headers=SSE, chunks=[body]), f"t-c32-bad-{value}").status_code == 200
    _unmeasured(rig.next_call(), "usage.completion_tokens is not a token count")


@pytest.mark.parametrize("value", ["-6", "10000000000000", '"6"', "6.0"])
def test_an_anthropic_usage_count_that_is_no_count_leaves_the_call_unmeasured(rig: Rig, value: str) -> None:
    body = ANTHROPIC.replace('"usage":{"output_tokens":6}', f'"usage":{{"output_tokens":{value}}}').encode()
    assert _post(rig, "anthropic", Reply(headers=SSE, chunks=[body]), f"t-c32-abad-{value}").status_code == 200
    _unmeasured(rig.next_call(), "usage.output_tokens is not a token count")


def test_a_chat_stream_without_its_usage_chunk_has_no_known_cost(rig: Rig) -> None:
    events = [e for e in _events(CHAT) if '"usage":{' not in e]
    assert _post(rig, "chat", Reply(headers=SSE, chunks=[_join(events)]), "t-c32-nousage").status_code == 200
    call = rig.next_call()
    assert (call.output_tokens, call.cost.cost_usd, call.cost.reason) == (None, None, "usage_missing")
    assert "no final usage" in (call.error or "")


def test_a_stream_cut_mid_way_then_retried_by_the_client_is_two_calls_one_priced(rig: Rig) -> None:
    """The cut attempt: its prompt count kept, no output count, no known cost; the retry: priced; nothing twice."""
    events = _events(ANTHROPIC)
    with pytest.raises(httpx.RemoteProtocolError):  # the proxy cuts its answer as the upstream did
        _post(rig, "anthropic", Reply(headers=SSE, chunks=[_join(events[:4])], cut=True), "t-c32-retry")
    cut = rig.next_call()
    again = _post(rig, "anthropic", Reply(headers=SSE, chunks=[ANTHROPIC.encode()]), "t-c32-retry", retry=1)
    assert again.status_code == 200
    retried = rig.next_call()
    assert (cut.attempt, retried.attempt) == (1, 2)  # the SDK's retry count + 1
    assert (cut.input_tokens, cut.output_tokens, cut.completed) == (11, None, False)
    assert (cut.cost.cost_usd, cut.cost.reason) == (None, "usage_missing")
    assert (retried.input_tokens, retried.output_tokens, retried.completed) == (11, 6, True)
    assert retried.cost.cost_usd is not None
