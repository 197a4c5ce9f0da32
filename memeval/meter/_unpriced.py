"""Calls whose tokens are priced but whose bill has more: the provider's own tools, audio, images, fast mode.

Split from `_forward.py`. Each turns a known token cost into `unpriced`, naming what the price table leaves out, in
words the projection reads back (`memeval.results._spend.unknown_cost_reason`).
"""

from __future__ import annotations

from datetime import datetime

from memeval.meter._prices import PriceBook
from memeval.meter._records import Cost
from memeval.meter._usage import ParsedUsage
from memeval.types import (
    AUDIO_NOTE,
    CACHE_TTL_NOTE,
    HOSTED_TOOLS_NOTE,
    IMAGE_NOTE,
    SERVICE_TIER_NOTE,
    SURCHARGE_NOTE,
)


def hosted_unpriced(tokens: Cost, hosted: int) -> Cost:
    """The cost of a call whose provider ran tools itself: unknown, since no price table has those tools.

    Web search, grounding and code execution are billed per use or per session on top of the tokens
    (genai-prices prices tokens only; the tools billed as tokens only are not in `hosted`), so the token price
    alone would be a known cost too low: an agent that searched the web a hundred times in one call spent dollars
    recorded as cents, inside any limit.
    """
    return Cost(
        cost_usd=None,
        reason="unpriced",
        price_source=(
            f"{tokens.price_source}; tokens priced at {tokens.cost_usd:.6f} USD as {tokens.priced_as}, but no price "
            f"is known for the {hosted} {HOSTED_TOOLS_NOTE} (web search, code execution...)"
        ),
    )


TOKENS_ONLY_NOTE = "provider tool use(s) billed as tokens only"
"""How a priced call's `price_source` names the provider's tool uses its tokens pay for (`tokens_only_priced`)."""


def tokens_only_priced(tokens: Cost, uses: int) -> Cost:
    """The cost of a call whose provider ran only tools billed as the call's tokens: its token cost, so noted.

    Anthropic's web fetch and Gemini's File Search, code execution and URL context
    (`memeval.meter._usage.TOKENS_ONLY_TOOLS`, `memeval.meter._read_google`, each citing its provider's page) add no
    charge beside the tokens the answer counts, so the token price is the call's cost; `price_source` says how many
    such uses it holds.
    """
    return tokens.model_copy(
        update={"price_source": f"{tokens.price_source}; {uses} {TOKENS_ONLY_NOTE} (web fetch, file search...)"}
    )


def billed_apart_words(usage: ParsedUsage, asked_tier: str | None = None, long_cache: bool = False) -> str | None:
    """What in the response is billed apart from its text tokens at the standard prices, in words, or None.

    `asked_tier`: the processing tier the request asked for (`request_tier`). When the response names no tier, the
    call was billed at that one or, downgraded, at the standard one: which is not known, so neither price is its cost.
    `long_cache`: the request asked for 1-hour cache entries (`ModelProvider.asks_long_cache`). When the response
    counts cache writes without saying how many were 1-hour ones (no `cache_creation` breakdown: an older API
    version, a relay or a compatible server that leaves it out), each write is billed at 1.25 or at 2 times the input
    price, which is not known; priced all as 5-minute writes, the call was a known cost below its bill.
    """
    if asked_tier is not None and usage.service_tier is None:
        shown = asked_tier if asked_tier.isidentifier() and len(asked_tier) <= 32 else "(not a short name)"
        return f"names no tier, and the request asked for service tier {shown!r}, {SERVICE_TIER_NOTE}"
    if long_cache and usage.cache_write_tokens and usage.cache_write_1h_tokens is None:
        return f"counts {usage.cache_write_tokens} cache writes, not how many are {CACHE_TTL_NOTE}"
    if usage.audio_tokens:
        return f"counts {usage.audio_tokens} {AUDIO_NOTE}"
    if usage.image_output_tokens:
        return f"counts {usage.image_output_tokens} {IMAGE_NOTE}"
    if usage.served_apart:
        return f"says it was served with {usage.served_apart}, {SURCHARGE_NOTE}"
    return None


def billed_apart(tokens: Cost, apart: str) -> Cost:
    """The cost of a call whose response has a part billed apart from its text tokens (`billed_apart_words`): unknown.

    Audio (`AUDIO_NOTE`): priced as text, Gemini 2.0 Flash's audio input came to a seventh of what it is billed,
    and genai-prices gives OpenAI's audio models their text rates alone. Generated images (`IMAGE_NOTE`): Gemini
    bills them at twelve times its text output. Anthropic's fast mode and US-only inference (`SURCHARGE_NOTE`): six
    and 1.1 times the standard prices. Each way a known cost too low, and an agent spent more than its record and
    its spend limit said.
    """
    return Cost(
        cost_usd=None,
        reason="unpriced",
        price_source=(
            f"{tokens.price_source}; tokens priced at {tokens.cost_usd:.6f} USD as {tokens.priced_as}, but the "
            f"response {apart}"
        ),
    )


def call_cost(
    prices: PriceBook,
    usage: ParsedUsage,
    *,
    provider: str,
    models: tuple[str | None, ...],
    at: datetime,
    tier: str | None = None,
    long_cache: bool = False,
) -> Cost:
    """The cost of one answered call the way the proxy records it: its tokens priced, then what the price leaves out.

    `PriceBook.cost` of the tokens; then `unpriced` for provider tool uses billed apart (`hosted_unpriced`), a note
    for those billed as tokens only (`tokens_only_priced`), and `unpriced` for a part billed apart from the text
    tokens (`billed_apart_words`: a service tier asked and unnamed, unsaid 1-hour cache writes, audio, images, a
    surcharge). Args as `PriceBook.cost`; `tier` and `long_cache` as `billed_apart_words`.
    """
    cost = prices.cost(usage, provider=provider, models=models, at=at)
    if usage.hosted_billed_apart and cost.cost_usd is not None:
        cost = hosted_unpriced(cost, usage.hosted_billed_apart)
    elif usage.hosted_tool_calls and cost.cost_usd is not None:
        cost = tokens_only_priced(cost, usage.hosted_tool_calls)
    apart = billed_apart_words(usage, tier, long_cache)
    if apart is not None and cost.cost_usd is not None:
        cost = billed_apart(cost, apart)
    return cost
