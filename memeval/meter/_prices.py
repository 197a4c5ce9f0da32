"""Prices: genai-prices (pinned, dated, offline) plus a user price file that wins over it.

The user file is TOML, one table per model id, prices in USD per million tokens:

    [models."my-private-model"]
    input_usd_per_mtok = 1.0          # uncached input (required)
    output_usd_per_mtok = 4.0         # output, reasoning included (required)
    cache_read_usd_per_mtok = 0.1     # optional: defaults to the input price
    cache_write_usd_per_mtok = 1.25   # optional: without it a call that wrote cache entries is unpriced

Cost from the user file (`memeval.meter._userprices`) = (uncached_input * input price + cache_read * cache-read
price + cache_write * cache-write price + output * output price) / 1e6. genai-prices takes the whole
prompt as `input_tokens` with its cache parts beside it (the meter's own semantics) and picks the
price valid at the call's time.
"""

from __future__ import annotations

import logging
import re
import warnings
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import genai_prices
from genai_prices import data_snapshot as genai_snapshot
from genai_prices import types as genai_types

from memeval.meter._records import Cost
from memeval.meter._usage import ParsedUsage
from memeval.meter._userprices import ONE_HOUR_UNPRICED, WRITE_UNPRICED, load_user_prices, user_cost
from memeval.meter._windows import context_window
from memeval.types import LONG_PROMPT_NOTE, SERVICE_TIER_NOTE

log = logging.getLogger(__name__)

GENAI_PRICES = f"genai-prices {genai_prices.__version__}"
"""The `price_source` of a genai-prices price: the library name and its pinned version."""


DEFAULT_OUTPUT_LIMIT_TOKENS = 128_000
"""Output limit assumed for a model whose limit is not known (no `output_limit_tokens` in the
user price file), when a call names no `max_tokens`: at least the largest output of current
models, so the worst case it gives is an upper bound."""


MAX_WORST_OUTPUT_TOKENS = 1_000_000_000
"""The most output tokens a worst case counts (all answers of the call together): a thousand times the largest
output limit of current models, so it never lowers a real call's bound. A request's `max_tokens` and `n` are the
agent's to write (`10**400` is valid JSON): unclipped, their product overflowed a float (a 500 from the proxy for
a user-priced model) or made an infinite reservation and an infinite charge."""


STANDARD_TIERS = frozenset({None, "default", "standard"})
"""The `service_tier` values a response gives for a call billed at the standard token prices (OpenAI `default`,
Anthropic `standard`), and None when it names none."""
REQUEST_STANDARD_TIERS = frozenset({"auto", "default", "standard_only", "standard"})
"""The `service_tier` values of a request that ask for no other tier than the account's own (OpenAI `auto`,
`default`; Anthropic `auto`, `standard_only`; Gemini `standard`)."""


class TierNotPriced(Exception):
    """genai-prices has no price for the call's service tier (`args[0]`: the model as it names it)."""


class PromptPastWindow(Exception):
    """The call's prompt is longer than the model's context window in genai-prices, which has no price for it.

    `args`: (the model as genai-prices names it, the prompt in tokens, the window in tokens).
    """


def _long_prompt_unpriced(priced_as: str, prompt: int, window: int) -> Cost:
    """The cost of a call whose prompt is past the context window the price table prices (`PromptPastWindow`)."""
    return Cost(
        cost_usd=None,
        reason="unpriced",
        price_source=(
            f"{GENAI_PRICES}; model priced as {priced_as}, but a prompt of {prompt} tokens, past the {window}-token "
            f"{LONG_PROMPT_NOTE}, is billed at rates it does not have"
        ),
    )


def request_tier(doc: object) -> str | None:
    """The processing tier a request body asks for (`service_tier`, Gemini's `serviceTier`); None: standard."""
    tier = (doc.get("service_tier") or doc.get("serviceTier")) if isinstance(doc, dict) else None
    return tier if isinstance(tier, str) and tier not in REQUEST_STANDARD_TIERS else None


def _tier_unpriced(source: str, tier: str | None, priced_as: str) -> Cost:
    """The cost of a call served at a processing tier no price table here prices (see `PriceBook.cost`)."""
    shown = tier if tier is not None and tier.isidentifier() and len(tier) <= 32 else "(not a short name)"
    return Cost(
        cost_usd=None,
        reason="unpriced",
        price_source=(
            f"{source}; model priced as {priced_as}, but the response says the call was served at service tier "
            f"{shown!r}, {SERVICE_TIER_NOTE} and not in the price table"
        ),
    )


OTHER_MODEL_UNPRICED = "is the model the response names, which no price table knows, and the request named"
"""Why a call whose response names an unknown model other than the requested one has no known cost (`dated_form`)."""

_DATED_TAIL = re.compile(r"[-@:.]?v?\d[\d.:-]*")
"""What follows a model id in a dated or pinned form of it: `-2024-08-06`, `-20250514`, `@20250514`, `-002`,
`-v1:0`."""


def dated_form(served: str, requested: str) -> bool:
    """Whether the model id a response names is the requested one or a dated or pinned form of it.

    `gpt-4o-2024-08-06` of `gpt-4o`, `claude-sonnet-4-5-20250929` of `claude-sonnet-4-5` (or of
    `claude-sonnet-4-5-latest`), `gemini-1.5-pro-002` of `gemini-1.5-pro`: True; `gpt-4o-mini` of `gpt-4o`, or any
    other name: False. Case is ignored. `PriceBook.cost` prices a call by the requested model's price only then: a
    response naming another model that no table prices (a router's pick, a larger model served in its place) priced
    as the requested one would be a guess, possibly below the bill.
    """
    s, r = served.strip().lower(), requested.strip().lower()
    if s == r:
        return True
    r = r.removesuffix("-latest")
    return s.startswith(r) and _DATED_TAIL.fullmatch(s[len(r) :]) is not None


def _shown_model(name: str) -> str:
    """A model id as a reason shows it: quoted, at most 80 characters (the names are the agent's or the server's)."""
    return repr(name if len(name) <= 80 else name[:80] + "...")


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
        self._genai = _GenaiPricer()

    def __repr__(self) -> str:
        return f"PriceBook(user_file={self.user_file!r}, {GENAI_PRICES})"

    def cost(
        self,
        usage: ParsedUsage,
        *,
        provider: str,
        models: tuple[str | None, ...],
        at: datetime,
        bound: bool = False,
    ) -> Cost:
        """Price `usage` at time `at`.

        Args:
            usage: the call's reading; without input and output counts the cost is missing.
            provider: the genai-prices provider id to look the model up under.
            models: model ids to try in order (the one the response named, then the requested). A user price file's
                price for any of them wins; genai-prices' price of the requested model is used only when the response
                names none or a dated form of it (`dated_form`), else the cost is `unpriced` (`OTHER_MODEL_UNPRICED`).
            at: the call's time (UTC), which selects the dated genai-prices entry.
            bound: `usage` is a worst case made from the request's size (`worst_case_usd`), not a reading: its
                prompt, in bytes, is not checked against the model's context window.

        A call whose prompt is longer than the model's context window in genai-prices, for a price with no tier
        for longer prompts, is `unpriced` (`PromptPastWindow`): the table prices the model as it serves prompts
        within that window. Claude Sonnet 4 serves up to 1M tokens with a beta header and bills "requests exceeding
        200k input tokens" at $6 in and $22.50 out per million, twice and 1.5 times its standard prices (Claude API
        docs, "Pricing", Long context pricing, https://platform.claude.com/docs/en/about-claude/pricing), and
        genai-prices (0.2.5) has `claude-sonnet-4-0` with a 200,000-token window and its standard prices only:
        such a call was a known cost at about half its bill. Models the table gives the 1M window (Claude Sonnet
        4.6: "the full 1M token context window at standard pricing", the same page) or long-prompt tiers (Claude
        Sonnet 4.5, Gemini 2.5 Pro) are priced as the table says.

        A call the response says another processing tier served (`usage.service_tier` not in `STANDARD_TIERS`:
        OpenAI's `priority`, about twice the standard token prices, `flex`, half) is priced at that tier's
        genai-prices variant; with none (or a user price file's model, which has standard prices only) it is
        `unpriced`, the tier named in `price_source` (`SERVICE_TIER_NOTE`): the agent picks the tier in its
        request, and the standard price would be a known cost that is wrong.

        Returns:
            A `Cost`: priced, `unpriced` (no table knows any of `models`, or none prices the tier) or
            `usage_missing`.
        """
        if not usage.has_usage:
            return Cost(cost_usd=None, reason="usage_missing")
        tier = None if usage.service_tier in STANDARD_TIERS else usage.service_tier
        names = [m for m in models if m]
        for name in names:
            if name in self._user:
                if tier is not None:
                    return _tier_unpriced(f"user:{self.user_file}", tier, f"user:{name}")
                written = usage.cache_write_tokens or 0
                one_hour = usage.cache_write_1h_tokens or 0
                if written > one_hour and self._user[name].cache_write_usd_per_mtok is None:
                    return Cost(
                        cost_usd=None,
                        reason="unpriced",
                        price_source=f"user:{self.user_file}; {written - one_hour} {WRITE_UNPRICED} of model {name}",
                    )
                if one_hour and self._user[name].cache_write_1h_usd_per_mtok is None:
                    return Cost(
                        cost_usd=None,
                        reason="unpriced",
                        price_source=f"user:{self.user_file}; {one_hour} {ONE_HOUR_UNPRICED} of model {name}",
                    )
                return Cost(
                    cost_usd=user_cost(usage, self._user[name]),
                    price_source=f"user:{self.user_file}",
                    priced_as=f"user:{name}",
                )
        for i, name in enumerate(names):
            if i > 0 and names[0] is not None and not dated_form(names[0], name):
                return Cost(
                    cost_usd=None,
                    reason="unpriced",
                    price_source=f"{GENAI_PRICES}; {_shown_model(names[0])} {OTHER_MODEL_UNPRICED} "
                    f"{_shown_model(name)}",
                )
            try:
                total, priced_as = self._genai.price(usage, name, provider, at, tier, window=not bound)
            except TierNotPriced as exc:
                return _tier_unpriced(GENAI_PRICES, tier, str(exc.args[0]))
            except PromptPastWindow as exc:
                return _long_prompt_unpriced(*exc.args)
            except LookupError:
                continue
            except ValueError as exc:
                log.warning("genai-prices refused the usage of %s: %s", name, exc)
                continue
            return Cost(cost_usd=float(total), price_source=GENAI_PRICES, priced_as=priced_as)
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
    choices: int = 1,
    tier: str | None = None,
) -> float | None:
    """The most a call can cost, USD: a bound reserved against spend limits before forwarding.

    The prompt is bounded by its size in bytes (no tokenizer emits more tokens than bytes of
    text), priced at the dearer of plain input and cache writes; the output by the call's own
    `max_tokens` or else the model's output limit, times the answers it asks for (`choices`:
    Chat Completions' `n`, Gemini's `candidateCount`; each is billed its own output), at most
    `MAX_WORST_OUTPUT_TOKENS`, so the bound is always a finite number. `tier` is the service tier the request
    asks for (`request_tier`), priced as `PriceBook.cost` prices it: a tier no table prices has no bound, so a
    call under a spend limit that asks for one is refused.

    Returns:
        The bound, or None when no price is known for the model (or its tier).
    """
    if model is None:
        return None
    user = book._user.get(model)
    out = max_output_tokens or (user.output_limit_tokens if user else None) or DEFAULT_OUTPUT_LIMIT_TOKENS
    out = min(out * max(1, choices), MAX_WORST_OUTPUT_TOKENS)
    plain = ParsedUsage(
        input_tokens=prompt_bytes, uncached_input_tokens=prompt_bytes, output_tokens=out, service_tier=tier
    )
    written = ParsedUsage(
        input_tokens=prompt_bytes,
        uncached_input_tokens=0,
        cache_write_tokens=prompt_bytes,
        output_tokens=out,
        service_tier=tier,
    )
    costs = [book.cost(u, provider=provider, models=(model,), at=at, bound=True).cost_usd for u in (plain, written)]
    known = [c for c in costs if c is not None]
    return max(known) if known else None


_LOOKUP_CACHE_MAX = 4096
"""Model names are the agent's to choose: the look-up cache is emptied when it holds this many."""


@dataclass(frozen=True, slots=True)
class _Compiled:
    """One genai-prices `ModelPrice` made ready for per-call arithmetic.

    `leaves`: (usage key, the priced usage keys beneath it), in genai-prices' order of leaf computation (most
    dimensions first, then by key); a unit is billed on its count less its priced descendants' leaf counts.
    `terms`: (usage key, price per `per` units, `per`), in the order genai-prices sums them; a `TieredPrices`
    price is chosen by the whole prompt's size (`input_tokens`); a `requests` unit counts 1. Same Decimal
    operations in the same order as `genai_prices.types.ModelPrice.calc_price`, so the total is the same Decimal.

    A priced unit the meter never reports (web searches, audio tokens...) counts 0, as genai-prices infers for
    it: none of the keys `_genai_usage` reports (whole prompt, output, cache reads, cache writes, 1-hour
    writes) lies beneath such a unit or joins with another into one.
    """

    leaves: tuple[tuple[str, tuple[str, ...]], ...]
    terms: tuple[tuple[str, Decimal | genai_types.TieredPrices, int], ...]
    tiered: bool

    def total(self, counts: dict[str, int]) -> Decimal | None:
        """The price of `counts` (usage key -> tokens; a missing key is 0), USD.

        None when a leaf is negative: genai-prices refuses such usage, and the caller asks it, for its error.
        """
        leaf: dict[str, int] = {"requests": 1}
        for key, below in self.leaves:
            value = counts.get(key, 0)
            for other in below:
                value -= leaf[other]
            if value < 0:
                return None
            leaf[key] = value
        prompt = counts.get("input_tokens", 0) if self.tiered else 0
        total = Decimal(0)
        for key, price, per in self.terms:
            if isinstance(price, genai_types.TieredPrices):
                rate = price.base
                for tier in reversed(price.tiers):
                    if prompt > tier.start:
                        rate = tier.price
                        break
            else:
                rate = price
            total += rate * Decimal(leaf[key]) / per
        return total


def _compile(model_price: genai_types.ModelPrice) -> _Compiled | None:
    """`model_price` ready for arithmetic.

    None when genai-prices warns about or refuses the price: every call is then left to it, for its error.
    """
    from genai_prices.units import _get_registry  # the unit registry genai-prices prices with
    from genai_prices.validation import validate_priced_units

    registry = _get_registry()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            resolved = genai_types._collect_resolved_model_prices(model_price, registry)
            validate_priced_units(tuple(unit for unit, _ in resolved), registry)
    except (Warning, ValueError, KeyError):
        return None
    units = sorted(
        (unit for unit, _ in resolved if unit.usage_key != "requests"),
        key=lambda unit: (-len(unit.dimensions), unit.usage_key),
    )
    leaves = tuple(
        (
            unit.usage_key,
            tuple(
                other.usage_key
                for other in units
                if other is not unit and unit.dimensions.items() <= other.dimensions.items()
            ),
        )
        for unit in units
    )
    terms = tuple((unit.usage_key, price, unit.per) for unit, price in resolved)
    return _Compiled(leaves, terms, any(isinstance(p, genai_types.TieredPrices) for _, p, _ in terms))


class _GenaiPricer:
    """genai-prices' `calc_price`, with the model look-up and the price's units resolved once.

    A call's cost is then a few Decimal operations (`_Compiled.total`) instead of genai-prices' generic unit
    decomposition (about 1 ms a call here). Every price `_compile` cannot reproduce, and every usage it would
    refuse, goes to `genai_prices.calc_price` itself. tests/meter/test_meter_prices.py checks the two agree on
    every recorded fixture and on every model genai-prices knows.
    """

    def __init__(self) -> None:
        self._snapshot: object = None
        self._models: dict[tuple[str, str], tuple[genai_types.Provider, genai_types.ModelInfo] | None] = {}
        self._compiled: dict[int, tuple[genai_types.ModelPrice, _Compiled | None]] = {}

    def price(
        self,
        usage: ParsedUsage,
        model: str,
        provider: str,
        at: datetime,
        tier: str | None = None,
        *,
        window: bool = True,
    ) -> tuple[Decimal, str]:
        """(total USD, `provider:model` as genai-prices names them); `tier`: a service tier other than the standard.

        `window`: check the prompt against the model's context window (`PriceBook.cost`).

        Raises:
            LookupError: genai-prices knows no such model.
            ValueError: genai-prices refuses the usage.
            TierNotPriced: `tier` is given and the model has no price variant for it at `at`.
            PromptPastWindow: `window` is set, the prompt is longer than the model's context window in genai-prices
                and the model's price at `at` has no tier for longer prompts.
        """
        snapshot = genai_snapshot.get_snapshot()
        if snapshot is not self._snapshot:  # prices were updated: forget what was resolved
            self._snapshot, self._models, self._compiled = snapshot, {}, {}
        key = (provider, model)
        try:
            found = self._models[key]
        except KeyError:
            try:
                found = snapshot.find_provider_model(model, None, provider, None)
            except LookupError:
                found = None
            if len(self._models) >= _LOOKUP_CACHE_MAX:
                self._models.clear()
            self._models[key] = found
        if found is None:
            raise LookupError(f"genai-prices knows no model {model!r} of provider {provider!r}")
        prov, info = found
        limit, prompt = context_window(prov.id, info), usage.input_tokens or 0
        if window and limit is not None and prompt > limit and not _tiered(info.get_prices(at)):
            raise PromptPastWindow(f"{prov.id}:{info.id}", prompt, limit)
        if tier is not None:
            return _tier_price(usage, prov, info, at, tier), f"{prov.id}:{info.id}"
        counts = _genai_counts(usage)
        if counts is not None and not (prov.id == "groq" and info.id.startswith("whisper")):
            model_price = info.get_prices(at)
            held = self._compiled.get(id(model_price))
            if held is None or held[0] is not model_price:
                held = (model_price, _compile(model_price))
                self._compiled[id(model_price)] = held
            compiled = held[1]
            if compiled is not None:
                total = compiled.total(counts)
                if total is not None:
                    return total, f"{prov.id}:{info.id}"
        calc = genai_prices.calc_price(_genai_usage(usage), model, provider_id=provider, genai_request_timestamp=at)
        return calc.total_price, f"{calc.provider.id}:{calc.model.id}"


def _tiered(model_price: genai_types.ModelPrice) -> bool:
    """Whether any of the price's rates depends on the prompt's size (a `TieredPrices`)."""
    return any(isinstance(value, genai_types.TieredPrices) for value in vars(model_price).values())


def _tier_price(
    usage: ParsedUsage, prov: genai_types.Provider, info: genai_types.ModelInfo, at: datetime, tier: str
) -> Decimal:
    """`usage` priced at the model's genai-prices variant for service tier `tier` (`when={"service_tier": tier}`).

    genai-prices applies a variant only to a model of the provider's own list, and falls back to the standard
    price when none matches: both are refused here, so no tier is ever priced as the standard one.

    Raises:
        TierNotPriced: no such variant is in force at `at`.
    """
    context = {"service_tier": tier}
    own = any(info is m for m in prov.models)
    variants = [v for v in info.price_variants or () if v.when == context]
    if not own or not any(v.constraint is None or v.constraint.active(at) for v in variants):
        raise TierNotPriced(f"{prov.id}:{info.id}")
    return info.get_prices(at, context).calc_price(_genai_usage(usage))["total_price"]


def _usage_fields(usage: ParsedUsage) -> dict[str, int]:
    """The token counts genai-prices is given for `usage` (cache counts only when present)."""
    fields = {"input_tokens": usage.input_tokens or 0, "output_tokens": usage.output_tokens or 0}
    if usage.cache_read_tokens:
        fields["cache_read_tokens"] = usage.cache_read_tokens
    if usage.cache_write_tokens:
        fields["cache_write_tokens"] = usage.cache_write_tokens
        if usage.cache_write_1h_tokens:
            fields["cache_write_1h_tokens"] = usage.cache_write_1h_tokens
    return fields


def _genai_counts(usage: ParsedUsage) -> dict[str, int] | None:
    """The counts `_genai_usage` reports, as a dict.

    None when one is not a non-negative int: left to genai-prices, which refuses it.
    """
    counts = _usage_fields(usage)
    for value in counts.values():
        if type(value) is not int or value < 0:
            return None
    return counts


def _genai_usage(usage: ParsedUsage) -> genai_prices.Usage:
    return genai_prices.Usage(**_usage_fields(usage))
