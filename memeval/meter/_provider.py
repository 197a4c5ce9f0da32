"""What a model provider is to memeval: one `ModelProvider` subclass per provider module.

Everything provider-specific is declared on the provider (and its `WireApi`s), and every place
that used to branch on a provider's name asks the registry (`memeval.meter._providers`) instead:

- the proxy: which requests are its metered calls (`route`) and free look-ups (`free_path`), which
  unrouted request is its own (`claims`), where the caller's placeholder key sits (`key_header`,
  `query_key`), the upstream URL (`upstream_url`), the real key's header (`auth_headers`), the
  proxy's own error answers in its shape (`error_body`), the output limit a request names
  (`max_output_tokens`) and how many answers it asks for (`output_choices`);
- the meter: how each wire API's usage is read from a JSON body or an SSE stream (`WireApi`);
- the prices: the genai-prices provider id (`price_id`);
- the runner and the agents: the variables an SDK reads its base URL and key from (`env_base_url`,
  `env_key`), the part of the base URL the SDK includes (`base_path`), the model names it serves
  (`model_prefixes`, `model_aliases`).

A new provider is one module with its subclass, listed once in `memeval.meter._providers.BUILTIN`
(or registered at run time with `register_provider`).
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Protocol

from memeval.meter._turns import Turn
from memeval.meter._usage import UsageState

Refusal = Literal["unknown_key", "budget", "no_upstream", "unreachable", "not_found", "encoded_body", "hidden_usage"]
"""Why the proxy answers a call itself instead of forwarding it."""

REFUSAL_STATUS: dict[Refusal, int] = {
    "unknown_key": 401,
    "budget": 429,
    "no_upstream": 502,
    "unreachable": 502,
    "not_found": 404,
    "encoded_body": 415,
    "hidden_usage": 400,
}
"""The HTTP status of each refusal (the same for every provider)."""

Headers = list[tuple[bytes, bytes]]
"""ASGI request headers: (name, value) pairs as bytes; names may come in any case."""


def header(headers: Headers, name: bytes) -> bytes | None:
    """The first value of header `name` (lower case) in `headers`, or None."""
    for key, value in headers:
        if key.lower() == name:
            return value
    return None


class ChunkFilter(Protocol):
    """Edits a forwarded stream chunk by chunk (see `memeval.meter._wire.UsageChunkFilter`)."""

    def feed(self, chunk: bytes) -> bytes:
        """The bytes to pass on for `chunk` (possibly held back until an event is whole)."""
        ...

    def finish(self) -> bytes:
        """What is still held at the end of the stream."""
        ...


@dataclass(frozen=True)
class WireApi:
    """One wire API a provider serves, and how the meter reads its responses' usage.

    Attributes:
        name: the `ModelCall.api` value (`openai-chat`); unique across providers.
        new_state: an empty accumulator (`UsageState(input_is_total=...)`).
        read_body: fills the state from a parsed non-streaming body (any JSON value).
        read_event: fills the state from one SSE event: `(state, event name, raw data text,
            parsed data or None, 0-based event index)`.
        ask_for_usage: a request rewrite that makes a stream carry its usage (`(body, parsed
            body) -> new body or None`); the extra usage chunk is then hidden from the client by
            `usage_chunk_filter()`. None: the API always reports usage.
        usage_chunk_filter: makes the filter that hides the chunk `ask_for_usage` added.
        skips: `(state, event name, raw data text) -> True` for an SSE event `read_event` would leave
            `state` as it is, told without parsing its data (most of a stream is text deltas; parsing each
            cost the meter more than the rest of a call). It may only answer True when sure; None: every
            event is parsed.
        skips_data: `(state, raw events, how many) -> True` when reading each of several SSE events, every one a
            single `data:` line and given as sent (each line and its blank line after one another, the last blank
            line possibly left off), would leave `state` as it is, told from byte searches over them all at once.
            With one event it must answer as `skips` does. It may only answer True when sure; None: `skips` is
            asked event by event.
        show_request: what is new in a request, as turns a person reads (`(parsed JSON object
            body) -> turns`); None: the viewer shows the raw text.
        show_response: what the model answered (`(body or SSE text, streamed) -> turns`); it may
            raise ValueError, KeyError, TypeError or AttributeError on a body it cannot read,
            and the viewer then shows the raw text.
        tier_header: a response header (lower case) that names the processing tier that served the call when the
            body does not (Gemini's `x-gemini-service-tier`), read as the usage's `service_tier`; None: none.
    """

    name: str
    new_state: Callable[[], UsageState]
    read_body: Callable[[UsageState, Any], None]
    read_event: Callable[[UsageState, str, str, Any, int], None]
    ask_for_usage: Callable[[bytes, Any], bytes | None] | None = None
    usage_chunk_filter: Callable[[], ChunkFilter] | None = None
    skips: Callable[[UsageState, str, str], bool] | None = None
    skips_data: Callable[[UsageState, bytes, int], bool] | None = None
    show_request: Callable[[dict[str, Any]], list[Turn]] | None = None
    show_response: Callable[[str, bool], list[Turn]] | None = None
    tier_header: bytes | None = None


@dataclass(frozen=True)
class Route:
    """A metered call recognised from its method and path.

    Attributes:
        api: the wire API (`WireApi.name`).
        model: the model the path names (the Gemini API's `models/M:generateContent`); None: the
            request body's `model` field names it.
    """

    api: str
    model: str | None = None


_OUTPUT_LIMIT_KEYS = ("max_completion_tokens", "max_tokens", "max_output_tokens")


class ModelProvider(ABC):
    """A model provider the meter forwards to; subclass it once per provider module.

    Class attributes (declared by each subclass):
        name: the upstream name (`--upstream api=NAME`, `ModelCall.provider`).
        apis: the wire APIs it serves, each read by the meter.
        key_header: the header the SDK sends its key in (`authorization` with `bearer`, else the
            key alone, like `x-api-key`); the proxy drops every provider's key header and sends the
            real key in this one (`auth_headers`).
        bearer: the key is sent as `Bearer <key>`.
        base_path: the part of the path the SDK's base URL includes (OpenAI's `/v1`): stripped
            from the path before it is appended to the upstream's base URL, and added to the
            proxy's address in the variable an agent reads (`env_base_url`).
        api_root: the path every API call starts with (`/v1`, the Gemini API's `/v1beta`), for
            agents that want the API root rather than the SDK's base URL (opencode).
        env_base_url / env_key: the variables the provider's SDKs read the base URL and key from.
        price_id: the genai-prices provider id (default: `name`).
        model_prefixes: bare model names starting with one of these are served by it (`claude`).
        model_aliases: `alias/model` prefixes naming it besides `name/` (`gemini/` for `google`).
        catch_all: takes unrouted requests that no other provider claims (one provider: OpenAI,
            whose bearer key is the SDKs' common default).
    """

    name: ClassVar[str]
    apis: ClassVar[tuple[WireApi, ...]]
    key_header: ClassVar[bytes] = b"authorization"
    bearer: ClassVar[bool] = True
    base_path: ClassVar[str] = ""
    api_root: ClassVar[str] = ""
    env_base_url: ClassVar[str]
    env_key: ClassVar[str]
    price_id: ClassVar[str | None] = None
    model_prefixes: ClassVar[tuple[str, ...]] = ()
    model_aliases: ClassVar[tuple[str, ...]] = ()
    catch_all: ClassVar[bool] = False

    def __repr__(self) -> str:
        return f"<provider {self.name}: {', '.join(a.name for a in self.apis)}>"

    @property
    def genai_prices_id(self) -> str:
        """The provider id genai-prices knows it by."""
        return self.price_id or self.name

    @abstractmethod
    def route(self, method: str, path: str) -> Route | None:
        """The metered call `method path` is, or None when it is none of this provider's.

        Only exact paths may match: an extra segment or `..` could reach a billed endpoint
        upstream around the meter.
        """

    def free_path(self, method: str, path: str) -> bool:
        """Whether `method path` is a free look-up forwarded unmetered (model lists, token counts)."""
        return False

    def claims(self, path: str, headers: Headers) -> bool:
        """Whether an unrouted request (a free look-up, or a path to refuse) is this provider's.

        Default: its key header (non-bearer ones only: `authorization` is everyone's) is present.
        """
        return self.catch_all or (not self.bearer and header(headers, self.key_header) is not None)

    def query_key(self, query: bytes) -> str | None:
        """The placeholder key carried in the query string of a call routed here, or None."""
        return None

    def hidden_usage(self, query: bytes, headers: Headers, doc: Any = None) -> str | None:
        """Why a metered call's request would have its response leave out usage the meter reads, or None.

        `doc` is the request body parsed (None when it is not a readable JSON object).

        Default: nothing a request says can. A provider whose API lets the caller choose the response's fields or
        format says so here, and the call is refused (`hidden_usage`) rather than forwarded unmeasured.
        """
        return None

    def unbounded_input(self, doc: Any) -> str | None:
        """Why a metered call's billed input is not bounded by its request body, or None.

        A spend limit reserves a call's worst case before forwarding it, its prompt bounded by the body's bytes.
        A request that names input the provider keeps (a stored response or conversation to continue) is billed
        for all of it however short its body: under a limit such a call is refused (`budget`), since no bound
        can be reserved for it. Default: nothing a request says can.
        """
        return None

    def upstream_query(self, query: bytes) -> str:
        """The query string sent upstream (the caller's, less any key in it)."""
        return query.decode("latin-1")

    def upstream_url(self, base_url: str, path: str, query: bytes) -> str:
        """The upstream URL of a request to `path?query` (`base_path` replaced by `base_url`)."""
        suffix = path[len(self.base_path) :] if self.base_path and path.startswith(self.base_path) else path
        rest = self.upstream_query(query)
        return base_url.rstrip("/") + suffix + (f"?{rest}" if rest else "")

    def auth_headers(self, secret: bytes) -> Headers:
        """The header(s) carrying the real key upstream."""
        return [(self.key_header, b"Bearer " + secret if self.bearer else secret)]

    @abstractmethod
    def error_body(self, refusal: Refusal, message: str) -> dict[str, object]:
        """The JSON body of the proxy's own answer for `refusal`, in the provider's error shape."""

    def max_output_tokens(self, doc: Any) -> int | None:
        """The output limit a request (parsed body, None if unreadable) names, or None.

        Default: the largest of `max_completion_tokens`, `max_tokens`, `max_output_tokens` and
        Gemini's `generationConfig.maxOutputTokens`, so a bound is never missed whatever SDK wrote it.
        """
        if not isinstance(doc, dict):
            return None
        config = doc.get("generationConfig")
        candidates = [doc.get(k) for k in _OUTPUT_LIMIT_KEYS]
        if isinstance(config, dict):
            candidates.append(config.get("maxOutputTokens"))
        limits = [v for v in candidates if isinstance(v, int) and not isinstance(v, bool) and v > 0]
        return max(limits) if limits else None

    def asks_long_cache(self, body: bytes, doc: Any) -> bool:
        """Whether a request (its bytes, and parsed, None if unreadable) asks for cache entries billed above the usual.

        Default False. Anthropic's 1-hour cache entries (`AnthropicProvider`) are written at twice the input price
        against 1.25 times for 5-minute ones; its answer says how many writes were 1-hour ones, and one that does
        not leaves the writes' price unknown (`memeval.meter._unpriced.billed_apart_words`).
        """
        return False

    def output_choices(self, doc: Any) -> int:
        """How many answers a request (parsed body, None if unreadable) asks for: each is billed its output.

        Default: the largest of Chat Completions' `n` and Gemini's `generationConfig.candidateCount`, at least 1
        (read whatever the provider, as `max_output_tokens` is). A call with `n: 8` is billed up to eight times
        its `max_tokens`; its worst case must say so, or a spend limit is passed by eight calls' worth at once.
        """
        if not isinstance(doc, dict):
            return 1
        config = doc.get("generationConfig")
        candidates = [doc.get("n"), config.get("candidateCount") if isinstance(config, dict) else None]
        counts = [v for v in candidates if isinstance(v, int) and not isinstance(v, bool) and v > 1]
        return max(counts) if counts else 1

    def serves_model(self, model: str) -> bool:
        """Whether a bare model name is one of this provider's (`model_prefixes`)."""
        return any(model.startswith(p) for p in self.model_prefixes)


_MODEL_ID = re.compile(r"^/v1/models/[A-Za-z0-9._:@-]{1,200}$")


def models_lookup(method: str, path: str) -> bool:
    """`GET /v1/models` or `GET /v1/models/{id}` (the OpenAI and Anthropic model look-ups).

    Only exact paths count: `/v1/models/x/../../chat/completions` is no look-up.
    """
    return method == "GET" and (path == "/v1/models" or bool(_MODEL_ID.match(path)))
