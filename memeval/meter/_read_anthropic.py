"""Usage from Anthropic Messages responses: a JSON body or an SSE stream.

Wire format (docs.anthropic.com, "Messages" and "Streaming Messages"): the body's `usage` has
`input_tokens` (uncached), `cache_read_input_tokens`, `cache_creation_input_tokens` (with an
optional `cache_creation.ephemeral_1h_input_tokens` part) and `output_tokens`. A stream carries
`message_start.message.usage`, then `message_delta.usage`, whose counts are cumulative: the last
value of each field wins, nothing is added. `message_stop` ends the stream; an `error` event may
arrive after a 200.

The `output_tokens` of `message_start` is a placeholder (1, or a few), not a count: it is never
taken, so a stream cut before its `message_delta` has no output count and is not priced as known.

Compaction ("Compaction" in the Claude API docs): a request that compacts its context samples
more than once, and its `usage.iterations` lists each sampling (`type` `compaction` or
`message`) with its own `input_tokens`, `output_tokens` and cache counts. The top-level counts
describe only the last (message) iteration, and billing is the sum over iterations, so when
`iterations` is present each count is its sum over the iterations.

`usage.server_tool_use` counts the provider's own tool requests the call billed (`web_search_requests`,
`web_fetch_requests`): for a tool it names, that count is the call's uses of it, not its `server_tool_use` blocks,
since a turn paused mid-search (`pause_turn`) shows the block in one answer and bills the search in the next
(`UsageState.hosted_requests`). Web fetch is billed as tokens only (`TOKENS_ONLY_TOOLS`); web search and the other
server tools beyond them. `mcp_tool_use` blocks (the MCP connector) have no count and are counted as billed apart.
"""

from __future__ import annotations

import json
from typing import Any

from memeval.meter._errors import ANTHROPIC_ERRORS, read_error
from memeval.meter._provider import ModelProvider, Refusal, Route, WireApi, models_lookup
from memeval.meter._turns import Turn, as_text, cut, new_messages, sse_data
from memeval.meter._usage import (
    UsageState,
    as_dict,
    as_int,
    as_list,
    leading_type,
    names_read_type,
    read_count,
    read_type_pattern,
    served_words,
)
from memeval.types import SURCHARGE_NOTE

_HOSTED = frozenset({"server_tool_use", "mcp_tool_use"})


def new_state() -> UsageState:
    """An empty accumulator for Anthropic (its `input_tokens` excludes the cache parts)."""
    return UsageState(input_is_total=False)


_FIELDS = (
    ("input_tokens", "input_raw"),
    ("output_tokens", "output_tokens"),
    ("cache_read_input_tokens", "cache_read_tokens"),
    ("cache_creation_input_tokens", "cache_write_tokens"),
)


_COUNTED = frozenset({"input_tokens", "output_tokens"})
"""The counts every sampling has: an iteration without a readable one leaves the call's sum unknown."""


def _summed_iterations(usage: dict[str, Any]) -> tuple[dict[str, Any], str | None]:
    """`usage` with each count replaced by its sum over `usage.iterations`, when it has any.

    Returns the usage and why it cannot be summed, or None: an iteration whose `input_tokens` or `output_tokens`
    is missing or unreadable, or whose cache count is there but unreadable (a negative, a fraction, a string). The
    sum of the other iterations would be less than the call's billed usage, a known cost that undercounts it. A
    cache count an iteration does not carry (or carries as null) counts 0, as the top-level one does.
    """
    iterations = [as_dict(i) for i in as_list(usage.get("iterations"))]
    if not iterations:
        return usage, None
    out = dict(usage)
    for key, _ in _FIELDS:
        known = []
        for n, iteration in enumerate(iterations, 1):
            raw = iteration.get(key)
            if raw is None and key not in _COUNTED:
                continue
            value = as_int(raw)
            if value is None:
                return usage, f"iteration {n} of {len(iterations)} has no readable {key}"
            known.append(value)
        if known:
            out[key] = sum(known)
    return out, None


def _usage(state: UsageState, usage: dict[str, Any], *, placeholder_output: bool = False) -> None:
    """Overwrite each field the usage object carries (cumulative semantics).

    `placeholder_output`: the object is `message_start`'s, whose output count is not a count. Iterations that
    cannot be summed (`_summed_iterations`) leave the call's counts unknown (`UsageState.unsummed`).
    """
    usage, unsummed = _summed_iterations(usage)
    if unsummed is not None:
        state.unsummed = unsummed
    for key, attr in (
        ("input_tokens", "input_raw"),
        ("output_tokens", "output_tokens"),
        ("cache_read_input_tokens", "cache_read_tokens"),
        ("cache_creation_input_tokens", "cache_write_tokens"),
    ):
        if placeholder_output and key == "output_tokens":
            continue
        value = read_count(state, usage, key, "usage.")
        if value is not None:
            setattr(state, attr, value)
    if isinstance(usage.get("service_tier"), str):
        state.service_tier = usage["service_tier"]
    if isinstance(usage.get("speed"), str):
        state.speed = usage["speed"]
    if isinstance(usage.get("inference_geo"), str):
        state.inference_geo = usage["inference_geo"]
    one_hour = read_count(
        state, as_dict(usage.get("cache_creation")), "ephemeral_1h_input_tokens", "usage.cache_creation."
    )
    if one_hour is not None:
        state.cache_write_1h_tokens = one_hour
    server = usage.get("server_tool_use")
    # cumulative like the counts: the last object carried wins; `message_start`'s, like its output count, is not the
    # final one (the searches of the answer have not run yet), so a stream cut before `message_delta` counts its blocks
    if isinstance(server, dict) and not placeholder_output:
        where = "usage.server_tool_use."
        requests = {}
        for key in server:
            count = read_count(state, server, key, where) if key.endswith("_requests") else None
            if count is not None:
                requests[key.removesuffix("_requests")] = count
        state.hosted_requests = requests


def _block(state: UsageState, index: str, block: dict[str, Any]) -> None:
    kind = block.get("type")
    if kind == "tool_use":
        state.add_tool(str(block.get("id") or index), str(block.get("name") or kind))
    elif kind == "server_tool_use":
        state.hosted_named[str(block.get("id") or index)] = str(block.get("name") or kind)
    elif kind in _HOSTED:
        state.hosted.add(str(block.get("id") or index))


def read_body(state: UsageState, obj: Any) -> None:
    """Fill `state` from a parsed non-streaming body (a message, or an error object)."""
    body = as_dict(obj)
    if body.get("type") == "error":
        read_error(state, body.get("error"), ANTHROPIC_ERRORS, "type", fallback="error:")
        return
    if body.get("type") != "message":
        state.error = "the body is not an Anthropic message"
        return
    state.response_seen = True
    if isinstance(body.get("model"), str):
        state.model = body["model"]
    usage = body.get("usage")
    if isinstance(usage, dict):
        _usage(state, usage)
        state.final_usage = True
    for position, block in enumerate(as_list(body.get("content"))):
        _block(state, str(position), as_dict(block))
    state.terminal = body.get("stop_reason") is not None


_READ_KINDS = frozenset({"message_start", "content_block_start", "message_delta", "message_stop", "error"})
"""The stream events `read_event` reads; every other kind (text and tool-input deltas, block ends, pings) it
leaves alone."""


_READ_TYPE = read_type_pattern(_READ_KINDS)
"""A `type` naming a kind the reader reads (`names_read_type`)."""


def skips(_state: UsageState, _name: str, data: str) -> bool:
    """Whether `read_event` would ignore the event (`WireApi.skips`).

    True when its data's own `type` (which wins over the SSE name) is none it reads, and nothing later in it
    names one (`names_read_type`: a second `type` key, which JSON readers take, or a key spelled with an escape).
    """
    kind = leading_type(data)
    return kind is not None and kind not in _READ_KINDS and not names_read_type(data, _READ_TYPE)


def read_event(state: UsageState, name: str, obj: Any) -> None:
    """Fill `state` from one parsed SSE event (`name` is the SSE event name; data wins)."""
    data = as_dict(obj)
    kind = data.get("type", name)
    if kind == "message_start":
        message = as_dict(data.get("message"))
        state.open_answer("a second `message_start`")
        state.response_seen = True
        if isinstance(message.get("model"), str):
            state.model = message["model"]
        _usage(state, as_dict(message.get("usage")), placeholder_output=True)
    elif kind == "content_block_start":
        _block(state, str(data.get("index")), as_dict(data.get("content_block")))
    elif kind == "message_delta":
        usage = data.get("usage")
        if isinstance(usage, dict):
            _usage(state, usage)
            state.final_usage = True
    elif kind == "message_stop":
        state.terminal = True
    elif kind == "error":
        read_error(state, data.get("error"), ANTHROPIC_ERRORS, "type", fallback="error:")


def _blocks(role: str, content: Any) -> list[Turn]:
    if isinstance(content, str):
        return [Turn(role, "text", cut(content))]
    out = []
    for b in content if isinstance(content, list) else []:
        kind = b.get("type") if isinstance(b, dict) else None
        if kind == "text":
            out.append(Turn(role, "text", cut(str(b.get("text", "")))))
        elif kind == "tool_use":
            out.append(Turn(role, "tool_call", f"{b.get('name')}({cut(as_text(b.get('input', {})))})"))
        elif kind == "tool_result":
            c = b.get("content")
            text = "".join(x.get("text", "") for x in c if isinstance(x, dict)) if isinstance(c, list) else as_text(c)
            out.append(Turn("tool", "tool_result", cut(text)))
    return out


def show_request(body: dict[str, Any]) -> list[Turn]:
    """A Messages request: `system` on the first call, then the messages after the last assistant turn."""
    out: list[Turn] = []
    msgs = body.get("messages") or []
    if len(msgs) <= 1 and body.get("system"):
        out += _blocks("system", body["system"])
    for m in new_messages(msgs, lambda m: m.get("role") == "assistant"):
        out += _blocks(str(m.get("role")), m.get("content"))
    return out


def show_response(text: str, streamed: bool) -> list[Turn]:
    """A Messages answer's content blocks.

    A stream's are rebuilt from `content_block_start` / `content_block_delta` (`text_delta`,
    `input_json_delta`).
    """
    if not streamed:
        return _blocks("assistant", json.loads(text).get("content"))
    blocks: dict[int, dict[str, Any]] = {}
    for ev in sse_data(text):
        if ev.get("type") == "content_block_start":
            blocks[ev["index"]] = dict(ev["content_block"], _json="")
        elif ev.get("type") == "content_block_delta":
            b, d = blocks.setdefault(ev["index"], {"type": "text", "text": "", "_json": ""}), ev["delta"]
            if d.get("type") == "text_delta":
                b["text"] = b.get("text", "") + d.get("text", "")
            elif d.get("type") == "input_json_delta":
                b["_json"] += d.get("partial_json", "")
    for b in blocks.values():
        if b.get("type") == "tool_use" and b["_json"]:
            b["input"] = json.loads(b["_json"])
    return _blocks("assistant", [blocks[i] for i in sorted(blocks)])


_ERROR_TYPE: dict[Refusal, str] = {
    "unknown_key": "authentication_error",
    "budget": "rate_limit_error",
    "no_upstream": "api_error",
    "unreachable": "api_error",
    "not_found": "not_found_error",
    "encoded_body": "invalid_request_error",
    "hidden_usage": "invalid_request_error",
}


_CACHE_DEPTH = 64
"""Deepest nesting `asks_one_hour` looks into (a request's blocks sit a few levels down; JSON may nest deeper)."""


def asks_one_hour(doc: Any) -> bool:
    """Whether a Messages request asks for a 1-hour cache entry anywhere (`cache_control.ttl` `1h`).

    `cache_control` may sit on the system blocks, the tools, any message's content blocks or the request itself
    (automatic caching); the 5-minute default is `ttl` `5m` or none. Walked without recursion, `_CACHE_DEPTH`
    levels at most. A 1-hour write is billed at twice the input price, a 5-minute one at 1.25 times (Claude API
    docs, "Prompt caching", Pricing, https://platform.claude.com/docs/en/build-with-claude/prompt-caching).
    """
    stack: list[tuple[Any, int]] = [(doc, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            control = node.get("cache_control")
            if isinstance(control, dict) and control.get("ttl") == "1h":
                return True
            children: Any = node.values()
        elif isinstance(node, list):
            children = node
        else:
            continue
        if depth < _CACHE_DEPTH:
            stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


class AnthropicProvider(ModelProvider):
    """Anthropic: the Messages API at `POST /v1/messages`, key in `x-api-key`.

    Its base URL has no `/v1` (`https://api.anthropic.com`, as with `ANTHROPIC_BASE_URL`), so the
    whole path is appended. Free look-ups: `GET /v1/models[/id]` and `POST
    /v1/messages/count_tokens`. Errors are `{"type": "error", "error": {"type", "message"}}`.
    """

    name = "anthropic"
    apis = (
        WireApi(
            "anthropic-messages",
            new_state,
            read_body,
            lambda state, name, _text, obj, _index: read_event(state, name, obj),
            skips=skips,
            show_request=show_request,
            show_response=show_response,
        ),
    )
    key_header = b"x-api-key"
    bearer = False
    api_root = "/v1"
    env_base_url = "ANTHROPIC_BASE_URL"
    env_key = "ANTHROPIC_API_KEY"
    model_prefixes = ("claude",)

    def route(self, method: str, path: str) -> Route | None:
        """`POST /v1/messages` is a Messages call."""
        return Route("anthropic-messages") if method == "POST" and path == "/v1/messages" else None

    def unbounded_input(self, doc: Any) -> str | None:
        """A request asking to be served above the standard prices: fast mode (`speed`) or US-only inference.

        genai-prices has the standard prices alone, so the worst case reserved for such a call (at them) is a sixth
        of what fast mode can bill: under a spend limit the call is refused, as OpenAI's unpriced tiers are.
        """
        if not isinstance(doc, dict):
            return None
        speed, geo = doc.get("speed"), doc.get("inference_geo")
        served = served_words(speed if isinstance(speed, str) else None, geo if isinstance(geo, str) else None)
        if served is None:
            return None
        return f"it asks to be served with {served}, {SURCHARGE_NOTE}, which no price table here has; leave that out"

    def asks_long_cache(self, body: bytes, doc: Any) -> bool:
        """Whether the request marks a block `cache_control: {"type": "ephemeral", "ttl": "1h"}` (`asks_one_hour`).

        The parsed body is walked only when its bytes may spell `1h` (the two characters, or a JSON escape that may
        write them): the walk costs about as much as parsing (1.6 ms for a 1 MB request of 4,000 blocks here).
        """
        return (body.find(b"1h") >= 0 or body.find(b"\\u") >= 0) and asks_one_hour(doc)

    def free_path(self, method: str, path: str) -> bool:
        """`GET /v1/models[/id]` and `POST /v1/messages/count_tokens`."""
        return models_lookup(method, path) or (method == "POST" and path == "/v1/messages/count_tokens")

    def error_body(self, refusal: Refusal, message: str) -> dict[str, object]:
        """`{"type": "error", "error": {"type", "message"}}` (Anthropic API reference, "Errors")."""
        return {"type": "error", "error": {"type": _ERROR_TYPE[refusal], "message": message}}
