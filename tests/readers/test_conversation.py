"""The viewer's conversation reader: every wire format, streamed and whole, and hostile bodies.

Bodies are what a model (or an agent posing as one) sent: whatever they hold, reading them never
raises, never drops text silently (unreadable bodies come back raw), and cuts long parts.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memeval.eventlog import ArtifactStore
from memeval.meter import Turn
from memeval.meter._turns import MAX_PART
from memeval.viewer._conversation import request_turns, response_turns
from memeval.viewer._data import MAX_TEXT, read_artifact

APIS = ("anthropic-messages", "openai-chat", "openai-responses", "gemini-generate-content")


def _sse(*events: object) -> str:
    return "".join(f"data: {json.dumps(e)}\n\n" for e in events) + "data: [DONE]\n\n"


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)
KEYS = st.sampled_from(["messages", "input", "contents", "system", "instructions", "choices", "content", "output"])
BODY = st.dictionaries(KEYS, JSON, max_size=4)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from((*APIS, "other-api")), st.one_of(st.text(max_size=200), BODY.map(json.dumps)))
def test_any_body_reads_without_raising_into_turns(api: str, text: str) -> None:
    for turns in (request_turns(api, text), response_turns(api, text)):
        assert all(isinstance(t, Turn) for t in turns)
        for t in turns:
            assert len(t.text) <= MAX_PART + 40
            assert t.kind in ("text", "tool_call", "tool_result", "raw")


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(APIS), st.text(min_size=1, max_size=60).filter(lambda s: not s.lstrip().startswith(("{", "["))))
def test_a_body_that_is_not_json_comes_back_raw_in_full(api: str, text: str) -> None:
    turns = request_turns(api, text)
    assert turns == [Turn("request", "raw", text)]


def test_a_long_part_is_cut_and_says_how_much_was_left_out() -> None:
    body = json.dumps({"messages": [{"role": "user", "content": "a" * (MAX_PART + 123)}]})
    (turn,) = request_turns("openai-chat", body)
    assert turn.text.startswith("a" * MAX_PART) and turn.text.endswith("[... 123 more characters]")


def test_anthropic_request_shows_the_system_prompt_once_then_only_what_is_new() -> None:
    first = {"system": "be brief", "messages": [{"role": "user", "content": "hi"}]}
    assert request_turns("anthropic-messages", json.dumps(first)) == [
        Turn("system", "text", "be brief"),
        Turn("user", "text", "hi"),
    ]
    later = {
        "system": "be brief",
        "messages": [
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": [{"type": "tool_use", "name": "bash", "input": {"cmd": "ls"}}]},
            {"role": "user", "content": [{"type": "tool_result", "content": [{"type": "text", "text": "a.py"}]}]},
        ],
    }
    assert request_turns("anthropic-messages", json.dumps(later)) == [Turn("tool", "tool_result", "a.py")]


def test_anthropic_stream_is_rebuilt_with_text_and_a_tool_call() -> None:
    body = _sse(
        {"type": "message_start"},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Let me "}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "look."}},
        {"type": "content_block_start", "index": 1, "content_block": {"type": "tool_use", "name": "read"}},
        {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": '{"p'}},
        {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": '": 1}'}},
    )
    assert response_turns("anthropic-messages", body) == [
        Turn("assistant", "text", "Let me look."),
        Turn("assistant", "tool_call", 'read({"p": 1})'),
    ]


def test_openai_chat_whole_and_streamed_answers_agree() -> None:
    whole = {
        "choices": [
            {
                "message": {
                    "content": "done",
                    "tool_calls": [{"function": {"name": "bash", "arguments": '{"c":"ls"}'}}],
                }
            }
        ]
    }
    streamed = _sse(
        {"choices": [{"delta": {"content": "do"}}]},
        {"choices": [{"delta": {"content": "ne"}}]},
        {"choices": [{"delta": {"tool_calls": [{"index": 0, "function": {"name": "bash", "arguments": '{"c":'}}]}}]},
        {"choices": [{"delta": {"tool_calls": [{"index": 0, "function": {"arguments": '"ls"}'}}]}}]},
    )
    expected = [Turn("assistant", "text", "done"), Turn("assistant", "tool_call", 'bash({"c":"ls"})')]
    assert response_turns("openai-chat", json.dumps(whole)) == expected
    assert response_turns("openai-chat", streamed) == expected


def test_openai_chat_request_skips_the_system_prompt_after_the_first_call() -> None:
    msgs = [
        {"role": "system", "content": "sys"},
        {"role": "user", "content": [{"type": "text", "text": "q"}]},
    ]
    assert request_turns("openai-chat", json.dumps({"messages": msgs})) == [
        Turn("system", "text", "sys"),
        Turn("user", "text", "q"),
    ]
    msgs += [
        {"role": "assistant", "content": "a"},
        {"role": "tool", "content": "out"},
        {"role": "system", "content": "x"},
    ]
    assert request_turns("openai-chat", json.dumps({"messages": msgs})) == [Turn("tool", "tool_result", "out")]


def test_openai_responses_request_and_streamed_answer() -> None:
    req = {"instructions": "sys", "input": "what is 2+2?"}
    assert request_turns("openai-responses", json.dumps(req)) == [
        Turn("system", "text", "sys"),
        Turn("user", "text", "what is 2+2?"),
    ]
    req2 = {
        "instructions": "sys",
        "input": [
            {"role": "user", "content": "q"},
            {"type": "function_call", "name": "f", "arguments": "{}"},
            {"type": "function_call_output", "output": "42"},
        ],
    }
    assert request_turns("openai-responses", json.dumps(req2)) == [Turn("tool", "tool_result", "42")]
    out = {
        "output": [
            {"type": "message", "content": [{"type": "output_text", "text": "4"}]},
            {"type": "function_call", "name": "calc", "arguments": '{"x":2}'},
        ]
    }
    streamed = _sse({"type": "response.created"}, {"type": "response.completed", "response": out})
    assert response_turns("openai-responses", streamed) == [
        Turn("assistant", "text", "4"),
        Turn("assistant", "tool_call", 'calc({"x":2})'),
    ]


def test_gemini_request_and_answer() -> None:
    req = {
        "systemInstruction": {"parts": [{"text": "sys"}]},
        "contents": [{"role": "user", "parts": [{"text": "q"}]}],
    }
    assert request_turns("gemini-generate-content", json.dumps(req)) == [
        Turn("system", "text", "sys"),
        Turn("user", "text", "q"),
    ]
    resp = [
        {"candidates": [{"content": {"parts": [{"text": "a"}]}}]},
        {"candidates": [{"content": {"parts": [{"functionCall": {"name": "f", "args": {"k": 1}}}]}}]},
    ]
    assert response_turns("gemini-generate-content", json.dumps(resp)) == [
        Turn("assistant", "text", "a"),
        Turn("assistant", "tool_call", 'f({"k": 1})'),
    ]
    req["contents"] += [
        {"role": "model", "parts": [{"functionCall": {"name": "f"}}]},
        {"role": "user", "parts": [{"functionResponse": {"response": {"ok": True}}}]},
    ]
    assert request_turns("gemini-generate-content", json.dumps(req)) == [Turn("tool", "tool_result", '{"ok": true}')]


@pytest.mark.parametrize("api", APIS)
def test_a_truncated_stream_is_shown_raw_or_as_far_as_it_went(api: str) -> None:
    text = 'data: {"type": "content_block_start", "index": 0, "content_block": {"type": "tool_use"'
    turns = response_turns(api, text)
    assert all(t.kind in ("raw", "text", "tool_call") for t in turns)


def test_artifacts_are_cut_and_missing_or_altered_ones_are_named(tmp_path) -> None:
    store = ArtifactStore(tmp_path)
    big = store.put(b"x" * (MAX_TEXT + 10))
    shown = read_artifact(store, big)
    assert len(shown.text) == MAX_TEXT and shown.note == f"cut at {MAX_TEXT} of {MAX_TEXT + 10} bytes"
    assert read_artifact(store, None).note == "none recorded"
    bad = store.put("caf\xe9".encode("latin-1"))
    assert read_artifact(store, bad).text == "caf\ufffd"
    (store.root / bad.removeprefix("sha256:")).write_bytes(b"forged")
    altered = read_artifact(store, bad)
    assert altered.text == "" and "changed" in altered.note
    gone = read_artifact(store, "sha256:" + "0" * 64)
    assert gone.text == "" and gone.note
