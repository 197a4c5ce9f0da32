"""The provider registry: which `ModelProvider`s the meter, the runner and the agents know.

`BUILTIN` lists the shipped providers' modules' classes, in the order names are listed in
messages (`openai`, `anthropic`, `google`); `register_provider` adds one at run time (a plugin, a
test's toy provider). Every question that depends on a provider goes through the functions here,
so no other module names a provider.

Look-ups read an immutable snapshot replaced on each registration, so the proxy's thread never
sees a half-made registry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import AfterValidator

from memeval.errors import MeterError
from memeval.meter._provider import Headers, ModelProvider, Route, WireApi, header
from memeval.meter._read_anthropic import AnthropicProvider
from memeval.meter._read_google import GoogleProvider
from memeval.meter._read_openai import OpenAIProvider

BUILTIN: tuple[type[ModelProvider], ...] = (OpenAIProvider, AnthropicProvider, GoogleProvider)
"""The providers memeval ships, registered at import."""


@dataclass(frozen=True)
class _Snapshot:
    providers: tuple[ModelProvider, ...]
    by_name: dict[str, ModelProvider]
    apis: dict[str, tuple[ModelProvider, WireApi]]
    key_headers: frozenset[bytes]


_current = _Snapshot((), {}, {}, frozenset())


def _build(providers: tuple[ModelProvider, ...]) -> _Snapshot:
    apis = {a.name: (p, a) for p in providers for a in p.apis}
    return _Snapshot(
        providers,
        {p.name: p for p in providers},
        apis,
        frozenset(p.key_header for p in providers),
    )


def register_provider(provider: ModelProvider) -> ModelProvider:
    """Add `provider` to the registry (after the ones already there) and return it.

    Raises:
        MeterError: its name or one of its API names is taken, or a second catch-all provider.
    """
    snap = _current
    if provider.name in snap.by_name:
        raise MeterError(f"a provider named {provider.name!r} is already registered")
    taken = sorted(a.name for a in provider.apis if a.name in snap.apis)
    if taken:
        raise MeterError(f"provider {provider.name!r}: wire API name(s) {taken} are already registered")
    if provider.catch_all and any(p.catch_all for p in snap.providers):
        raise MeterError(f"provider {provider.name!r}: only one provider may take unrouted requests (catch_all)")
    _set(_build((*snap.providers, provider)))
    return provider


def unregister_provider(name: str) -> None:
    """Remove the provider named `name` (a no-op when there is none)."""
    _set(_build(tuple(p for p in _current.providers if p.name != name)))


def _set(snapshot: _Snapshot) -> None:
    global _current  # noqa: PLW0603 - the registry is one process-wide snapshot, replaced whole
    _current = snapshot


def providers() -> tuple[ModelProvider, ...]:
    """Every registered provider, in registration order."""
    return _current.providers


def provider_names() -> tuple[str, ...]:
    """The registered providers' names, in registration order (`openai`, `anthropic`, `google`, ...)."""
    return tuple(p.name for p in _current.providers)


def provider_named(name: str) -> ModelProvider:
    """The provider registered as `name`.

    Raises:
        MeterError: no such provider, naming the registered ones.
    """
    found = _current.by_name.get(name)
    if found is None:
        raise MeterError(f"unknown provider {name!r}; known: {', '.join(provider_names())}")
    return found


def wire_api(name: str) -> tuple[ModelProvider, WireApi]:
    """The provider serving wire API `name`, and the API.

    Raises:
        MeterError: no registered provider serves it.
    """
    found = _current.apis.get(name)
    if found is None:
        raise MeterError(f"unknown wire API {name!r}; known: {', '.join(_current.apis)}")
    return found


def api_names() -> tuple[str, ...]:
    """Every registered wire API's name."""
    return tuple(_current.apis)


def route(method: str, path: str) -> tuple[ModelProvider, Route] | None:
    """The provider and metered route of `method path`, or None when no provider meters it."""
    for provider in _current.providers:
        found = provider.route(method, path)
        if found is not None:
            return provider, found
    return None


def claimant(path: str, headers: Headers) -> ModelProvider:
    """The provider an unrouted request belongs to: the latest registered that claims it.

    Later registrations are asked first (a more specific provider is added after the general
    ones); the catch-all provider answers last.

    Raises:
        MeterError: no provider claims it and none is the catch-all.
    """
    ordered = sorted(reversed(_current.providers), key=lambda p: p.catch_all)
    for provider in ordered:
        if provider.claims(path, headers):
            return provider
    raise MeterError(f"no registered provider takes {path!r}")


def free_path(method: str, path: str) -> bool:
    """Whether any provider forwards `method path` as a free look-up."""
    return any(p.free_path(method, path) for p in _current.providers)


def key_headers() -> frozenset[bytes]:
    """Every provider's key header (lower case): dropped from what is forwarded."""
    return _current.key_headers


def placeholder(headers: Headers, provider: ModelProvider, query: bytes) -> str | None:
    """The caller's placeholder key: a plain key header, else a bearer one, else `provider`'s query key.

    Plain key headers (`x-api-key`, `x-goog-api-key`) are read in registration order before the
    bearer `authorization` header, whichever provider the request is routed to.
    """
    ordered = sorted(_current.providers, key=lambda p: p.bearer)
    for p in ordered:
        value = header(headers, p.key_header)
        if not value:
            continue
        if not p.bearer:
            return value.decode("latin-1").strip()
        if value[:7].lower() == b"bearer ":
            return value[7:].decode("latin-1").strip()
    return provider.query_key(query) if query else None


def provider_of_model(model: str) -> str:
    """The provider a bare or `provider/`-prefixed model name is served by.

    `NAME/...` or `ALIAS/...` -> that provider; a bare name -> the provider whose
    `model_prefixes` it starts with; anything else -> the catch-all provider (`openai`).
    """
    prefix, _, bare = model.partition("/")
    if not bare:
        prefix, bare = "", model
    for p in _current.providers:
        if prefix and (prefix == p.name or prefix in p.model_aliases):
            return p.name
        if not prefix and p.serves_model(bare):
            return p.name
    return next((p.name for p in _current.providers if p.catch_all), "openai")


def known_provider(value: Any) -> str:
    """Pydantic validator of a provider name: a registered one.

    Raises:
        ValueError: not a registered provider's name.
    """
    if value not in _current.by_name:
        raise ValueError(f"unknown provider {value!r}; known: {', '.join(provider_names())}")
    return str(value)


def known_api(value: Any) -> str:
    """Pydantic validator of a wire API name: one a registered provider serves.

    Raises:
        ValueError: no registered provider serves it.
    """
    if value not in _current.apis:
        raise ValueError(f"unknown wire API {value!r}; known: {', '.join(_current.apis)}")
    return str(value)


Provider = Annotated[str, AfterValidator(known_provider)]
"""A registered provider's name (`openai`, `anthropic`, `google`, ...), checked when a record is made."""

Api = Annotated[str, AfterValidator(known_api)]
"""A registered wire API's name (`openai-chat`, `openai-responses`, `anthropic-messages`,
`gemini-generate-content`, ...), checked when a record is made."""


for _cls in BUILTIN:
    register_provider(_cls())
