"""A trial attempt's model calls added up: the figures its record's spend and physics report.

Read by `memeval.results._project` (`CallTally`, fed each attempt's calls in log order, then
`physics`). The calls are `ModelCallRecord`s or the replay's `CallView`s; both satisfy `Call`. The
counting rules (what an error is, what an unmeasured call is, why a figure is None) are in each
function's docstring.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

from memeval.results._spend import unknown_cost_reason
from memeval.types import unanswered


class Cost(Protocol):
    """What the projection reads of a call's cost: `ModelCallRecord.cost`, or its view in a `CallView`."""

    @property
    def cost_usd(self) -> float | None: ...
    @property
    def reason(self) -> str | None: ...
    @property
    def price_source(self) -> str | None: ...


class Call(Protocol):
    """What the projection reads of a model call: a `ModelCallRecord`, or the replay's `CallView` of one."""

    @property
    def role(self) -> str: ...
    @property
    def status(self) -> int: ...
    @property
    def error(self) -> str | None: ...
    @property
    def requested_model(self) -> str | None: ...
    @property
    def response_model(self) -> str | None: ...
    @property
    def input_tokens(self) -> int | None: ...
    @property
    def output_tokens(self) -> int | None: ...
    @property
    def cache_read_tokens(self) -> int | None: ...
    @property
    def cache_write_tokens(self) -> int | None: ...
    @property
    def reasoning_tokens(self) -> int | None: ...
    @property
    def tool_calls(self) -> int | None: ...
    @property
    def hosted_tool_calls(self) -> int | None: ...
    @property
    def cost(self) -> Cost: ...


USAGE_UNREAD = (
    "no response was read",
    "the response ended before its terminal event",
    "the response carried no final usage",
    "the body is larger than",
    "unsupported content-encoding",
    "corrupt",
    "the body is not JSON",
    "the body is empty",
    "the usage does not add up",
)
"""Starts of the meter's reasons for an answered call whose usage could not be read (see
`memeval.meter._usage.UsageState.freeze` and `memeval.meter._meter`): the call is unmeasured,
not an error."""


def _sum(total: int, absent: int, answered: int, calls: int, missing: dict[str, str], name: str) -> int | None:
    """One figure summed over the answered calls that measured it; None only when none did.

    `total` is the sum over the `answered - absent` answered calls that measured it (and over calls answered with
    an error status that said what they used: billed, so counted), `calls` counts every call of the subject. Calls
    answered with an error status and no usage are left out; answered calls without the figure are named in
    `missing` (`at_least: N of M answered calls unmeasured`).
    """
    if absent == answered:
        if answered:
            missing[name] = f"not_emitted: {absent} of {answered} answered calls"
        elif calls:
            missing[name] = f"no_answer: all {calls} calls failed"
        else:
            missing[name] = "no_call: the agent made no model call"
        return None
    if absent:
        missing[name] = f"at_least: {absent} of {answered} answered calls unmeasured"
    return total


_SUMMED = ("input_tokens", "output_tokens", "cache_read_tokens", "cache_write_tokens", "reasoning_tokens", "tool_calls")
"""The figures `physics` sums over a trial's answered calls, in the order `missing` names them."""


class Tally(NamedTuple):
    """One attempt's model calls added up in one pass (`tally_calls`): what its spend and physics read."""

    calls: int
    spend_usd: float
    """Known cost of every call (both roles), added in call order, USD."""
    cost_unknown: int
    """Answered calls (both roles) whose cost is unknown."""
    subject: int
    assessor: int
    answered: int
    """Calls of the subject answered without an error status (< 400)."""
    sums: tuple[int, int, int, int, int, int]
    """Per `_SUMMED` figure, its sum over the answered subject calls that measured it."""
    absent: tuple[int, int, int, int, int, int]
    """Per `_SUMMED` figure, the answered subject calls that did not measure it."""
    cost_usd: float | None
    """The subject's cost, added in call order; None when an answered call's cost is unknown."""
    cost_missing: str | None
    """Why `cost_usd` is None (the last unpriced answered call's reason and model)."""
    errors: int
    unmeasured: dict[str, int]
    """Answered subject calls without token counts, per reason, in order of first occurrence."""
    models: tuple[str, ...]
    """The subject's response models, sorted."""
    model_calls: dict[str, int]
    """The subject's calls per response model (each call naming one), in order of first occurrence."""
    every_tokens: tuple[int, int] = (0, 0)
    """Input and output tokens of every call (both roles, any status) that measured them: the tokens its
    `spend_usd` paid for (`AttemptSpend.input_tokens`, `.output_tokens`)."""
    every_unmeasured: int = 0
    """Answered calls (both roles, status < 400) whose input or output count was not read: when > 0,
    `every_tokens` is a lower bound."""


class CallTally:
    """An attempt's calls added up as they are read, in order (`add`), to the same `Tally` as one pass.

    A replay adds each attempt's calls when its `trial.ended` is read (and any later ones at the
    end), so that the calls need not all be held until the whole log is read. Adding in several
    runs gives the same figures, bit for bit, as adding all the calls at once: the same sums in
    the same order (`tally`).
    """

    __slots__ = (
        "_calls",
        "_spend",
        "_unknown",
        "_subject",
        "_assessor",
        "_answered",
        "_errors",
        "_sums",
        "_absent",
        "_cost",
        "_cost_missing",
        "_unmeasured",
        "_models",
        "_model_calls",
        "_every_in",
        "_every_out",
        "_every_unmeasured",
    )

    def __init__(self) -> None:
        self._calls = self._unknown = self._subject = self._assessor = self._answered = self._errors = 0
        self._spend = 0.0
        self._sums = (0, 0, 0, 0, 0, 0)
        self._absent = (0, 0, 0, 0, 0, 0)
        self._cost: float | None = 0.0
        self._cost_missing: str | None = None
        self._unmeasured: dict[str, int] = {}
        self._models: set[str] = set()
        self._model_calls: dict[str, int] = {}
        self._every_in = self._every_out = self._every_unmeasured = 0

    def add(self, calls: Sequence[Call]) -> None:
        """Add `calls`, the attempt's next calls in log order.

        A call is an error when its status is 400 or more, or when it carries an error other than
        one of `USAGE_UNREAD` (an answered call whose usage could not be read is unmeasured, not an
        error). Every call's tokens, whatever its role, are added to the attempt's own (`Tally.every_tokens`):
        the tokens its spend paid for.
        """
        spend, cost, cost_missing = self._spend, self._cost, self._cost_missing
        unknown, subject, assessor, answered, errors = (
            self._unknown,
            self._subject,
            self._assessor,
            self._answered,
            self._errors,
        )
        s_in, s_out, s_read, s_write, s_reason, s_tools = self._sums
        a_in, a_out, a_read, a_write, a_reason, a_tools = self._absent
        unmeasured, models, model_calls = self._unmeasured, self._models, self._model_calls
        last_model = None  # the model most recently added to `models` (most calls name the one before's)
        e_in, e_out, e_unmeasured = self._every_in, self._every_out, self._every_unmeasured
        for c in calls:
            usd = c.cost.cost_usd
            status = c.status
            tokens_in, tokens_out = c.input_tokens, c.output_tokens
            if tokens_in is not None:
                e_in += tokens_in
            if tokens_out is not None:
                e_out += tokens_out
            # an error answer that said what it used was billed (its counts read whole): not a free call; nor is a
            # request the upstream had and never answered (the proxy's 502, `unanswered`): its cost is unknown
            billed = status < 400 or (tokens_in is not None and tokens_out is not None) or unanswered(c.error)
            if status < 400 and (tokens_in is None or tokens_out is None):
                e_unmeasured += 1
            if usd is not None:
                spend += usd
            elif billed:
                unknown += 1
            role = c.role
            if role != "subject":
                if role == "assessor":
                    assessor += 1
                continue
            subject += 1
            model = c.response_model
            if model:
                model_calls[model] = model_calls.get(model, 0) + 1
                if model != last_model:
                    models.add(model)
                    last_model = model
            if status >= 400:
                errors += 1
                if billed:  # its tokens count with the answered calls', never as a call unmeasured
                    s_in += tokens_in or 0
                    s_out += tokens_out or 0
                    s_read += c.cache_read_tokens or 0
                    s_write += c.cache_write_tokens or 0
                    s_reason += c.reasoning_tokens or 0
                    if usd is None:
                        cost = None
                        cost_missing = unknown_cost_reason(
                            c.cost.reason, model or c.requested_model, c.hosted_tool_calls, c.cost.price_source
                        )
                if usd is not None and cost is not None:
                    cost += usd
                continue
            answered += 1
            if tokens_in is None:
                a_in += 1
            else:
                s_in += tokens_in
            if tokens_out is None:
                a_out += 1
            else:
                s_out += tokens_out
            v = c.cache_read_tokens
            if v is None:
                a_read += 1
            else:
                s_read += v
            v = c.cache_write_tokens
            if v is None:
                a_write += 1
            else:
                s_write += v
            v = c.reasoning_tokens
            if v is None:
                a_reason += 1
            else:
                s_reason += v
            v = c.tool_calls
            if v is None:
                a_tools += 1
            else:
                s_tools += v
            err = c.error
            if err and not err.startswith(USAGE_UNREAD):
                errors += 1
            if tokens_in is None or tokens_out is None:
                why = err or "usage not reported"
                unmeasured[why] = unmeasured.get(why, 0) + 1
            if usd is None:
                cost = None
                cost_missing = unknown_cost_reason(
                    c.cost.reason, model or c.requested_model, c.hosted_tool_calls, c.cost.price_source
                )
            elif cost is not None:
                cost += usd
        self._calls += len(calls)
        self._spend, self._cost, self._cost_missing = spend, cost, cost_missing
        self._unknown, self._subject, self._assessor, self._answered, self._errors = (
            unknown,
            subject,
            assessor,
            answered,
            errors,
        )
        self._sums = (s_in, s_out, s_read, s_write, s_reason, s_tools)
        self._absent = (a_in, a_out, a_read, a_write, a_reason, a_tools)
        self._every_in, self._every_out, self._every_unmeasured = e_in, e_out, e_unmeasured

    @property
    def count(self) -> int:
        """How many calls were added so far."""
        return self._calls

    def tally(self) -> Tally:
        """The calls added so far, added up."""
        return Tally(
            calls=self._calls,
            spend_usd=self._spend,
            cost_unknown=self._unknown,
            subject=self._subject,
            assessor=self._assessor,
            answered=self._answered,
            sums=self._sums,
            absent=self._absent,
            cost_usd=self._cost,
            cost_missing=self._cost_missing,
            errors=self._errors,
            unmeasured=dict(self._unmeasured),
            models=tuple(sorted(self._models)),
            model_calls=dict(self._model_calls),
            every_tokens=(self._every_in, self._every_out),
            every_unmeasured=self._every_unmeasured,
        )


def tally_calls(calls: Sequence[Call]) -> Tally:
    """Add up an attempt's calls once, for the attempt's spend and for `physics` (`CallTally` in one run)."""
    running = CallTally()
    running.add(calls)
    return running.tally()


_UNMETERED = dict.fromkeys(
    (
        "input_tokens",
        "output_tokens",
        "cache_read_tokens",
        "cache_write_tokens",
        "reasoning_tokens",
        "cost_usd",
        "engine_calls",
        "tool_calls",
        "errors",
    ),
    "unmetered: the agent ran with network none",
)
"""`Physics.missing` of a trial run without the meter."""
_NO_TOKENS = {"input": None, "output": None, "cache_read": None, "cache_write": None, "reasoning": None}


def physics(tally: Tally, metered: bool, wall_ms: int | None, phase_wait_ms: int | None = None) -> dict[str, Any]:
    """A trial's `Physics`, as its JSON writes it: every field, in the model's order, by alias.

    `TrialRecord` validates it as it is, and a replay's JSON (`memeval.results._project`) encodes
    it as it is: so `phase_wait_ms` is left out when None (the model's `exclude_if`) and the
    fields of an unmetered trial that keep their defaults are written out.
    """
    if not metered:
        return {
            "duration_ms": wall_ms,
            **({} if phase_wait_ms is None else {"phase_wait_ms": phase_wait_ms}),
            "tokens": _NO_TOKENS,
            "cost_usd": None,
            "engine_calls": None,
            "tool_calls": None,
            "errors": None,
            "source": "unmetered",
            "missing": dict(_UNMETERED),
            "assessor": None,
            "models": (),
            "unmeasured_calls": 0,
            "unmeasured_reasons": {},
        }
    # The keys of `missing` keep their order: the token figures, cost_usd, tool_calls.
    missing: dict[str, str] = {}
    answered, subject = tally.answered, tally.subject
    sums: Sequence[int | None]
    tool_calls: int | None
    if answered and not any(tally.absent):  # every answered call measured every figure: `_sum`'s totals
        sums, tool_calls = tally.sums[:5], tally.sums[5]
        if tally.cost_missing is not None:
            missing["cost_usd"] = tally.cost_missing
    else:
        sums = [
            _sum(total, absent, answered, subject, missing, name)
            for total, absent, name in zip(tally.sums[:5], tally.absent[:5], _SUMMED[:5], strict=True)
        ]
        if tally.cost_missing is not None:
            missing["cost_usd"] = tally.cost_missing
        tool_calls = _sum(tally.sums[5], tally.absent[5], answered, subject, missing, "tool_calls")
    cost = tally.cost_usd
    out: dict[str, Any] = {"duration_ms": wall_ms}
    if phase_wait_ms is not None:
        out["phase_wait_ms"] = phase_wait_ms
    out.update(
        tokens={
            "input": sums[0],
            "output": sums[1],
            "cache_read": sums[2],
            "cache_write": sums[3],
            "reasoning": sums[4],
        },
        cost_usd=None if cost is None else round(cost, 10),
        engine_calls=subject,
        tool_calls=tool_calls,
        errors=tally.errors,
        source="meter",
        missing=missing,
        assessor={"engine_calls": tally.assessor} if tally.assessor else None,
        models=tally.models,
        unmeasured_calls=sum(tally.unmeasured.values()),
        unmeasured_reasons=tally.unmeasured,
    )
    if len(tally.model_calls) > 1:  # `Physics.model_calls`: left out for one model (all its calls)
        out["model_calls"] = tally.model_calls
    return out


__all__ = ["USAGE_UNREAD", "Call", "CallTally", "Cost", "Tally", "physics", "tally_calls"]
