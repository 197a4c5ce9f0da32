"""Hold assessments within the CPU budget from any thread: a child process whose main thread keeps it.

The budget (`memeval.hold._budget`) stops a text's assessment with a signal, and Python runs a
signal's handler only in the main thread. The HTTP server (`memeval audit serve`) sanitises each
batch in a thread of its pool, so there `assess_guarded` sends the batch's (text, source) pairs
to one child process, started once per process (spawn, never fork), that loads the default hold
detector and assesses them with `assess_many_budgeted` in its main thread: the same verdicts as
in the server (the same detector, built the same way), and a text over budget is held there
while the child goes on with the next one. The child's CPU is its own, so the budget counts only
that text's work, not the server's other batches.

Backstop: code that never checks for signals (a native call that does not return) would keep the
child from answering. When the child has not answered within `backstop_s` of wall time (generous:
the budget decides every case where the code checks signals), it is killed and the batch's texts
are assessed again one by one in a fresh child, each with its own backstop; a text that stalls
the child alone is held with the budget's reason. A killed child is logged.

The child ignores SIGINT (the server's Ctrl-C is the server's to handle) and exits within a second
of the server dying (`_parallel._watch_parent`).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import threading
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import Any

log = logging.getLogger(__name__)

BACKSTOP_S = 60.0
"""Wall seconds a child may take beyond `BACKSTOP_PER_BUDGET` budgets per text before it is killed."""
BACKSTOP_PER_BUDGET = 10.0
"""Budgets of wall time per text the backstop allows (CPU time under load runs slower than the wall clock)."""


def _serve(conn: Connection, parent: int) -> None:
    """The child: load the default detector, say "ready", then answer each (items, budget) until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from memeval.audit._parallel import _WARM_TEXTS, _watch_parent

    threading.Thread(target=_watch_parent, args=(parent,), name="memeval-parent-watch", daemon=True).start()
    from memeval.hold import assess_many_budgeted, get_hold_detector

    detector = get_hold_detector()
    assess_many_budgeted(detector, [(t, "agent") for t in _WARM_TEXTS])
    conn.send(("ready", None))
    while True:
        try:
            items, budget = conn.recv()
        except EOFError:
            return
        try:
            answer: tuple[str, Any] = ("ok", assess_many_budgeted(detector, items, budget))
        except Exception as exc:  # noqa: BLE001  # handed to the server, which raises it
            answer = ("error", exc)
        conn.send(answer)


class _Child:
    """One started guard process and its end of the pipe."""

    def __init__(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.conn, theirs = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(theirs, os.getpid()), name="memeval-hold-guard", daemon=True)
        self.proc.start()
        theirs.close()
        try:
            self.conn.recv()  # ("ready", None) once the detector is loaded
        except EOFError:  # it died loading (killed, out of memory): reaped here, the caller redoes or holds
            self.proc.join()
            self.conn.close()
            raise

    def ask(self, items: list[tuple[str, str]], budget: float, wait: float) -> list[Any] | None:
        """The child's assessments of `items`, or None when it did not answer within `wait` wall seconds or died.

        Raises:
            Exception: what the detector raised in the child (a bad source...).
        """
        try:
            self.conn.send((items, budget))
            if not self.conn.poll(wait):
                return None
            kind, value = self.conn.recv()
        except (OSError, EOFError) as exc:  # the child died (killed, out of memory): logged, then redone
            log.warning("the hold guard died (%s: %s)", type(exc).__name__, exc)
            return None
        if kind == "error":
            raise value
        return list(value)

    def kill(self) -> None:
        """End the child (it is stuck) and close the pipe."""
        self.proc.kill()
        self.proc.join()
        self.conn.close()


_LOCK = threading.Lock()
"""One request to the child at a time (the server's threads queue here, as they share one GIL anyway)."""
_CHILD: list[_Child] = []


def warm_guard() -> None:
    """Start the guard child now (a server calls this before it listens, so its first batch does not wait).

    Raises:
        UsageError: `MEMEVAL_HOLD_BUDGET_S` is not a positive number (said before the server listens).
    """
    from memeval.hold import budget_seconds

    budget_seconds()
    with _LOCK:
        if not _CHILD:
            _CHILD.append(_Child())


def _ask(items: list[tuple[str, str]], budget: float, wait: float) -> list[Any] | None:
    """`_Child.ask` on the running child (started if needed); None after killing a child that did not answer."""
    with _LOCK:
        if not _CHILD:
            try:
                _CHILD.append(_Child())
            except EOFError:  # a 500 for the whole batch on main; now its texts are redone or held
                log.warning("the hold guard died while loading the detector; its texts are redone one by one")
                return None
        child = _CHILD[0]
        answer = child.ask(items, budget, wait)
        if answer is None:
            log.warning(
                "the hold guard did not answer within %.0f s of wall time: killed; its texts are redone one by one",
                wait,
            )
            child.kill()
            _CHILD.clear()
        return answer


def assess_guarded(detector_name: str, items: Sequence[tuple[str, str]], budget: float) -> list[Any]:
    """The default detector's assessments of `items`, each within `budget` CPU seconds, from any thread.

    Args:
        detector_name: the default detector's name (on a text the backstop held).
        items: (text, source) pairs.
        budget: CPU seconds per text.

    Returns:
        One `HoldAssessment` per item, in order (see the module docstring).

    Raises:
        Exception: what the detector raised (a source it does not know...).
    """
    from memeval.hold import over_budget

    if not items:
        return []
    todo = list(items)
    answer = _ask(todo, budget, BACKSTOP_S + BACKSTOP_PER_BUDGET * budget * len(todo))
    if answer is not None:
        return answer
    out = []
    for text, source in todo:
        one = _ask([(text, source)], budget, BACKSTOP_S + BACKSTOP_PER_BUDGET * budget)
        out.append(one[0] if one is not None else over_budget(text, detector_name, budget))
    return out
