"""A toy model provider, whole in this one module: what a maintainer writes to add a provider.

Its wire format is made up (no real provider speaks it), so nothing else in memeval can know it:

- `POST <base>/complete` with `{"model", "prompt", "max_out"?, "stream"?}`; the SDK's base URL
  includes `/toy` (as OpenAI's includes `/v1`), the key goes in `x-toy-key`.
- A body answer: `{"kind": "completion", "model", "text", "usage": {"in", "cached", "out"},
  "end": "stop"}`; `in` is the whole prompt, `cached` a part of it.
- A stream (SSE): `event: piece` events `{"text"}`, then one `event: finish` event carrying
  `{"model", "usage", "end"}`.
- Errors: `{"toy_error": {"why", "detail"}}`.

Registered by the test that uses it (`register_provider(ToyProvider())`), never at import.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

from memeval.meter import ModelProvider, Refusal, Route, Turn, UsageState, WireApi, cut

API = "toy-complete"


def _new_state() -> UsageState:
    return UsageState(input_is_total=True)


def _finish(state: UsageState, obj: dict[str, Any]) -> None:
    state.response_seen = True
    if isinstance(obj.get("model"), str):
        state.model = obj["model"]
    usage = obj.get("usage")
    if isinstance(usage, dict):
        state.input_raw = usage.get("in")
        state.cache_read_tokens = usage.get("cached")
        state.output_tokens = usage.get("out")
        state.final_usage = True
    state.terminal = obj.get("end") is not None


def _read_body(state: UsageState, obj: Any) -> None:
    if isinstance(obj, dict) and isinstance(obj.get("toy_error"), dict):
        state.error = f"{obj['toy_error'].get('why')}: {obj['toy_error'].get('detail')}"
    elif isinstance(obj, dict) and obj.get("kind") == "completion":
        _finish(state, obj)
    else:
        state.error = "the body is not a toy completion"


def _read_event(state: UsageState, name: str, _text: str, obj: Any, _index: int) -> None:
    if name == "piece":
        state.response_seen = True
    elif name == "finish" and isinstance(obj, dict):
        _finish(state, obj)


def _show_request(body: dict[str, Any]) -> list[Turn]:
    return [Turn("user", "text", cut(str(body.get("prompt", ""))))]


def _show_response(text: str, streamed: bool) -> list[Turn]:
    if not streamed:
        return [Turn("assistant", "text", cut(json.loads(text)["text"]))]
    pieces = [json.loads(line[5:])["text"] for line in text.splitlines() if line.startswith("data:") and "text" in line]
    return [Turn("assistant", "text", cut("".join(pieces)))]


class ToyProvider(ModelProvider):
    """The toy provider: one wire API, its own key header, routes, error shape and display."""

    name: ClassVar[str] = "toy"
    apis: ClassVar[tuple[WireApi, ...]] = (
        WireApi(API, _new_state, _read_body, _read_event, show_request=_show_request, show_response=_show_response),
    )
    key_header: ClassVar[bytes] = b"x-toy-key"
    bearer: ClassVar[bool] = False
    base_path: ClassVar[str] = "/toy"
    api_root: ClassVar[str] = "/toy"
    env_base_url: ClassVar[str] = "TOY_BASE_URL"
    env_key: ClassVar[str] = "TOY_API_KEY"
    model_prefixes: ClassVar[tuple[str, ...]] = ("toy-",)

    def route(self, method: str, path: str) -> Route | None:
        return Route(API) if method == "POST" and path == "/toy/complete" else None

    def free_path(self, method: str, path: str) -> bool:
        return method == "GET" and path == "/toy/models"

    def claims(self, path: str, headers: list[tuple[bytes, bytes]]) -> bool:
        return path.startswith("/toy/") or super().claims(path, headers)

    def error_body(self, refusal: Refusal, message: str) -> dict[str, object]:
        return {"toy_error": {"why": refusal, "detail": message}}

    def max_output_tokens(self, doc: Any) -> int | None:
        limit = doc.get("max_out") if isinstance(doc, dict) else None
        return limit if isinstance(limit, int) and limit > 0 else None
