"""The hold assessments of texts seen before in this process, remembered: a repeated text is not assessed again.

Memory systems send the same text many times (a standing lesson re-sent each session, a
memory rewritten unchanged, a tool's boilerplate), and the hold detector's assessment costs
about 0.4 ms of CPU a text. `assess_many_remembered(detector, items)` returns
`memeval.hold.assess_many(detector, items)`, the same `HoldAssessment`s, assessing only the
(text, source) pairs it has not assessed before with that very detector.

Why the remembered answer is the fresh one: an assessment is a function of (text, source) and
the detector alone. `assess_many` returns `[detector.assess(t, s) for t, s in items]` bit for bit
whatever else is in the batch (`memeval.hold._batch`); the default detector's parts (rules, the
n-gram model's weights, decoded views) are fixed when it is built, and its caches (the rule
screen's memo) only skip work. `HoldAssessment` is frozen, so sharing one is safe. The memo is
tied to one detector object (another detector empties it) and bounded (`MEMO_CHARS`).
`tests/audit/test_hold_memo.py` compares remembered and fresh assessments over every hold
fixture and sample text.

Each text is assessed within the hold budget (`assess_within_budget`: `MEMEVAL_HOLD_BUDGET_S` CPU
seconds a text, `memeval.hold._budget`); a text held because its assessment ran out of budget is
never remembered: that verdict depends on the machine, not on the text alone, so the next time
the text comes it is assessed again (and held again if it is still too slow).

An HTTP batch's texts also share one bound (`request_bound`, set by the server around a batch:
`MEMEVAL_HOLD_REQUEST_BUDGET_S` CPU seconds for all of them, `_budget.over_request_budget`);
remembered texts cost nothing against it, and a text held on it is never remembered either.

Each team has its own memo (`scope`: the HTTP server's batch is one token's team): a remembered
text costs nothing against a batch's bound, so with one memo for every team a sender that sent
slow texts first and then a guess learnt from `held_on_budget` whether another team had sent that
very text (stored with its verdict when remembered, held on the bound when not). A file ingest
(the operator's own file) has no scope.

The key is the redacted text, which the hold detector reads. Redactions are remembered apart, keyed by
the text as sent (`_redactmemo`, since ingest49: a text's findings do not depend on its batch).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

MEMO_CHARS = 8_000_000
"""Characters of remembered texts at most (about 32 MB at worst); the memo is emptied past it."""

_LOCK = threading.Lock()
_MEMO: dict[tuple[str | None, str, str], Any] = {}
"""(scope, text, source) -> its assessment; scope: the team whose batch it came in (None: a file ingest)."""
_OWNER: list[Any] = [None]
"""The detector the memo's assessments are of (kept alive by this reference, so its id is never reused)."""
_CHARS = [0]


_REQUEST_TOTAL: ContextVar[float | None] = ContextVar("memeval_hold_request_total", default=None)
"""The CPU seconds the batch being stored in this context may spend on hold texts (None: no bound)."""
_REQUEST_SCOPE: ContextVar[str | None] = ContextVar("memeval_hold_request_scope", default=None)
"""The memo scope (team) of the batch being stored in this context (None: unscoped)."""


@contextmanager
def request_bound(total_s: float | None, scope: str | None = None) -> Iterator[None]:
    """Within the block, the hold texts assessed in this context share `total_s` CPU seconds per call.

    The HTTP server sets it around a batch (`_http`), so the store's assessment of that batch's
    texts, however deep in the write path, gets the request's bound and its team's memo (`scope`)
    (`assess_many_remembered`).
    """
    token = _REQUEST_TOTAL.set(total_s)
    scoped = _REQUEST_SCOPE.set(scope)
    try:
        yield
    finally:
        _REQUEST_SCOPE.reset(scoped)
        _REQUEST_TOTAL.reset(token)


def request_scope() -> str | None:
    """The memo scope `request_bound` set in this context (the HTTP batch's team), or None."""
    return _REQUEST_SCOPE.get()


def assess_many_remembered(
    detector: Any, items: Sequence[tuple[str, str]], total_s: float | None = None, scope: str | None = None
) -> list[Any]:
    """`memeval.hold.assess_many(detector, items)`: the same assessments, the ones seen before from the memo.

    Args:
        detector: a hold detector (`memeval.hold.HoldDetector`); the memo holds one detector's answers.
        items: (text, source) pairs; the sources are the writer's checked ones.
        total_s: CPU seconds the texts not remembered may take in all (a text stopped by it and those
            after it are held, `_budget.over_request_budget`); None: `request_bound`'s, if any.
        scope: the memo these items are remembered in and answered from (a team); None:
            `request_bound`'s, if any (see the module docstring).

    Returns:
        One `HoldAssessment` per item, in order.
    """
    from memeval.hold import is_over_budget

    where = _REQUEST_SCOPE.get() if scope is None else scope
    with _LOCK:
        if _OWNER[0] is not detector:
            _MEMO.clear()
            _CHARS[0] = 0
            _OWNER[0] = detector
        known = {item: hit for item in items if (hit := _MEMO.get((where, *item))) is not None}
    todo = list(dict.fromkeys(item for item in items if item not in known))
    total = _REQUEST_TOTAL.get() if total_s is None else total_s
    done = assess_within_budget(detector, todo, total) if todo else []
    fresh = {item: verdict for item, verdict in zip(todo, done, strict=True) if not is_over_budget(verdict)}
    late = {item: verdict for item, verdict in zip(todo, done, strict=True) if is_over_budget(verdict)}
    with _LOCK:
        if _OWNER[0] is detector:
            added = sum(len(t) for t, _ in fresh)
            if _CHARS[0] + added > MEMO_CHARS:
                _MEMO.clear()
                _CHARS[0] = 0
            _MEMO.update(((where, *item), verdict) for item, verdict in fresh.items())
            _CHARS[0] += added
    answers = {**known, **fresh, **late}
    return [answers[item] for item in items]


def assess_within_budget(detector: Any, items: Sequence[tuple[str, str]], total_s: float | None = None) -> list[Any]:
    """`memeval.hold.assess_many(detector, items)` with each text's assessment within the hold budget.

    In the main thread (a file ingest's writer, its worker processes) the budget's timer runs here
    (`memeval.hold._budget.assess_many_budgeted`); in another thread (the HTTP server's) the default
    detector's texts go to the guard process (`_holdguard.assess_guarded`), whose main thread runs
    it. A detector of the caller's own in another thread is assessed without a budget (only the
    main thread can interrupt it, and only the default detector is built in the guard).

    Args:
        detector: a hold detector.
        items: (text, source) pairs.
        total_s: CPU seconds for all of `items` (`_budget.assess_many_budgeted`'s `total`); None: none.

    Returns:
        One `HoldAssessment` per item, in order; a text over budget is held (`_budget.over_budget`,
        `_budget.over_request_budget`).

    Raises:
        UsageError: `MEMEVAL_HOLD_BUDGET_S` is not a positive number.
    """
    from memeval.hold import assess_many, assess_many_budgeted, budget_seconds, can_budget, is_default_detector

    budget = budget_seconds()
    if can_budget():
        return assess_many_budgeted(detector, items, budget, total_s)  # type: ignore[arg-type]  # Sources the writer checked
    if is_default_detector(detector):
        from memeval.audit._holdguard import assess_guarded

        return assess_guarded(detector.name, items, budget, total_s)
    return assess_many(detector, items)  # type: ignore[arg-type]  # Sources the writer checked
