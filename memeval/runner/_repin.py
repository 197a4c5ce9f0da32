"""Resuming a run whose card pins no price file: the run's own recorded costs decide whether a file may price the rest.

Run cards pin the user price file (`RunCard.prices`, `sha256:` of its bytes) since count29, so `--resume` refuses a
changed file. A run planned before then has no pin, whatever file it was started with, and `check_resume` compared
its absent pin with the file given: an old run started with `--prices` could not be resumed with it at all, and one
resumed without it went on silently pricing its later calls from genai-prices alone. The log still says how each call
was priced: `cost.price_source` names `user:PATH` for a call the user file priced (or consulted and found wanting), and
`cost.priced_as` the file's model (`user:NAME`). So a file is checked against those calls, never against the card,
and nothing stored is changed:

- a call the file priced must be priced by the given file the same: the same model table picked (the first of the
  response's and the request's model the file names, as `PriceBook.cost` picks it) and the same dollars from the
  recorded counts (relative difference at most `SAME_COST`; the 1-hour part of cache writes is not in the log, so a
  call that wrote some is checked at the 5-minute price and, if it differs, refused: a refusal, never a wrong pass);
- a call genai-prices priced (or no table did) must name no model the given file prices, else the file would price
  the same model otherwise after the resume;
- with no file given, no call may have been priced by one.

`unpinned_prices_problem` says what disagrees, or None when the file (or its absence) prices the run's calls as they
were priced.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from pathlib import Path

from memeval.eventlog import ModelCalled
from memeval.meter import ParsedUsage, UserPrice, load_user_prices, user_cost

SAME_COST = 1e-9
"""Largest relative difference between a recorded cost and the given file's price of the same counts that reads as
the same price (the recorded cost is the same float sum, written to JSON and read back)."""


def _usage(call: ModelCalled) -> ParsedUsage:
    """The counts a call's line recorded, as the meter read them (`ParsedUsage`; the 1-hour writes are not kept)."""
    c = call.call
    return ParsedUsage(
        model=c.response_model,
        input_tokens=c.input_tokens,
        uncached_input_tokens=c.uncached_input_tokens,
        output_tokens=c.output_tokens,
        cache_read_tokens=c.cache_read_tokens,
        cache_write_tokens=c.cache_write_tokens,
        reasoning_tokens=c.reasoning_tokens,
    )


def _named(call: ModelCalled, prices: dict[str, UserPrice]) -> str | None:
    """The first of the call's response and requested model a price file names (`PriceBook.cost`'s order)."""
    return next((m for m in (call.call.response_model, call.call.requested_model) if m and m in prices), None)


def _shown(call: ModelCalled) -> str:
    c = call.call
    model = c.response_model or c.requested_model
    return f"call {c.call_id[:12]} of trial {call.trial_id} (model {model!r})"


WITH_FILE = "resume it with --prices {path} as it was when the run started"
"""How to go on when the run's calls were priced by a user price file (its calls' `price_source` names the path)."""
WITHOUT_FILE = "resume it without a price file (no --prices, none in memeval.toml), as it was started"
"""How to go on when the run's calls were priced by genai-prices alone."""


def unpinned_prices_problem(calls: Iterable[ModelCalled], prices_file: Path | None) -> str | None:
    """Why `prices_file` would not price a run's later calls as its recorded ones were priced, and the fix; or None.

    Args:
        calls: the run's `model.called` events, in log order.
        prices_file: the price file the resume is given (`--prices`, or memeval.toml's), or None for none.

    Returns:
        None when every recorded call agrees with the file (or with no file); else a sentence naming the first call
        that does not, how it was priced and what the file gives, then how to go on (`WITH_FILE`, `WITHOUT_FILE`).

    Raises:
        UsageError: the file cannot be read or is malformed (`load_user_prices`).
    """
    prices = load_user_prices(prices_file) if prices_file is not None else {}
    for ev in calls:
        cost = ev.call.cost
        source = cost.price_source or ""
        fix = WITH_FILE.format(path=source[5:].split(";", 1)[0]) if source.startswith("user:") else WITHOUT_FILE
        named = _named(ev, prices)
        if source.startswith("user:") and prices_file is None:
            why = "no price file is given"
        elif not source.startswith("user:"):
            if named is None:
                continue
            why = f"{prices_file} prices model {named!r}, so its later calls would be priced otherwise"
        elif named is None:
            why = f"{prices_file} prices none of its models"
        elif cost.cost_usd is None:  # unpriced by the file it was started with (a tier, a cache write price left out)
            continue
        elif cost.priced_as is not None and cost.priced_as != f"user:{named}":
            why = f"{prices_file} prices it as user:{named}, not {cost.priced_as}"
        else:
            now = user_cost(_usage(ev), prices[named])
            if math.isclose(now, cost.cost_usd, rel_tol=SAME_COST, abs_tol=1e-15):
                continue
            why = f"{prices_file} prices its recorded counts ${now:.10g}"
        recorded = f"${cost.cost_usd:.10g} as recorded" if cost.cost_usd is not None else "recorded"
        return f"{_shown(ev)} was priced {recorded} by {source.split(';', 1)[0] or 'no table'}, and {why}: {fix}"
    return None


def unpinned_resume_fix(problem: str) -> str:
    """The refusal's words for `unpinned_prices_problem`'s `problem`: what the card lacks, and how to go on."""
    return (
        "its run card pins no price file (planned before run cards pinned one, or with none), so the price file is "
        f"checked against the costs its calls were recorded with: {problem}"
    )
