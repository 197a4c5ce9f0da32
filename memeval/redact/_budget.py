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

Setting: `MEMEVAL_REDACT_BUDGET_S` (CPU seconds per text, default `DEFAULT_BUDGET_S`).
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Sequence
from typing import TypeVar

from memeval._cpubudget import CpuBudget
from memeval.errors import RedactionError
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


class OverBudget(BaseException):
    """Raised in the main thread when the scan under way used up its CPU budget."""


def budget_seconds() -> float:
    """The CPU budget per text: `MEMEVAL_REDACT_BUDGET_S`, else `DEFAULT_BUDGET_S`.

    Raises:
        RedactionError: the variable is not a positive number of seconds (named, with the fix).
    """
    raw = os.environ.get(BUDGET_ENV, "").strip()
    if not raw:
        return DEFAULT_BUDGET_S
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not 0 < value < 86_400:
        raise RedactionError(
            f"{BUDGET_ENV}={raw!r} is not a number of CPU seconds; set a positive number such as "
            f"{DEFAULT_BUDGET_S:g} (the CPU time one text's redaction may take before it is blanked whole)"
        )
    return value


_BUDGET = CpuBudget(OverBudget)
"""This module's budget (`memeval._cpubudget`: the handler, the timer, the check on the way out)."""
_install = _BUDGET.install
_within = _BUDGET.within


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

    Returns:
        One list of findings per text: `scan`'s, or `whole(len(text), BUDGET_WHY)` for a text
        whose scan alone did not finish within the budget.

    Raises:
        RedactionError: a bad `MEMEVAL_REDACT_BUDGET_S`; the guard's (a text not a str).
        KeyboardInterrupt: Ctrl-C, as without a budget (the timer is stopped first).
    """
    if texts and threading.current_thread() is not threading.main_thread():  # (`_BUDGET.armed` is the main thread's)
        return _GUARD[0](elsewhere, list(texts)) if elsewhere is not None and _GUARD else scan(texts)
    if not texts or _BUDGET.armed:
        return scan(texts)
    seconds = budget_seconds()
    restore = _install()
    try:
        try:
            return _within(seconds, lambda: scan(texts))
        except OverBudget:
            pass
        out: list[list[Finding]] = []
        for text in texts:
            try:
                out.append(_within(seconds, lambda: scan([text]))[0])  # noqa: B023  # called at once
            except OverBudget:
                log.warning("a text's redaction ran past %g CPU s (%s); it is blanked whole", seconds, BUDGET_ENV)
                out.append(whole(len(text), BUDGET_WHY))
        return out
    finally:
        restore()
