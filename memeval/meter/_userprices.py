"""A user price file: prices for models the pinned table does not know, or that the user prices otherwise.

The format and the cost formula are in `memeval.meter._prices`' docstring; `PriceBook` consults this file first.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from memeval._fieldwords import field_problems
from memeval._tomlfile import NotTomlText, read_toml
from memeval.errors import UsageError
from memeval.meter._usage import ParsedUsage


class UserPrice(BaseModel):
    """One model's prices from the user file, USD per million tokens: finite and not negative.

    TOML has `nan` and `inf`: such a price made every cost of the model NaN (which passes every spend limit) or
    infinite, neither of which JSON holds; both are refused with the file's other mistakes.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

    input_usd_per_mtok: float = Field(ge=0)
    output_usd_per_mtok: float = Field(ge=0)
    cache_read_usd_per_mtok: float | None = Field(default=None, ge=0)
    cache_write_usd_per_mtok: float | None = Field(default=None, ge=0)
    cache_write_1h_usd_per_mtok: float | None = Field(default=None, ge=0)
    """The price of prompt tokens written to the cache with a 1-hour lifetime (Anthropic's
    `cache_creation.ephemeral_1h_input_tokens`: twice the input price, where a 5-minute write is 1.25 times).
    A call that wrote some, to a model whose table lacks this key, has no known cost (`ONE_HOUR_UNPRICED`):
    `cache_write_usd_per_mtok` is the 5-minute price, and priced at it the cost would be below the bill."""
    output_limit_tokens: int | None = None
    """The model's output limit, for the worst case a call reserves when it names no
    `max_tokens` (default `DEFAULT_OUTPUT_LIMIT_TOKENS`)."""


def load_user_prices(path: Path) -> dict[str, UserPrice]:
    """Read a user price file.

    Raises:
        UsageError: the file is missing, not TOML, or a model's table is malformed.
    """
    try:
        data = read_toml(path)
    except OSError as exc:
        raise UsageError(f"price file {path} cannot be read ({exc}); pass a readable file") from exc
    except NotTomlText as exc:
        raise UsageError(f"price file {path} is {exc}") from exc
    models = data.get("models")
    if not isinstance(models, dict):
        raise UsageError(f'price file {path} has no [models."<id>"] tables; add one per model')
    prices = {}
    for model, table in models.items():
        try:
            prices[model] = UserPrice.model_validate(table)
        except ValidationError as exc:
            problems = field_problems(exc, "is not a price key")
            raise UsageError(
                f"price file {path}: model {model!r}: {problems}; a model's prices are "
                "numeric input_usd_per_mtok and output_usd_per_mtok (USD per million tokens, finite and 0 or more), "
                "optional cache_read_usd_per_mtok, cache_write_usd_per_mtok, cache_write_1h_usd_per_mtok and "
                "output_limit_tokens"
            ) from exc
    return prices


WRITE_UNPRICED = "prompt tokens written to the cache, and the price file gives no cache_write_usd_per_mtok"
"""Why a user-priced call that wrote cache entries has no known cost when its table lacks a write price: a write
costs more than an uncached input token where it is billed (1.25 times for Anthropic's 5-minute entries), so the
input price would give a cost below the bill. A model whose writes cost the input price says so in the file."""

ONE_HOUR_UNPRICED = (
    "prompt tokens written to the cache for 1 hour, and the price file gives no cache_write_1h_usd_per_mtok"
)
"""Why a user-priced call that wrote 1-hour cache entries has no known cost (`UserPrice`)."""


def user_cost(usage: ParsedUsage, price: UserPrice) -> float:
    """USD of `usage` at a user price; 1-hour cache writes (a part of the writes) at their own price.

    `PriceBook.cost` calls it only when the price has `cache_write_usd_per_mtok` (`cache_write_1h_usd_per_mtok`) or
    the call wrote no (5-minute, 1-hour) part.
    """
    read = usage.cache_read_tokens or 0
    write = usage.cache_write_tokens or 0
    one_hour = min(usage.cache_write_1h_tokens or 0, write)  # a part of the writes (`ParsedUsage`)
    uncached = usage.uncached_input_tokens or 0
    total = (
        uncached * price.input_usd_per_mtok
        + read
        * (price.cache_read_usd_per_mtok if price.cache_read_usd_per_mtok is not None else price.input_usd_per_mtok)
        + (write - one_hour) * (price.cache_write_usd_per_mtok or 0.0)
        + one_hour * (price.cache_write_1h_usd_per_mtok or 0.0)
        + (usage.output_tokens or 0) * price.output_usd_per_mtok
    )
    return total / 1_000_000
