"""Prices: genai-prices (pinned, dated, offline) plus a user price file that wins over it.

The user file is TOML, one table per model id, prices in USD per million tokens:

    [models."my-private-model"]
    input_usd_per_mtok = 1.0          # uncached input (required)
    output_usd_per_mtok = 4.0         # output, reasoning included (required)
    cache_read_usd_per_mtok = 0.1     # optional: defaults to the input price
    cache_write_usd_per_mtok = 1.25   # optional: defaults to the input price

Cost from the user file = (uncached_input * input price + cache_read * cache-read price
+ cache_write * cache-write price + output * output price) / 1e6. genai-prices takes the whole
prompt as `input_tokens` with its cache parts beside it (the meter's own semantics) and picks the
price valid at the call's time.
"""

from __future__ import annotations

import logging
import tomllib
from datetime import datetime
from pathlib import Path

import genai_prices
from pydantic import BaseModel, ConfigDict, ValidationError

from memeval.errors import UsageError
from memeval.meter._records import Cost
from memeval.meter._usage import ParsedUsage

log = logging.getLogger(__name__)

GENAI_PRICES = f"genai-prices {genai_prices.__version__}"
"""The `price_source` of a genai-prices price: the library name and its pinned version."""


class UserPrice(BaseModel):
    """One model's prices from the user file, USD per million tokens."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    input_usd_per_mtok: float
    output_usd_per_mtok: float
    cache_read_usd_per_mtok: float | None = None
    cache_write_usd_per_mtok: float | None = None
    output_limit_tokens: int | None = None
    """The model's output limit, for the worst case a call reserves when it names no
    `max_tokens` (default `DEFAULT_OUTPUT_LIMIT_TOKENS`)."""


def load_user_prices(path: Path) -> dict[str, UserPrice]:
    """Read a user price file.

    Raises:
        UsageError: the file is missing, not TOML, or a model's table is malformed.
    """
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise UsageError(f"price file {path} cannot be read ({exc}); pass a readable file") from exc
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"price file {path} is not valid TOML: {exc}") from exc
    models = data.get("models")
    if not isinstance(models, dict):
        raise UsageError(f'price file {path} has no [models."<id>"] tables; add one per model')
    prices = {}
    for model, table in models.items():
        try:
            prices[model] = UserPrice.model_validate(table)
        except ValidationError as exc:
            raise UsageError(
                f"price file {path}: model {model!r} needs numeric input_usd_per_mtok and "
                "output_usd_per_mtok (USD per million tokens), optional cache_read_usd_per_mtok "
                f"and cache_write_usd_per_mtok: {exc}"
            ) from exc
    return prices


DEFAULT_OUTPUT_LIMIT_TOKENS = 128_000
"""Output limit assumed for a model whose limit is not known (no `output_limit_tokens` in the
user price file), when a call names no `max_tokens`: at least the largest output of current
models, so the worst case it gives is an upper bound."""


class PriceBook:
    """Turns a call's usage into a `Cost`.

    Args:
        user_file: optional TOML price file; its prices win over genai-prices.

    Raises:
        UsageError: the user file is unreadable or malformed (checked at construction).
    """

    def __init__(self, user_file: Path | None = None) -> None:
        self.user_file = user_file
        self._user = load_user_prices(user_file) if user_file is not None else {}

    def __repr__(self) -> str:
        return f"PriceBook(user_file={self.user_file!r}, {GENAI_PRICES})"

    def cost(
        self,
        usage: ParsedUsage,
        *,
        provider: str,
        models: tuple[str | None, ...],
        at: datetime,
    ) -> Cost:
        """Price `usage` at time `at`.

        Args:
            usage: the call's reading; without input and output counts the cost is missing.
            provider: the genai-prices provider id to look the model up under.
            models: model ids to try in order (the one the response named, then the requested).
            at: the call's time (UTC), which selects the dated genai-prices entry.

        Returns:
            A `Cost`: priced, `unpriced` (no table knows any of `models`) or `usage_missing`.
        """
        if not usage.has_usage:
            return Cost(cost_usd=None, reason="usage_missing")
        names = [m for m in models if m]
        for name in names:
            if name in self._user:
                return Cost(
                    cost_usd=_user_cost(usage, self._user[name]),
                    price_source=f"user:{self.user_file}",
                    priced_as=f"user:{name}",
                )
        for name in names:
            try:
                calc = genai_prices.calc_price(
                    _genai_usage(usage), name, provider_id=provider, genai_request_timestamp=at
                )
            except LookupError:
                continue
            except ValueError as exc:
                log.warning("genai-prices refused the usage of %s: %s", name, exc)
                continue
            return Cost(
                cost_usd=float(calc.total_price),
                price_source=GENAI_PRICES,
                priced_as=f"{calc.provider.id}:{calc.model.id}",
            )
        source = GENAI_PRICES
        if self.user_file is not None:
            source = f"user:{self.user_file}; {GENAI_PRICES}"
        return Cost(cost_usd=None, reason="unpriced", price_source=source)


def worst_case_usd(
    book: PriceBook,
    *,
    provider: str,
    model: str | None,
    prompt_bytes: int,
    max_output_tokens: int | None,
    at: datetime,
) -> float | None:
    """The most a call can cost, USD: a bound reserved against spend limits before forwarding.

    The prompt is bounded by its size in bytes (no tokenizer emits more tokens than bytes of
    text), priced at the dearer of plain input and cache writes; the output by the call's own
    `max_tokens` or else the model's output limit.

    Returns:
        The bound, or None when no price is known for the model.
    """
    if model is None:
        return None
    user = book._user.get(model)
    out = max_output_tokens or (user.output_limit_tokens if user else None) or DEFAULT_OUTPUT_LIMIT_TOKENS
    plain = ParsedUsage(input_tokens=prompt_bytes, uncached_input_tokens=prompt_bytes, output_tokens=out)
    written = ParsedUsage(
        input_tokens=prompt_bytes, uncached_input_tokens=0, cache_write_tokens=prompt_bytes, output_tokens=out
    )
    costs = [book.cost(u, provider=provider, models=(model,), at=at).cost_usd for u in (plain, written)]
    known = [c for c in costs if c is not None]
    return max(known) if known else None


def _genai_usage(usage: ParsedUsage) -> genai_prices.Usage:
    fields: dict[str, int] = {
        "input_tokens": usage.input_tokens or 0,
        "output_tokens": usage.output_tokens or 0,
    }
    if usage.cache_read_tokens:
        fields["cache_read_tokens"] = usage.cache_read_tokens
    if usage.cache_write_tokens:
        fields["cache_write_tokens"] = usage.cache_write_tokens
        if usage.cache_write_1h_tokens:
            fields["cache_write_1h_tokens"] = usage.cache_write_1h_tokens
    return genai_prices.Usage(**fields)


def _user_cost(usage: ParsedUsage, price: UserPrice) -> float:
    read = usage.cache_read_tokens or 0
    write = usage.cache_write_tokens or 0
    uncached = usage.uncached_input_tokens or 0
    total = (
        uncached * price.input_usd_per_mtok
        + read
        * (price.cache_read_usd_per_mtok if price.cache_read_usd_per_mtok is not None else price.input_usd_per_mtok)
        + write
        * (price.cache_write_usd_per_mtok if price.cache_write_usd_per_mtok is not None else price.input_usd_per_mtok)
        + (usage.output_tokens or 0) * price.output_usd_per_mtok
    )
    return total / 1_000_000
