"""A CPU budget per text for redaction: a text whose scan does not finish in time is blanked whole.

presidio stops a regex only after `REGEX_TIMEOUT_SECONDS` (60 s of wall time by default, per
pattern), memeval's own rules (Python `re`) are never stopped, and a rule whose work grows fast
with a text's length would let one planted text stall `memeval audit ingest` for minutes. Whatever
scanner is slow next, `budgeted` gives a batch at most `budget` seconds of CPU and then each of its
texts `budget` seconds on its own: a text whose scan has not finished by then is not known clean,
so it gets `whole(len(text), "cpu-budget")` (stored as `[REDACTED:SCAN_INCOMPLETE]`), and the
next text is scanned as usual. This fails closed: the budget can only blank texts the scanners
could not finish; a text they finish gets exactly its findings (a batch over budget is redone text
by text, which gives each text the findings `redact` gives it).

How: as the hold screen's budget (`memeval.hold._budget`): `signal.setitimer(signal.ITIMER_PROF)`
around the work counts this process's CPU time; its SIGPROF raises `OverBudget` (a
`BaseException`, so no scanner's `except Exception` takes it) in the main thread, where Python runs
signal handlers. CPython's `re` and the `regex` module check for signals during a long match.
Elsewhere (the HTTP server's threads) a signal cannot stop a scan: there a server hands the
default redactor's texts to a guard process (`guard_threads`; `memeval.audit._redactguard`), whose
main thread scans them within this budget. Without one, presidio's own timeout ends a regex, and a
timed-out scan is blanked whole too (`_incomplete`).

A request can also be given a bound for all its texts (`request_bound`: the HTTP server's
per-request bound, `MEMEVAL_REDACT_REQUEST_BUDGET_S`, read by `request_budget_seconds`): once the
request's texts have used that much CPU, the text being read is stopped and the texts after it are
not read; each is blanked whole with the reason `request-budget`
(`memeval:scan-incomplete:request-budget`), and the bound counts them (`RequestBound.blanked`).

Settings: `MEMEVAL_REDACT_BUDGET_S` (CPU seconds per text, default `DEFAULT_BUDGET_S`);
`MEMEVAL_REDACT_REQUEST_BUDGET_S` (CPU seconds per HTTP request, default
`DEFAULT_REQUEST_BUDGET_S`).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar

from memeval._cpubudget import CpuBudget, env_seconds
from memeval.redact._incomplete import whole
from memeval.redact._models import Finding

log = logging.getLogger(__name__)

T = TypeVar("T")

BUDGET_ENV = "MEMEVAL_REDACT_BUDGET_S"
DEFAULT_BUDGET_S = 30.0
"""CPU seconds one text's (or one batch's) scan may take. Ordinary texts of 64 KiB (the longest
free-text field: this repository's README, CHANGELOG and redaction README) took 0.3-2.6 CPU s at
load 21 on 2 shared cores; 30 s leaves over ten times that."""
BUDGET_WHY = "cpu-budget"
"""The reason in a `SCAN_INCOMPLETE` finding's detector (`memeval:scan-incomplete:cpu-budget`)."""
REQUEST_BUDGET_ENV = "MEMEVAL_REDACT_REQUEST_BUDGET_S"
DEFAULT_REQUEST_BUDGET_S = 60.0
"""CPU seconds the texts of one HTTP request may take in all. An ordinary batch of 1,000 events of
about 1 KiB takes about 10 s (presidio reads about 100 such texts a second); 60 s is two texts
at the per-text budget, so a batch of planted texts costs the guard about 60 s, not 1,000 x 30 s.
Texts past it are blanked whole, never stored as written."""
REQUEST_WHY = "request-budget"
"""The reason in the finding of a text read after its request's bound ran out
(`memeval:scan-incomplete:request-budget`)."""
MIN_SLICE_S = 0.001
"""Less CPU than this left of a request's bound: the next text is not started (`setitimer` needs a positive time)."""


class OverBudget(BaseException):
    """Raised in the main thread when the scan under way used up its CPU budget."""


def budget_seconds() -> float:
    """The CPU budget per text: `MEMEVAL_REDACT_BUDGET_S`, else `DEFAULT_BUDGET_S`.

    Raises:
        UsageError: the variable is not a positive number of seconds (`memeval._cpubudget.env_seconds`:
            named, with the value and the fix).
    """
    return env_seconds(
        BUDGET_ENV, DEFAULT_BUDGET_S, "the CPU time one text's redaction may take before it is blanked whole"
    )


def request_budget_seconds() -> float:
    """The CPU bound for one HTTP request's texts: `MEMEVAL_REDACT_REQUEST_BUDGET_S`, else `DEFAULT_REQUEST_BUDGET_S`.

    Raises:
        UsageError: the variable is not a positive number of seconds (`memeval._cpubudget.env_seconds`).
    """
    return env_seconds(
        REQUEST_BUDGET_ENV, DEFAULT_REQUEST_BUDGET_S, "the CPU time the redaction of one HTTP request may take in all"
    )


@dataclass
class RequestBound:
    """A request's CPU bound for redaction: what is left of it, and how many texts it blanked."""

    total: float
    """CPU seconds for all the request's texts."""
    left: float
    """CPU seconds not used yet (below `MIN_SLICE_S`: the next text is blanked without being read)."""
    blanked: int = 0
    """Texts blanked whole (`REQUEST_WHY`) because the bound ran out before they were read to their end."""


_REQUEST = threading.local()


@contextmanager
def request_bound(total: float | None) -> Iterator[RequestBound | None]:
    """Within the block, this thread's redaction shares `total` CPU seconds (None: no bound, yields None).

    `budgeted` (here, or in the guard process, `memeval.audit._redactguard`) stops reading the
    block's texts once they used `total` in all; the bound it yields counts the texts blanked so.
    """
    if total is None:
        yield None
        return
    before = getattr(_REQUEST, "bound", None)
    _REQUEST.bound = bound = RequestBound(total, total)
    try:
        yield bound
    finally:
        _REQUEST.bound = before


def current_request() -> RequestBound | None:
    """The bound `request_bound` set for this thread, if any."""
    bound = getattr(_REQUEST, "bound", None)
    return bound if isinstance(bound, RequestBound) else None


def past_request(text: str, bound: RequestBound) -> list[Finding]:
    """The findings of a text not read to its end because `bound` ran out: `whole` (`REQUEST_WHY`), counted."""
    if text:
        bound.blanked += 1
    return whole(len(text), REQUEST_WHY)


_BUDGET = CpuBudget(OverBudget)
"""This module's budget (`memeval._cpubudget`: the handler, the timer, the check on the way out)."""
_install = _BUDGET.install
_within = _BUDGET.within


def outside_budget(build: Callable[[], T]) -> T:
    """`build()` with a text's CPU budget, if one is under way in this thread, stopped meanwhile (`CpuBudget.paused`).

    For what a process builds once on a text's first need (the personal-data analyzer, `_piigates.LazyPiiAnalyzer`).
    """
    if threading.current_thread() is not threading.main_thread():
        return build()  # the budget's timer and flag are the main thread's
    return _BUDGET.paused(build)


Guard = Callable[[str, Sequence[str]], list[list[Finding]]]
"""A scan done elsewhere: (`"one"` for `detect`, `"many"` for `detect_many`; texts) -> findings per text."""

_GUARD: list[Guard] = []


def guard_threads(guard: Guard | None) -> None:
    """Outside the main thread, hand the default redactor's scans to `guard` (None: scan in the thread again).

    A server whose threads redact (`memeval audit serve`) sets one that scans in a process's main
    thread, within the budget (`memeval.audit._redactguard.redact_guarded`); `budgeted` asks it.
    """
    _GUARD[:] = [] if guard is None else [guard]


def budgeted(
    texts: Sequence[str], scan: Callable[[Sequence[str]], list[list[Finding]]], elsewhere: str | None = None
) -> list[list[Finding]]:
    """`scan(texts)` within the budget: the batch gets one text's budget, then each text its own.

    Outside the main thread, with `elsewhere` and a guard set (`guard_threads`), the guard's
    answer for `(elsewhere, texts)`; else (or while a budget already runs) `scan(texts)` as it is.

    Args:
        texts: the texts, in order.
        scan: the redactor's findings for a batch (one list per text).
        elsewhere: what the guard does with the texts (`"one"`: the default redactor's `detect`,
            `"many"`: its `detect_many`); None (another redactor's scan): never sent to the guard.

    Within a `request_bound` the batch and its texts get at most what is left of the bound; a text
    stopped by it, or reached after it ran out, gets `past_request` (`REQUEST_WHY`).

    Returns:
        One list of findings per text: `scan`'s, or `whole(len(text), BUDGET_WHY)` for a text
        whose scan alone did not finish within the budget (`REQUEST_WHY`: within the request's bound).

    Raises:
        RedactionError: the guard's (a text not a str).
        UsageError: a bad `MEMEVAL_REDACT_BUDGET_S`.
        KeyboardInterrupt: Ctrl-C, as without a budget (the timer is stopped first).
    """
    if texts and threading.current_thread() is not threading.main_thread():  # (`_BUDGET.armed` is the main thread's)
        return _GUARD[0](elsewhere, list(texts)) if elsewhere is not None and _GUARD else scan(texts)
    if not texts or _BUDGET.armed:
        return scan(texts)
    seconds = budget_seconds()
    bound = current_request()
    left = float("inf") if bound is None else bound.left
    restore = _install()
    try:
        if left >= MIN_SLICE_S:
            start = time.process_time()
            try:
                return _within(min(seconds, left), lambda: scan(texts))
            except OverBudget:
                pass
            finally:
                left -= time.process_time() - start
        out: list[list[Finding]] = []
        for text in texts:
            if left < MIN_SLICE_S:
                assert bound is not None  # (`left` is finite only with a bound)
                out.append(past_request(text, bound))
                continue
            slice_s = min(seconds, left)
            start = time.process_time()
            try:
                out.append(_within(slice_s, lambda: scan([text]))[0])  # noqa: B023  # called at once
            except OverBudget:
                if slice_s < seconds and bound is not None:
                    log.warning("a text's redaction ran past its request's %g CPU s (%s); it is blanked whole",
                                bound.total, REQUEST_BUDGET_ENV)  # fmt: skip
                    out.append(past_request(text, bound))
                else:
                    log.warning("a text's redaction ran past %g CPU s (%s); it is blanked whole", seconds, BUDGET_ENV)
                    out.append(whole(len(text), BUDGET_WHY))
            finally:
                left -= time.process_time() - start
        return out
    finally:
        if bound is not None:
            bound.left = max(left, 0.0)
        restore()
