"""Redaction within the CPU budget from any thread: a child process whose main thread scans.

The redaction budget (`memeval.redact._budget`, `MEMEVAL_REDACT_BUDGET_S`) stops a text's scan
with a signal, which Python handles only in the main thread. `memeval audit serve` (and
`memeval serve`'s ingest) redact each batch in a thread of the server's pool, where nothing stopped
a scan: a planted text read by a super-linear rule (`kingfisher-azure.1` ~1,500 CPU s at 64 KiB,
`kingfisher-gradle.1`, ...) held a server thread for minutes. So the ingest app sets
`memeval.redact.guard_threads(redact_guarded)`: outside the main thread, the default redactor's
`detect` and `detect_many` send their texts to one child process (spawn, started once, the hold
guard's `_Child`), which loads the default redactor and scans them there with the same call in
its main thread, under the budget. The same findings as in the server (the same redactor, built
from the same settings, the same call); a text over budget is blanked whole there
(`[REDACTED:SCAN_INCOMPLETE]`, detector `memeval:scan-incomplete:cpu-budget`).

A request's texts may also share a bound (`memeval.redact._budget.request_bound`, the server's
`MEMEVAL_REDACT_REQUEST_BUDGET_S`): each ask carries what is left of it, the child reads the texts
within that (`budgeted`) and says what is left then; a text it stopped or did not read is blanked
whole (`memeval:scan-incomplete:request-budget`) and counted on the bound.

Every wait is bounded, and a text whose findings did not come back is blanked whole, never stored
as written: a child that does not say ready within `READY_S`, does not take the texts, dies, or
does not answer within `_allowance` of wall time (generous: the budget decides every case where
the scan checks for signals) is killed and logged, and the texts are redone one by one in a fresh
child, all of them within one more such allowance (as the hold guard does); a text that stalls or
kills the child alone, or is reached after the allowance, or when no child starts, gets one
`SCAN_INCOMPLETE` finding (detector `memeval:scan-incomplete:guard`). The others get their findings.

One request at a time goes to the child (`_LOCK`): the server's other batches wait for it, at
most that request's allowance.
"""

from __future__ import annotations

import logging
import signal
import threading
import time
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import Any

from memeval.audit._holdguard import BACKSTOP_PER_BUDGET, BACKSTOP_S, READY_S, GuardFailed, _Child, _Outcome

log = logging.getLogger(__name__)

LABEL = "the redaction guard"
GUARD_WHY = "guard"
"""The reason in the finding of a text whose scan did not come back from the guard."""
REQUEST_DETECTOR = "memeval:scan-incomplete:request-budget"
"""The detector of a text blanked because its request's bound ran out (`_budget.REQUEST_WHY`)."""


def _serve(conn: Connection, parent: int) -> None:
    """The child: load the default redactor, say "ready", then answer each ((kind, texts), _, total) until EOF.

    The answer is [findings per text, CPU seconds left of `total` (None: no bound)].
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from memeval.audit._parallel import _WARM_TEXTS
    from memeval.audit._workerlife import watch_parent as _watch_parent

    threading.Thread(target=_watch_parent, args=(parent,), name="memeval-parent-watch", daemon=True).start()
    from memeval.redact import get_redactor, request_bound

    red = get_redactor()
    red.redact_many(list(_WARM_TEXTS))
    conn.send(("ready", None))
    while True:
        try:
            (kind, texts), _, total = conn.recv()
        except EOFError:
            return
        try:
            with request_bound(total) as bound:
                found = [red.detect(texts[0])] if kind == "one" else red.detect_many(texts)
            answer: tuple[str, Any] = ("ok", [found, None if bound is None else bound.left])
        except Exception as exc:  # noqa: BLE001  # handed to the server, which raises it
            answer = ("error", exc)
        conn.send(answer)


_LOCK = threading.Lock()
"""One request to the child at a time."""
_CHILD: list[_Child] = []


def warm_redaction_guard() -> None:
    """Start the guard child now (a server calls this before it listens); one that does not start is logged.

    Raises:
        UsageError: `MEMEVAL_REDACT_BUDGET_S` or `MEMEVAL_REDACT_REQUEST_BUDGET_S` is not a positive
            number (said before the server listens).
    """
    from memeval.redact import budget_seconds, request_budget_seconds

    budget_seconds()
    request_budget_seconds()
    with _LOCK:
        if not _CHILD:
            try:
                _CHILD.append(_Child(READY_S, _serve, LABEL))
            except GuardFailed as exc:
                log.warning("%s; the first batch starts another", exc)


def stop_redaction_guard() -> None:
    """Kill the guard child if one runs; the next request starts another, with the environment of then.

    The child reads its settings (`MEMEVAL_REDACT_BUDGET_S`, presidio's `REGEX_TIMEOUT_SECONDS`) when
    it starts, so a process that changes them (a test) stops the one it has.
    """
    with _LOCK:
        for child in _CHILD:
            child.kill()
        _CHILD.clear()


def _allowance(budget: float, n: int, total: float | None = None) -> float:
    """Wall seconds the guard may take for `n` texts: `BACKSTOP_S` + `BACKSTOP_PER_BUDGET` x their CPU bound.

    The CPU bound: the batch's budget and each text's, or `total` (what is left of the request's) if less.
    """
    cpu = budget * (n + 1) if total is None else min(budget * (n + 1), total)
    return BACKSTOP_S + BACKSTOP_PER_BUDGET * cpu


def _ask(kind: str, texts: list[str], budget: float, wait: float | None = None) -> _Outcome:
    """The child's findings for `texts` (started if needed), within this thread's request bound if any.

    A child that did not answer is killed and forgotten (`_Outcome.why` says what happened). With
    the request's bound used up, the texts are blanked (`past_request`) without asking.
    """
    from memeval.redact import MIN_SLICE_S, current_request, past_request

    bound = current_request()
    with _LOCK:
        if bound is not None and bound.left < MIN_SLICE_S:
            return _Outcome([past_request(t, bound) for t in texts])
        if not _CHILD:
            try:
                _CHILD.append(_Child(READY_S, _serve, LABEL))
            except GuardFailed as exc:
                return _Outcome(None, str(exc), start_failed=True)
        child = _CHILD[0]
        total = None if bound is None else bound.left
        wait = _allowance(budget, len(texts), total) if wait is None else wait
        answer = child.ask((kind, texts), 0.0, total, wait)  # type: ignore[arg-type]  # the redaction child reads (kind, texts)
        if isinstance(answer, str):
            child.kill()
            _CHILD.clear()
            return _Outcome(None, answer)
    found, left = answer
    if bound is not None and left is not None:
        bound.blanked += sum(1 for fs in found if fs and fs[0].detector == REQUEST_DETECTOR)
        bound.left = left
    return _Outcome(found)


def redact_guarded(kind: str, texts: Sequence[str]) -> list[list[Any]]:
    """The default redactor's findings for `texts`, scanned in the guard child within the CPU budget.

    Args:
        kind: `"one"` (`Redactor.detect` of one text) or `"many"` (`Redactor.detect_many`).
        texts: the texts, in order.

    Returns:
        One list of `Finding`s per text: the child's; after a child that did not answer, the texts
        redone one by one in a fresh child, and `memeval.redact.whole(len(text), "guard")` for a
        text that was not answered alone (see the module docstring).

    Raises:
        RedactionError: what the redactor raised in the child (a text that is not a str).
        UsageError: `MEMEVAL_REDACT_BUDGET_S` is bad.
    """
    from memeval.redact import budget_seconds, whole

    todo = list(texts)
    if not todo:
        return []
    budget = budget_seconds()
    first = _ask(kind, todo, budget)
    if first.answer is not None:
        return first.answer
    log.warning("%s; its %d text(s) are redone one by one in a fresh guard", first.why, len(todo))
    end = time.monotonic() + _allowance(budget, len(todo))
    out: list[list[Any]] = []
    blanked = 0
    for text in todo:
        left = end - time.monotonic()
        one = _Outcome(None, "") if left <= 0 else _ask(kind, [text], budget, min(left, _allowance(budget, 1)))
        if one.answer is None:
            if one.why:
                log.warning("%s; that text is blanked whole (SCAN_INCOMPLETE), not stored as written", one.why)
            blanked += 1
            out.append(whole(len(text), GUARD_WHY))
            if one.start_failed:
                end = 0.0  # no guard starts: the rest are blanked without waiting again
            continue
        out.append(one.answer[0])
    if blanked:
        log.warning("the redaction guard's redo blanked %d of %d text(s) whole (SCAN_INCOMPLETE)", blanked, len(todo))
    return out
