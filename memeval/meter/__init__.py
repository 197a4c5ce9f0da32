"""Metering from outside: a local proxy that measures every model call an agent makes.

Public surface:

- `MeterProxy`, `Upstream`: the proxy (a real HTTP server on 127.0.0.1, background thread).
- `SpendPool`, `Reservation`, `reserve`: spend limits held by reserving each call's worst case
  before it is forwarded (a trial's limit, and the run's, which concurrent trials share).
- `ModelCall`, `Cost`, `TrialSpend`, `CostReason`, `Provider`: what it records.
- `PriceBook`, `UserPrice`, `load_user_prices`, `GENAI_PRICES`: prices (genai-prices + a user file).
- `parse_body`, `parse_stream`, `UsageMeter`, `ParsedUsage`, `Api`: pure usage readers for
  Anthropic Messages, OpenAI Chat Completions, OpenAI Responses and the Gemini API's
  generateContent / streamGenerateContent. Token semantics: see
  `ParsedUsage` (`input_tokens` is the whole prompt; cache reads/writes are parts of it).
"""

from memeval.meter._ledger import Reservation, SpendPool, reserve
from memeval.meter._meter import UsageMeter, parse_body, parse_stream
from memeval.meter._prices import GENAI_PRICES, PriceBook, UserPrice, load_user_prices
from memeval.meter._proxy import MeterProxy
from memeval.meter._records import Cost, ModelCall, Provider, TrialSpend, Upstream
from memeval.meter._usage import Api, ParsedUsage
from memeval.types import CostReason

__all__ = [
    "Api",
    "Cost",
    "CostReason",
    "GENAI_PRICES",
    "MeterProxy",
    "ModelCall",
    "ParsedUsage",
    "PriceBook",
    "Provider",
    "Reservation",
    "SpendPool",
    "TrialSpend",
    "Upstream",
    "UsageMeter",
    "UserPrice",
    "load_user_prices",
    "parse_body",
    "parse_stream",
    "reserve",
]
