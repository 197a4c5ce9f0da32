"""Usage from OpenAI Chat Completions and Responses: JSON bodies and SSE streams.

Chat Completions (platform.openai.com API reference, "The chat completion object"): `usage` has
`prompt_tokens` (cache parts included), `completion_tokens` (reasoning included),
`prompt_tokens_details.cached_tokens` / `.cache_write_tokens` and
`completion_tokens_details.reasoning_tokens`. A stream carries usage only when the client asked
for `stream_options.include_usage`, on a last chunk with `choices: []`, and ends with
`data: [DONE]`. Servers that also send it on every chunk (vLLM's and SGLang's
`stream_options.continuous_usage_stats`) send running totals: a chunk's usage is final only when
none of its choices is still generating (each has its `finish_reason`, or there are none), or
once `[DONE]` ends the stream. Tool calls are `choices[].message.tool_calls[]` (streamed as deltas keyed by
`index`, the first delta of each carrying its `id` and name).

Responses ("The response object", "Streaming events"): `usage` has `input_tokens` (cache parts
included), `output_tokens`, `input_tokens_details.cached_tokens` / `.cache_write_tokens`,
`output_tokens_details.reasoning_tokens`. A stream carries usage only in its terminal
`response.completed`, `response.incomplete` or `response.failed` event. Tool calls are `output`
items.
"""

from __future__ import annotations

import re
from itertools import compress, repeat
from typing import Any

from memeval.meter._chat_tools import chat_tool, chunk_ids, stream_tool
from memeval.meter._errors import OPENAI_ERRORS, error_status, read_error
from memeval.meter._provider import Headers, ModelProvider, Refusal, Route, WireApi, models_lookup
from memeval.meter._show_openai import (
    show_chat_request,
    show_chat_response,
    show_responses_request,
    show_responses_response,
)
from memeval.meter._usage import (
    UsageState,
    as_dict,
    as_list,
    error_text,
    leading_type,
    names_read_type,
    read_count,
    read_type_pattern,
)
from memeval.meter._wire import UsageChunkFilter, ask_for_usage, stored_input, streams

CLIENT_TOOL_ITEMS = frozenset(
    {"function_call", "custom_tool_call", "computer_call", "local_shell_call", "shell_call", "apply_patch_call"}
)
"""Responses output items that ask the client to run a tool."""

HOSTED_TOOL_ITEMS = frozenset(
    {
        "web_search_call",
        "file_search_call",
        "code_interpreter_call",
        "image_generation_call",
        "mcp_call",
        "tool_search_call",
    }
)
"""Responses output items for tools the provider ran itself. Web search ($10 per 1,000 calls) and file search ($2.50
per 1,000) are billed per call beside the tokens (OpenAI API pricing, built-in tools); for the hosted tool search
(`tool_search_call` with `execution: "server"`; the tool search guide, developers.openai.com/api/docs/guides/
tools-tool-search) no price statement was found, so its call is no known cost either (`_item`)."""


CHAT_SEARCH_MODEL = re.compile(r"-search-(?:preview|api)(?:-|$)")
"""OpenAI's Chat search models (`gpt-4o[-mini]-search-preview`, `gpt-5-search-api`, dated or not): each call searches
the web, billed per call beside the tokens, with no tool item in the answer; `_chat_model` counts it a hosted tool."""


def _chat_model(state: UsageState, model: str) -> None:
    state.model = model
    if CHAT_SEARCH_MODEL.search(model):
        state.hosted.add("web_search")


def new_state() -> UsageState:
    """An empty accumulator for OpenAI (its input count already includes the cache parts)."""
    return UsageState(input_is_total=True)


def _usage(state: UsageState, usage: dict[str, Any], names: tuple[str, str, str, str], *, final: bool = True) -> None:
    """Replace the reading with this usage object.

    `final`: False for a Chat Completions chunk that is still generating (a choice without its `finish_reason`):
    its counts are the running total so far, kept aside (`UsageState.running`) with no output count until the
    stream's `[DONE]` or a final usage, so a stream cut before its end is not priced as known.
    """
    input_key, output_key, input_details, output_details = names
    state.input_raw, state.output_tokens = (read_count(state, usage, key, "usage.") for key in (input_key, output_key))
    details, out_details = as_dict(usage.get(input_details)), as_dict(usage.get(output_details))
    where, out_where = f"usage.{input_details}.", f"usage.{output_details}."
    state.cache_read_tokens = read_count(state, details, "cached_tokens", where)
    state.cache_write_tokens = read_count(state, details, "cache_write_tokens", where)
    state.reasoning_tokens = read_count(state, out_details, "reasoning_tokens", out_where)
    audio = [read_count(state, d, "audio_tokens", w) for d, w in ((details, where), (out_details, out_where))]
    state.audio_tokens = sum(n or 0 for n in audio)
    state.final_usage = final
    state.running = None
    if not final:
        state.running = (state.output_tokens, state.reasoning_tokens)
        state.output_tokens = state.reasoning_tokens = None


def _tier(state: UsageState, obj: dict[str, Any]) -> None:
    """Note the `service_tier` a chat completion, chunk or response says served the call (the request's may differ)."""
    tier = obj.get("service_tier")
    if isinstance(tier, str):
        state.service_tier = tier


_CHAT_USAGE = (
    "prompt_tokens",
    "completion_tokens",
    "prompt_tokens_details",
    "completion_tokens_details",
)
_RESPONSES_USAGE = (
    "input_tokens",
    "output_tokens",
    "input_tokens_details",
    "output_tokens_details",
)


def read_chat_body(state: UsageState, obj: Any) -> None:
    """Fill `state` from a non-streaming chat completion (or an error object)."""
    body = as_dict(obj)
    if body.get("error"):
        read_error(state, body["error"], OPENAI_ERRORS, "code", "type", fallback="error:")
        return
    if "choices" not in body:
        state.error = "the body is not a chat completion"
        return
    state.response_seen = True
    if isinstance(body.get("model"), str):
        _chat_model(state, body["model"])
    _tier(state, body)
    if isinstance(body.get("usage"), dict):
        _usage(state, body["usage"], _CHAT_USAGE)
    for choice in map(as_dict, as_list(body.get("choices"))):
        message = as_dict(choice.get("message"))
        for position, call in enumerate(map(as_dict, as_list(message.get("tool_calls")))):
            chat_tool(state, str(call.get("id") or f"{choice.get('index')}.{position}"), call)
        if choice.get("finish_reason") is not None:
            state.terminal = True


def read_chat_event(state: UsageState, name: str, data_text: str, obj: Any) -> None:
    """Fill `state` from one chat stream event (`data_text` is the raw data, for `[DONE]`)."""
    if data_text.strip() == "[DONE]":
        state.terminal = True
        state.settle_running()
        return
    chunk = as_dict(obj)
    if chunk.get("error"):
        read_error(state, chunk["error"], OPENAI_ERRORS, "code", "type", fallback="error:")
        return
    answer = chunk.get("id")  # the first chunk and the usage chunk are never skipped (`skips_chat_event`)
    if isinstance(answer, str) and (not state.response_seen or isinstance(chunk.get("usage"), dict)):
        state.open_answer("a chunk naming another `id`", answer)
    state.response_seen = True
    if isinstance(chunk.get("model"), str) and chunk["model"]:
        _chat_model(state, chunk["model"])
    choices = list(map(as_dict, as_list(chunk.get("choices"))))
    for position, choice in enumerate(choices):
        if choice.get("finish_reason") is not None:
            index = choice.get("index", position)
            state.answers_ended.add(index if isinstance(index, int) and not isinstance(index, bool) else position)
    if isinstance(chunk.get("usage"), dict):
        _tier(state, chunk)  # the usage chunk is always read: the fast paths skip only chunks without usage
        # OpenAI's usage chunk has no choices (it comes after them all); some servers' finishing chunk has one, and
        # with `n` > 1 a choice's finish leaves the others generating: final once each of the `n` has finished
        final = not choices or (
            all(c.get("finish_reason") is not None for c in choices) and len(state.answers_ended) >= state.answers
        )
        _usage(state, chunk["usage"], _CHAT_USAGE, final=final)
    for choice in choices:
        delta = as_dict(choice.get("delta"))
        for call in map(as_dict, as_list(delta.get("tool_calls"))):
            stream_tool(state, choice.get("index"), call)


_TOOL_DELTA = re.compile(r'"choices":\[\{"index":(\d+),"delta":\{"tool_calls":\[\{"index":(\d+),')
"""The start of a chunk carrying one tool call's delta, in OpenAI's compact form (choice index, call index)."""


_MODEL_KEY: dict[str, str] = {}
"""`"model":"<name>"` by model name (a few names a run), so a chunk is not a new string to build."""


def skips_chat_event(state: UsageState, _name: str, data: str) -> bool:
    """Whether `read_chat_event` would leave `state` as it is (`WireApi.skips`).

    That is a text delta, or a delta of a tool call already counted (its arguments, streamed piece by piece).
    Once the model is known, a chunk with no `error`, no `usage` but a null one (what asking for usage adds to
    every chunk), no `finish_reason` but a null one when the request asked for several choices, exactly one
    `"model"`, the one already read, and either no `tool_calls` or one call of one
    choice (two `"index"` keys) whose (choice, call) is already counted changes nothing. Keys are matched
    with their quotes: inside a JSON string a quote is escaped, so the text the model writes cannot fake or hide
    one.
    """
    model = state.model
    if model is None or not state.response_seen or '"error"' in data or "\\u" in data:
        return False  # an escape may spell a key ("\\u0075sage" is "usage" to any JSON reader): read it whole
    if '"usage"' in data and data.count('"usage"') != data.count('"usage":null'):
        return False
    if state.answers > 1 and data.count('"finish_reason"') != data.count('"finish_reason":null'):
        return False  # one of several choices finishing: `answers_ended` counts it
    needle = _MODEL_KEY.get(model)
    if needle is None:
        if len(_MODEL_KEY) >= 64:
            _MODEL_KEY.clear()
        needle = _MODEL_KEY[model] = f'"model":"{model}"'
    if needle not in data or data.count('"model"') != 1:
        return False
    calls = data.count('"tool_calls"')
    if calls == 0:
        return True
    if calls != 1 or data.count('"index"') != 2 or data.count('"id"') != chunk_ids(state, data):
        return False  # a call's `id` (a call starting, or one more at a reused index) is read
    found = _TOOL_DELTA.search(data)
    return found is not None and f"{found[1]}.{found[2]}" in state.tools


_TOOL_DELTA_DATA = re.compile(_TOOL_DELTA.pattern.encode())
_MODEL_DATA: dict[str, bytes] = {}
"""`"model":"<name>"` as bytes, by model name."""


def skips_chat_data(state: UsageState, data: bytes, events: int) -> bool:
    """Whether `skips_chat_event` says True of each of `events` raw data-line events (`WireApi.skips_data`).

    One event: that rule on its bytes. Several: the same rule told from counts over them all (each count over
    the events is the sum of theirs) and per-event counts taken in C: no `error`; as many `"usage"` as
    `"usage":null`; `"model"` once in every event, each time followed by the model already read; and at most one
    `tool_calls` in an event, that event with two `"index"` and its (choice, call) start where the compact form
    puts it, already counted. Keys are matched with their quotes, so text the model writes (where a quote is
    escaped) can neither fake nor hide one.
    """
    model = state.model
    if model is None or not state.response_seen or data.find(b'"error"') >= 0:  # find: see `_sse.SseDecoder.feed`
        return False
    if data.find(b"\\u") >= 0:  # an escape may spell a key: those events are read whole
        return False
    calls = data.count(b'"tool_calls"')
    if calls and data.count(b'"id"') != chunk_ids(state, data):
        return False  # a call's `id` is among them: a call starting (or one more at a reused index) is read
    if events > 1 and calls and data.count(b'"function":{"arguments":') != calls:
        # A quick no before the costlier counts: a tool delta that is not a bare argument delta (most often a call
        # starting, which must be read) is among the events, which are then asked one by one.
        return False
    if data.find(b'"usage"') >= 0 and data.count(b'"usage"') != data.count(b'"usage":null'):
        return False
    if state.answers > 1 and data.count(b'"finish_reason"') != data.count(b'"finish_reason":null'):
        return False  # one of several choices finishing: `answers_ended` counts it
    needle = _MODEL_DATA.get(model)
    if needle is None:
        if len(_MODEL_DATA) >= 64:
            _MODEL_DATA.clear()
        needle = _MODEL_DATA[model] = f'"model":"{model}"'.encode()
    if data.count(b'"model"') != events or data.count(needle) != events:
        return False  # a needle is a "model": equal sums give each event as many needles as "model"s
    if events == 1:
        if calls == 0:
            return True
        if calls != 1 or data.count(b'"index"') != 2:
            return False
        # With two "index" in all, only the first `"choices":[{"index":` can start the match (the match holds both).
        at = data.find(b'"choices":[{"index":')
        found = _TOOL_DELTA_DATA.match(data, at) if at >= 0 else None
        return found is not None and (found[1] + b"." + found[2]).decode() in state.tools
    parts = data.split(b"\n\n")  # the events (and an empty tail when the last blank line is there)
    if max(map(bytes.count, parts, repeat(b'"model"'))) != 1:
        return False  # with `events` of them in all: exactly one in every event
    if calls == 0:
        return True
    per_event = list(map(bytes.count, parts, repeat(b'"tool_calls"')))
    if max(per_event) != 1 or {*compress(map(bytes.count, parts, repeat(b'"index"')), per_event)} != {2}:
        return False
    # A match holds a `"tool_calls"` and no line feed: as many matches as `tool_calls` puts one in each such event.
    starts = _TOOL_DELTA_DATA.findall(data)
    if len(starts) != calls:
        return False
    tools = state.tools
    return all(f"{choice.decode()}.{call.decode()}" in tools for choice, call in set(starts))


_RESPONSES_READ_KINDS = frozenset(
    {
        "response.completed",
        "response.incomplete",
        "response.failed",
        "response.created",
        "response.in_progress",
        "response.output_item.added",
        "response.output_item.done",
        "error",
    }
)
"""The Responses stream events `read_responses_event` reads."""


_RESPONSES_READ_TYPE = read_type_pattern(_RESPONSES_READ_KINDS)
"""A `type` naming a kind the reader reads (`names_read_type`)."""


def skips_responses_event(_state: UsageState, _name: str, data: str) -> bool:
    """Whether `read_responses_event` would ignore the event (`WireApi.skips`).

    True when its data's `type` is none it reads (text and argument deltas, content parts...), and nothing later
    in it names one (`names_read_type`: a second `type` key, which JSON readers take, or an escaped key).
    """
    kind = leading_type(data)
    return kind is not None and kind not in _RESPONSES_READ_KINDS and not names_read_type(data, _RESPONSES_READ_TYPE)


def _item(state: UsageState, key: str, item: dict[str, Any]) -> None:
    """Count one Responses output item that is a tool call: the client's (`add_tool`) or the provider's (`hosted`).

    A `*_call` item of a kind in neither set (`tool_search_call`, added with GPT-5.4's tool search, or any kind added
    later) is a tool the provider ran itself, billed apart with no price here, unless it says `execution: "client"`
    (OpenAI's client-executed tool search): then the agent runs it. Read as nothing, such a call was priced at its
    tokens alone, a known cost that may sit below the bill.
    """
    kind = item.get("type")
    if not isinstance(kind, str):
        return
    if kind in CLIENT_TOOL_ITEMS or (kind.endswith("_call") and item.get("execution") == "client"):
        state.add_tool(str(item.get("id") or key), str(item.get("name") or kind))
    elif kind in HOSTED_TOOL_ITEMS or kind.endswith("_call"):
        state.hosted.add(str(item.get("id") or key))


def _response(state: UsageState, response: dict[str, Any]) -> None:
    """Read a whole response object (a body, or the one a terminal stream event carries)."""
    state.response_seen = True
    if isinstance(response.get("model"), str):
        state.model = response["model"]
    _tier(state, response)
    if isinstance(response.get("usage"), dict):
        _usage(state, response["usage"], _RESPONSES_USAGE)
    for position, item in enumerate(map(as_dict, as_list(response.get("output")))):
        _item(state, str(position), item)
    status = response.get("status")
    if status in ("completed", "incomplete"):
        state.terminal = True
    elif status in ("failed", "cancelled"):
        state.terminal = True
        read_error(state, response.get("error"), OPENAI_ERRORS, "code", "type", fallback=f"response {status}")


def read_responses_body(state: UsageState, obj: Any) -> None:
    """Fill `state` from a non-streaming Responses body (or an error object)."""
    body = as_dict(obj)
    if body.get("object") != "response":
        read_error(
            state, body.get("error"), OPENAI_ERRORS, "code", "type", fallback="the body is not a Responses object"
        )
        return
    _response(state, body)


def read_responses_event(state: UsageState, name: str, obj: Any) -> None:
    """Fill `state` from one Responses stream event."""
    data = as_dict(obj)
    kind = data.get("type", name)
    if kind in ("response.completed", "response.incomplete", "response.failed"):
        _response(state, as_dict(data.get("response")))
    elif kind in ("response.created", "response.in_progress"):
        response = as_dict(data.get("response"))
        if kind == "response.created":
            state.open_answer("a second `response.created`")
        state.response_seen = True
        if isinstance(response.get("model"), str):
            state.model = response["model"]
    elif kind in ("response.output_item.added", "response.output_item.done"):
        _item(state, str(data.get("output_index")), as_dict(data.get("item")))
    elif kind == "error":
        kind = data.get("code") or "error"
        state.error = error_text({"type": kind, "message": data.get("message")})
        state.error_status = error_status(OPENAI_ERRORS, data.get("code"))


_ERROR_TYPE: dict[Refusal, tuple[str, str]] = {
    "unknown_key": ("invalid_request_error", "invalid_api_key"),
    "budget": ("insufficient_quota", "memeval_budget_exhausted"),
    "no_upstream": ("server_error", "memeval_no_upstream"),
    "unreachable": ("server_error", "memeval_upstream_unreachable"),
    "not_found": ("invalid_request_error", "unknown_url"),
    "encoded_body": ("invalid_request_error", "memeval_encoded_body"),
    "hidden_usage": ("invalid_request_error", "memeval_hidden_usage"),
}

_ROUTES = {"/v1/chat/completions": "openai-chat", "/v1/responses": "openai-responses"}


class OpenAIProvider(ModelProvider):
    """OpenAI: Chat Completions (`POST /v1/chat/completions`) and Responses (`POST /v1/responses`).

    Its SDKs' base URL includes `/v1` (`https://api.openai.com/v1`), so the path after `/v1` is
    appended. The key is a bearer `authorization`, which most SDKs send: OpenAI takes the requests
    no other provider claims. A Chat Completions stream is asked for its usage
    (`memeval.meter._wire`). Errors are `{"error": {"message", "type", "param", "code"}}`.
    """

    name = "openai"
    apis = (
        WireApi(
            "openai-chat",
            new_state,
            read_chat_body,
            lambda state, name, text, obj, _index: read_chat_event(state, name, text, obj),
            ask_for_usage=ask_for_usage,
            usage_chunk_filter=UsageChunkFilter,
            skips=skips_chat_event,
            skips_data=skips_chat_data,
            show_request=show_chat_request,
            show_response=show_chat_response,
        ),
        WireApi(
            "openai-responses",
            new_state,
            read_responses_body,
            lambda state, name, _text, obj, _index: read_responses_event(state, name, obj),
            skips=skips_responses_event,
            show_request=show_responses_request,
            show_response=show_responses_response,
        ),
    )
    base_path = "/v1"
    api_root = "/v1"
    env_base_url = "OPENAI_BASE_URL"
    env_key = "OPENAI_API_KEY"
    catch_all = True

    def route(self, method: str, path: str) -> Route | None:
        """`POST /v1/chat/completions` and `POST /v1/responses`."""
        api = _ROUTES.get(path) if method == "POST" else None
        return Route(api) if api is not None else None

    def hidden_usage(self, query: bytes, headers: Headers, doc: Any = None) -> str | None:
        """A Responses call in background mode (`"background": true`) that does not stream.

        Its answer is the queued response, without usage; the model's work, billed, goes on and is read with
        `GET /v1/responses/{id}`, which the proxy does not forward. Forwarded, the call was unmeasured at the agent's
        choice (cost of a pass counts only trials of known cost). A streamed one carries its usage to the end.
        """
        if isinstance(doc, dict) and streams(doc.get("background")) and not streams(doc.get("stream")):
            return "a background response answers before its usage is known, and its result is not forwarded"
        return None

    def unbounded_input(self, doc: Any) -> str | None:
        """A Responses call naming input the provider keeps (`memeval.meter._wire.stored_input`)."""
        return stored_input(doc)

    def free_path(self, method: str, path: str) -> bool:
        """`GET /v1/models[/id]`."""
        return models_lookup(method, path)

    def error_body(self, refusal: Refusal, message: str) -> dict[str, object]:
        """`{"error": {"message", "type", "param", "code"}}` (OpenAI API reference, "Error codes")."""
        kind, code = _ERROR_TYPE[refusal]
        return {"error": {"message": message, "type": kind, "param": None, "code": code}}
