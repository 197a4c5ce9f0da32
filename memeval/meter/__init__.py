"""Metering from outside: a local proxy that measures every model call an agent makes.

Public surface:

- `MeterProxy`, `Upstream`: the proxy (a real HTTP server on 127.0.0.1, background thread).
- `SpendPool`, `Reservation`, `reserve`: spend limits held by reserving each call's worst case
  before it is forwarded (a trial's limit, and the run's, which concurrent trials share).
- `ModelCall`, `Cost`, `TrialSpend`, `CostReason`, `Provider`: what it records.
- `PriceBook`, `UserPrice`, `load_user_prices`, `GENAI_PRICES`: prices (genai-prices + a user file).
- `reserve_connections`: each sandbox's share of the proxy's connections at a given concurrency
  (raising the soft file limit as needed); refuses one the hard file limit cannot serve.
- `parse_body`, `parse_stream`, `ParsedUsage`: pure usage readers for
  Anthropic Messages, OpenAI Chat Completions, OpenAI Responses and the Gemini API's
  generateContent / streamGenerateContent. Token semantics: see
  `ParsedUsage` (`input_tokens` is the whole prompt; cache reads/writes are parts of it).
- `ModelProvider`, `WireApi`, `Route`, `UsageState`, `Turn`, `cut`, `register_provider`,
  `provider_named`, `provider_names`, `provider_of_model`, `wire_api`, `api_names`: the provider
  registry (`Turn`, `cut`: how a call's conversation is shown). A provider is one module with a
  `ModelProvider` subclass (see `memeval.meter._provider`), listed in
  `memeval.meter._providers.BUILTIN` or registered at run time.

The proxy and the prices (uvicorn, httpx, genai-prices) load on first use, so the registry is
cheap to ask from the CLI and the runner.
"""

from typing import TYPE_CHECKING

from memeval._lazy import lazy_names
from memeval.meter._ledger import Reservation, SpendPool, reserve
from memeval.meter._meter import parse_body, parse_stream
from memeval.meter._provider import ModelProvider, Refusal, Route, WireApi
from memeval.meter._providers import (
    api_names,
    provider_named,
    provider_names,
    provider_of_model,
    register_provider,
    unregister_provider,
    wire_api,
)
from memeval.meter._records import UPSTREAM_CUT, Cost, ModelCall, Provider, TrialSpend, Upstream
from memeval.meter._turns import Turn, cut
from memeval.meter._usage import ParsedUsage, UsageState
from memeval.types import CostReason

if TYPE_CHECKING:
    from memeval.meter._prices import GENAI_PRICES, PriceBook
    from memeval.meter._proxy import MeterProxy
    from memeval.meter._server import reserve_connections
    from memeval.meter._userprices import UserPrice, load_user_prices, user_cost

_LAZY = {
    "GENAI_PRICES": "memeval.meter._prices",
    "PriceBook": "memeval.meter._prices",
    "UserPrice": "memeval.meter._userprices",
    "load_user_prices": "memeval.meter._userprices",
    "user_cost": "memeval.meter._userprices",
    "MeterProxy": "memeval.meter._proxy",
    "reserve_connections": "memeval.meter._server",
}

# The proxy and the prices import uvicorn, httpx and genai-prices: loaded on first use.
__getattr__, __dir__ = lazy_names(__name__, globals(), _LAZY)


__all__ = [
    "Cost",
    "CostReason",
    "GENAI_PRICES",
    "MeterProxy",
    "ModelCall",
    "ModelProvider",
    "ParsedUsage",
    "PriceBook",
    "Provider",
    "Refusal",
    "Reservation",
    "Route",
    "SpendPool",
    "TrialSpend",
    "Turn",
    "UPSTREAM_CUT",
    "Upstream",
    "UsageState",
    "UserPrice",
    "WireApi",
    "api_names",
    "cut",
    "load_user_prices",
    "parse_body",
    "parse_stream",
    "provider_named",
    "provider_names",
    "provider_of_model",
    "register_provider",
    "reserve",
    "reserve_connections",
    "unregister_provider",
    "user_cost",
    "wire_api",
]
