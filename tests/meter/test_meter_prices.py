"""The meter's priced cost equals genai-prices' own `calc_price`, to the last Decimal digit.

`PriceBook` resolves a model's price once and prices each call with a few Decimal operations
(`memeval.meter._prices._Compiled`) instead of calling `genai_prices.calc_price` per call. These tests
price the same usage both ways: every recorded response in tests/fixtures/meter/, and a grid of usages
(cache reads, cache writes, 1-hour writes, prompts past the tier thresholds, usage genai-prices refuses)
on every model genai-prices knows, at the dates its prices change.
"""

from __future__ import annotations

import itertools
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal

import genai_prices
import pytest
from genai_prices import data_snapshot
from meter_fixtures import RECORDED

from memeval.meter import GENAI_PRICES, PriceBook, parse_body, parse_stream
from memeval.meter import _prices as prices_module
from memeval.meter._providers import wire_api
from memeval.meter._usage import ParsedUsage

AT = datetime(2026, 1, 15, 12, tzinfo=UTC)


def _reference(
    usage: ParsedUsage, model: str, provider: str, at: datetime, tier: str | None = None
) -> tuple[Decimal, str] | str:
    """genai-prices' own answer: (total, provider:model), or the kind of refusal; `tier`: the call's service tier."""
    try:
        calc = genai_prices.calc_price(
            prices_module._genai_usage(usage),
            model,
            provider_id=provider,
            genai_request_timestamp=at,
            price_context={"service_tier": tier} if tier is not None else None,
        )
    except LookupError:
        return "LookupError"
    except ValueError:
        return "ValueError"
    return calc.total_price, f"{calc.provider.id}:{calc.model.id}"


def _ours(pricer: prices_module._GenaiPricer, usage: ParsedUsage, model: str, provider: str, at: datetime):
    """The meter's arithmetic for the same usage (the context-window check, count33's, is tested apart)."""
    try:
        return pricer.price(usage, model, provider, at, window=False)
    except LookupError:
        return "LookupError"
    except ValueError:
        return "ValueError"


@pytest.mark.parametrize("recorded", [r for r in RECORDED if r.status == 200], ids=lambda r: r.name)
def test_every_recorded_response_costs_what_genai_prices_says(recorded) -> None:
    api = recorded.api
    provider = wire_api(api)[0].genai_prices_id
    if recorded.stream:
        usage = parse_stream(api, recorded.chunks())
    else:
        usage = parse_body(api, recorded.body)
    assert usage.has_usage, recorded.name
    book = PriceBook()
    for at in (AT, datetime(2025, 6, 1, tzinfo=UTC), datetime(2026, 11, 30, 23, 59, tzinfo=UTC)):
        cost = book.cost(usage, provider=provider, models=(usage.model,), at=at)
        tier = None if usage.service_tier in prices_module.STANDARD_TIERS else usage.service_tier
        found = data_snapshot.get_snapshot().find_provider_model(usage.model, None, provider, None)
        if tier is not None:  # another processing tier (a flex recording): its variant's price, or none
            in_force = [v for v in found[1].price_variants or () if v.when == {"service_tier": tier}]
            if not any(v.constraint is None or v.constraint.active(at) for v in in_force):
                assert cost.cost_usd is None and f"service tier {tier!r}" in (cost.price_source or ""), cost
                continue
        reference = _reference(usage, usage.model, provider, at, tier)
        assert isinstance(reference, tuple), (recorded.name, reference)
        assert cost.cost_usd == float(reference[0]) and cost.priced_as == reference[1], (recorded.name, at)
        assert cost.price_source == GENAI_PRICES
        # the fast path served it: the model's price compiles (else the saving is not there)
        assert prices_module._compile(found[1].get_prices(at)) is not None, usage.model


_USAGES = [
    ParsedUsage(input_tokens=0, output_tokens=0),
    ParsedUsage(input_tokens=1234, output_tokens=567),
    ParsedUsage(input_tokens=1500, output_tokens=40, cache_read_tokens=1200),
    ParsedUsage(input_tokens=1500, output_tokens=40, cache_write_tokens=1400),
    ParsedUsage(input_tokens=3000, output_tokens=40, cache_read_tokens=1000, cache_write_tokens=1500),
    ParsedUsage(
        input_tokens=3000, output_tokens=9, cache_write_tokens=1500, cache_write_1h_tokens=700, cache_read_tokens=20
    ),
    ParsedUsage(input_tokens=250_001, output_tokens=70_000, cache_read_tokens=200_000),  # past 200k tiers
    ParsedUsage(input_tokens=1_000_001, output_tokens=1, cache_write_tokens=10),
    ParsedUsage(input_tokens=10, output_tokens=5, cache_read_tokens=20),  # more cached than the prompt: refused
    ParsedUsage(input_tokens=10, output_tokens=5, cache_write_tokens=9, cache_write_1h_tokens=12),
]


def _dates(model) -> list[datetime]:
    """A fixed day, and for a model whose price changes with time each day a price of it starts and the day
    before."""
    days = {AT}
    for conditional in model.prices if isinstance(model.prices, list) else ():
        start = getattr(conditional.constraint, "start_date", None)
        if isinstance(start, date):
            noon = datetime.combine(start, time(12), UTC)
            days |= {noon, noon - timedelta(days=1)}
    return sorted(days)


@pytest.mark.slow  # about 8 s of CPU: some 26,000 prices both ways
def test_every_genai_prices_model_costs_the_same_both_ways() -> None:
    snapshot = data_snapshot.get_snapshot()
    pricer = prices_module._GenaiPricer()
    compared = fast = 0
    mismatches = []
    for provider in snapshot.providers:
        for model in provider.models:
            for at, usage in itertools.product(_dates(model), _USAGES):
                ours = _ours(pricer, usage, model.id, provider.id, at)
                reference = _reference(usage, model.id, provider.id, at)
                compared += 1
                if ours != reference:
                    mismatches.append((provider.id, model.id, at, usage, ours, reference))
            fast += prices_module._compile(model.get_prices(AT)) is not None
    assert not mismatches, mismatches[:5]
    assert compared > 10_000
    assert fast > 1000, f"only {fast} model prices take the fast path"


def test_an_unknown_model_stays_unpriced_and_a_refused_usage_is_not_a_cost() -> None:
    book = PriceBook()
    unknown = book.cost(
        ParsedUsage(input_tokens=5, output_tokens=5), provider="openai", models=("no-such-model",), at=AT
    )
    assert unknown.cost_usd is None and unknown.reason == "unpriced"
    refused = book.cost(
        ParsedUsage(input_tokens=10, output_tokens=5, cache_read_tokens=20),
        provider="openai",
        models=("gpt-4o",),
        at=AT,
    )
    assert refused.cost_usd is None and refused.reason == "unpriced"
