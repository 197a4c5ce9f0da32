"""What an arm spent: every attempt's spend added up, the one sum every reader of spend uses."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from memeval.types import (
    AUDIO_NOTE,
    CACHE_TTL_NOTE,
    HOSTED_TOOLS_NOTE,
    IMAGE_NOTE,
    LONG_PROMPT_NOTE,
    SERVICE_TIER_NOTE,
    SURCHARGE_NOTE,
)

if TYPE_CHECKING:
    from memeval.results._records import AttemptSpend, RunResult, TrialRecord, UnendedTrial


class ArmSpend(NamedTuple):
    """An arm's spend (`arm_spend`)."""

    cost_usd: float
    """Known spend of every attempt of every trial of the arm, USD."""
    calls: int
    """Model calls made (all attempts, all roles)."""
    calls_cost_unknown: int
    """Answered calls whose cost could not be known: when > 0, `cost_usd` is a lower bound."""
    attempts: int
    attempts_cut: int = 0
    """Attempts killed after their agent started, or with their turn's calls still in flight
    (`AttemptSpend.cut_mid_turn`): a call in flight at the kill is on no record, so when > 0,
    `cost_usd` is a lower bound."""

    input_tokens: int | None = None
    """Prompt tokens of every call of every attempt the spend counts (`AttemptSpend.input_tokens`): the tokens
    `cost_usd` paid for; None when an attempt's were not metered."""
    output_tokens: int | None = None
    """Generated tokens of the same calls, as `input_tokens`."""
    tokens_unmeasured: int = 0
    """Answered calls among them whose token counts were not read: when > 0, the tokens are a lower bound."""

    @property
    def lower_bound(self) -> bool:
        """True when the spend is at least `cost_usd`, not exactly it."""
        return self.calls_cost_unknown > 0 or self.attempts_cut > 0

    @property
    def tokens(self) -> int | None:
        """Input plus output tokens of every call the spend counts, or None when not metered."""
        if self.input_tokens is None or self.output_tokens is None:
            return None
        return self.input_tokens + self.output_tokens


def arm_spend(result: RunResult, mode: str, task_id: str | None = None) -> ArmSpend:
    """The one measure of what an arm spent: every attempt of every trial, whatever became of it.

    Superseded attempts (retried), faulted trials and attempts killed before a `--resume` count
    (an attempt killed and never followed by another, too: `RunResult.unended`); the calls of both
    roles (subject and assessor) count, as they do toward the run's spend limit. Every reader of
    an arm's spend (the A/B table, `memeval results`, the weekly report) calls this.

    Args:
        result: a projected run.
        mode: `baseline` or `pack`.
        task_id: only this task's trials (a cell of the table), or None for the whole arm.

    Returns:
        `ArmSpend` (USD, call counts).
    """
    every: tuple[TrialRecord | UnendedTrial, ...] = (*result.trials, *result.unended)
    trials = [t for t in every if t.mode == mode and (task_id is None or t.task_id == task_id)]
    return sum_spend(a for t in trials for a in t.spend)


def sum_spend(spends: Iterable[AttemptSpend]) -> ArmSpend:
    """Add attempts' spends (the sum `arm_spend` and the table's cells use), their tokens with them."""
    items = list(spends)
    calls = unknown = cut = unmeasured = 0
    tokens_in: int | None = 0
    tokens_out: int | None = 0
    for a in items:
        calls += a.calls
        unknown += a.calls_cost_unknown
        cut += a.cut_mid_turn
        unmeasured += a.tokens_unmeasured or 0
        if a.input_tokens is None or a.output_tokens is None or tokens_in is None or tokens_out is None:
            tokens_in = tokens_out = None  # an attempt without the meter, or projected before tokens were carried
        else:
            tokens_in += a.input_tokens
            tokens_out += a.output_tokens
    return ArmSpend(
        cost_usd=round(sum([a.cost_usd for a in items]), 10),  # `sum`, as every reader of spend adds it
        calls=calls,
        calls_cost_unknown=unknown,
        attempts_cut=cut,
        attempts=len(items),
        input_tokens=tokens_in,
        output_tokens=tokens_out,
        tokens_unmeasured=unmeasured,
    )


_TIER = re.compile(r"service tier '([A-Za-z_][A-Za-z0-9_]*)'")
"""The tier the meter names in an `unpriced` call's `price_source` (`SERVICE_TIER_NOTE`)."""
_AUDIO = re.compile(r"counts (\d+) " + re.escape(AUDIO_NOTE))
"""The number of audio tokens the meter names in an `unpriced` call's `price_source` (`AUDIO_NOTE`)."""
_IMAGE = re.compile(r"counts (\d+) " + re.escape(IMAGE_NOTE))
"""The number of image output tokens the meter names in an `unpriced` call's `price_source` (`IMAGE_NOTE`)."""
_HOSTED = re.compile(r"for the (\d+) " + re.escape(HOSTED_TOOLS_NOTE))
"""How many tool uses billed apart the meter names in an `unpriced` call's `price_source` (`HOSTED_TOOLS_NOTE`):
fewer than the call's `hosted_tool_calls` when some of them (web fetch, File Search) are billed as tokens only."""
_TTL = re.compile(r"counts (\d+) cache writes, not how many are " + re.escape(CACHE_TTL_NOTE))
"""The writes the meter names in an `unpriced` call's `price_source` (`CACHE_TTL_NOTE`)."""
_LONG = re.compile(r"(a prompt of \d+ tokens, past the \d+-token) " + re.escape(LONG_PROMPT_NOTE))
"""The prompt and window the meter names in an `unpriced` call's `price_source` (`LONG_PROMPT_NOTE`)."""
_SERVED = re.compile(r"served with (.+?), " + re.escape(SURCHARGE_NOTE))
"""How the meter says a call was served above the standard prices in its `price_source` (`SURCHARGE_NOTE`)."""


def unknown_cost_reason(reason: str | None, model: str | None, hosted: int | None, price_source: str | None) -> str:
    """Why one answered call has no cost, as `Physics.missing["cost_usd"]` says it.

    Args:
        reason: the call's `CostRecord.reason` (`unpriced`, `usage_missing`; None read as `unpriced`).
        model: the model that answered (else the one asked for).
        hosted: the call's `hosted_tool_calls`.
        price_source: the call's `CostRecord.price_source`.

    Returns:
        `unpriced: model M` when no price is known for the model, `usage_missing: model M` when the
        response carried no usage, and `unpriced: N tool use(s) the provider ran itself (web search,
        code execution...), beyond the tokens of model M` when the model's tokens were priced but the
        provider ran tools billed apart (the meter marks those with `HOSTED_TOOLS_NOTE`), and `unpriced: served at
        service tier T, priced apart from the standard tier of model M` when another processing tier served it
        (`SERVICE_TIER_NOTE`), and `unpriced: N audio token(s)..., beyond the text tokens of model M` when the response
        counted audio tokens (`AUDIO_NOTE`), or generated images (`IMAGE_NOTE`, likewise), and `unpriced: served with
        speed 'fast', billed above the standard prices of model M` when the response says it was served so
        (`SURCHARGE_NOTE`), and `unpriced: a prompt of N tokens, past the W-token context window the price table
        prices, of model M` when the prompt was longer than any the table has a price for (`LONG_PROMPT_NOTE`),
        and `unpriced: N cache writes, not saying how many are 1-hour entries...` when the request asked for 1-hour
        cache entries and the response did not break its writes down (`CACHE_TTL_NOTE`).
    """
    why = reason or "unpriced"
    if why == "unpriced" and hosted and price_source and HOSTED_TOOLS_NOTE in price_source:
        found = _HOSTED.search(price_source)  # the uses billed apart, not those billed as tokens (web fetch)
        tools = f"{found.group(1) if found else hosted} {HOSTED_TOOLS_NOTE} (web search, code execution...)"
        return f"unpriced: {tools}, beyond the tokens of model {model}"
    if why == "unpriced" and price_source and AUDIO_NOTE in price_source:
        found = _AUDIO.search(price_source)
        return f"unpriced: {found.group(1) if found else 'some'} {AUDIO_NOTE}, beyond the text tokens of model {model}"
    if why == "unpriced" and price_source and IMAGE_NOTE in price_source:
        found = _IMAGE.search(price_source)
        return f"unpriced: {found.group(1) if found else 'some'} {IMAGE_NOTE}, beyond the text tokens of model {model}"
    if why == "unpriced" and price_source and SURCHARGE_NOTE in price_source:
        found = _SERVED.search(price_source)
        return f"unpriced: served with {found.group(1) if found else 'a surcharge'}, {SURCHARGE_NOTE} of model {model}"
    if why == "unpriced" and price_source and CACHE_TTL_NOTE in price_source:
        found = _TTL.search(price_source)
        writes = found.group(1) if found else "some"
        return f"unpriced: {writes} cache writes, not saying how many are {CACHE_TTL_NOTE}, of model {model}"
    if why == "unpriced" and price_source and LONG_PROMPT_NOTE in price_source:
        found = _LONG.search(price_source)
        return f"unpriced: {found.group(1) if found else 'a prompt past the'} {LONG_PROMPT_NOTE}, of model {model}"
    if why == "unpriced" and price_source and SERVICE_TIER_NOTE in price_source:
        found = _TIER.search(price_source)
        tier = found.group(1) if found else "(unnamed)"
        return f"unpriced: served at service tier {tier}, {SERVICE_TIER_NOTE} of model {model}"
    return f"{why}: model {model}"
